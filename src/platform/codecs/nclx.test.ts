// Colours stated by number in a HEIF `colr` box of type `nclx` (ITU-T H.273), as iPhones state
// Display P3: converted to sRGB as an embedded P3 ICC profile is. The reference is independent:
// sharp (libvips + littleCMS) converting the same P3 numbers through its own Display P3 profile.
// The HEIC is written by libheif's heif-enc with nclx primaries 12 (P3), transfer 13 (sRGB curve).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SRGB_PRIMARIES, colorants, nclxProfile } from '../../lib/images/nclx-profile';
import { nodeImages } from '../node';
import { isSrgb } from './colour-profile';
import { embeddedProfile } from './icc-profile';

/**
 * The HEIF with its ICC `colr` property replaced by an nclx one (primaries, transfer, matrix,
 * full range) in place: the properties after it move up, a `free` box fills the rest, so no
 * property index, box size outside `ipco` or file offset changes.
 */
function asNclx(bytes: Uint8Array, primaries: number, transfer: number, matrix: number): Uint8Array {
  const out = Buffer.from(bytes);
  const at = out.indexOf('colrprof');
  const colr = (at >= 0 ? at : out.indexOf('colrrICC')) - 4;
  expect(colr).toBeGreaterThan(0);
  const ipco = out.indexOf('ipco') - 4;
  const ipcoEnd = ipco + out.readUInt32BE(ipco);
  const after = out.subarray(colr + out.readUInt32BE(colr), ipcoEnd);
  const nclx = Buffer.alloc(19);
  nclx.writeUInt32BE(19, 0);
  nclx.write('colrnclx', 4, 'latin1');
  nclx.writeUInt16BE(primaries, 12);
  nclx.writeUInt16BE(transfer, 14);
  nclx.writeUInt16BE(matrix, 16);
  nclx[18] = 0x80;
  const free = Buffer.alloc(ipcoEnd - colr - nclx.length - after.length);
  expect(free.length).toBeGreaterThanOrEqual(8);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  return new Uint8Array(Buffer.concat([out.subarray(0, colr), nclx, Buffer.from(after), free, out.subarray(ipcoEnd)]));
}

/** A PNG with an iCCP chunk (the profile, deflated) after its IHDR. */
function withIccp(png: Buffer, profile: Buffer): Buffer {
  const data = Buffer.concat([Buffer.from('P3\0\0', 'latin1'), deflateSync(profile)]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('iCCP', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

/** PSNR of two RGBA buffers over the colour channels. */
function psnr(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (i % 4 === 3) continue;
    sum += (a[i]! - b[i]!) ** 2;
    n++;
  }
  return sum === 0 ? Infinity : 10 * Math.log10((255 * 255) / (sum / n));
}

const width = 96;
const height = 64;

/** Saturated ramps, where P3 and sRGB differ most, and a grey ramp, where they agree (RGB). */
function ramps(): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const band = Math.floor(y / 16);
      const v = Math.round((x / (width - 1)) * 255);
      raw.set(
        band === 0 ? [v, 30, 30] : band === 1 ? [30, v, 30] : band === 2 ? [30, 30, v] : [v, v, v],
        (y * width + x) * 3,
      );
    }
  return raw;
}

const sourceRgba = async (raw: Buffer) =>
  new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .ensureAlpha()
      .raw()
      .toBuffer(),
  );

describe('nclx colours', () => {
  it('sRGB primaries give the colorants an sRGB ICC profile states (D50)', () => {
    const expected = [
      [0.4361, 0.2225, 0.0139],
      [0.3851, 0.7169, 0.0971],
      [0.1431, 0.0606, 0.7141],
    ];
    colorants(SRGB_PRIMARIES).forEach((column, i) =>
      column.forEach((value, j) => expect(value).toBeCloseTo(expected[i]![j]!, 3)),
    );
    // And a profile made for BT.709 primaries with the sRGB curve would be sRGB: none is made.
    expect(nclxProfile(1, 13)).toBeUndefined();
    expect(nclxProfile(2, 2)).toBeUndefined();
    expect(isSrgb(nclxProfile(12, 13)!)).toBe(false);
  });

  it('a HEIC whose nclx says Display P3 comes out as sharp converts the same P3 pixels', async () => {
    const work = mkdtempSync(join(tmpdir(), 'nclx-'));
    try {
      const raw = ramps();
      // The numbers written as P3 (sharp converts them into its Display P3 profile and embeds it),
      // then the HEIC's ICC `colr` turned into the nclx an iPhone writes (heif-enc 1.15 writes no nclx).
      const png = join(work, 'p3.png');
      await sharp(raw, { raw: { width, height, channels: 3 } })
        .withIccProfile('p3')
        .png()
        .toFile(png);
      const heic = join(work, 'p3.heic');
      execFileSync('heif-enc', ['-q', '95', '-o', heic, png], { stdio: 'pipe' });
      const bytes = asNclx(new Uint8Array(readFileSync(heic)), 12, 13, 6);
      writeFileSync(heic, bytes);
      expect(embeddedProfile(bytes, 'heic')).toBeDefined();

      // The reference: libheif's own decoding (heif-convert, which leaves the numbers as they
      // are), tagged with sharp's Display P3 profile and converted to sRGB by libvips.
      const decoded = join(work, 'decoded.png');
      execFileSync('heif-convert', [heic, decoded], { stdio: 'pipe' });
      const p3 = (
        await sharp(Buffer.alloc(3), { raw: { width: 1, height: 1, channels: 3 } })
          .withIccProfile('p3')
          .png()
          .toBuffer({ resolveWithObject: true })
      ).data;
      const profile = (await sharp(p3).metadata()).icc!;
      const theirs = new Uint8Array(
        await sharp(withIccp(readFileSync(decoded), profile))
          .toColourspace('srgb')
          .ensureAlpha()
          .raw()
          .toBuffer(),
      );
      const unmanaged = new Uint8Array(await sharp(decoded).ensureAlpha().raw().toBuffer());
      const ours = (await nodeImages.decode(bytes, 'heic')).data;
      expect(ours.length).toBe(theirs.length);
      // The P3 numbers as they are would be far from sRGB's: the test can tell.
      expect(psnr(unmanaged, theirs)).toBeLessThan(32);
      expect(psnr(ours, theirs)).toBeGreaterThan(35);
      // And close to the sRGB numbers the P3 file was made from (they are inside both gamuts).
      expect(psnr(ours, await sourceRgba(raw))).toBeGreaterThan(40);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('an AVIF whose nclx says Display P3 comes out as libvips reads its ICC twin', async () => {
    const raw = ramps();
    const withProfile = new Uint8Array(
      await sharp(raw, { raw: { width, height, channels: 3 } })
        .withIccProfile('p3')
        .avif({ quality: 95 })
        .toBuffer(),
    );
    const bytes = asNclx(withProfile, 12, 13, 6);
    expect(embeddedProfile(bytes, 'avif')).toBeDefined();
    const theirs = new Uint8Array(
      await sharp(Buffer.from(withProfile)).toColourspace('srgb').ensureAlpha().raw().toBuffer(),
    );
    const ours = (await nodeImages.decode(bytes, 'avif')).data;
    expect(psnr(ours, theirs)).toBeGreaterThan(35);
    expect(psnr(ours, await sourceRgba(raw))).toBeGreaterThan(40);
  });
});
