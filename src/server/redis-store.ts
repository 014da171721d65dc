// The limiter's shared store (REDIS_URL): the same sliding-window log as MemoryStore, as a sorted
// set per bucket, checked and recorded by one Lua script so that concurrent instances can never
// both admit the last free request. The script reads Redis's own clock (TIME), so instances
// whose clocks disagree still share one exact window.
//
// When Redis is unreachable the server does not fail: FallbackStore answers from in-process
// counters (each instance then enforces the limit on its own) and logs a warning; it goes back
// to Redis as soon as Redis answers again. Failing closed would turn a Redis outage into an API
// outage; failing fully open would drop all protection. For the same reason a Redis outage does
// not make an instance unready (health.ts): it is reported by the metrics instead
// (devtoolbox_rate_limit_store_up, devtoolbox_rate_limit_fallback_decisions_total).
import { randomBytes } from 'node:crypto';
import type { Redis as RedisClient } from 'ioredis';
import { MemoryStore, type WindowState, type WindowStore } from './rate-limit';

const SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2]) * 1000
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 1
if cost > 0 then
  if count + cost <= limit then
    for i = 1, cost do redis.call('ZADD', key, now, ARGV[4] .. ':' .. i) end
    count = count + cost
    redis.call('PEXPIRE', key, math.ceil(window / 1000))
  else
    allowed = 0
  end
end
local reset = 0
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return {allowed, count, tostring(reset), tostring(now)}
`;

type ScriptReply = [number, number, string, string];

interface WithScript {
  slidingWindowHit(key: string, limit: number, windowMs: number, cost: number, member: string): Promise<ScriptReply>;
}

export interface RedisStoreOptions {
  /** Fails a command that takes longer, so a stalled Redis cannot stall requests. */
  commandTimeoutMs?: number;
  prefix?: string;
}

export type PingAnswer = { ok: true } | { ok: false; reason: string };

export class RedisStore implements WindowStore {
  private sequence = 0;
  private pinging: Promise<PingAnswer> | undefined;
  private readonly tag = randomBytes(6).toString('hex');

  private constructor(
    private readonly client: RedisClient & WithScript,
    private readonly prefix: string,
  ) {}

  /** Connects (waiting at most `waitMs` for the first connection; it keeps retrying after). */
  static async connect(
    url: string,
    options: RedisStoreOptions = {},
    waitMs = 3_000,
    warn: (message: string) => void = console.warn,
  ): Promise<RedisStore> {
    const { Redis } = await import('ioredis');
    const client = new Redis(url, {
      // Never queue or retry a command: a request waits for the limiter, so a down Redis must
      // answer "no" at once and let FallbackStore take over.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 500,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(100 * times, 2_000),
      lazyConnect: true,
    }) as RedisClient & WithScript;
    client.defineCommand('slidingWindowHit', { numberOfKeys: 1, lua: SCRIPT });
    let lastError = '';
    client.on('error', (error: Error) => {
      // ioredis reports every failed reconnect; one line per distinct problem is enough.
      if (error.message !== lastError) warn(`redis: ${error.message}`);
      lastError = error.message;
    });
    client.on('ready', () => (lastError = ''));
    const store = new RedisStore(client, options.prefix ?? 'devtoolbox:ratelimit:');
    const ready = client.connect().then(
      () => true,
      () => false,
    );
    const timer = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs).unref());
    if (!(await Promise.race([ready, timer])))
      warn(`redis: not reachable at start-up; counting in-process until it is`);
    return store;
  }

  async hit(bucket: string, limit: number, windowMs: number, cost: number): Promise<WindowState> {
    const member = `${this.tag}:${(this.sequence = (this.sequence + 1) % Number.MAX_SAFE_INTEGER)}`;
    const [allowed, count, resetUs, nowUs] = await this.client.slidingWindowHit(
      this.prefix + bucket,
      limit,
      windowMs,
      cost,
      member,
    );
    return { allowed: allowed === 1, count, resetMs: Math.max(0, Number(resetUs) / 1000), now: Number(nowUs) / 1000 };
  }

  /**
   * Whether Redis answers now (readiness and metrics): a PING within `timeoutMs`. Never queued:
   * while the connection is down the client refuses at once (enableOfflineQueue: false).
   * Concurrent callers share one PING, so a burst of probes and scrapes is one command.
   */
  ping(timeoutMs: number): Promise<PingAnswer> {
    this.pinging ??= this.pingOnce(timeoutMs).finally(() => (this.pinging = undefined));
    return this.pinging;
  }

  private async pingOnce(timeoutMs: number): Promise<PingAnswer> {
    if (this.client.status !== 'ready')
      return { ok: false, reason: `Redis unreachable (connection ${this.client.status})` };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)),
    );
    try {
      await Promise.race([this.client.ping(), late]);
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: `Redis unreachable (${(error as Error).message})` };
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}

/**
 * Uses `primary` while it answers, `fallback` while it fails; logs each change of state once and
 * reports each decision the fallback made (`onFallback`, counted by the metrics).
 */
export class FallbackStore implements WindowStore {
  private failing = false;

  constructor(
    private readonly primary: WindowStore,
    private readonly fallback: WindowStore = new MemoryStore(),
    private readonly warn: (message: string) => void = console.warn,
    private readonly onFallback: () => void = () => {},
  ) {}

  async hit(bucket: string, limit: number, windowMs: number, cost: number): Promise<WindowState> {
    try {
      const state = await this.primary.hit(bucket, limit, windowMs, cost);
      if (this.failing) this.warn('rate limit: shared store is back; counting there again');
      this.failing = false;
      return state;
    } catch (error) {
      if (!this.failing)
        this.warn(
          `rate limit: shared store failed (${(error as Error).message}); counting in-process until it is back`,
        );
      this.failing = true;
      this.onFallback();
      return this.fallback.hit(bucket, limit, windowMs, cost);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()]);
  }
}
