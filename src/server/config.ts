// The Node server's configuration, read once from the environment (README "Configuration").
// A bad value stops the server at start-up with a message naming the variable, rather than
// running with a silently different limit.
import { MAX_BODY_BYTES } from '../core/http';
import { defaultHeavyWorkers, readHostFiles, type HostFiles } from './host-resources';
import { normalBasePath } from './base-path';
import { normalOrigin } from './mcp-origin';

export interface ServerConfig {
  port: number;
  host: string | undefined;
  staticDir: string | undefined;
  bodyLimit: number;
  rateLimit: boolean;
  apiKeys: string | undefined;
  apiKeysFile: string | undefined;
  trustProxy: string | undefined;
  redisUrl: string | undefined;
  /** Worker threads for heavy tools (0: none, heavy tools run on the event loop). */
  heavyWorkers: number;
  /** Heavy requests that may wait for a worker; beyond it they get a 429. */
  heavyQueue: number;
  /** Running time a heavy request may take in its worker. */
  toolTimeoutMs: number;
  /** Nice value (0 … 19) of the worker threads: they yield the CPU to the event loop (Linux). */
  heavyNice: number;
  /** Slugs run in the pool besides those marked `heavy` in the registry. */
  heavyTools: string[];
  /** Requests larger than this run in the pool, whatever their tool (docs/limits.md). */
  inlineBodyBytes: number;
  /** Tasks one client (address or key) may have in the pool at once, running or waiting. */
  heavyPerClient: number;
  /** Cap on each pool worker's JavaScript heap, and on its WebAssembly memory after a task. */
  workerMemoryMb: number;
  /** Request bytes the server holds at once, across all requests; beyond it a 503. */
  maxBufferedBytes: number;
  /** An answer that makes no progress for this long (a client that does not read) is cut. */
  writeTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  shutdownTimeoutMs: number;
  accessLog: boolean;
  /** GET /metrics (Prometheus) is served (METRICS=on, the default) or a 404 (off). */
  metrics: boolean;
  /** When set, GET /metrics needs `Authorization: Bearer <token>` (docs/operations.md). */
  metricsToken: string | undefined;
  /** Browser origins besides the server's own that may call POST /mcp (`*`: any); mcp-origin.ts. */
  mcpAllowedOrigins: string[];
  /** Host names POST /mcp answers for besides loopback names (`*`: any); mcp-origin.ts. */
  mcpAllowedHosts: string[];
  /** The path the whole app is served under (`/`, or `/tools/`); base-path.ts. */
  basePath: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max || !Number.isSafeInteger(Number(raw))) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be an integer ${range} (got ${JSON.stringify(raw)})`);
  }
  return Number(raw);
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be "on" or "off" (got ${JSON.stringify(raw)})`);
}

/**
 * Every variable loadConfig reads (README, "Configuration"): `devtoolbox serve --kebab-name`
 * accepts exactly these, so a mistyped option is a usage error, not silently the default
 * (tests/unit/config-variables.test.ts checks the list against this file).
 */
export const CONFIG_VARIABLES = [
  'ACCESS_LOG',
  'API_KEYS',
  'API_KEYS_FILE',
  'BASE_PATH',
  'HEADERS_TIMEOUT_MS',
  'HEAVY_NICE',
  'HEAVY_PER_CLIENT',
  'HEAVY_QUEUE',
  'HEAVY_TOOLS',
  'HEAVY_WORKERS',
  'HOST',
  'INLINE_BODY_BYTES',
  'KEEP_ALIVE_TIMEOUT_MS',
  'MAX_BODY_BYTES',
  'MAX_BUFFERED_BYTES',
  'MCP_ALLOWED_HOSTS',
  'MCP_ALLOWED_ORIGINS',
  'METRICS',
  'METRICS_TOKEN',
  'PORT',
  'RATE_LIMIT',
  'REDIS_URL',
  'REQUEST_TIMEOUT_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'STATIC_DIR',
  'TOOL_TIMEOUT_MS',
  'TRUST_PROXY',
  'WORKER_MEMORY_MB',
  'WRITE_TIMEOUT_MS',
] as const;

/** A comma-separated list, each entry checked and normalised by `parse` (undefined: refused). */
function list(env: Env, name: string, what: string, parse: (entry: string) => string | undefined): string[] {
  const entries = (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const value = entry === '*' ? '*' : parse(entry);
    if (value === undefined)
      throw new ConfigError(`${name} must be a comma-separated list of ${what}, or * (got ${JSON.stringify(entry)})`);
    return value;
  });
}

const hostName = (entry: string) =>
  /^(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*)$/i.test(entry) ? entry.toLowerCase() : undefined;

const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** What bounds one call in the pool: the server's and the command line's (src/cli/main.ts). */
export function toolLimits(
  env: Env = process.env,
): Pick<ServerConfig, 'toolTimeoutMs' | 'workerMemoryMb' | 'inlineBodyBytes'> {
  return {
    toolTimeoutMs: integer(env, 'TOOL_TIMEOUT_MS', 60_000, 10),
    // 768 MiB: every worst input of docs/limits.md's table that is not hostile fits (json-to-csv
    // of 8 M rows, the largest, peaks near 620 MB); a worker keeping over a quarter of it after a
    // task (192 MiB) is replaced.
    workerMemoryMb: integer(env, 'WORKER_MEMORY_MB', 768, 64),
    // 64 KiB: every light tool answers such a request in a few milliseconds (docs/limits.md).
    inlineBodyBytes: integer(env, 'INLINE_BODY_BYTES', 64 * 1024, 0),
  };
}

/** `host` is read only when HEAVY_WORKERS is not given (tests pass fixtures). */
export function loadConfig(env: Env = process.env, host: () => HostFiles = readHostFiles): ServerConfig {
  // By default, as many workers as the container's CPU quota and memory allow (host-resources.ts).
  // 0 runs heavy tools on the event loop: only for measuring what the pool buys (bench/isolation.mjs).
  const given = env.HEAVY_WORKERS?.trim();
  const heavyWorkers = integer(env, 'HEAVY_WORKERS', given ? 0 : defaultHeavyWorkers(host()), 0);
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 100);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 60_000, 100);
  if (requestTimeoutMs < headersTimeoutMs)
    throw new ConfigError('REQUEST_TIMEOUT_MS must not be shorter than HEADERS_TIMEOUT_MS');
  return {
    port: integer(env, 'PORT', 8787, 0),
    host: optional(env.HOST),
    staticDir: optional(env.STATIC_DIR),
    bodyLimit: bodyLimitOf(env),
    rateLimit: onOff(env, 'RATE_LIMIT', true),
    apiKeys: optional(env.API_KEYS),
    apiKeysFile: optional(env.API_KEYS_FILE),
    trustProxy: optional(env.TRUST_PROXY),
    redisUrl: optional(env.REDIS_URL),
    heavyWorkers,
    heavyQueue: integer(env, 'HEAVY_QUEUE', 4 * Math.max(1, heavyWorkers), 0),
    // 19, the lowest priority: with every core converting images, a light request still gets the
    // event loop's core at once (docs/stack.md, speed goal 6), and heavy work still has every core the event loop
    // leaves idle. Where the kernel groups processes (autogroup per session, or a cgroup for the
    // service), nice values only weigh threads within the group, so the workers yield to this
    // server's own threads, not to unrelated programs; without grouping they yield to every
    // nice-0 program too, and 0 (treat them as equals) is the way out. Negative values would
    // need privileges: not offered.
    heavyNice: integer(env, 'HEAVY_NICE', 19, 0, 19),
    heavyTools: (env.HEAVY_TOOLS ?? '')
      .split(',')
      .map((slug) => slug.trim())
      .filter(Boolean),
    heavyPerClient: integer(env, 'HEAVY_PER_CLIENT', 2, 0),
    ...toolLimits(env),
    // 64 MiB: four bodies at the 16 MiB cap at once, then their answers. Each such request costs
    // several times its size on its way through (chunks, the worker's copies, the answer), so
    // this keeps floods of large uploads under 512 MB of resident memory
    // (tests/server/attacks.test.ts, docs/limits.md). Raise it with the machine's memory.
    maxBufferedBytes: integer(env, 'MAX_BUFFERED_BYTES', 64 * 1024 * 1024, 1),
    writeTimeoutMs: integer(env, 'WRITE_TIMEOUT_MS', 30_000, 100),
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 0),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 30_000, 0),
    accessLog: onOff(env, 'ACCESS_LOG', true),
    metrics: onOff(env, 'METRICS', true),
    metricsToken: optional(env.METRICS_TOKEN),
    mcpAllowedOrigins: list(env, 'MCP_ALLOWED_ORIGINS', 'origins (https://app.example)', normalOrigin),
    mcpAllowedHosts: list(env, 'MCP_ALLOWED_HOSTS', 'host names without port (mcp.example)', hostName),
    basePath: basePathOf(env),
  };
}

function basePathOf(env: Env): string {
  const base = normalBasePath(env.BASE_PATH ?? '');
  if (base === undefined)
    throw new ConfigError(
      `BASE_PATH must be a path such as /tools/: segments of letters, digits and - . _ ~ (got ${JSON.stringify(env.BASE_PATH)})`,
    );
  return base;
}

/** MAX_BODY_BYTES: the server's request-body cap, and the command line's cap on one input. */
export function bodyLimitOf(env: Env = process.env): number {
  return integer(env, 'MAX_BODY_BYTES', MAX_BODY_BYTES, 1);
}
