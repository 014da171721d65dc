// One file of the shared corpus (../shared/corpus: codec projects' own test images, never copied
// into this repository) through our image converter and through libvips (sharp), and how the two
// answers compare. Shared by the tagged-subset test (corpus.test.ts) and bench/corpus.mjs.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** Where the corpus lies: ../shared/corpus beside the repository, or CORPUS_DIR. */
export const CORPUS_DIR = process.env.CORPUS_DIR ?? fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
export const corpusPresent = () => existsSync(CORPUS_DIR);

/** The acceptance threshold: a 200 whose pixels are this close to libvips' is the same image. */
export const MIN_PSNR = 35;

/**
 * libvips' reading of the file as 8-bit sRGB RGBA, upright (EXIF / TIFF orientation applied, as
 * our tools do), its first page or frame, through its embedded profile where it has one; or the
 * reason libvips refuses it.
 */
export async function libvipsPixels(bytes) {
  try {
    const { data, info } = await sharp(bytes, { autoOrient: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: rgba(data, info.channels) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * 1 to 4 channels to RGBA, an absent alpha opaque (sharp's ensureAlpha would take the format's
 * maximum, 127 for signed bytes).
 */
function rgba(data, channels) {
  if (channels === 4) return data;
  const pixels = data.length / channels;
  const out = Buffer.alloc(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    const grey = channels < 3;
    for (let c = 0; c < 3; c++) out[4 * i + c] = data[i * channels + (grey ? 0 : c)];
    out[4 * i + 3] = channels === 2 ? data[i * channels + 1] : 255;
  }
  return out;
}

/** RGBA of a PNG (our converter's answer), 8 bits per channel. */
async function pngPixels(png) {
  const { data, info } = await sharp(png).ensureAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * PSNR in dB of two RGBA images of one size, colours premultiplied by alpha (a transparent
 * pixel's colour is invisible, and some codecs zero it), alpha compared as a fourth channel.
 */
export function psnr(a, b) {
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) {
    const aa = a[i + 3],
      ba = b[i + 3];
    for (let c = 0; c < 3; c++) {
      const d = (a[i + c] * aa - b[i + c] * ba) / 255;
      sum += d * d;
    }
    sum += (aa - ba) * (aa - ba);
  }
  const mse = sum / a.length;
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/**
 * The file through `invoke('image-converter', …)` to PNG and through libvips, compared. The
 * answer's `kind`: 'match' (same size, PSNR ≥ 35 dB), 'differ', 'refused' (a 400, `message`
 * its sentence), '5xx' (or a throw), or 'read' (ours is a 200 and libvips refuses the file).
 * `libvips` holds libvips' refusal, if any.
 */
export async function compareFile(invoke, bytes, from) {
  const reference = await libvipsPixels(bytes);
  let reply;
  try {
    reply = await invoke('image-converter', { image: Buffer.from(bytes).toString('base64'), from, to: 'png' });
  } catch (error) {
    return {
      kind: '5xx',
      message: `threw: ${error instanceof Error ? error.message : String(error)}`,
      libvips: reference.error,
    };
  }
  if (reply.status >= 500) return { kind: '5xx', message: JSON.stringify(reply.body), libvips: reference.error };
  if (reply.status !== 200)
    return { kind: 'refused', message: reply.body?.error ?? JSON.stringify(reply.body), libvips: reference.error };
  const ours = await pngPixels(Buffer.from(reply.body.image, 'base64'));
  const size = `${ours.width}×${ours.height}`;
  if (reference.error) return { kind: 'read', size, libvips: reference.error };
  if (ours.width !== reference.width || ours.height !== reference.height) {
    return { kind: 'differ', size, message: `${size}, libvips ${reference.width}×${reference.height}` };
  }
  const db = psnr(ours.data, reference.data);
  return { kind: db >= MIN_PSNR ? 'match' : 'differ', size, psnr: db, message: `PSNR ${db.toFixed(1)} dB` };
}

/** The `from` a caller would send: the extension's format, else PNG (the sniffed format rules anyway). */
export function formatFromName(name) {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const formats = {
    png: 'png',
    jpg: 'jpeg',
    jpeg: 'jpeg',
    webp: 'webp',
    avif: 'avif',
    tif: 'tiff',
    tiff: 'tiff',
    gif: 'gif',
    svg: 'svg',
  };
  return formats[ext] ?? 'png';
}
