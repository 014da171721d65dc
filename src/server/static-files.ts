// Serves the built app from disk: hashed assets cached forever, everything else revalidated,
// and the SPA fallback: a page path without a file answers index.html with that page's own head
// (page-heads.ts), the router renders it; a path that is no page of the app answers index.html
// too, with 404, so the app shows its not-found page and crawlers and link checkers see the truth.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { ToolDefinition } from '../tools/define';
import { compress, COMPRESS_MIN_BYTES, negotiate, type ContentCoding } from './compression';
import { encodedTwin } from './encoded-files';
import { pageRenderer, type RenderedPage } from './page-heads';
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

/**
 * Files whose name carries a digest of their bytes, so a name never names other bytes: the build's
 * hashed chunks (/assets/), the model's chunks (/models/<sha256>.bin) and onnxruntime's runtimes
 * (/models/ort-wasm-…-<hash>.wasm). Cached for a year, immutable; everything else (pages,
 * sw.js, the manifest, icons, /models/resources.json) is revalidated on every use.
 */
export function isContentAddressed(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /^\/models\/(?:[0-9a-f]{64}\.bin|ort-wasm[\w.-]*-[0-9a-f]{16}\.wasm)$/.test(pathname);
}

/**
 * `tools`: the registry, whose pages (`/`, `/<slug>`) get their own heads; `originOf(req)`: the
 * origin written into a page's canonical and preview links (page-heads.ts `requestOrigin`).
 */
export function createStaticHandler(root: string, tools: readonly ToolDefinition[], originOf: (req: IncomingMessage) => string) {
  const rootPrefix = normalize(root + sep);
  // The pages, rendered from index.html once, and again only when a new build replaces it.
  let rendered: { mtime: number; size: number; page: (pathname: string, origin: string) => RenderedPage } | undefined;
  async function pageAt(index: { path: string; size: number; mtime: Date }, pathname: string, origin: string): Promise<RenderedPage> {
    if (rendered?.mtime !== index.mtime.getTime() || rendered.size !== index.size) {
      rendered = { mtime: index.mtime.getTime(), size: index.size, page: pageRenderer(await readFile(index.path, 'utf8'), tools) };
    }
    return rendered.page(pathname, origin);
  }
  const preloadLinks = routePreloadLinks(root);
  // Keyed by the rendered bytes, which page-heads.ts keeps while they are current.
  const compressedPages = new WeakMap<Buffer, Partial<Record<ContentCoding, Promise<Buffer>>>>();
  const compressedPage = (body: Buffer, coding: ContentCoding): Promise<Buffer> => {
    let forms = compressedPages.get(body);
    if (!forms) compressedPages.set(body, (forms = {}));
    return (forms[coding] ??= compress(body, coding, true));
  };

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
    const named = file !== undefined;
    // A path without a file extension is for the app's router: a page, or its not-found page.
    let page: RenderedPage | undefined;
    if (!file && !extname(decoded)) {
      file = await fileAt('/index.html');
      if (file) page = await pageAt(file, decoded, originOf(req));
    }
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    const status = page?.status ?? 200;
    const immutable = isContentAddressed(decoded);
    // A page's bytes follow from index.html (and the host asked for, part of the URL), so its
    // date stands for them too.
    const lastModified = file.mtime.toUTCString();
    const cacheControl = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (status === 200 && !immutable && req.headers['if-modified-since'] === lastModified) {
      // A 304 carries the headers a 200 would have that bear on caching (RFC 9110 §15.4.5).
      res.writeHead(304, { 'Cache-Control': cacheControl, 'Last-Modified': lastModified, ...(named && { Vary: 'Accept-Encoding' }) }).end();
      return;
    }
    // The build's brotli or gzip twin of a file asked for by name; a page (rendered once per path
    // and origin by page-heads.ts) is compressed here, once per rendering and coding.
    const twin = named ? await encodedTwin(file.path, req.headers['accept-encoding']) : undefined;
    const pageCoding = page && page.body.length >= COMPRESS_MIN_BYTES ? negotiate(req.headers['accept-encoding']) : undefined;
    const pageBody = page && pageCoding ? await compressedPage(page.body, pageCoding) : page?.body;
    const coding = twin?.encoding ?? pageCoding;
    const varies = named || (page !== undefined && page.body.length >= COMPRESS_MIN_BYTES);
    // A page's own chunks, fetched alongside the entry script (src/build/route-preloads.ts).
    const links = page && status === 200 ? preloadLinks(decoded) : undefined;
    res.writeHead(status, {
      'Content-Type': TYPES[extname(file.path)] ?? 'application/octet-stream',
      'Content-Length': pageBody ? pageBody.length : (twin?.size ?? file.size),
      ...(coding && { 'Content-Encoding': coding }),
      ...(varies && { Vary: 'Accept-Encoding' }),
      ...(links && { Link: links }),
      'Cache-Control': cacheControl,
      'Last-Modified': lastModified,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (pageBody) res.end(pageBody);
    else createReadStream(twin?.path ?? file.path).on('error', () => res.destroy()).pipe(res);
  };
}
