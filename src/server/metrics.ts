// Prometheus metrics (GET /metrics, text exposition format) through prom-client, the de facto
// Node client: it writes the format, keeps histograms and reads the process's own figures (CPU,
// memory, event-loop lag, GC), which would be a lot to get right by hand. Each app has its own
// registry (tests start several apps in one process; the global one would mix them).
//
// What is counted (docs/operations.md lists each series):
// - tool calls by door (rest, mcp), tool and status, and their latency per door and tool: only
//   calls of registry tools, so label values are bounded by the registry whatever clients send;
// - refusals by reason: rate limit (429 of the limiter), client busy, queue full (the pool),
//   byte budget (MAX_BUFFERED_BYTES);
// - the pool's queue depth, busy and started workers, read from the pool when scraped;
// - the rate limiter's store: whether it answers (Redis: a PING when scraped) and how many
//   decisions were made in-process because the shared store failed (redis-store.ts);
// - the build: version and Node version, as a constant 1 with labels (the `_info` convention).
//
// The exposition passes `promtool check metrics` (tests/server/ops.test.ts runs it).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { version } from '../../package.json';

export type Door = 'rest' | 'mcp';
export type Refusal = 'rate limit' | 'client busy' | 'queue full' | 'byte budget';

export interface PoolStats {
  size: number;
  workers: number;
  busy: number;
  queued: number;
}

/** The rate limiter's store, as the metrics see it. */
export interface LimiterStoreSource {
  /** `redis` with REDIS_URL (shared), `memory` without (this process's own counters). */
  kind: 'redis' | 'memory';
  /** Whether the store answers now; asked when scraped. */
  up(): Promise<boolean>;
}

export interface MetricsSources {
  pool: () => PoolStats | undefined;
  limiterStore: LimiterStoreSource;
}

export interface Metrics {
  /** A finished tool call. */
  call(door: Door, tool: string, status: number, seconds: number): void;
  refused(reason: Refusal): void;
  /** A rate-limit decision made in-process because the shared store failed. */
  limiterFallback(): void;
  /** The exposition: its bytes and content type. */
  render(): Promise<{ body: string; contentType: string }>;
}

// prom-client's totals of its per-type gauges: gauges named like counters, which
// `promtool check metrics` rejects; `sum(nodejs_active_handles)` gives the same figure.
const MISNAMED_DEFAULTS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export function createMetrics({ pool, limiterStore }: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  new Gauge({
    name: 'devtoolbox_build_info',
    help: 'The running build: its version (package.json) and the Node version; always 1.',
    labelNames: ['version', 'node'] as const,
    registers: [registry],
  }).set({ version, node: process.version }, 1);
  const calls = new Counter({
    name: 'devtoolbox_tool_calls_total',
    help: 'Tool calls answered, by door (rest, mcp), tool and HTTP status (MCP: the status the REST door would give).',
    labelNames: ['door', 'tool', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'devtoolbox_tool_call_duration_seconds',
    help: 'Time from a tool call arriving to its answer leaving (REST) or being ready (MCP), by door and tool.',
    labelNames: ['door', 'tool'] as const,
    // From sub-millisecond light tools to the 60 s TOOL_TIMEOUT_MS of image work.
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'devtoolbox_refusals_total',
    help: 'Requests refused before running, by reason: rate limit, client busy, queue full, byte budget.',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  // Read when scraped: no bookkeeping on the hot path.
  const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = pool();
        this.set(stats ? read(stats) : 0);
      },
    });
  gauge('devtoolbox_pool_queue_depth', 'Heavy tasks waiting for a worker.', (s) => s.queued);
  gauge('devtoolbox_pool_busy_workers', 'Workers running a heavy task now.', (s) => s.busy);
  gauge('devtoolbox_pool_workers', 'Worker threads started (they start on demand).', (s) => s.workers);
  gauge('devtoolbox_pool_size', 'Most worker threads the pool may start (HEAVY_WORKERS).', (s) => s.size);
  new Gauge({
    name: 'devtoolbox_rate_limit_store_up',
    help: "Whether the rate limiter's store answers (1) or not (0), by store: redis (REDIS_URL, a PING when scraped) or memory. While redis is 0, each instance counts limits on its own.",
    labelNames: ['store'] as const,
    registers: [registry],
    async collect() {
      this.set({ store: limiterStore.kind }, (await limiterStore.up()) ? 1 : 0);
    },
  });
  const fallbacks = new Counter({
    name: 'devtoolbox_rate_limit_fallback_decisions_total',
    help: 'Rate-limit decisions made with in-process counters because the shared store (Redis) failed to answer.',
    registers: [registry],
  });
  // Every series a label set will have exists from the start, at 0: rate() needs a first sample.
  for (const reason of ['rate limit', 'client busy', 'queue full', 'byte budget'] as const) refusals.inc({ reason }, 0);

  return {
    call(door, tool, status, seconds) {
      calls.inc({ door, tool, status: String(status) });
      latency.observe({ door, tool }, seconds);
    },
    refused: (reason) => refusals.inc({ reason }),
    limiterFallback: () => fallbacks.inc(),
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
