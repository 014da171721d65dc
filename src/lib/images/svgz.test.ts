// SVG from the wild: a root in the SVG namespace under a prefix and gzipped SVG (.svgz), each
// recognised and drawn as librsvg (through sharp) draws it; a .svgz is inflated only up to the
// limit of a plain SVG (a gzip bomb is refused by name), a damaged one is refused by name.
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call } from '../../../tests/support/doors';
import { decode, fixture } from '../../../tests/support/image-fixtures';
import { ToolInputError } from '../../tools/define';
import { formatOfExtension, isSvgText, sniffFormat } from './formats';
import { inflateSvgz, isSvgz } from './svgz';
import { svgSize, withSize } from './svg';

const text = (value: string) => new TextEncoder().encode(value);

describe('a root in the SVG namespace under a prefix', () => {
  it('is sniffed as SVG only when its prefix is bound to the SVG namespace', () => {
    expect(sniffFormat(fixture('namespaced.svg'))).toBe('svg');
    expect(
      isSvgText(text(`<?xml version="1.0"?>\n<!-- c -->\n<s.v:svg width="1" xmlns:s.v='http://www.w3.org/2000/svg'/>`)),
    ).toBe(true);
    expect(isSvgText(text('<svg:svg xmlns:svg="http://example.com/not-svg"/>'))).toBe(false);
    expect(isSvgText(text('<svg:svg xmlns:other="http://www.w3.org/2000/svg"/>'))).toBe(false);
  });

  it('keeps its prefix when the renderer is given its size', () => {
    const source = fixture('namespaced.svg').toString();
    expect(svgSize(source)).toEqual({ width: 40, height: 24 });
    expect(withSize(source, 40, 24)).toMatch(/^<svg:svg width="40" height="24" xmlns:svg=/);
  });
});

describe('.svgz', () => {
  it('is recognised by the gzip signature and an SVG inside; other gzip data is no image', () => {
    expect(isSvgz(fixture('quadrants.svgz'))).toBe(true);
    // The first 4 KiB of a large one are enough (what the pages and the sniffing read).
    const large = gzipSync(
      `<svg xmlns="http://www.w3.org/2000/svg"><!-- ${randomBytes(30_000).toString('base64')} --></svg>`,
    );
    expect(large.length).toBeGreaterThan(20_000);
    expect(isSvgz(large.subarray(0, 4096))).toBe(true);
    expect(isSvgz(gzipSync('{"not": "svg"}'))).toBe(false);
    expect(isSvgz(fixture('quadrants.svg'))).toBe(false);
    expect(formatOfExtension('.SVGZ')).toBe('svg');
  });

  it('inflates up to the limit and refuses past it, naming the limit', () => {
    const svg = fixture('quadrants.svg');
    expect(Buffer.from(inflateSvgz(gzipSync(svg), svg.length))).toEqual(svg);
    expect(() => inflateSvgz(gzipSync(svg), svg.length - 1)).toThrow(ToolInputError);
    // 64 MiB from 64 KB: refused having inflated little more than the limit.
    const started = process.memoryUsage().arrayBuffers;
    expect(() => inflateSvgz(fixture('bomb.svgz'), 3 * 1048576)).toThrow(
      "'image' is a gzip-compressed SVG that inflates to more than 3 MB; an SVG may be at most 3 MB once inflated.",
    );
    expect(process.memoryUsage().arrayBuffers - started).toBeLessThan(32 * 1048576);
    expect(() => inflateSvgz(fixture('quadrants.svgz').subarray(0, 60), 1e6)).toThrow(
      "'image' could not be decoded as SVG: its gzip compression is damaged or truncated.",
    );
  });
});

describe('through the converter, against librsvg', () => {
  it.each(['namespaced.svg', 'quadrants.svgz'])('%s is drawn as librsvg draws it', async (file) => {
    const answer = await call('image-converter', { image: fixture(file).toString('base64'), from: 'svg', to: 'png' });
    expect(answer.status).toBe(200);
    const ours = await decode((answer.body as { image: string }).image);
    const { data, info } = await sharp(fixture(file)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([ours.width, ours.height]).toEqual([info.width, info.height]);
    expect(ours.data.equals(data)).toBe(true);
  });

  it('a gzip bomb is a 400 naming the limit, not a 500 or an exhausted worker', async () => {
    const answer = await call('image-converter', {
      image: fixture('bomb.svgz').toString('base64'),
      from: 'svg',
      to: 'png',
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        error:
          "'image' is a gzip-compressed SVG that inflates to more than 3 MB; an SVG may be at most 3 MB once inflated.",
      },
    });
  });
});
