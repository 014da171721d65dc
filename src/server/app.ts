// The Node door as a value: `createApp(config, context)` wires node:http to the core's `respond`,
// plus the built app from disk, MCP at /mcp, the rate limiter (docs/contract.md §2), the heavy-tool
// worker pool, the byte budget, security headers and an access log. It touches no process
// state (signals, exit, environment): main.ts does, and tests start apps in-process.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExampleBook } from '../core/examples';
import { isApiPath, jsonResponse, respond, type ApiDoor, type ApiResponse, type Offload } from '../core/http';
import type { CallOptions, Reply } from '../core/invoke';
import { localInvoker } from '../core/local';
import type { ToolContext } from '../tools/define';
import { findTool, tools } from '../tools/index';
import { logAccess } from './access-log';
import { ApiKeys, presentedKey, type PresentedKey } from './api-keys';
import { ClientGoneError, readBody, send, shed } from './body';
import { ByteBudget, ServerBusyError, type Reservation } from './byte-budget';
import { addressBucket, createClientResolver } from './client-address';
import { ConfigError, type ServerConfig } from './config';
import { Documents, isDocumentRequest } from './documents';
import { createHealth, HEALTH_PATHS } from './health';
import { errorFields, log } from './logger';
import { handleMcp } from './mcp';
import { createMetrics, type Metrics } from './metrics';
import { answerOps } from './ops-routes';
import { LIMIT_HEADER_NAMES, MemoryStore, RateLimiter, requestCost, type WindowStore } from './rate-limit';
import { FallbackStore, RedisStore } from './redis-store';
import { REQUEST_ID_HEADER, requestId } from './request-id';
import { clientBusy, createInvoker, createOffload, crowdedOut, poolFull, replyingInvoker, type Routing } from './routing';
import { API_HEADER_LIST, API_HEADERS, PAGE_HEADER_LIST, PAGE_HEADERS } from '../core/security-headers';
import { requestOrigin } from './page-heads';
import { createStaticHandler } from './static-files';
import type { ToolTask } from './tool-worker';
import { ClientBusyError, QueueFullError, TaskAbortedError, TaskCrowdedOutError, WorkerPool } from './worker-pool';

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

/** Paths the limiter counts (docs/contract.md §2). Pages, assets, /openapi.json and /llms.txt are
 * static documents, identical to files any CDN could serve, so they are not limited. */
const EXPOSED_HEADERS = [...LIMIT_HEADER_NAMES, REQUEST_ID_HEADER].join(', ');
/** How long Redis may take to answer a PING before readiness and metrics call it unreachable. */
const REDIS_PING_MS = 500;
const isLimited = (pathname: string) => pathname === '/mcp' || pathname === '/api' || pathname.startsWith('/api/');

const pathOf = (req: IncomingMessage) => {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};
/** The security headers of a path's answers, as a list for `send`. */
const securityHeaders = (pathname: string) => (isApiPath(pathname) || pathname === '/mcp' ? API_HEADER_LIST : PAGE_HEADER_LIST);
/** A header list for `send` with the request's id after it (one writeHead, no setHeader: the hot path). */
const withId = (list: readonly string[], id: string) => [...list, REQUEST_ID_HEADER, id];

/** The answer to a request the server cannot take or finish now: capacity (503) or the client's share (429). */
function refusalFor(error: unknown): ApiResponse | undefined {
  const retry = (seconds: number) => ({ 'Retry-After': String(seconds) });
  if (error instanceof ServerBusyError) return jsonResponse(503, { error: error.message }, retry(error.retryAfterSeconds));
  if (error instanceof QueueFullError) return jsonResponse(503, { error: poolFull(error.retryAfterSeconds) }, retry(error.retryAfterSeconds));
  if (error instanceof TaskCrowdedOutError) return jsonResponse(503, { error: crowdedOut(error.limitMs, error.retryAfterSeconds) }, retry(error.retryAfterSeconds));
  if (error instanceof ClientBusyError) return jsonResponse(429, { error: clientBusy(error.limit, error.retryAfterSeconds) }, retry(error.retryAfterSeconds));
  return undefined;
}

/** A REST tool call (POST /api/<slug> of a registry tool), counted and timed when its answer ends. */
function countRestCall(req: IncomingMessage, res: ServerResponse, metrics: Metrics): void {
  const pathname = pathOf(req);
  if (req.method !== 'POST' || !pathname.startsWith('/api/')) return;
  const tool = findTool(pathname.slice('/api/'.length));
  if (!tool) return;
  const started = performance.now();
  // A client that left before its answer began got none: not counted.
  res.once('close', () => res.headersSent && metrics.call('rest', tool.slug, res.statusCode, (performance.now() - started) / 1000));
}

/** Throws ConfigError for a configuration that names what does not exist. */
export async function createApp(config: ServerConfig, context: AppContext): Promise<App> {
  const unknown = config.heavyTools.filter((slug) => !findTool(slug));
  if (unknown.length) throw new ConfigError(`HEAVY_TOOLS names no tool: ${unknown.join(', ')}`);
  const keys = new ApiKeys(config.apiKeys, config.apiKeysFile);
  const resolveClient = createClientResolver(config.trustProxy);

  const staticRoot = resolve(config.staticDir ?? resolve(here, '../dist'));
  // Pages link to their own address (canonical, previews): the origin the client asked for, and
  // the scheme a trusted proxy reports.
  const serveStatic = createStaticHandler(staticRoot, tools, (req) =>
    requestOrigin(req.headers.host, config.trustProxy ? [req.headers['x-forwarded-proto']].flat()[0] : undefined),
  );

  const redis = config.redisUrl ? await RedisStore.connect(config.redisUrl, {}, 3_000, (message) => log.warn(message)) : undefined;
  // The pool is read at scrape time (it is made just below); Redis is asked then too.
  const metrics: Metrics | undefined = config.metrics
    ? createMetrics({
        pool: () => pool?.stats,
        limiterStore: redis ? { kind: 'redis', up: async () => (await redis.ping(REDIS_PING_MS)).ok } : { kind: 'memory', up: async () => true },
      })
    : undefined;
  const store: WindowStore = redis ? new FallbackStore(redis, new MemoryStore(), (message) => log.warn(message), () => metrics?.limiterFallback()) : new MemoryStore();
  const limiter = config.rateLimit ? new RateLimiter(store, keys) : undefined;
  const pool =
    config.heavyWorkers > 0
      ? new WorkerPool<ToolTask, Reply | ApiResponse>({
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
  const routing: Routing = { context: context.tools, pool, heavyTools: config.heavyTools, inlineBodyBytes: config.inlineBodyBytes, log: (message) => log.error(message) };
  const offload = createOffload(routing);
  const budget = new ByteBudget(config.maxBufferedBytes);
  const mcpInvoke = replyingInvoker(createInvoker(routing));
  const mcpAccess = { allowedOrigins: config.mcpAllowedOrigins, allowedHosts: config.mcpAllowedHosts, bind: config.host };
  let draining = false;
  const health = createHealth({ draining: () => draining, pool, redis, redisTimeoutMs: REDIS_PING_MS });
  const clientOf = (req: IncomingMessage) => resolveClient(req.socket.remoteAddress, config.trustProxy ? req.headers['x-forwarded-for'] : undefined);

  // REST calls reach `invoke` only once `offload` has kept them here: they run on this thread.
  const documents = new Documents();
  const apiDoor: ApiDoor = { invoke: localInvoker(context.tools), examples: context.examples };

  async function route(req: IncomingMessage, res: ServerResponse, id: string, signal: () => AbortSignal): Promise<void> {
    const pathname = pathOf(req);
    // Probes and scrapers: never limited, no key (ops-routes.ts).
    const ops = await answerOps({ health, metrics, metricsToken: config.metricsToken }, req.method ?? 'GET', pathname, req.headers.authorization);
    if (ops) return send(req, res, ops, withId(API_HEADER_LIST, id));
    const api = isApiPath(pathname);
    // JSON answers get their security headers and id in send's single writeHead (the hot path);
    // the rest (MCP, files) write their own heads and take them from here.
    if (!api) {
      for (const [name, value] of Object.entries(pathname === '/mcp' ? API_HEADERS : PAGE_HEADERS)) res.setHeader(name, value);
      res.setHeader(REQUEST_ID_HEADER, id);
    }

    // Who is asking, and what the limiter has charged: worked out only when needed (not for files).
    let who: { address: string; key: PresentedKey } | undefined;
    const caller = () => (who ??= { address: addressBucket(clientOf(req)), key: presentedKey(req.headers) });
    let charged = 0; // the limiter may charge more later: chunked bodies, MCP batches
    const charge = (cost: number) => {
      charged += cost;
      return limiter!.decide(caller().address, caller().key, cost).then((decision) => {
        if (decision.refusal?.status === 429) metrics?.refused('rate limit');
        return decision;
      });
    };
    let call: CallOptions | undefined;
    const callOptions = (): CallOptions => (call ??= { signal, client: limiter ? limiter.bucketOf(caller().address, caller().key) : `ip:${caller().address}` });

    if (limiter && isLimited(pathname)) {
      // Preflights are sent by browsers on their own and never carry a key: they are not counted.
      const decision = await charge(req.method === 'OPTIONS' ? 0 : requestCost(Number(req.headers['content-length'] ?? 0)));
      for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
      // Cross-origin callers (CORS) may read these only when exposed.
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      if (decision.refusal) {
        send(req, res, jsonResponse(decision.refusal.status, decision.refusal.body, decision.refusal.headers), withId(securityHeaders(pathname), id));
        return;
      }
    }
    let reservation: Reservation | undefined;
    const body = () => {
      // The body's bytes, then the answer's, count against the server-wide budget until it has left.
      reservation = budget.reservation();
      res.once('close', reservation.release);
      return readBody(req, config.bodyLimit, reservation);
    };

    if (api) {
      // A chunked body's size is known only now: a large one pays the rest of its cost first.
      const toPool: Offload = (slug, bytes) => {
        const unpaid = limiter ? requestCost(bytes.length) - charged : 0;
        if (unpaid <= 0) return offload(slug, bytes, callOptions());
        return charge(unpaid).then(({ refusal }) =>
          refusal ? jsonResponse(refusal.status, refusal.body, refusal.headers) : (offload(slug, bytes, callOptions()) ?? respond({ method: 'POST', pathname, body: async () => bytes }, apiDoor)),
        );
      };
      const answer = await respond({ method: req.method ?? 'GET', pathname, body }, { ...apiDoor, offload: toPool });
      reservation?.hold(answer.body.length);
      const heads = withId(API_HEADER_LIST, id);
      if (answer.status === 200 && isDocumentRequest(req.method, pathname)) documents.send(req, res, pathname, answer, heads);
      else send(req, res, answer, heads);
      return;
    }
    if (pathname === '/mcp') {
      // MCP over Streamable HTTP (docs/contract.md §3)
      await handleMcp(req, res, body, {
        invoke: (slug, args, mcp) => timedMcpCall(slug, () => mcpInvoke(slug, args, { ...callOptions(), ...mcp })),
        admitMore: limiter ? async (calls) => (await charge(calls)).refusal : undefined,
        access: mcpAccess,
      });
      return;
    }
    await serveStatic(req, res, pathname);
  }

  /** An MCP tool call, counted and timed (metrics.ts) when it names a registry tool. */
  async function timedMcpCall(slug: string, call: () => Promise<Reply>): Promise<Reply> {
    if (!metrics || !findTool(slug)) return call();
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const reply = await call();
      metrics.call('mcp', slug, reply.status, seconds());
      return reply;
    } catch (error) {
      // A client that left is no answer; anything else thrown is answered as an internal error.
      if (!(error instanceof TaskAbortedError)) metrics.call('mcp', slug, 500, seconds());
      throw error;
    }
  }

  // ---- connections: timeouts against slow clients, and a record of what is in flight
  const inFlight = new Set<ServerResponse>();

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
    (req, res) => {
      const id = requestId(req.headers['x-request-id']);
      if (config.accessLog) logAccess(req, res, { client: clientOf(req), requestId: id, quietWhenOk: HEALTH_PATHS.has(pathOf(req)) });
      if (metrics) countRestCall(req, res, metrics);
      inFlight.add(res);
      // Made only when a heavy tool asks for it or the client leaves: light calls never look.
      let controller: AbortController | undefined;
      res.on('close', () => {
        inFlight.delete(res);
        if (!res.writableFinished) (controller ??= new AbortController()).abort(); // the client left: drop its queued work
      });
      if (draining) res.setHeader('Connection', 'close');
      route(req, res, id, () => (controller ??= new AbortController()).signal).catch((error: unknown) => {
        if (error instanceof TaskAbortedError) return;
        if (error instanceof ClientGoneError) {
          log.info('client left during upload', { path: pathOf(req), request_id: id });
          return;
        }
        if (error instanceof ServerBusyError) metrics?.refused('byte budget');
        const refusal = refusalFor(error);
        const heads = withId(securityHeaders(pathOf(req)), id);
        if (refusal && !res.headersSent) {
          if (error instanceof ServerBusyError) shed(res, refusal, heads);
          else send(req, res, refusal, heads);
          return;
        }
        log.error('internal error', { path: pathOf(req), request_id: id, ...errorFields(error) });
        if (!res.headersSent) send(req, res, jsonResponse(500, { error: 'Internal error' }), heads);
        else res.destroy();
      });
    },
  );

  // ---- answers nobody reads: an answer whose bytes stop leaving (the client does not read) is cut
  // after WRITE_TIMEOUT_MS without progress, so such clients cannot hold answers in memory.
  const lastProgress = new WeakMap<ServerResponse, { waiting: number; since: number }>();
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const res of inFlight) {
      // Only answers that are written, or waiting for the client to take more, and not yet handed over.
      if (res.writableFinished || !(res.writableEnded || res.writableNeedDrain)) continue;
      const waiting = res.socket?.writableLength ?? res.writableLength;
      const seen = lastProgress.get(res);
      if (!seen || seen.waiting !== waiting) lastProgress.set(res, { waiting, since: now });
      else if (now - seen.since >= config.writeTimeoutMs) {
        log.info('answer not read; connection closed', { waiting_bytes: waiting });
        res.destroy();
      }
    }
  }, Math.min(1_000, Math.ceil(config.writeTimeoutMs / 4)));
  sweeper.unref();

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
        clearInterval(sweeper);
        await Promise.allSettled([pool?.close(), store.close()]);
      });
    },
    reloadKeys: () => keys.reload(),
    describe(port) {
      const limit = limiter ? `on, ${config.redisUrl ? 'redis' : 'in-process'} store, ${keys.size} API keys` : 'off';
      return `listening on http://localhost:${port} (rate limit ${limit}; ${config.heavyWorkers} heavy workers; static ${staticRoot})`;
    },
  };
}
