// The Node door as a value, and its composition root: `createApp(config, context)` builds the
// parts (rate limiter and its store, the heavy-tool worker pool, the byte budget, metrics,
// health, static files) and hands them to the router (router.ts), which answers each request.
// It touches no process state (signals, exit, environment): main.ts does, and tests start apps in-process.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExampleBook } from '../core/examples';
import { localInvoker } from '../core/local';
import type { ToolContext } from '../tools/define';
import { findTool, tools } from '../tools/index';
import { ApiKeys } from './api-keys';
import { createMount } from './base-path';
import { ByteBudget } from './byte-budget';
import { createInvoker, createOffload, type Placement } from './call-placement';
import { createClientResolver } from './client-address';
import { ConfigError, type ServerConfig } from './config';
import { createHealth } from './health';
import { log } from './logger';
import { createMetrics, type Metrics } from './metrics';
import { replyingInvoker, type ToolPool } from './pool-dispatch';
import { MemoryStore, RateLimiter, type WindowStore } from './rate-limit';
import { FallbackStore, RedisStore } from './redis-store';
import { requestOrigin } from './page-heads';
import { createRouter } from './router';
import { createStaticHandler } from './static-files';
import { WorkerPool } from './worker-pool';
import { sweepUnreadAnswers } from './write-timeout';

/** What the app serves besides its configuration. */
export interface AppContext {
  /** The context of the tool calls answered on the event loop (the pool's threads build their own). */
  tools: ToolContext;
  /** The worked examples (virtual:examples). */
  examples: ExampleBook;
  /** The pool's worker script; by default tool-worker.js beside this bundle. */
  workerScript?: string;
}

export interface App {
  readonly server: Server;
  /** Starts listening on the configured host and port (0: any free port); resolves with the port. */
  listen(): Promise<number>;
  /** Finishes what is in flight, refuses new connections, then stops the pool and the store. */
  close(): Promise<void>;
  /** Re-reads API_KEYS_FILE; resolves with the number of keys. */
  reloadKeys(): number;
  /** Requests being answered now. */
  readonly inFlight: number;
  /** One line describing the app, for the log. */
  describe(port: number): string;
}

const here = dirname(fileURLToPath(import.meta.url));

/** How long Redis may take to answer a PING before readiness and metrics call it unreachable. */
const REDIS_PING_MS = 500;

/** Throws ConfigError for a configuration that names what does not exist. */
export async function createApp(config: ServerConfig, context: AppContext): Promise<App> {
  const unknown = config.heavyTools.filter((slug) => !findTool(slug));
  if (unknown.length) throw new ConfigError(`HEAVY_TOOLS names no tool: ${unknown.join(', ')}`);
  const keys = new ApiKeys(config.apiKeys, config.apiKeysFile);
  const resolveClient = createClientResolver(config.trustProxy);
  const staticRoot = resolve(config.staticDir ?? resolve(here, '../dist'));

  const redis = config.redisUrl
    ? await RedisStore.connect(config.redisUrl, {}, 3_000, (message) => log.warn(message))
    : undefined;
  // The pool is read at scrape time (it is made just below); Redis is asked then too.
  const metrics: Metrics | undefined = config.metrics
    ? createMetrics({
        pool: () => pool?.stats,
        limiterStore: redis
          ? { kind: 'redis', up: async () => (await redis.ping(REDIS_PING_MS)).ok }
          : { kind: 'memory', up: async () => true },
      })
    : undefined;
  const store: WindowStore = redis
    ? new FallbackStore(
        redis,
        new MemoryStore(),
        (message) => log.warn(message),
        () => metrics?.limiterFallback(),
      )
    : new MemoryStore();
  const limiter = config.rateLimit ? new RateLimiter(store, keys) : undefined;
  const pool: ToolPool | undefined =
    config.heavyWorkers > 0
      ? new WorkerPool({
          script: context.workerScript ?? resolve(here, 'tool-worker.js'),
          size: config.heavyWorkers,
          maxQueue: config.heavyQueue,
          perClient: config.heavyPerClient,
          maxHeapMb: config.workerMemoryMb,
          taskTimeoutMs: config.toolTimeoutMs,
          niceness: config.heavyNice,
          log: (message) => log.error(message),
          onRefuse: (reason) => metrics?.refused(reason),
        })
      : undefined;
  const placement: Placement = {
    context: context.tools,
    pool,
    heavyTools: config.heavyTools,
    inlineBodyBytes: config.inlineBodyBytes,
    log: (message) => log.error(message),
  };
  let draining = false;
  const inFlight = new Set<ServerResponse>();

  const router = createRouter({
    health: createHealth({ draining: () => draining, pool, redis, redisTimeoutMs: REDIS_PING_MS }),
    metrics,
    metricsToken: config.metricsToken,
    limiter,
    budget: new ByteBudget(config.maxBufferedBytes),
    bodyLimit: config.bodyLimit,
    accessLog: config.accessLog,
    // REST calls reach `invoke` only once `offload` has kept them here: they run on this thread.
    apiDoor: { invoke: localInvoker(context.tools), examples: context.examples },
    offload: createOffload(placement),
    mcpInvoke: replyingInvoker(createInvoker(placement)),
    mcpAccess: { allowedOrigins: config.mcpAllowedOrigins, allowedHosts: config.mcpAllowedHosts, bind: config.host },
    // Pages link to their own address (canonical, previews): the origin the client asked for, and
    // the scheme a trusted proxy reports.
    serveStatic: createStaticHandler(staticRoot, tools, (req) =>
      requestOrigin(req.headers.host, config.trustProxy ? [req.headers['x-forwarded-proto']].flat()[0] : undefined),
    ),
    mount: createMount(config.basePath, Boolean(config.trustProxy)),
    clientOf: (req) =>
      resolveClient(req.socket.remoteAddress, config.trustProxy ? req.headers['x-forwarded-for'] : undefined),
    inFlight,
    draining: () => draining,
  });

  const server: Server = createServer(
    {
      keepAliveTimeout: config.keepAliveTimeoutMs,
      // A client must send all its headers within headersTimeout and its whole request within
      // requestTimeout (408, connection closed): a slowloris cannot hold a connection open.
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // Node checks those limits on this interval (default 30 s, far coarser than the limits).
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.headersTimeoutMs / 2)),
    },
    router,
  );
  const stopSweep = sweepUnreadAnswers(inFlight, config.writeTimeoutMs, (message, fields) => log.info(message, fields));

  return {
    server,
    get inFlight() {
      return inFlight.size;
    },
    listen: () =>
      new Promise<number>((done, fail) => {
        server.once('error', fail);
        server.listen(config.port, config.host, () => {
          server.off('error', fail);
          done((server.address() as AddressInfo).port);
        });
      }),
    close() {
      draining = true;
      // Answers still to come close their connection, so keep-alive clients do not linger.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeIdleConnections();
      return closed.then(async () => {
        stopSweep();
        await Promise.allSettled([pool?.close(), store.close()]);
      });
    },
    reloadKeys: () => keys.reload(),
    describe(port) {
      const limit = limiter ? `on, ${config.redisUrl ? 'redis' : 'in-process'} store, ${keys.size} API keys` : 'off';
      const under = config.basePath === '/' ? '' : ` under ${config.basePath}`;
      return `listening on http://localhost:${port}${under} (rate limit ${limit}; ${config.heavyWorkers} heavy workers; static ${staticRoot})`;
    },
  };
}
