// Request bodies in, JSON answers out, for the Node door.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, type ApiResponse } from '../core/http';
import { ServerBusyError, type Reservation } from './byte-budget';
import { compress, COMPRESS_MAX_DYNAMIC_BYTES, COMPRESS_MIN_BYTES, negotiate, type ContentCoding } from './compression';

/** The client went away before its request body had arrived: nothing to answer, not a fault. */
export class ClientGoneError extends Error {}

/** Seconds a client refused for the byte budget is asked to wait: uploads in flight finish in about that long. */
const BUSY_RETRY_SECONDS = 2;

/** Bodies this small are always admitted (counted, never refused): a small request must get through a flood of large ones. */
const SMALL_BODY_BYTES = 64 * 1024;

/**
 * Reads the request body, refusing it as soon as it passes the cap (docs/contract.md §1: 413), and
 * counting it against the server's byte budget: a declared length up front, else as it arrives
 * (ServerBusyError when the budget is spent).
 */
export function readBody(req: IncomingMessage, limit: number, budget?: Reservation): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(new BodyTooLargeError(limit));
  if (budget && declared > 0) {
    if (declared <= SMALL_BODY_BYTES) budget.hold(declared);
    else if (!budget.take(declared)) return Promise.reject(new ServerBusyError(BUSY_RETRY_SECONDS));
  }
  const counted = budget && !(declared > 0) ? budget : undefined;
  return new Promise((resolveBody, reject) => {
    // Small bodies (the common case) come in one chunk: keep it as is, copy only when there are more.
    let first: Buffer | undefined;
    let chunks: Buffer[] | undefined;
    let total = 0;
    const stop = (error: Error) => {
      req.off('data', onData);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) return stop(new BodyTooLargeError(limit));
      if (counted && total <= SMALL_BODY_BYTES) counted.hold(chunk.length);
      else if (counted && !counted.take(chunk.length)) return stop(new ServerBusyError(BUSY_RETRY_SECONDS));
      if (first === undefined) first = chunk;
      else (chunks ??= [first]).push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolveBody(chunks ? Buffer.concat(chunks, total) : (first ?? EMPTY)));
    req.on('error', () => reject(new ClientGoneError('the client left during the upload')));
    req.on('close', () => req.readableEnded || reject(new ClientGoneError('the client left during the upload')));
  });
}

const EMPTY = new Uint8Array(0);

/** How much of a refused body is read and dropped before the client is cut off instead. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * For an answer given before the body was read (413, 401, 429, 503) while the client is still
 * sending: a connection closed under it turns the answer into a reset (EPIPE) on its side, so
 * the connection stays open and the rest of the body is read and dropped (docs/contract.md §1) — up
 * to MAX_DRAINED_BYTES, past which the client is cut off.
 */
export function drainBody(req: IncomingMessage): void {
  if (req.readableEnded) return;
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_DRAINED_BYTES) req.socket.destroy();
  });
  req.resume();
}

/** How long a connection refused for load stays open after its answer, so the client can read it. */
const SHED_LINGER_MS = 1_000;

/**
 * Answers a request refused because the server holds too much already (503) without reading its
 * body: draining it would allocate and discard every byte (a flood of refused 15 MB uploads is
 * gigabytes of garbage). The connection closes shortly after the answer, which the client reads
 * first; a client still sending by then sees its upload cut.
 */
export function shed(res: ServerResponse, reply: ApiResponse, base: readonly string[] = []): void {
  const list = [...base, 'Connection', 'close'];
  for (const name in reply.headers) list.push(name, reply.headers[name]!);
  list.push('Content-Length', String(Buffer.byteLength(reply.body)));
  res.writeHead(reply.status, list).end(reply.body);
  const socket = res.socket;
  res.once('finish', () => setTimeout(() => socket?.destroy(), SHED_LINGER_MS).unref());
}

/** Compresses an answer's body in one coding; send's default compresses it afresh (compression.ts). */
export type Encoder = (coding: ContentCoding) => Promise<Buffer>;

/**
 * Answers with `reply`, preceded by `base` (the path's security headers, see security-headers.ts)
 * in a single writeHead: when nothing was set with setHeader before, Node writes such a list
 * straight into the head without building its header map (the hot path of every API call).
 * Bodies of COMPRESS_MIN_BYTES or more go Brotli- or gzip-compressed when the client accepts it
 * (`encode` may hand in bytes compressed before; without it, only up to
 * COMPRESS_MAX_DYNAMIC_BYTES); smaller ones, the common case, stay synchronous.
 */
export function send(
  req: IncomingMessage,
  res: ServerResponse,
  reply: ApiResponse,
  base: readonly string[] = [],
  encode?: Encoder,
): void {
  drainBody(req); // answered before (or instead of) reading the body: 413, 401, 429, 503
  const list = base.slice();
  for (const name in reply.headers) list.push(name, reply.headers[name]!);
  if (reply.status === 204 || reply.status === 304) {
    res.writeHead(reply.status, list).end(); // no Content-Length on a 204 (RFC 9110 §8.6), no body on a 304
    return;
  }
  const size = Buffer.byteLength(reply.body);
  if (size >= COMPRESS_MIN_BYTES && (encode !== undefined || size <= COMPRESS_MAX_DYNAMIC_BYTES)) {
    // The answer depends on Accept-Encoding whether or not this client gets it compressed.
    list.push('Vary', 'Accept-Encoding');
    const coding = negotiate(req.headers['accept-encoding']);
    if (coding) {
      (encode ?? ((to: ContentCoding) => compress(reply.body, to)))(coding).then(
        (bytes) => {
          if (res.destroyed) return;
          list.push('Content-Encoding', coding, 'Content-Length', String(bytes.length));
          res.writeHead(reply.status, list);
          res.end(req.method === 'HEAD' ? undefined : bytes);
        },
        () => res.destroy(), // zlib failing on bytes in memory is a bug or no memory: nothing sensible to send
      );
      return;
    }
  }
  list.push('Content-Length', String(size));
  res.writeHead(reply.status, list);
  res.end(req.method === 'HEAD' ? undefined : reply.body);
}
