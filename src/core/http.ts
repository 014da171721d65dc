// The API door-independent: routes /api/*, /openapi.json and /llms.txt (docs/contract.md §1, §3).
// `respond` works on a tiny transport-neutral request so the Node server avoids building Web
// Request objects on its hot path; `handle` wraps it for Request → Response doors (service
// worker, tests). Each door describes itself once (`ApiDoor`) and passes that in.
import { formatBytes } from '../lib/byte-size';
import { findTool, tools } from '../tools/index';
import { describeTool, llmsText, openApiDocument } from './describe';
import type { ExampleBook } from './examples';
import { notFound, type Invoker, type Reply } from './invoke';

/** Default request-body cap (docs/contract.md §1). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Thrown by a door's body reader once more than the cap has arrived. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds ${formatBytes(limit)}`);
  }
}

export interface ApiRequest {
  method: string;
  /** The URL's path, e.g. `/api/<slug>`. */
  pathname: string;
  /** Reads the whole body as bytes; throws BodyTooLargeError past the cap. */
  body(): Promise<Uint8Array>;
  /** The path the app is served under (`/`, or `/tools/` behind a proxy), which the discovery
   * documents name in their URLs; `pathname` is below it. Default `/`. */
  base?: string;
}

export interface ApiResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** JSON text, or its UTF-8 bytes (the Node server's pool sends those, moved without a copy). */
  body: string | Uint8Array<ArrayBuffer>;
}

const API_PREFIX = '/api/';
const ALLOW = 'GET, POST, OPTIONS';

export const CORS_HEADERS: Readonly<Record<string, string>> = { 'Access-Control-Allow-Origin': '*' };
const JSON_TYPE = 'application/json; charset=utf-8';

/** Paths this module answers; everything else is the door's own (static files, pages, /mcp). */
export function isApiPath(pathname: string): boolean {
  return (
    pathname === '/api' || pathname.startsWith(API_PREFIX) || pathname === '/openapi.json' || pathname === '/llms.txt'
  );
}

/** Paths the app's router renders as a page: the home page and one per tool (`/<slug>`, `/<slug>/`). */
export function isAppPage(pathname: string): boolean {
  return pathname === '/' || findTool(pathname.slice(1).replace(/\/$/, '')) !== undefined;
}

/** The headers of nearly every answer, shared rather than rebuilt per answer (doors only read them). */
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': JSON_TYPE, ...CORS_HEADERS });

export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): ApiResponse {
  return { status, headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS, body: JSON.stringify(body) };
}

export const fromReply = (reply: Reply): ApiResponse => jsonResponse(reply.status, reply.body);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a request body; undefined when it is not UTF-8 JSON (docs/contract.md §1: 400 Invalid JSON body). */
export function parseBody(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    return undefined;
  }
}

/**
 * A door's way to answer a tool call's raw body somewhere else (the Node server's worker pool,
 * which parses and answers it there); undefined answers it here.
 */
export type Offload = (slug: string, bytes: Uint8Array) => Promise<ApiResponse> | undefined;

/** What `respond` needs from the door it answers for. */
export interface ApiDoor {
  /** Answers a parsed tool call (src/core/local.ts on this thread; the Node server may use its pool). */
  invoke: Invoker;
  /** The worked examples, computed at build time (src/core/examples.ts). */
  examples: ExampleBook;
  /** Optional: answers a call's raw body elsewhere before it is parsed here. */
  offload?: Offload;
}

export async function respond(request: ApiRequest, door: ApiDoor): Promise<ApiResponse> {
  const { method, pathname, base = '/' } = request;
  const at = base.slice(0, -1);
  if (pathname === '/openapi.json') {
    return method === 'GET' || method === 'HEAD'
      ? {
          status: 200,
          headers: { 'Content-Type': JSON_TYPE, ...CORS_HEADERS },
          body: openApiDocument(door.examples, base),
        }
      : methodNotAllowed('GET');
  }
  if (pathname === '/llms.txt') {
    return method === 'GET' || method === 'HEAD'
      ? { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...CORS_HEADERS }, body: llmsText(base) }
      : methodNotAllowed('GET');
  }
  if (method === 'OPTIONS') {
    return {
      status: 204,
      headers: {
        ...CORS_HEADERS,
        'Access-Control-Allow-Methods': ALLOW,
        'Access-Control-Allow-Headers': 'Content-Type, Authorization, X-API-Key, X-Request-Id',
        'Access-Control-Max-Age': '86400',
      },
      body: '',
    };
  }
  if (pathname === '/api' || pathname === API_PREFIX) {
    if (method !== 'GET') return methodNotAllowed(ALLOW);
    return jsonResponse(200, {
      tools: tools.map(({ slug, name, summary, tag }) => ({
        slug,
        name,
        summary,
        tags: [tag],
        api: `${at}/api/${slug}`,
        page: `${at}/${slug}`,
      })),
    });
  }

  const slug = pathname.slice(API_PREFIX.length);
  if (method === 'GET') {
    const description = describeTool(slug, door.examples);
    return description ? jsonResponse(200, description) : fromReply(notFound(slug));
  }
  if (method !== 'POST') return methodNotAllowed(ALLOW);
  // An unknown tool is a 404 whatever the body: the tool, not the body, is what is wrong.
  if (!findTool(slug)) return fromReply(notFound(slug));

  let bytes: Uint8Array;
  try {
    bytes = await request.body();
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonResponse(413, { error: error.message });
    throw error;
  }
  return door.offload?.(slug, bytes) ?? answerCall(slug, bytes, door.invoke);
}

/** A tool call's raw body → its answer: the JSON parsed here, then `invoke` (also the pool's threads). */
export async function answerCall(slug: string, bytes: Uint8Array, invoke: Invoker): Promise<ApiResponse> {
  const body = parseBody(bytes);
  if (body === undefined) return jsonResponse(400, { error: 'Invalid JSON body' });
  return fromReply(await invoke(slug, body));
}

function methodNotAllowed(allow: string): ApiResponse {
  return jsonResponse(405, { error: 'Method not allowed' }, { Allow: allow });
}

/** Reads a Web stream into one buffer, refusing more than `limit` bytes as they arrive. */
export async function readCapped(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** `pathname` as seen from `base`: `/tools/api/x` under `/tools/` is `/api/x` (a path outside it stays as is). */
export const belowBase = (pathname: string, base: string) =>
  base !== '/' && pathname.startsWith(base) ? pathname.slice(base.length - 1) : pathname;

/**
 * The Request → Response door used by the service worker (which relays some tools to a page) and
 * tests. `base`: the path the app is served under (the worker's scope); the request's URL is under it.
 */
export async function handle(request: Request, door: ApiDoor, limit = MAX_BODY_BYTES, base = '/'): Promise<Response> {
  const url = new URL(request.url);
  const declared = Number(request.headers.get('content-length') ?? 0);
  const reply = await respond(
    {
      method: request.method,
      pathname: belowBase(url.pathname, base),
      base,
      body: () => (declared > limit ? Promise.reject(new BodyTooLargeError(limit)) : readCapped(request.body, limit)),
    },
    door,
  );
  const empty = reply.status === 204 || request.method === 'HEAD';
  return new Response(empty ? null : reply.body, { status: reply.status, headers: reply.headers });
}
