// HTTP routing: each request to what answers it, in order: probes and scrapers (ops-routes.ts),
// the rate limiter (docs/contract.md §2), the JSON API (core `respond`, heavy calls to the pool),
// MCP at /mcp, then the built app's files. And the request's frame: its id, the access log,
// metrics, the signal of a client that left, and the answer to whatever the route threw.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiPath, jsonResponse, respond, type ApiDoor, type ApiResponse, type Offload } from '../core/http';
import type { Invoker } from '../core/invoke';
import { API_HEADER_LIST, API_HEADERS, PAGE_HEADER_LIST, PAGE_HEADERS } from '../core/security-headers';
import { logAccess } from './access-log';
import type { Mount } from './base-path';
import { ClientGoneError, readBody, send, shed } from './body';
import { ServerBusyError, type ByteBudget, type Reservation } from './byte-budget';
import type { PoolOffload } from './call-placement';
import { countRestCall, pathOf, timedMcpCall } from './call-metrics';
import { openAccount } from './charging';
import { Documents, isDocumentRequest } from './documents';
import { HEALTH_PATHS, type createHealth } from './health';
import { errorFields, log } from './logger';
import { handleMcp, type McpOptions } from './mcp';
import type { Metrics } from './metrics';
import { answerOps } from './ops-routes';
import { poolRefusal } from './pool-dispatch';
import { LIMIT_HEADER_NAMES, requestCost, type RateLimiter } from './rate-limit';
import { REQUEST_ID_HEADER, requestId } from './request-id';
import { TaskAbortedError } from './worker-pool';

export interface RouterParts {
  health: ReturnType<typeof createHealth>;
  metrics: Metrics | undefined;
  metricsToken: string | undefined;
  limiter: RateLimiter | undefined;
  budget: ByteBudget;
  bodyLimit: number;
  accessLog: boolean;
  /** The JSON API's invoker for calls answered here, and the examples. */
  apiDoor: ApiDoor;
  /** Sends a REST call to the pool (call-placement.ts), or leaves it here. */
  offload: PoolOffload;
  mcpInvoke: Invoker;
  mcpAccess: McpOptions['access'];
  serveStatic: (req: IncomingMessage, res: ServerResponse, pathname: string, base: string) => Promise<void>;
  /** Where a request lands under the configured base path (base-path.ts); rewrites req.url below it. */
  mount: (req: IncomingMessage) => Mount;
  /** The client's address (config.trustProxy decides whether X-Forwarded-For counts). */
  clientOf: (req: IncomingMessage) => string;
  /** Answers being written now: the app's close and the write-timeout sweep read it. */
  inFlight: Set<ServerResponse>;
  draining: () => boolean;
}

/** Paths the limiter counts (docs/contract.md §2). Pages, assets, /openapi.json and /llms.txt are
 * static documents, identical to files any CDN could serve, so they are not limited. */
const isLimited = (pathname: string) => pathname === '/mcp' || pathname === '/api' || pathname.startsWith('/api/');
const EXPOSED_HEADERS = [...LIMIT_HEADER_NAMES, REQUEST_ID_HEADER].join(', ');
/** The security headers of a path's answers, as a list for `send`. */
const securityHeaders = (pathname: string) =>
  isApiPath(pathname) || pathname === '/mcp' ? API_HEADER_LIST : PAGE_HEADER_LIST;
/** A header list for `send` with the request's id after it (one writeHead, no setHeader: the hot path). */
const withId = (list: readonly string[], id: string) => [...list, REQUEST_ID_HEADER, id];

/** The answer to a request the server cannot take or finish now: capacity (503) or the client's share (429). */
function refusalFor(error: unknown): ApiResponse | undefined {
  const retry = (seconds: number) => ({ 'Retry-After': String(seconds) });
  if (error instanceof ServerBusyError)
    return jsonResponse(503, { error: error.message }, retry(error.retryAfterSeconds));
  const refusal = poolRefusal(error);
  return refusal && jsonResponse(refusal.status, { error: refusal.error }, retry(refusal.retryAfterSeconds));
}

/** node:http's request listener. */
export function createRouter(parts: RouterParts): (req: IncomingMessage, res: ServerResponse) => void {
  const { metrics, limiter, inFlight } = parts;
  const documents = new Documents();

  async function route(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    signal: () => AbortSignal,
    base: string,
  ): Promise<void> {
    const pathname = pathOf(req);
    // Probes and scrapers: never limited, no key (ops-routes.ts).
    const ops = await answerOps(
      { health: parts.health, metrics, metricsToken: parts.metricsToken },
      req.method ?? 'GET',
      pathname,
      req.headers.authorization,
    );
    if (ops) return send(req, res, ops, withId(API_HEADER_LIST, id));
    const api = isApiPath(pathname);
    // JSON answers get their security headers and id in send's single writeHead (the hot path);
    // the rest (MCP, files) write their own heads and take them from here.
    if (!api) {
      for (const [name, value] of Object.entries(pathname === '/mcp' ? API_HEADERS : PAGE_HEADERS))
        res.setHeader(name, value);
      res.setHeader(REQUEST_ID_HEADER, id);
    }

    const account = openAccount(req, signal, { limiter, metrics, clientOf: parts.clientOf });
    if (limiter && isLimited(pathname)) {
      // Preflights are sent by browsers on their own and never carry a key: they are not counted.
      const decision = await account.charge(
        req.method === 'OPTIONS' ? 0 : requestCost(Number(req.headers['content-length'] ?? 0)),
      );
      for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
      // Cross-origin callers (CORS) may read these only when exposed.
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      if (decision.refusal) {
        send(
          req,
          res,
          jsonResponse(decision.refusal.status, decision.refusal.body, decision.refusal.headers),
          withId(securityHeaders(pathname), id),
        );
        return;
      }
    }
    let reservation: Reservation | undefined;
    const body = () => {
      // The body's bytes, then the answer's, count against the server-wide budget until it has left.
      reservation = parts.budget.reservation();
      res.once('close', reservation.release);
      return readBody(req, parts.bodyLimit, reservation);
    };

    if (api) {
      // A chunked body's size is known only now: a large one pays the rest of its cost first.
      const toPool: Offload = (slug, bytes) => {
        const unpaid = limiter ? requestCost(bytes.length) - account.charged : 0;
        if (unpaid <= 0) return parts.offload(slug, bytes, account.callOptions());
        return account
          .charge(unpaid)
          .then(({ refusal }) =>
            refusal
              ? jsonResponse(refusal.status, refusal.body, refusal.headers)
              : (parts.offload(slug, bytes, account.callOptions()) ??
                respond({ method: 'POST', pathname, body: async () => bytes }, parts.apiDoor)),
          );
      };
      const answer = await respond(
        { method: req.method ?? 'GET', pathname, body, base },
        { ...parts.apiDoor, offload: toPool },
      );
      reservation?.hold(answer.body.length);
      const heads = withId(API_HEADER_LIST, id);
      if (answer.status === 200 && isDocumentRequest(req.method, pathname))
        documents.send(req, res, base + pathname.slice(1), answer, heads);
      else send(req, res, answer, heads);
      return;
    }
    if (pathname === '/mcp') {
      // MCP over Streamable HTTP (docs/contract.md §3)
      await handleMcp(req, res, body, {
        invoke: (slug, args, mcp) =>
          timedMcpCall(metrics, slug, () => parts.mcpInvoke(slug, args, { ...account.callOptions(), ...mcp })),
        admitMore: limiter ? async (calls) => (await account.charge(calls)).refusal : undefined,
        access: parts.mcpAccess,
      });
      return;
    }
    await parts.serveStatic(req, res, pathname, base);
  }

  /** What a route threw: a client that left, a refusal for capacity or share, or a bug (500). */
  function answerFailure(req: IncomingMessage, res: ServerResponse, id: string, error: unknown): void {
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
  }

  return (req, res) => {
    const id = requestId(req.headers['x-request-id']);
    const mount = parts.mount(req);
    if (parts.accessLog)
      logAccess(req, res, { client: parts.clientOf(req), requestId: id, quietWhenOk: HEALTH_PATHS.has(pathOf(req)) });
    if (metrics) countRestCall(req, res, metrics);
    inFlight.add(res);
    // Made only when a heavy tool asks for it or the client leaves: light calls never look.
    let controller: AbortController | undefined;
    res.once('close', () => {
      inFlight.delete(res);
      if (!res.writableFinished) (controller ??= new AbortController()).abort(); // the client left: drop its queued work
    });
    if (parts.draining()) res.setHeader('Connection', 'close');
    if (!mount || 'redirect' in mount) {
      // Outside the base path: not this app's (a redirect for the base without its slash).
      const heads = withId(API_HEADER_LIST, id);
      if (mount) send(req, res, { status: 308, headers: { Location: mount.redirect }, body: '' }, heads);
      else send(req, res, jsonResponse(404, { error: 'Not found' }), heads);
      return;
    }
    route(req, res, id, () => (controller ??= new AbortController()).signal, mount.base).catch((error: unknown) =>
      answerFailure(req, res, id, error),
    );
  };
}
