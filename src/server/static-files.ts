// Serves the built app from disk: hashed assets cached forever, everything else revalidated,
// and the SPA fallback: a page path (`/`, `/<slug>`) without a file answers index.html with that
// page's own head (page-heads.ts), the router renders it. Any other path, with any method, is a
// 404: browsers get index.html with the not-found head (the app shows its not-found page), other
// clients `{"error":"Not found"}` (prefersHtml), so crawlers and link checkers see the truth.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { isAppPage } from '../core/http';
import { pageDepth } from '../core/page-depth';
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

const NOT_FOUND_JSON = Buffer.from(JSON.stringify({ error: 'Not found' }));
/** Any path that is no page: rendered with the not-found head. */
const NOT_A_PAGE = '/\u0000';

/**
 * Whether a 404 is for a person (the app's not-found page) or a program (JSON): a client that
 * names text/html (every browser navigation and form does) gets the page; one naming JSON gets
 * JSON; one naming neither (`*\/*`: curl, fetch, link checkers) gets the page for a GET or HEAD
 * of a page-like path (no extension), and JSON for a file or any other method (an API client).
 */
export function prefersHtml(accept: string | undefined, method: string | undefined, path: string): boolean {
  const types = (accept ?? '').toLowerCase();
  if (types.includes('text/html') || types.includes('application/xhtml+xml')) return true;
  if (/[/+]json\b/.test(types)) return false;
  return (method === 'GET' || method === 'HEAD') && !extname(path);
}

/**
 * Files whose name carries a digest of their bytes, so a name never names other bytes: the build's
 * hashed chunks (/assets/), the model's chunks (/models/<sha256>.bin) and onnxruntime's runtimes
 * (/models/ort-wasm-…-<hash>.wasm). Cached for a year, immutable; everything else (pages,
 * sw.js, the manifest, icons, /models/resources.json) is revalidated on every use.
 */
export function isContentAddressed(pathname: string): boolean {
  return (
    pathname.startsWith('/assets/') ||
    /^\/models\/(?:[0-9a-f]{64}\.bin|ort-wasm[\w.-]*-[0-9a-f]{16}\.wasm)$/.test(pathname)
  );
}

/**
 * `tools`: the registry, whose pages (`/`, `/<slug>`) get their own heads; `originOf(req)`: the
 * origin written into a page's canonical and preview links (page-heads.ts `requestOrigin`).
 */
export function createStaticHandler(
  root: string,
  tools: readonly ToolDefinition[],
  originOf: (req: IncomingMessage) => string,
) {
  const rootPrefix = normalize(root + sep);
  // The pages, rendered from index.html once, and again only when a new build replaces it.
  let rendered:
    | { mtime: number; size: number; page: (pathname: string, origin: string, depth: number) => RenderedPage }
    | undefined;
  /** `pathname`'s page; `origin`: the site's root URL, the base path included; `depth`: page-depth.ts. */
  async function pageAt(
    index: { path: string; size: number; mtime: Date },
    pathname: string,
    origin: string,
    depth: number,
  ): Promise<RenderedPage> {
    if (rendered?.mtime !== index.mtime.getTime() || rendered.size !== index.size) {
      rendered = {
        mtime: index.mtime.getTime(),
        size: index.size,
        page: pageRenderer(await readFile(index.path, 'utf8'), tools),
      };
    }
    return rendered.page(pathname, origin, depth);
  }
  /** The site's root URL, without a trailing slash: the origin, then the base path's segments. */
  const siteOf = (req: IncomingMessage, base: string) => originOf(req) + base.slice(0, -1);
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

  /** A 404: the app's not-found page for browsers (HTML), `{"error"}` JSON for other clients. */
  async function notFound(
    req: IncomingMessage,
    res: ServerResponse,
    decoded: string | undefined,
    base: string,
  ): Promise<void> {
    const index =
      decoded !== undefined && prefersHtml(req.headers.accept, req.method, decoded)
        ? await fileAt('/index.html')
        : undefined;
    const page = index && (await pageAt(index, NOT_A_PAGE, siteOf(req, base), pageDepth(decoded!)));
    const [type, body] = page ? [TYPES['.html']!, page.body] : [TYPES['.json']!, NOT_FOUND_JSON];
    res.writeHead(404, {
      'Content-Type': type,
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return async function serveStatic(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    base = '/',
  ): Promise<void> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request path\n');
      return;
    }
    let file = decoded.endsWith('/') ? undefined : await fileAt(decoded);
    const named = file !== undefined;
    // Only the app's pages (`/`, `/<slug>`) and the build's files exist; any other path is a 404
    // whatever the method (docs/contract.md), so a client learns the path is wrong, not the verb.
    if (!named && !isAppPage(decoded)) return notFound(req, res, decoded, base);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res
        .writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Method not allowed\n');
      return;
    }
    // The app's router renders a page path from index.html, with that page's own head.
    let page: RenderedPage | undefined;
    if (!file) {
      file = await fileAt('/index.html');
      if (file) page = await pageAt(file, decoded, siteOf(req, base), pageDepth(decoded));
    }
    if (!file) return notFound(req, res, undefined, base);
    const status = page?.status ?? 200;
    const immutable = isContentAddressed(decoded);
    // A page's bytes follow from index.html (and the host asked for, part of the URL), so its
    // date stands for them too.
    const lastModified = file.mtime.toUTCString();
    const cacheControl = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (status === 200 && !immutable && req.headers['if-modified-since'] === lastModified) {
      // A 304 carries the headers a 200 would have that bear on caching (RFC 9110 §15.4.5).
      res
        .writeHead(304, {
          'Cache-Control': cacheControl,
          'Last-Modified': lastModified,
          ...(named && { Vary: 'Accept-Encoding' }),
        })
        .end();
      return;
    }
    // The build's brotli or gzip twin of a file asked for by name; a page (rendered once per path
    // and origin by page-heads.ts) is compressed here, once per rendering and coding.
    const twin = named ? await encodedTwin(file.path, req.headers['accept-encoding']) : undefined;
    const pageCoding =
      page && page.body.length >= COMPRESS_MIN_BYTES ? negotiate(req.headers['accept-encoding']) : undefined;
    const pageBody = page && pageCoding ? await compressedPage(page.body, pageCoding) : page?.body;
    const coding = twin?.encoding ?? pageCoding;
    const varies = named || (page !== undefined && page.body.length >= COMPRESS_MIN_BYTES);
    // A page's own chunks, fetched alongside the entry script (src/build/route-preloads.ts).
    const links = page && status === 200 ? preloadLinks(decoded, base) : undefined;
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
    else
      createReadStream(twin?.path ?? file.path)
        .on('error', () => res.destroy())
        .pipe(res);
  };
}
