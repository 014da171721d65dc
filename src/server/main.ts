// The Node door (ARCHITECTURE.md): node:http ⇄ the core's `respond`, plus the built app from
// disk. Configuration comes from the environment; see README "Configuration".
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BodyTooLargeError, MAX_BODY_BYTES, isApiPath, jsonResponse, respond, type ApiResponse } from '../core/http';
import { createStaticHandler } from './static-files';

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST || undefined; // all interfaces unless told otherwise
const staticRoot = resolve(process.env.STATIC_DIR ?? resolve(here, '../dist'));
const bodyLimit = Number(process.env.MAX_BODY_BYTES ?? MAX_BODY_BYTES);
const rateLimitOn = (process.env.RATE_LIMIT ?? 'on').toLowerCase() !== 'off';

const serveStatic = createStaticHandler(staticRoot);

/** Reads the request body, refusing it as soon as it passes the cap (CONTRACT.md §1: 413). */
function readBody(req: IncomingMessage): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > bodyLimit) return Promise.reject(new BodyTooLargeError(bodyLimit));
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > bodyLimit) {
        req.off('data', onData);
        reject(new BodyTooLargeError(bodyLimit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolveBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)));
    req.on('error', reject);
  });
}

function send(req: IncomingMessage, res: ServerResponse, reply: ApiResponse): void {
  if (reply.status === 413) {
    // Let the client finish sending and read the answer instead of a connection reset.
    req.resume();
    res.setHeader('Connection', 'close');
  }
  if (reply.status === 204) {
    res.writeHead(204, reply.headers).end(); // no Content-Length on a 204 (RFC 9110 §8.6)
    return;
  }
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': Buffer.byteLength(reply.body) });
  res.end(req.method === 'HEAD' ? undefined : reply.body);
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const pathname = query < 0 ? url : url.slice(0, query);
  if (isApiPath(pathname)) {
    send(req, res, await respond({ method: req.method ?? 'GET', pathname, body: () => readBody(req) }));
    return;
  }
  await serveStatic(req, res, pathname);
}

const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
  route(req, res).catch((error: unknown) => {
    console.error('internal error:', error);
    if (!res.headersSent) send(req, res, jsonResponse(500, { error: 'Internal error' }));
    else res.destroy();
  });
});

server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  console.log(`listening on http://localhost:${actualPort} (rate limit ${rateLimitOn ? 'on' : 'off'}, static ${staticRoot})`);
});

function shutdown(): void {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
