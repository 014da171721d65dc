// Hostile inputs from the security review, built by hand so they cost the test next to nothing
// to make: shared by tests/server/attacks.test.ts and the long fuzz run (bench/fuzz-long.mjs).
// Plain JavaScript (types in attack-inputs.d.mts) so that a bench script can import it too.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { constants, deflateRawSync } from 'node:zlib';

const MIB = 1024 * 1024;

/** `[ 1 1 1 …` without a closing bracket or commas: the repairer has to insert 100,000 commas (195 KB). */
export const repairArray = (count = 100_000) => '[' + ' 1'.repeat(count);

/** Newline-delimited JSON of about `bytes` characters (`{"a":1}\n{"a":2}…`): the repairer turns it into an array. */
export function ndjson(bytes = 200_000) {
  const lines = [];
  let length = 0;
  for (let i = 1; length < bytes; i++) {
    const line = `{"a":${i}}`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

/** `count` opening brackets: the deepest nesting a body under the cap can carry. */
export const nestedBrackets = (count = 10_000_000) => '['.repeat(count);

/** A JSON object document of about `bytes` characters with keys in no particular order (for sort_keys). */
export function bigObject(bytes = 12_800_000) {
  const parts = [];
  let length = 2;
  for (let i = 0; length < bytes; i++) {
    // A multiplicative hash scatters the keys, so sorting has work to do.
    const part = `"k${((i * 2654435761) >>> 0).toString(36)}_${i}":${i}`;
    parts.push(part);
    length += part.length + 1;
  }
  return `{${parts.join(',')}}`;
}

/** CSV text of about `bytes` characters: a header and long rows of plain fields (one escape per row in JSON). */
export function bigCsv(bytes = 14_000_000) {
  const header = 'id,name,city,note,amount';
  const rows = [header];
  let length = header.length;
  const note = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor';
  for (let i = 0; length < bytes; i++) {
    const row = `${i},name${i},city${i % 97},${note},${(i * 37) % 10007}.${i % 100}`;
    rows.push(row);
    length += row.length + 1;
  }
  return rows.join('\n');
}

/** An identifier-ish text of about `bytes` characters for text-case-converter. */
export const bigIdentifierText = (bytes = 15_000_000) =>
  'helloWorldXMLHttp_request-42 '.repeat(Math.ceil(bytes / 29)).slice(0, bytes);

/** `count` decimal digits (no leading zero): number-base-converter's documented maximum. */
export function manyDigits(count = 1_000_000) {
  let digits = '9';
  const block = '1234567890'.repeat(100);
  while (digits.length < count) digits += block;
  return digits.slice(0, count);
}

/** Ten thousand octaves of turbulence on a 2000×2000 canvas: a tiny SVG that costs minutes to render. */
export const SVG_TURBULENCE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><filter id="f"><feTurbulence baseFrequency="0.01" numOctaves="100000"/></filter><rect width="100%" height="100%" filter="url(#f)"/></svg>';

/** `'a_'.repeat(3_400_000) + 'A'`: 3.4 million one-letter words (6.8 MB). */
export const manyWords = (count = 3_400_000) => 'a_'.repeat(count) + 'A';

/** One object whose flattened column `a.b` collides with a literal `a.b` key. */
export const COLLIDING_COLUMNS = '[{"a":{"b":1},"a.b":2}]';

// ---- TIFF, little-endian, written by hand

const SHORT = 3;
const LONG = 4;

/**
 * A grey 8-bit TIFF with one image directory at offset 8. `entries` are [tag, type, value];
 * `next` is the next-IFD offset (0: none). The strip follows the directory.
 */
function tiff({ width, height, compression, strip, next = 0 }) {
  const count = 10;
  const ifdBytes = 2 + count * 12 + 4;
  const stripOffset = 8 + ifdBytes;
  const entries = [
    [256, SHORT, width], // ImageWidth
    [257, SHORT, height], // ImageLength
    [258, SHORT, 8], // BitsPerSample
    [259, SHORT, compression], // Compression
    [262, SHORT, 1], // PhotometricInterpretation: BlackIsZero
    [273, LONG, stripOffset], // StripOffsets
    [277, SHORT, 1], // SamplesPerPixel
    [278, SHORT, height], // RowsPerStrip
    [279, LONG, strip.length], // StripByteCounts
    [284, SHORT, 1], // PlanarConfiguration: chunky
  ];
  const head = Buffer.alloc(stripOffset);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(8, 4);
  head.writeUInt16LE(count, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    head.writeUInt16LE(tag, at);
    head.writeUInt16LE(type, at + 2);
    head.writeUInt32LE(1, at + 4);
    if (type === SHORT) head.writeUInt16LE(value, at + 8);
    else head.writeUInt32LE(value, at + 8);
  });
  head.writeUInt32LE(next, 10 + count * 12);
  return Buffer.concat([head, strip]);
}

/** A 2×2 grey TIFF whose next-IFD offset points back at its own (first) directory: 138 bytes. */
export const tiffSelfLoop = () =>
  tiff({ width: 2, height: 2, compression: 1, strip: Buffer.from([0, 85, 170, 255]), next: 8 });

/**
 * A 1×1 TIFF whose Deflate (compression 8) strip inflates to `inflated` bytes of zeros. Built
 * without compressing that much: zlib ending each MiB of zeros with a full flush (an empty stored
 * block, byte-aligned, no back-reference across it) emits the same 1,037 bytes for each, so the
 * stream is that unit repeated (about 1 KB per MiB: 512 MiB in 520 KB).
 */
export function tiffDeflateBomb(inflated = 512 * MIB) {
  if (inflated % MIB !== 0) throw new Error('inflated must be a whole number of MiB');
  const unit = deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  // zlib header (deflate, 32 KiB window, level 9), the units, a final empty fixed-Huffman
  // block, and the Adler-32 of n zeros (a = 1, b = n mod 65521).
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((inflated % 65521) << 16) | 1) >>> 0);
  const strip = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: inflated / MIB }, () => unit),
    Buffer.from([0x03, 0x00]),
    adler,
  ]);
  return tiff({ width: 1, height: 1, compression: 8, strip });
}

// ---- GIF

/**
 * A one-colour GIF of `width`×`height` pixels written by hand: a clear code before every pixel
 * keeps the LZW codes 3 bits wide (6 bits a pixel, 12 KB for 16,384 pixels).
 */
export function gif(width, height) {
  const codes = [];
  for (let i = 0; i < width * height; i++) codes.push(4, 0); // clear, colour 0
  codes.push(5); // end of information
  const data = [];
  let bits = 0;
  let filled = 0;
  for (const code of codes) {
    bits |= code << filled;
    filled += 3;
    while (filled >= 8) {
      data.push(bits & 0xff);
      bits >>= 8;
      filled -= 8;
    }
  }
  if (filled > 0) data.push(bits & 0xff);
  const blocks = [];
  for (let at = 0; at < data.length; at += 255) {
    const block = data.slice(at, at + 255);
    blocks.push(block.length, ...block);
  }
  const le16 = (n) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a', 'latin1'),
    ...le16(width),
    ...le16(height),
    0x80, // global colour table of 2 entries
    0,
    0,
    ...[0x20, 0x60, 0xa0, 0, 0, 0], // the two colours
    0x2c, // image descriptor
    ...le16(0),
    ...le16(0),
    ...le16(width),
    ...le16(height),
    0,
    2, // LZW minimum code size
    ...blocks,
    0, // block terminator
    0x3b, // trailer
  ]);
}

/** A small PNG from the fixtures (tests/fixtures/images): the request that must keep working. */
export const smallPng = () => readFileSync(resolve(import.meta.dirname, '../fixtures/images/quadrants.png'));

/**
 * A photo-like 12-megapixel JPEG (gradient plus noise, ~340 KB) that takes seconds to convert
 * to AVIF: the heavy request a client sends and then abandons. Made with sharp (devDependency).
 */
export async function heavyJpeg(width = 4000, height = 3000) {
  const { default: sharp } = await import('sharp');
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        pixels[i + c] = (((x + y) * 255) / (width + height) + c * 60 + (seed % 24)) & 255;
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 50 })
    .toBuffer();
}
