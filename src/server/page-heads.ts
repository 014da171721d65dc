// Each page's own head in the HTML the Node server sends: title, description, canonical link and
// Open Graph / Twitter tags, so a shared link previews its tool and crawlers see each page's
// words without running the app (docs/ui.md "Install and share"). Names and summaries come from
// the registry. The built index.html is rendered once per route when it is first read (again only
// when the file changes); a request only splices in its origin. The raw /index.html, which the
// service worker precaches and serves for every page offline, is left as built: the app sets
// title and description itself (ToolPage, ui/head.ts).
import type { ToolDefinition } from '../tools/define';
import { climbed } from '../core/page-depth';
import { SITE_DESCRIPTION, SITE_NAME } from '../core/site';

export const NOT_FOUND_TITLE = `Page not found · ${SITE_NAME}`;
/** The preview image: the app icon, on our origin (never a third party's). */
export const PREVIEW_IMAGE = { path: '/icons/icon-512.png', width: 512, height: 512 };

export interface PageHead {
  title: string;
  description: string;
  /** The page's own path (canonical, og:url); absent for the not-found page. */
  path?: string;
}

/** The heads of the home page and every tool page, by path (`/<slug>/` included), and of the rest. */
export function pageHeads(tools: readonly ToolDefinition[]): { pages: Map<string, PageHead>; notFound: PageHead } {
  const pages = new Map<string, PageHead>([['/', { title: SITE_NAME, description: SITE_DESCRIPTION, path: '/' }]]);
  for (const tool of tools) {
    const head = { title: `${tool.name} · ${SITE_NAME}`, description: tool.summary, path: `/${tool.slug}` };
    pages.set(head.path, head).set(`${head.path}/`, head);
  }
  return { pages, notFound: { title: NOT_FOUND_TITLE, description: SITE_DESCRIPTION } };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Where the origin goes: rendered heads are split on it, then joined with each request's origin. */
const ORIGIN = '\u0000origin\u0000';

/**
 * index.html with `head`: its <title> and description replaced (added when missing), the
 * canonical and preview tags added before </head>. Returned as the parts around the origin, so a
 * request joins them with its own (`parts.join(origin)`).
 */
export function renderHead(indexHtml: string, head: PageHead): string[] {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  let html = indexHtml.includes('</title>')
    ? indexHtml.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    : indexHtml;
  const describe = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
  html = describe.test(html)
    ? html.replace(describe, () => `<meta name="description" content="${description}" />`)
    : html;
  const url = head.path ? ORIGIN + escapeHtml(head.path) : undefined;
  const tags = [
    ...(html.includes('</title>') ? [] : [`<title>${title}</title>`]),
    ...(describe.test(html) ? [] : [`<meta name="description" content="${description}" />`]),
    // Not-found pages are not to be indexed; they have no address of their own.
    url ? `<link rel="canonical" href="${url}" />` : '<meta name="robots" content="noindex" />',
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    ...(url ? [`<meta property="og:url" content="${url}" />`] : []),
    `<meta property="og:image" content="${ORIGIN}${PREVIEW_IMAGE.path}" />`,
    `<meta property="og:image:width" content="${PREVIEW_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${PREVIEW_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${SITE_NAME}" />`,
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ];
  const close = html.indexOf('</head>');
  const block = tags.map((tag) => `    ${tag}\n`).join('');
  html = close < 0 ? block + html : `${html.slice(0, close).trimEnd()}\n${block}  ${html.slice(close)}`;
  return html.split(ORIGIN);
}

/** `http://example.org:8080` from the Host header (and, behind a trusted proxy, X-Forwarded-Proto);
 * '' for a Host that is no plain host name, so nothing odd is ever written into the page. */
export function requestOrigin(host: string | undefined, forwardedProto: string | undefined): string {
  if (!host || !/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return '';
  const proto = forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https' ? 'https' : 'http';
  return `${proto}://${host.toLowerCase()}`;
}

/** A rendered page: its status and bytes. */
export interface RenderedPage {
  status: 200 | 404;
  body: Buffer;
}

/**
 * Renders every head from one index.html, once; `page(pathname, origin, depth)` then answers from
 * them. `origin` is the site's root URL (`https://host`, or `https://host/tools` under a base path);
 * `depth`: how far below the base the document is (core/page-depth.ts).
 * The bytes of the last few origins are kept (a server answers to one or two host names).
 */
export function pageRenderer(indexHtml: string, tools: readonly ToolDefinition[]) {
  const { pages, notFound } = pageHeads(tools);
  const parts = new Map<PageHead, string[]>([[notFound, renderHead(indexHtml, notFound)]]);
  for (const head of pages.values()) if (!parts.has(head)) parts.set(head, renderHead(indexHtml, head));
  const byOrigin = new Map<string, Map<string, Buffer>>();
  return function page(pathname: string, origin: string, depth = 0): RenderedPage {
    const head = pages.get(pathname);
    let cache = byOrigin.get(origin);
    if (!cache) {
      if (byOrigin.size >= 4) byOrigin.delete(byOrigin.keys().next().value!);
      byOrigin.set(origin, (cache = new Map()));
    }
    const key = head ?? notFound;
    // By head and depth: the same head serves `/<slug>` and `/<slug>/`, whose relative URLs differ.
    const id = `${depth} ${key.path ?? ''}`;
    let body = cache.get(id);
    if (!body) cache.set(id, (body = Buffer.from(climbed(parts.get(key)!.join(origin), depth))));
    return { status: head ? 200 : 404, body };
  };
}
