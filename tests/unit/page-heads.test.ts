// Each page's own head from the Node server (src/server/page-heads.ts, static-files.ts): title,
// description, canonical and preview tags per route, from the registry; the not-found page's;
// escaping; and the file rules around them (raw /index.html, 304, HEAD, robots.txt), on an app
// started in this process with a copy of the source index.html as its build.
import { copyFileSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import examples from 'virtual:examples';
import { isAppPage } from '../../src/core/http';
import { createApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { NOT_FOUND_TITLE, pageHeads, renderHead, requestOrigin } from '../../src/server/page-heads';
import { tools } from '../../src/tools/index';
import { SITE_DESCRIPTION } from '../../src/core/site';
import { nodeContext } from '../support/doors';

const root = new URL('../../', import.meta.url).pathname;
const staticDir = mkdtempSync(join(tmpdir(), 'toolbox-heads-'));
const indexHtml = readFileSync(join(root, 'index.html'), 'utf8');
writeFileSync(join(staticDir, 'index.html'), indexHtml);
copyFileSync(join(root, 'static/robots.txt'), join(staticDir, 'robots.txt'));

const unescape = (text: string) =>
  text.replace(
    /&(lt|gt|quot|#39|amp);/g,
    (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name]!,
  );

/** The head's values as a page would read them. */
function headOf(html: string) {
  const meta = (attribute: string, name: string) => {
    const found = [...html.matchAll(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`, 'g'))].map((match) =>
      unescape(match[1]!),
    );
    expect(found.length, `${name} once`).toBeLessThanOrEqual(1);
    return found[0];
  };
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  return {
    title: unescape(titles[0]![1]!),
    description: meta('name', 'description'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    robots: meta('name', 'robots'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogType: meta('property', 'og:type'),
    ogUrl: meta('property', 'og:url'),
    ogImage: meta('property', 'og:image'),
    twitterCard: meta('name', 'twitter:card'),
    twitterTitle: meta('name', 'twitter:title'),
  };
}

describe('the Node server renders each page’s head', () => {
  let app: App;
  let base: string;

  beforeAll(async () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: staticDir,
      HEAVY_WORKERS: '0',
      RATE_LIMIT: 'off',
      ACCESS_LOG: 'off',
    });
    app = await createApp(config, { tools: nodeContext, examples });
    base = `http://127.0.0.1:${await app.listen()}`;
  });
  afterAll(() => app?.close());

  it('gives the home page the site’s title and description, linked to itself', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(headOf(await response.text())).toEqual({
      title: 'Developer Toolbox',
      description: SITE_DESCRIPTION,
      canonical: `${base}/`,
      robots: undefined,
      ogTitle: 'Developer Toolbox',
      ogDescription: SITE_DESCRIPTION,
      ogType: 'website',
      ogUrl: `${base}/`,
      ogImage: `${base}/icons/icon-512.png`,
      twitterCard: 'summary',
      twitterTitle: 'Developer Toolbox',
    });
  });

  it.each(tools.map((tool) => [tool.slug, tool] as const))(
    'gives /%s its tool’s name and summary',
    async (slug, tool) => {
      for (const path of [`/${slug}`, `/${slug}/`]) {
        const response = await fetch(base + path);
        expect(response.status).toBe(200);
        const head = headOf(await response.text());
        expect(head).toMatchObject({
          title: `${tool.name} · Developer Toolbox`,
          description: tool.summary,
          ogTitle: head.title,
          ogDescription: tool.summary,
          twitterTitle: head.title,
        });
        // One address per page: the trailing-slash form points at the plain one.
        expect([head.canonical, head.ogUrl]).toEqual([`${base}/${slug}`, `${base}/${slug}`]);
      }
    },
  );

  it('gives every route a title of its own', async () => {
    const paths = ['/', ...tools.map((tool) => `/${tool.slug}`), '/no-such-page'];
    const titles = await Promise.all(paths.map(async (path) => headOf(await (await fetch(base + path)).text()).title));
    expect(new Set(titles).size).toBe(paths.length);
  });

  it('answers other paths 404 with the not-found head, kept out of search indexes', async () => {
    for (const path of ['/no-such-page', '/api-docs', '/JSON-FORMATTER', '/base64/x']) {
      const response = await fetch(base + path);
      expect(response.status, path).toBe(404);
      const head = headOf(await response.text());
      expect(head).toMatchObject({ title: NOT_FOUND_TITLE, robots: 'noindex', canonical: undefined, ogUrl: undefined });
    }
  });

  it('writes the origin the client asked for, and nothing from a Host that is no host name', async () => {
    const port = new URL(base).port;
    const { request } = await import('node:http');
    const get = (host: string) =>
      new Promise<string>((done, fail) => {
        request({ host: '127.0.0.1', port, path: '/base64', headers: { host } }, (res) => {
          let body = '';
          res
            .setEncoding('utf8')
            .on('data', (chunk) => (body += chunk))
            .on('end', () => done(body));
        })
          .on('error', fail)
          .end();
      });
    expect(headOf(await get('Tools.Example.org:8443')).canonical).toBe('http://tools.example.org:8443/base64');
    const hostile = await get('evil.example"><script>x</script>');
    expect(hostile).not.toContain('evil');
    expect(headOf(hostile).canonical).toBe('/base64');
  });

  it('keeps the file rules: raw /index.html, Content-Length, HEAD, 304 for pages and never for a 404', async () => {
    // The service worker precaches /index.html and serves it for every page: it stays as built.
    const raw = await fetch(`${base}/index.html`);
    expect(await raw.text()).toBe(indexHtml);
    // Uncompressed (fetch asks for br/gzip by default: docs/http.md), so the length is the page's own.
    const identity = { 'Accept-Encoding': 'identity' };
    const page = await fetch(`${base}/json-formatter`, { headers: identity });
    const body = Buffer.from(await page.arrayBuffer());
    expect(Number(page.headers.get('content-length'))).toBe(body.length);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const head = await fetch(`${base}/json-formatter`, { method: 'HEAD', headers: identity });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([
      200,
      String(body.length),
      '',
    ]);
    const since = { 'If-Modified-Since': page.headers.get('last-modified')! };
    expect((await fetch(`${base}/json-formatter`, { headers: since })).status).toBe(304);
    expect((await fetch(`${base}/no-such-page`, { headers: since })).status).toBe(404);
  });

  it('renders again when a new build replaces index.html', async () => {
    const path = join(staticDir, 'index.html');
    writeFileSync(path, indexHtml.replace('<body>', '<body data-build="2">'));
    utimesSync(path, new Date(), new Date(Date.now() + 60_000));
    const html = await (await fetch(`${base}/base64`)).text();
    expect(html).toContain('data-build="2"');
    expect(headOf(html).title).toBe(`${tools.find((tool) => tool.slug === 'base64')!.name} · Developer Toolbox`);
    writeFileSync(path, indexHtml);
  });

  it('serves robots.txt as plain text that allows every page', async () => {
    const response = await fetch(`${base}/robots.txt`);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(await response.text()).toMatch(/^User-agent: \*\nAllow: \/\n$/);
  });
});

describe('renderHead and its inputs', () => {
  it('escapes names and summaries in text and attributes', () => {
    const html = renderHead(indexHtml, {
      title: 'A <b>&</b> "q" \'s',
      description: '"><script>alert(1)</script>',
      path: '/x"y',
    }).join('https://o.example');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    const head = headOf(html);
    expect(head).toMatchObject({
      title: 'A <b>&</b> "q" \'s',
      description: '"><script>alert(1)</script>',
      canonical: 'https://o.example/x&quot;y',
    });
  });

  it('adds a title and description to an index.html that has none', () => {
    const head = headOf(
      renderHead('<!doctype html><html><head></head><body></body></html>', {
        title: 'T',
        description: 'D',
        path: '/',
      }).join(''),
    );
    expect([head.title, head.description]).toEqual(['T', 'D']);
  });

  it('takes a plain host name and port, and the scheme of a trusted proxy', () => {
    expect(requestOrigin('localhost:8787', undefined)).toBe('http://localhost:8787');
    expect(requestOrigin('[::1]:80', 'https')).toBe('https://[::1]:80');
    expect(requestOrigin('example.org', 'https, http')).toBe('https://example.org');
    expect(requestOrigin('example.org', 'gopher')).toBe('http://example.org');
    for (const host of [undefined, '', 'a b', 'a/b', 'a@b', 'x:y', 'a"b', 'a.b:123456'])
      expect(requestOrigin(host, undefined)).toBe('');
  });

  it('knows the same pages as the router and the service worker (isAppPage)', () => {
    const { pages } = pageHeads(tools);
    for (const path of pages.keys()) expect(isAppPage(path), path).toBe(true);
    expect(pages.size).toBe(1 + 2 * tools.length);
  });
});
