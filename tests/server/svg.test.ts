// SVG from the wild through the built Node server, one heavy worker (so every call lands in the
// same worker thread): resvg's panic on a valid SVG is a 200 drawn as librsvg draws it, never a
// 500, and never harms the SVGs after it; <svg:svg> and .svgz are SVG; a gzip bomb is a 400.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, fixture } from '../support/image-fixtures';
import { mcpHttp } from '../support/fault-doors';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ HEAVY_WORKERS: '1', HEAVY_PER_CLIENT: '0' });
});
afterAll(() => server?.stop());

const convert = async (file: string, to = 'png') => {
  const response = await fetch(`${server.url}/api/image-converter`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ image: fixture(file).toString('base64'), from: 'svg', to }),
  });
  return { status: response.status, body: (await response.json()) as { image?: string; error?: string } };
};

const librsvg = async (file: string) =>
  (await sharp(fixture(file)).ensureAlpha().raw().toBuffer({ resolveWithObject: true })).data;

describe('SVG through the Node server', () => {
  it('the SVG resvg panics on is drawn, again and again, and the worker still draws the next SVG right', async () => {
    const reference = await librsvg('clip-invalid-use.svg');
    for (let i = 0; i < 5; i++) {
      const answer = await convert('clip-invalid-use.svg');
      expect(answer.status).toBe(200);
      const ours = await decode(answer.body.image!);
      expect([ours.width, ours.height]).toEqual([200, 200]);
      expect(ours.data.equals(reference)).toBe(true);
    }
    const next = await convert('quadrants.svg');
    expect(next.status).toBe(200);
    expect((await decode(next.body.image!)).data.equals(await librsvg('quadrants.svg'))).toBe(true);
    // And over MCP, the same pool.
    const mcp = await mcpHttp(server.url, 'image-converter', {
      image: fixture('clip-invalid-use.svg').toString('base64'),
      from: 'svg',
      to: 'png',
    });
    expect(mcp.ok).toBe(true);
    expect(server.output()).not.toMatch(/RuntimeError|unreachable|recursive use/);
  });

  it.each(['namespaced.svg', 'quadrants.svgz'])('%s is drawn as librsvg draws it', async (file) => {
    const answer = await convert(file);
    expect(answer.status).toBe(200);
    expect((await decode(answer.body.image!)).data.equals(await librsvg(file))).toBe(true);
  });

  it('a .svgz bomb is a 400 naming the limit, and the server goes on', async () => {
    expect(await convert('bomb.svgz')).toEqual({
      status: 400,
      body: {
        error:
          "'image' is a gzip-compressed SVG that inflates to more than 3 MB; an SVG may be at most 3 MB once inflated.",
      },
    });
    expect((await convert('quadrants.svgz', 'webp')).status).toBe(200);
  });
});
