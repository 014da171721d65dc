// One bound on the bytes the server holds for requests at once, across all requests: each
// request body is counted from the moment it starts arriving, and its answer once made, until
// the answer has left (or been cut by the write timeout). A request that would pass the bound is
// refused before its body is read (503 + Retry-After), so a hundred concurrent 15 MB uploads, or
// sixty clients that never read their 20 MB answers, cost about the budget, not gigabytes.

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
      hold: (bytes) => {
        this.used += bytes;
        held += bytes;
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
  /** Counts `bytes` that are already held (an answer), even past the budget: later requests wait. */
  hold(bytes: number): void;
  release(): void;
}
