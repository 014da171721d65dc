// Request bodies in, JSON answers out, for the Node door.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, type ApiResponse } from '../core/http';

/** Reads the request body, refusing it as soon as it passes the cap (CONTRACT.md §1: 413). */
export function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        req.off('data', onData);
        reject(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolveBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)));
    req.on('error', reject);
  });
}

export function send(req: IncomingMessage, res: ServerResponse, reply: ApiResponse): void {
  if (!req.readableEnded) {
    // Answered before (or instead of) reading the body (413, 401, 429): let the client finish
    // sending and read the answer instead of a connection reset.
    req.resume();
    if (reply.status === 413) res.setHeader('Connection', 'close');
  }
  if (reply.status === 204) {
    res.writeHead(204, reply.headers).end(); // no Content-Length on a 204 (RFC 9110 §8.6)
    return;
  }
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': Buffer.byteLength(reply.body) });
  res.end(req.method === 'HEAD' ? undefined : reply.body);
}
