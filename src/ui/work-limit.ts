// How long an image page waits for its tool worker on one file: sized to the work (pixels in and
// out, the output's format and whether it is lossless), between a floor and a ceiling, instead
// of one fixed limit that stopped a 40 MP lossless WebP half way. The formula and its numbers
// are docs/limits.md's ("The page's time limit"); the page also shows a Cancel while it waits.
import { MAX_PIXELS } from '../lib/images/limits';
import { RASTER_FORMATS, type InputFormat, type RasterFormat } from '../lib/images/formats';

/** Never less: small work still pays for fetching and compiling a codec's WebAssembly on a slow link. */
export const FLOOR_S = 120;
/** Never more: 40 MP into the slowest encoder on a slow phone, with room to spare. */
export const CEILING_S = 1800;
/** Seconds to fetch the codecs and start, whatever the size. */
const START_S = 20;
/** Seconds per megapixel read (decoding, orienting, colour management). */
const DECODE_S_PER_MP = 2;
/**
 * Seconds per megapixel written, by output. Several times what this machine's page takes, so a
 * phone several times slower still finishes: the limit is there to stop runaway work, not slow work.
 */
const ENCODE_S_PER_MP: Record<RasterFormat, { lossy: number; lossless: number }> = {
  jpeg: { lossy: 2, lossless: 2 },
  png: { lossy: 4, lossless: 4 },
  tiff: { lossy: 2, lossless: 2 },
  gif: { lossy: 6, lossless: 6 },
  webp: { lossy: 6, lossless: 20 },
  avif: { lossy: 20, lossless: 30 },
};

export interface Work {
  /** Pixels decoded (width × height of the input); undefined when not known: the largest allowed. */
  pixelsIn: number | undefined;
  /** Pixels encoded; undefined: as many as read. */
  pixelsOut?: number | undefined;
  /** The output's format. */
  format: RasterFormat;
  lossless?: boolean;
}

/** The limit in milliseconds for one file's work. */
export function workLimitMs({ pixelsIn, pixelsOut, format, lossless = false }: Work): number {
  const mpIn = (pixelsIn ?? MAX_PIXELS) / 1e6;
  const mpOut = (pixelsOut ?? pixelsIn ?? MAX_PIXELS) / 1e6;
  const encode = ENCODE_S_PER_MP[format][lossless ? 'lossless' : 'lossy'];
  const seconds = START_S + DECODE_S_PER_MP * mpIn + encode * mpOut;
  return Math.round(1000 * Math.min(CEILING_S, Math.max(FLOOR_S, seconds)));
}

/**
 * The file's stored width and height from its header (the tools' own probe, loaded on first
 * use so the page's first load does not carry it), or undefined when it has none to read (SVG)
 * or cannot be read (the tool then says why, quickly).
 */
export async function headerSize(
  file: Blob,
  format: InputFormat | undefined,
): Promise<{ width: number; height: number } | undefined> {
  if (!format || !(RASTER_FORMATS as readonly string[]).includes(format)) return undefined;
  try {
    const { probe } = await import('../lib/images/probe');
    // Headers sit in the first bytes, but a JPEG's EXIF (or a TIFF's IFD) may come late: read 1 MiB.
    const { width, height } = probe(new Uint8Array(await file.slice(0, 1 << 20).arrayBuffer()), format as RasterFormat);
    return { width, height };
  } catch {
    return undefined;
  }
}
