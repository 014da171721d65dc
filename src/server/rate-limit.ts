// The limiter of docs/contract.md §2: 30 requests per rolling 60 s per client address, 300 per key.
//
// Algorithm: a sliding-window LOG. Each bucket keeps the times of the requests it admitted in
// the last 60 s; a request is admitted while fewer than `limit` remain. This is exact: at any
// instant, no 60 s interval holds more than `limit` admitted requests, with none of the
// boundary bursts of fixed windows (2× the limit across a minute boundary) or the estimates of
// sliding counters. Memory is at most `limit` timestamps per active bucket. Refused requests are
// not logged, so a client that keeps knocking is let in again as soon as its oldest request ages
// out. `RateLimit-Reset` and `Retry-After` are the time until that oldest entry leaves.
import type { PresentedKey } from './api-keys';

export const WINDOW_MS = 60_000;
export const ANONYMOUS_LIMIT = 30;
export const KEY_LIMIT = 300;

/** The 429 sentence of docs/contract.md §1. */
export const tooManyRequests = (seconds: number) => `Too many requests. Retry after ${seconds} seconds.`;

/** Request bytes that count as one request; a larger request counts once per started unit. */
export const COST_UNIT_BYTES = 1024 * 1024;

/**
 * What a request costs against the limit: 1, or one per started MiB of its body, so that the
 * limit bounds the work a client can ask for, not just its number of requests (every tool's
 * work grows with its input). Decided from Content-Length before reading; a chunked body, whose
 * size is known only once read, is charged the rest then (a second `decide`).
 */
export const requestCost = (bytes: number) => Math.max(1, Math.ceil(bytes / COST_UNIT_BYTES));

/** A bucket's state after one hit. */
export interface WindowState {
  /** Whether this hit was admitted (always true for a peek). */
  allowed: boolean;
  /** Requests in the window after this hit. */
  count: number;
  /** Milliseconds until the oldest request in the window leaves it; 0 when the window is empty. */
  resetMs: number;
  /** The store's clock, in ms since the epoch (Redis's clock for the Redis store). */
  now: number;
}

export interface WindowStore {
  /**
   * Records `cost` requests in `bucket` if the window has room for all of them (`cost` 0 only
   * looks): an expensive call counts as several, all or none.
   */
  hit(bucket: string, limit: number, windowMs: number, cost: number): Promise<WindowState>;
  close(): Promise<void>;
}

/** The in-process store: one sorted array of admission times per bucket. */
export class MemoryStore implements WindowStore {
  private readonly buckets = new Map<string, number[]>();
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(private readonly clock: () => number = Date.now) {
    // Buckets of clients that went away would otherwise stay forever.
    this.sweeper = setInterval(() => this.sweep(), WINDOW_MS);
    this.sweeper.unref();
  }

  async hit(bucket: string, limit: number, windowMs: number, cost: number): Promise<WindowState> {
    return this.hitNow(bucket, limit, windowMs, cost);
  }

  /** Synchronous, so the check and the record cannot interleave with another request. */
  hitNow(bucket: string, limit: number, windowMs: number, cost: number): WindowState {
    const now = this.clock();
    const times = this.buckets.get(bucket) ?? [];
    let expired = 0;
    while (expired < times.length && times[expired]! + windowMs <= now) expired++;
    if (expired) times.splice(0, expired);
    const allowed = cost === 0 || times.length + cost <= limit;
    if (allowed) for (let i = 0; i < cost; i++) times.push(now);
    if (times.length) this.buckets.set(bucket, times);
    else this.buckets.delete(bucket);
    return { allowed, count: times.length, resetMs: times.length ? times[0]! + windowMs - now : 0, now };
  }

  /** Drops buckets whose every entry has aged out (each bucket is at most WINDOW_MS long). */
  sweep(windowMs = WINDOW_MS): void {
    const now = this.clock();
    for (const [bucket, times] of this.buckets)
      if (times[times.length - 1]! + windowMs <= now) this.buckets.delete(bucket);
  }

  get size(): number {
    return this.buckets.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}

/** The names of the two policies in RateLimit-Policy and RateLimit (docs/contract.md §2). */
export const ANONYMOUS_POLICY = 'anonymous';
export const KEY_POLICY = 'api-key';

/**
 * The WWW-Authenticate challenge of a 401 (RFC 9110 §11.6.1, RFC 6750 §3): the scheme a client
 * should use, and `error="invalid_token"` when the key it presented was refused, so a client can
 * tell "needs a key" from "this key is wrong or revoked".
 */
export const challenge = (refusedKey: boolean) =>
  `Bearer realm="devtoolbox"${refusedKey ? ', error="invalid_token"' : ''}`;

/** Every header a limited answer may carry, for Access-Control-Expose-Headers (CORS). */
export const LIMIT_HEADER_NAMES = [
  'RateLimit',
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'WWW-Authenticate',
] as const;

export interface LimitDecision {
  /** Headers every /api/* and /mcp answer carries (docs/contract.md §2). */
  headers: Record<string, string>;
  /** Set when the request must be refused: 401 (unknown key) or 429 (over the limit). */
  refusal?: { status: 401 | 429; body: { error: string }; headers: Record<string, string> };
}

export interface LimiterOptions {
  anonymousLimit?: number;
  keyLimit?: number;
  windowMs?: number;
}

export interface KeyDirectory {
  bucketOf(key: string): string | undefined;
}

export class RateLimiter {
  readonly anonymousLimit: number;
  readonly keyLimit: number;
  readonly windowMs: number;

  constructor(
    private readonly store: WindowStore,
    private readonly keys: KeyDirectory,
    options: LimiterOptions = {},
  ) {
    this.anonymousLimit = options.anonymousLimit ?? ANONYMOUS_LIMIT;
    this.keyLimit = options.keyLimit ?? KEY_LIMIT;
    this.windowMs = options.windowMs ?? WINDOW_MS;
  }

  /**
   * Counts a request as `cost` requests (see requestCost). Cost 0 (CORS preflights: browsers
   * send them on their own, and without the key headers) only reports the anonymous bucket's state.
   *
   * An unknown key costs the client's ANONYMOUS budget before its 401: otherwise guessing keys
   * would be free and unlimited. Once that budget is spent the answer is a 429.
   */
  async decide(clientBucket: string, key: PresentedKey, cost = 1): Promise<LimitDecision> {
    if (key.kind === 'none' || cost === 0)
      return this.verdict(`ip:${clientBucket}`, ANONYMOUS_POLICY, this.anonymousLimit, cost);
    const keyBucket = key.kind === 'key' ? this.keys.bucketOf(key.key) : undefined;
    if (keyBucket) return this.verdict(keyBucket, KEY_POLICY, this.keyLimit, cost);
    const decision = await this.verdict(`ip:${clientBucket}`, ANONYMOUS_POLICY, this.anonymousLimit, cost);
    decision.refusal ??= {
      status: 401,
      body: { error: 'Invalid API key' },
      headers: { 'WWW-Authenticate': challenge(true) },
    };
    return decision;
  }

  /** The bucket a request is counted in: its key's, or its address's. For fairness in the pool too. */
  bucketOf(clientBucket: string, key: PresentedKey): string {
    return (key.kind === 'key' && this.keys.bucketOf(key.key)) || `ip:${clientBucket}`;
  }

  private async verdict(bucket: string, policy: string, limit: number, cost: number): Promise<LimitDecision> {
    const state = await this.store.hit(bucket, limit, this.windowMs, cost);
    const resetSeconds = Math.ceil(state.resetMs / 1000);
    const remaining = Math.max(0, limit - state.count);
    const headers = {
      // The IETF draft's structured fields (draft-ietf-httpapi-ratelimit-headers: a policy's
      // quota q per window w seconds, and what remains of it, r, for t more seconds), beside the
      // older three-header form many clients still read.
      'RateLimit-Policy': `"${policy}";q=${limit};w=${Math.ceil(this.windowMs / 1000)}`,
      RateLimit: `"${policy}";r=${remaining};t=${resetSeconds}`,
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': String(resetSeconds),
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(Math.ceil((state.now + state.resetMs) / 1000)),
    };
    if (state.allowed) return { headers };
    const retryAfter = Math.max(1, resetSeconds);
    return {
      headers,
      refusal: {
        status: 429,
        body: { error: tooManyRequests(retryAfter) },
        headers: { 'Retry-After': String(retryAfter) },
      },
    };
  }
}
