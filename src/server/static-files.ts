// Serves the built app from disk: hashed assets cached forever, everything else revalidated,
// and the SPA fallback: a page path without a file answers index.html, the router renders it;
// a path that is no page of the app answers index.html too, with 404, so the app shows its
// not-found page and crawlers and link checkers see the truth.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { encodedTwin } from './encoded-files';
import { routePreloadLinks } from './route-preloads';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.onnx': 'application/octet-stream',
};

/** `isPage(path)`: whether a path without a file is a page of the app (`/`, `/<slug>`). */
export function createStaticHandler(root: string, isPage: (pathname: string) => boolean) {
  const rootPrefix = normalize(root + sep);
  const preloadLinks = routePreloadLinks(root);

  async function fileAt(pathname: string): Promise<{ path: string; size: number; mtime: Date } | undefined> {
    const path = normalize(join(root, pathname));
    if (!path.startsWith(rootPrefix)) return undefined; // `..` escapes are simply not found
    try {
      const info = await stat(path);
      return info.isFile() ? { path, size: info.size, mtime: info.mtime } : undefined;
    } catch {
      return undefined;
    }
  }

  return async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request path\n');
      return;
    }
    let file = decoded.endsWith('/') ? undefined : await fileAt(decoded);
    let status = 200;
    const named = file !== undefined;
    // A path without a file extension is for the app's router: a page, or its not-found page.
    if (!file && !extname(decoded)) {
      file = await fileAt('/index.html');
      if (!isPage(decoded)) status = 404;
    }
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const immutable = decoded.startsWith('/assets/');
    const lastModified = file.mtime.toUTCString();
    if (status === 200 && !immutable && req.headers['if-modified-since'] === lastModified) {
      res.writeHead(304).end();
      return;
    }
    // The build's brotli or gzip twin of a file asked for by name (not the page fallback).
    const twin = named ? await encodedTwin(file.path, req.headers['accept-encoding']) : undefined;
    const links = !named && status === 200 ? preloadLinks(decoded) : undefined;
    res.writeHead(status, {
      'Content-Type': TYPES[extname(file.path)] ?? 'application/octet-stream',
      'Content-Length': twin?.size ?? file.size,
      ...(twin && { 'Content-Encoding': twin.encoding }),
      ...(named && { Vary: 'Accept-Encoding' }),
      ...(links && { Link: links }),
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'Last-Modified': lastModified,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(twin?.path ?? file.path).on('error', () => res.destroy()).pipe(res);
  };
}
