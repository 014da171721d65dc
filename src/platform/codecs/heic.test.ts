// HEIC input: our decode (libheif-js, WebAssembly) against an independent decoder, Debian's
// `heif-convert` (the native libheif and libde265 of libheif-examples; sharp's prebuilt libvips
// reads no HEVC), whose PNG sharp reads colour-managed. Fixtures: tests/fixtures/images/*.heic,
// written by generate-heic.mjs with heif-enc. Also: sniffing against AVIF, the header's bounds,
// damaged files as 400s through the converter, and libheif loaded only for a HEIC.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ASSET_SOURCES, type AssetLoader, type AssetName } from '../assets';
import { nodeImages } from '../node';
import type { Bitmap } from '../types';
import { createImagePlatform } from './index';
import { sniffFormat } from '../../lib/images/formats';
import { probe } from '../../lib/images/probe';
import { fixture } from '../../../tests/support/image-fixtures';
import { withTransforms } from '../../../tests/support/avif-transform.mjs';
import { call } from '../../../tests/support/doors';

const FIXTURES = resolve(import.meta.dirname, '../../../tests/fixtures/images');
const work = mkdtempSync(join(tmpdir(), 'heic-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** heif-convert's decode of a fixture, as sRGB RGBA (sharp applies the PNG's profile). */
async function reference(name: string): Promise<Bitmap> {
  const png = join(work, `${name}.png`);
  execFileSync('heif-convert', [join(FIXTURES, name), png], { stdio: 'pipe' });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** PSNR over all four channels. */
function psnr(a: Bitmap, b: Bitmap): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += (a.data[i]! - b.data[i]!) ** 2;
  return sum === 0 ? Infinity : 10 * Math.log10((255 * 255 * a.data.length) / sum);
}

const at = (image: Bitmap, x: number, y: number) => [
  ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
];

describe('HEIC decodes as libheif-examples decodes it', () => {
  it.each([
    ['photo.heic', 96, 61],
    ['quadrants.heic', 40, 24],
    ['alpha.heic', 32, 32],
    ['p3-quadrants.heic', 40, 24],
    // irot/imir applied: stored 40×24, shown 24×40.
    ['quadrants-irot3.heic', 24, 40],
    ['quadrants-irot1-imir0.heic', 24, 40],
  ])('%s: %i×%i, ≥ 40 dB', async (name, width, height) => {
    const ours = await nodeImages.decode(new Uint8Array(fixture(name)), 'heic');
    const theirs = await reference(name);
    expect([ours.width, ours.height]).toEqual([width, height]);
    expect([theirs.width, theirs.height]).toEqual([width, height]);
    expect(psnr(ours, theirs)).toBeGreaterThanOrEqual(40);
  });

  it('rotation: irot 3 (a quarter turn clockwise) puts the top-left red at the top right', async () => {
    const ours = await nodeImages.decode(new Uint8Array(fixture('quadrants-irot3.heic')), 'heic');
    expect(Math.max(...at(ours, 18, 5).map((v, i) => Math.abs(v - [255, 0, 0, 255][i]!)))).toBeLessThan(8);
    expect(Math.max(...at(ours, 5, 35).map((v, i) => Math.abs(v - [255, 255, 0, 255][i]!)))).toBeLessThan(8);
  });

  it('alpha: the auxiliary alpha image is applied (transparent top right, half-transparent bottom)', async () => {
    const ours = await nodeImages.decode(new Uint8Array(fixture('alpha.heic')), 'heic');
    expect(at(ours, 24, 4)[3]).toBeLessThan(8);
    expect(Math.abs(at(ours, 16, 28)[3]! - 128)).toBeLessThan(8);
    expect(at(ours, 4, 4)[3]).toBe(255);
  });

  it('Display P3: converted to sRGB through the embedded profile (P3 red is outside sRGB: clipped to red)', async () => {
    const stored = await nodeImages.decode(new Uint8Array(fixture('p3-quadrants.heic')), 'heic');
    const raw = (await sharp(fixture('p3-quadrants.png')).metadata()).icc;
    expect(raw).toBeDefined();
    // Without the profile the stored numbers would be P3's own (about 234, 51, 35 for sRGB red).
    expect(
      Math.max(
        ...at(stored, 5, 5)
          .slice(0, 3)
          .map((v, i) => Math.abs(v - [255, 0, 0][i]!)),
      ),
    ).toBeLessThan(8);
  });
});

describe('sniffing and the header', () => {
  it('HEIC files are heic; every AVIF fixture stays avif', () => {
    for (const name of ['photo.heic', 'quadrants.heic', 'alpha.heic', 'p3-quadrants.heic', 'quadrants-irot3.heic'])
      expect(sniffFormat(fixture(name))).toBe('heic');
    for (const name of ['quadrants.avif', 'alpha.avif', 'quadrants-irot3.avif', 'quadrants-irot1-imir0.avif'])
      expect(sniffFormat(fixture(name))).toBe('avif');
  });

  it('an ftyp naming mif1 first and avif among its brands is AVIF; mif1 alone is HEIF', () => {
    const ftyp = (...brands: string[]) => {
      const bytes = new Uint8Array(8 + brands.length * 4 + 4);
      new DataView(bytes.buffer).setUint32(0, 8 + 4 + brands.length * 4);
      bytes.set(new TextEncoder().encode('ftyp'), 4);
      brands.forEach((brand, i) => bytes.set(new TextEncoder().encode(brand), i === 0 ? 8 : 12 + i * 4));
      return bytes;
    };
    expect(sniffFormat(ftyp('mif1', 'mif1', 'avif'))).toBe('avif');
    expect(sniffFormat(ftyp('mif1', 'mif1', 'miaf'))).toBe('heic');
    expect(sniffFormat(ftyp('heic', 'mif1'))).toBe('heic');
    expect(sniffFormat(ftyp('isom', 'mp41'))).toBeUndefined();
  });

  it('the probe reports the largest stated size, upright, before any decoding', () => {
    // heif-enc states the coded 96×64 (x265 codes whole 8-row blocks) and the image's 96×61.
    expect(probe(fixture('photo.heic'), 'heic')).toEqual({ width: 96, height: 64, orientation: 1 });
    expect(probe(withTransforms(fixture('photo.heic'), [['irot', 1]]), 'heic')).toEqual({
      width: 64,
      height: 96,
      orientation: 1,
    });
  });
});

describe('bounded, and damage is a 400 that names HEIC', () => {
  const quadrants = fixture('quadrants.heic');
  const convert = (bytes: Uint8Array) =>
    call('image-converter', { image: Buffer.from(bytes).toString('base64'), from: 'heic', to: 'png' });

  it('a HEIC whose header claims more than 40 megapixels is refused before decoding', async () => {
    const bytes = Buffer.from(quadrants);
    const ispe = bytes.indexOf('ispe');
    bytes.writeUInt32BE(10_000, ispe + 8);
    bytes.writeUInt32BE(10_000, ispe + 12);
    const reply = await convert(bytes);
    expect(reply.status).toBe(400);
    expect((reply.body as { error: string }).error).toMatch(/megapixels|pixels/);
  });

  it('a coded image larger than its ispe states is refused by name, not decoded', async () => {
    const big = Buffer.from(readFileSync(join(FIXTURES, 'photo.heic')));
    const ispe = big.indexOf('ispe');
    big.writeUInt32BE(8, ispe + 8);
    big.writeUInt32BE(8, ispe + 12);
    const reply = await convert(big);
    expect(reply.status).toBe(400);
    expect((reply.body as { error: string }).error).toMatch(/HEIC/);
  });

  it('every truncation and a few corruptions answer 200 or a 400 naming HEIC, never a 500', async () => {
    const lengths = [
      12,
      24,
      40,
      64,
      100,
      200,
      300,
      quadrants.length - 100,
      quadrants.length - 20,
      quadrants.length - 1,
    ];
    const corruptions = [0.3, 0.5, 0.7, 0.9].map((share) => {
      const bytes = Uint8Array.from(quadrants);
      const index = Math.floor(bytes.length * share);
      bytes[index]! ^= 0xff;
      bytes[index + 1]! ^= 0x55;
      return bytes;
    });
    for (const bytes of [...lengths.map((length) => quadrants.subarray(0, length)), ...corruptions]) {
      const reply = await convert(bytes);
      expect([200, 400]).toContain(reply.status);
      if (reply.status === 400)
        expect((reply.body as { error: string }).error).toMatch(/HEIC|not an image|image.*format/i);
    }
    // The decoder still works after all that.
    expect((await convert(quadrants)).status).toBe(200);
  });
});

describe('libheif is loaded only for a HEIC', () => {
  it('a PNG and a JPEG leave it unloaded; the first HEIC loads it once', async () => {
    const loads: AssetName[] = [];
    const require = createRequire(import.meta.url);
    const assets: AssetLoader = {
      wasm: async (name) => (
        loads.push(name),
        new WebAssembly.Module(readFileSync(require.resolve(ASSET_SOURCES[name])))
      ),
      bytes: async (name) => (loads.push(name), new Uint8Array(readFileSync(require.resolve(ASSET_SOURCES[name])))),
    };
    const images = createImagePlatform(assets);
    await images.decode(new Uint8Array(fixture('quadrants.png')), 'png');
    await images.decode(new Uint8Array(fixture('quadrants.jpeg')), 'jpeg');
    expect(loads).not.toContain('heif.wasm');
    await images.decode(new Uint8Array(fixture('quadrants.heic')), 'heic');
    await images.decode(new Uint8Array(fixture('photo.heic')), 'heic');
    expect(loads.filter((name) => name === 'heif.wasm')).toHaveLength(1);
  });
});
