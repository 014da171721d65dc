// One bound on the request bytes the server holds at once, across all requests: each request
// body is counted from the moment it starts arriving until its answer is done. A request that
// would pass the bound is refused before its body is read (503 + Retry-After), so a hundred
// concurrent 15 MB uploads cost at most the budget, not 1.5 GB.

export class ServerBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`The server is receiving too much data at once. Retry after ${retryAfterSeconds} seconds.`);
  }
}

export class ByteBudget {
  private used = 0;

  constructor(readonly capacity: number) {}

  get inUse(): number {
    return this.used;
  }

  /** A request's share: `take` grows it, `release` (once, when its answer is done) returns all of it. */
  reservation(): Reservation {
    let held = 0;
    return {
      take: (bytes) => {
        if (this.used + bytes > this.capacity) return false;
        this.used += bytes;
        held += bytes;
        return true;
      },
      release: () => {
        this.used -= held;
        held = 0;
      },
    };
  }
}

export interface Reservation {
  /** Counts `bytes` more; false (nothing counted) when that would pass the budget. */
  take(bytes: number): boolean;
  release(): void;
}
