// The background remover through invoke() with the real ISNet model on onnxruntime-node, on
// synthetic scenes made here with sharp (an object on a plain contrasting background); sharp,
// an independent decoder, reads the answers. Plus the pure code around the model, and the model
// files' integrity checks.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { MODEL_SIDE, ModelUnavailableError, type SegmentationPlatform } from '../../platform/segmentation';
import { modelPackageDist, readModel } from '../../platform/segmentation-node';
import { MODEL_RESOURCE, type ResourceMap } from '../../platform/model';
import type { ToolContext } from '../define';
import { CERTAIN, applyMask, maskToAlpha, scaleMask, toModelInput } from './cutout';
import { encodeGrayPng } from './gray-png';
import { Output } from './schema';
import tool from './tool';
import { nodeContext } from '../../platform/node-context';
import { call } from '../../../tests/support/doors';

describe('toModelInput', () => {
  it('normalises each channel as (v − 128) / 256, planar, alpha ignored', () => {
    const data = new Uint8Array(MODEL_SIDE * MODEL_SIDE * 4);
    data.set([0, 128, 255, 7], 0);
    data.set([64, 32, 16, 0], 4 * (MODEL_SIDE * MODEL_SIDE - 1));
    const input = toModelInput({ width: MODEL_SIDE, height: MODEL_SIDE, data });
    const plane = MODEL_SIDE * MODEL_SIDE;
    expect(input.length).toBe(3 * plane);
    expect([input[0], input[plane], input[2 * plane]]).toEqual([-0.5, 0, 127 / 256]);
    expect([input[plane - 1], input[2 * plane - 1], input[3 * plane - 1]]).toEqual([-0.25, -0.375, -0.4375]);
  });

  it('refuses a bitmap of another size (a bug, not bad input)', () => {
    expect(() => toModelInput({ width: 2, height: 2, data: new Uint8Array(16) })).toThrow(/expected 1024/);
  });
});

describe('maskToAlpha', () => {
  it('clamps confident background to 0 and foreground to 255, stretches the edge linearly', () => {
    const mask = new Float32Array([0, 0.001, CERTAIN, 0.5, 1 - CERTAIN, 1, NaN, -1, 2, 0.26]);
    expect([...maskToAlpha(mask)]).toEqual([
      0,
      0,
      0,
      128,
      255,
      255,
      0,
      0,
      255,
      Math.round(((0.26 - CERTAIN) * 255) / (1 - 2 * CERTAIN)),
    ]);
  });
});

describe('applyMask', () => {
  const image = (width: number, height: number, alpha = 255) => {
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([i % 256, (i * 7) % 256, 200, alpha], i * 4);
    return { width, height, data };
  };

  it('at the mask’s own size multiplies alpha pixel by pixel, keeps the colours where alpha is left and clears them where none is', () => {
    const src = image(3, 3, 128);
    const alpha = new Uint8Array([0, 255, 100, 50, 255, 0, 255, 255, 1]);
    const out = applyMask(src, alpha, 3);
    for (let i = 0; i < 9; i++) {
      const a = Math.round((alpha[i]! * 128) / 255);
      expect(out.data[i * 4 + 3]).toBe(a);
      // alpha 1 × 128 / 255 rounds to 1: a faint pixel keeps its colour, a cut one has none.
      expect(out.data.subarray(i * 4, i * 4 + 3)).toEqual(
        a === 0 ? new Uint8Array(3) : src.data.subarray(i * 4, i * 4 + 3),
      );
    }
    expect([out.data[3], out.data[23], out.data[35]]).toEqual([0, 0, 1]);
    expect(src.data[3]).toBe(128); // the input is not modified
  });

  it('clears the colour of pixels the input itself had transparent', () => {
    const src = { width: 2, height: 1, data: new Uint8Array([10, 20, 30, 0, 40, 50, 60, 255]) };
    expect([...applyMask(src, new Uint8Array([255, 255]), 1).data.subarray(0, 4)]).toEqual([0, 0, 0, 0]);
  });

  it('scales the mask bilinearly with sample centres aligned', () => {
    // A 2×2 mask on a 4×4 image: output (x, y) samples the mask at ((x + 0.5)/2 − 0.5, …), clamped.
    const alpha = new Uint8Array([0, 200, 100, 40]);
    const out = applyMask(image(4, 4), alpha, 2);
    const at = (u: number, v: number) => {
      const cu = Math.min(Math.max(u, 0), 1);
      const cv = Math.min(Math.max(v, 0), 1);
      const top = alpha[0]! * (1 - cu) + alpha[1]! * cu;
      const bottom = alpha[2]! * (1 - cu) + alpha[3]! * cu;
      return Math.round(top * (1 - cv) + bottom * cv);
    };
    for (let y = 0; y < 4; y++)
      for (let x = 0; x < 4; x++)
        expect(out.data[(y * 4 + x) * 4 + 3], `(${x}, ${y})`).toBe(at((x + 0.5) / 2 - 0.5, (y + 0.5) / 2 - 0.5));
  });
});

describe('scaleMask', () => {
  it('is the alpha applyMask gives an opaque image, at any size', () => {
    const alpha = new Uint8Array(16 * 16).map((_, i) => (i * 37) % 256);
    for (const [width, height] of [
      [1, 1],
      [5, 3],
      [16, 16],
      [40, 23],
    ] as const) {
      const opaque = { width, height, data: new Uint8Array(width * height * 4).fill(255) };
      const cut = applyMask(opaque, alpha, 16);
      expect(scaleMask(width, height, alpha, 16)).toEqual(cut.data.filter((_, i) => i % 4 === 3));
    }
  });
});

describe('encodeGrayPng', () => {
  it('writes an 8-bit grayscale PNG that sharp (libpng) reads back byte for byte', async () => {
    for (const [width, height] of [
      [1, 1],
      [7, 3],
      [300, 2],
      [64, 65],
    ] as const) {
      // Runs and gradients, as in a mask, and noise, so every filter gets picked somewhere.
      const gray = new Uint8Array(width * height).map((_, i) =>
        i % 97 < 40 ? 0 : i % 97 < 60 ? (i * 2654435761) >>> 24 : i % 256,
      );
      const png = encodeGrayPng(gray, width, height);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height, meta.channels, meta.depth, meta.space]).toEqual([
        'png',
        width,
        height,
        1,
        'uchar',
        'b-w',
      ]);
      // sharp's raw output is sRGB (three equal bands) unless one band is asked for.
      expect(new Uint8Array(await sharp(png).extractChannel(0).raw().toBuffer())).toEqual(gray);
    }
  });

  it('refuses a buffer of the wrong length (a bug, not bad input)', () => {
    expect(() => encodeGrayPng(new Uint8Array(5), 2, 2)).toThrow(/5 bytes for 2×2/);
  });
});

describe('model files', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'model-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('reassembles the shipped model to the size resources.json states', async () => {
    const resources = JSON.parse(readFileSync(join(modelPackageDist(), 'resources.json'), 'utf8')) as ResourceMap;
    const model = await readModel();
    expect(model.length).toBe(resources[MODEL_RESOURCE]!.size);
    // An ONNX file is a protobuf ModelProto: field 1 (ir_version) as a varint comes first.
    expect(model[0]).toBe(0x08);
  });

  it('refuses a chunk whose bytes do not match the SHA-256 that names it', async () => {
    const parts = [Buffer.from('first chunk '), Buffer.from('second chunk')];
    const hashes = parts.map((part) => createHash('sha256').update(part).digest('hex'));
    const entry = {
      size: 24,
      mime: 'application/octet-stream',
      chunks: hashes.map((hash, i) => ({ hash, offsets: [i * 12, i * 12 + 12] })),
    };
    writeFileSync(join(scratch, 'resources.json'), JSON.stringify({ '/models/test': entry }));
    parts.forEach((part, i) => writeFileSync(join(scratch, hashes[i]!), part));
    expect(Buffer.from(await readModel('/models/test', scratch)).toString()).toBe('first chunk second chunk');
    writeFileSync(join(scratch, hashes[1]!), 'second chunX');
    await expect(readModel('/models/test', scratch)).rejects.toThrow(/chunk [0-9a-f]{64} of \/models\/test is damaged/);
    await expect(readModel('/models/none', scratch)).rejects.toThrow(/has no \/models\/none/);
  });

  it("reads the app build's copy (dist/models/: <sha256>.bin and its resources.json) to the same bytes as the package", async () => {
    const built = join(import.meta.dirname, '../../../dist/models');
    if (!existsSync(join(built, 'resources.json')))
      return expect.fail('dist/models/resources.json is missing: run `npm run build` first');
    const fromBuild = await readModel(MODEL_RESOURCE, { dir: built, chunkFile: (hash) => `${hash}.bin` });
    expect(createHash('sha256').update(fromBuild).digest('hex')).toBe(
      createHash('sha256')
        .update(await readModel())
        .digest('hex'),
    );
  });
});

/** Alpha of the decoded PNG (sharp), with the size. */
async function alphaOf(base64: string) {
  const { data, info } = await sharp(Buffer.from(base64, 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { info, rgba: data, alpha: (x: number, y: number) => data[(y * info.width + x) * 4 + 3]! };
}

/** Every pixel within `band` pixels of the border. */
function border(width: number, height: number, band: number): [number, number][] {
  const points: [number, number][] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (x < band || y < band || x >= width - band || y >= height - band) points.push([x, y]);
  return points;
}

describe('background-remover through invoke (ISNet on onnxruntime-node)', () => {
  it('a JPEG vase on a pale wall: the wall transparent, the vase opaque, same size, colours kept', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><defs><radialGradient id="g" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#f2b36b"/><stop offset="1" stop-color="#8a3b12"/></radialGradient></defs><rect width="320" height="200" fill="#eef1f4"/><ellipse cx="150" cy="110" rx="60" ry="70" fill="url(#g)"/></svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    // A data-URL prefix is tolerated, as by the other image tools.
    const reply = await call('background-remover', { image: `data:image/jpeg;base64,${jpeg.toString('base64')}` });
    expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(200);
    const body = Output.parse(reply.body);
    expect([body.width, body.height]).toEqual([320, 200]);
    const png = Buffer.from(body.image, 'base64');
    expect(body.size_bytes).toBe(png.length);
    const { info, rgba, alpha } = await alphaOf(body.image);
    expect([info.width, info.height, info.channels, (await sharp(png).metadata()).format]).toEqual([
      320,
      200,
      4,
      'png',
    ]);
    // The wall: a 12-pixel band all around, and the corners, are fully transparent.
    expect(border(320, 200, 12).filter(([x, y]) => alpha(x, y) !== 0)).toEqual([]);
    // The vase: its inner part (an ellipse at 80%) is fully opaque, in its true colours.
    const inner: [number, number][] = [];
    for (let y = 0; y < 200; y++)
      for (let x = 0; x < 320; x++) if (((x - 150) / 48) ** 2 + ((y - 110) / 56) ** 2 <= 1) inner.push([x, y]);
    expect(inner.filter(([x, y]) => alpha(x, y) !== 255)).toEqual([]);
    const original = await sharp(jpeg).raw().toBuffer();
    const [x, y] = [150, 110];
    for (let c = 0; c < 3; c++)
      expect(Math.abs(rgba[(y * 320 + x) * 4 + c]! - original[(y * 320 + x) * 3 + c]!)).toBeLessThanOrEqual(3);
  });

  it('keeps the input’s own transparency: alpha = mask × alpha', async () => {
    // A yellow card on a dark background, 256×256, whose right half the PNG makes half transparent.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#202020"/><rect x="80" y="60" width="96" height="136" rx="20" fill="#f0d040"/></svg>`;
    const raw = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
    for (let y = 0; y < 256; y++) for (let x = 128; x < 256; x++) raw[(y * 256 + x) * 4 + 3] = 128;
    const png = await sharp(raw, { raw: { width: 256, height: 256, channels: 4 } })
      .png()
      .toBuffer();
    const reply = await call('background-remover', { image: png.toString('base64') });
    expect(reply.status).toBe(200);
    const { alpha } = await alphaOf(Output.parse(reply.body).image);
    expect(border(256, 256, 16).filter(([x, y]) => alpha(x, y) !== 0)).toEqual([]);
    expect([alpha(100, 128), alpha(110, 90), alpha(150, 128), alpha(160, 170)]).toEqual([255, 255, 128, 128]);
  });
});

describe('background-remover output and background (ISNet on onnxruntime-node), read with sharp', () => {
  // A teal bottle on a pale wall, 200×160: an opaque JPEG, so the mask is the cut-out's alpha.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="160"><rect width="200" height="160" fill="#f4f1ea"/><rect x="70" y="25" width="60" height="115" rx="22" fill="#1f7a78"/></svg>`;
  let jpeg: string;
  /** The default answer (output 'cutout', no background), the reference the others are read against. */
  let cutout: Buffer;
  const raw = async (png: Buffer) => sharp(png).raw().toBuffer({ resolveWithObject: true });
  /** A gray PNG's one band (sharp's raw output would be three equal sRGB bands). */
  const grayOf = (png: Buffer) => sharp(png).extractChannel(0).raw().toBuffer();
  // Each model run takes seconds, many more on a busy shared machine: no wall-clock limit worth failing on.
  const SLOW = 300_000;
  beforeAll(async () => {
    jpeg = (await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer()).toString('base64');
    const plain = await call('background-remover', { image: jpeg, output: 'cutout' });
    expect(plain.status).toBe(200);
    cutout = Buffer.from(Output.parse(plain.body).image, 'base64');
  }, SLOW);

  it(
    'output mask: an 8-bit gray PNG of the image’s size, equal to the cut-out’s alpha channel',
    async () => {
      const reply = await call('background-remover', { image: jpeg, output: 'mask' });
      expect(reply.status).toBe(200);
      const body = Output.parse(reply.body);
      const png = Buffer.from(body.image, 'base64');
      expect([body.width, body.height, body.size_bytes]).toEqual([200, 160, png.length]);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.channels, meta.space, meta.hasAlpha]).toEqual(['png', 1, 'b-w', false]);
      const mask = await grayOf(png);
      const alpha = await sharp(cutout).extractChannel('alpha').raw().toBuffer();
      expect(mask.equals(alpha)).toBe(true);
      // And it is a mask: the wall 0, the bottle 255.
      expect([mask[0], mask[160 * 200 - 1], mask[80 * 200 + 100]]).toEqual([0, 0, 255]);
    },
    SLOW,
  );

  it(
    'output mask of a translucent PNG: the model’s mask; the cut-out’s alpha is mask × the image’s alpha',
    async () => {
      const rgba = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
      for (let i = 3; i < rgba.length; i += 4) rgba[i] = 128;
      const png = (
        await sharp(rgba, { raw: { width: 200, height: 160, channels: 4 } })
          .png()
          .toBuffer()
      ).toString('base64');
      const [mask, cut] = await Promise.all([
        call('background-remover', { image: png, output: 'mask' }),
        call('background-remover', { image: png }),
      ]);
      const m = await grayOf(Buffer.from(Output.parse(mask.body).image, 'base64'));
      const a = await sharp(Buffer.from(Output.parse(cut.body).image, 'base64'))
        .extractChannel('alpha')
        .raw()
        .toBuffer();
      expect(m[80 * 200 + 100]).toBe(255);
      // Both are rounded from the same unrounded mask, so they agree to within one level.
      for (let i = 0; i < m.length; i++)
        if (Math.abs(a[i]! - (m[i]! * 128) / 255) > 1) expect.fail(`pixel ${i}: alpha ${a[i]}, mask ${m[i]}`);
    },
    SLOW,
  );

  it(
    'background white: the cut-out flattened onto white, as sharp’s flatten gives it',
    async () => {
      const reply = await call('background-remover', { image: jpeg, background: 'white' });
      expect(reply.status).toBe(200);
      const ours = await sharp(Buffer.from(Output.parse(reply.body).image, 'base64'))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(ours.info.channels).toBe(4);
      const theirs = await sharp(cutout).flatten({ background: '#ffffff' }).raw().toBuffer();
      for (let p = 0; p < 200 * 160; p++) {
        expect(ours.data[p * 4 + 3]).toBe(255);
        for (let c = 0; c < 3; c++)
          if (Math.abs(ours.data[p * 4 + c]! - theirs[p * 3 + c]!) > 1)
            expect.fail(`pixel ${p} channel ${c}: ${ours.data[p * 4 + c]} vs sharp ${theirs[p * 3 + c]}`);
      }
      // The wall is now white, the bottle its own colour.
      expect([...ours.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    },
    SLOW,
  );

  it(
    'a translucent background (#ff000080): sharp’s composite of the cut-out over that colour',
    async () => {
      const reply = await call('background-remover', { image: jpeg, background: '#ff000080' });
      const ours = (await raw(Buffer.from(Output.parse(reply.body).image, 'base64'))).data;
      const theirs = await sharp({
        create: { width: 200, height: 160, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 128 / 255 } },
      })
        .composite([{ input: cutout }])
        .raw()
        .toBuffer();
      let worst = 0;
      for (let i = 0; i < ours.length; i++) worst = Math.max(worst, Math.abs(ours[i]! - theirs[i]!));
      expect(worst).toBeLessThanOrEqual(1);
      expect([...ours.subarray(0, 4)]).toEqual([255, 0, 0, 128]);
    },
    SLOW,
  );
});

describe('background-remover without a usable model', () => {
  const context = (segmentation: SegmentationPlatform | undefined): ToolContext => ({
    now: nodeContext.now,
    randomBytes: nodeContext.randomBytes,
    images: nodeContext.images,
    segmentation,
  });
  const DISC = tool.examples[0].input;

  it('answers 503 with the port’s sentence when the model cannot be had (offline, not downloaded)', async () => {
    const reply = await invoke(
      tool,
      DISC,
      context({ segment: () => Promise.reject(new ModelUnavailableError('The model is not on this device yet.')) }),
    );
    expect(reply).toEqual({ status: 503, body: { error: 'The model is not on this device yet.' } });
  });

  it('is a fault (500) when a door forgot to wire the model', async () => {
    const reply = await invoke(tool, DISC, context(undefined));
    expect(reply).toEqual({ status: 500, body: { error: 'Internal error' } });
  });

  it('refuses bad input without touching the model', async () => {
    let calls = 0;
    const spy = context({ segment: () => (calls++, Promise.reject(new Error('must not run'))) });
    for (const image of ['SGVsbG8sIFdvcmxkIQ==', 'iVBOR*w0K', ''])
      expect((await invoke(tool, { image }, spy)).status).toBe(400);
    expect(calls).toBe(0);
  });
});
