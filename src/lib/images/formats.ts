// The image formats the tools read, their names in messages, and sniffing by magic bytes
// (docs/contract.md: the real format is sniffed; `from` only names what the caller expects).
// The one table of them (names, MIME types, file extensions, browser support): the tools, the
// schemas, the pages and the MCP door all derive their lists from here.

/** The formats the codecs decode and encode as pixels, in the order every list shows them. */
export const RASTER_FORMATS = ['png', 'jpeg', 'webp', 'avif', 'tiff', 'gif'] as const;
export type RasterFormat = (typeof RASTER_FORMATS)[number];

/** What the codecs decode to pixels: the raster formats, and HEIC/HEIF (read, never written). */
export const DECODED_FORMATS = [...RASTER_FORMATS, 'heic'] as const;
export type DecodedFormat = (typeof DECODED_FORMATS)[number];

/** What the tools read: the raster formats, SVG (rendered, never written) and HEIC (decoded, never written). */
export const INPUT_FORMATS = [...RASTER_FORMATS, 'svg', 'heic'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

export interface ImageFormat {
  /** As messages and pages name it. */
  name: string;
  mime: string;
  /** Other MIME types files of this format are sent with. */
  otherMimes?: readonly string[];
  /** File extensions, lower case without the dot; files the tools write get the first. */
  extensions: readonly string[];
  /** Drawn by an <img> in Chromium, Firefox and Safari (TIFF needs the tool to be seen). */
  browsersDraw: boolean;
}

export const IMAGE_FORMATS: Readonly<Record<InputFormat, ImageFormat>> = {
  png: { name: 'PNG', mime: 'image/png', extensions: ['png'], browsersDraw: true },
  jpeg: { name: 'JPEG', mime: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jfif'], browsersDraw: true },
  webp: { name: 'WebP', mime: 'image/webp', extensions: ['webp'], browsersDraw: true },
  avif: { name: 'AVIF', mime: 'image/avif', extensions: ['avif'], browsersDraw: true },
  tiff: { name: 'TIFF', mime: 'image/tiff', extensions: ['tiff', 'tif'], browsersDraw: false },
  gif: { name: 'GIF', mime: 'image/gif', extensions: ['gif'], browsersDraw: true },
  svg: { name: 'SVG', mime: 'image/svg+xml', extensions: ['svg', 'svgz'], browsersDraw: true },
  // Safari alone draws HEIC; the page shows the tool's decode instead, as for TIFF.
  heic: {
    name: 'HEIC',
    mime: 'image/heic',
    otherMimes: ['image/heif', 'image/heic-sequence', 'image/heif-sequence'],
    extensions: ['heic', 'heif', 'hif'],
    browsersDraw: false,
  },
};

export const FORMAT_NAMES = Object.fromEntries(
  INPUT_FORMATS.map((format) => [format, IMAGE_FORMATS[format].name]),
) as Readonly<Record<InputFormat, string>>;

/** "PNG, JPEG, WebP, AVIF, TIFF, GIF, SVG or HEIC": the names of `formats` as a sentence lists them. */
export function formatList(formats: readonly InputFormat[] = INPUT_FORMATS): string {
  const names = formats.map((format) => FORMAT_NAMES[format]);
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The format a file extension (`jpg`, `.JFIF`) or a format name (`jpeg`) stands for. */
export function formatOfExtension(extension: string): InputFormat | undefined {
  const ext = extension.replace(/^\./, '').toLowerCase();
  return INPUT_FORMATS.find((format) => IMAGE_FORMATS[format].extensions.includes(ext));
}

/** The format of a MIME type (`image/svg+xml`). */
export function formatOfMime(mime: string): InputFormat | undefined {
  const type = mime.toLowerCase();
  return INPUT_FORMATS.find(
    (format) => IMAGE_FORMATS[format].mime === type || IMAGE_FORMATS[format].otherMimes?.includes(type),
  );
}

const ascii = (bytes: Uint8Array, at: number, text: string) => {
  if (at + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

/** AVIF is an ISO-BMFF file whose `ftyp` names the `avif` or `avis` brand. */
function isAvif(bytes: Uint8Array): boolean {
  if (!ascii(bytes, 4, 'ftyp')) return false;
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(size, bytes.length);
  if (ascii(bytes, 8, 'avif') || ascii(bytes, 8, 'avis')) return true;
  for (let at = 16; at + 4 <= end; at += 4) if (ascii(bytes, at, 'avif') || ascii(bytes, at, 'avis')) return true;
  return false;
}

/**
 * HEIF holding HEVC (HEIC, as phones write it): an `ftyp` whose major or compatible brands name
 * an HEVC image or sequence brand, or only the generic image brands `mif1`/`msf1`. AVIF is the
 * same container (often with `mif1` among its brands) and is recognised first, by its own brand.
 */
const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1'];
function isHeic(bytes: Uint8Array): boolean {
  if (!ascii(bytes, 4, 'ftyp')) return false;
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(size, bytes.length);
  const brandAt = (at: number) => HEIC_BRANDS.some((brand) => ascii(bytes, at, brand));
  if (brandAt(8)) return true;
  for (let at = 16; at + 4 <= end; at += 4) if (brandAt(at)) return true;
  return false;
}

/**
 * An SVG document: optional BOM, XML declaration, comments, doctype, then an `<svg` root, or a
 * root in the SVG namespace under a prefix (`<svg:svg xmlns:svg="http://www.w3.org/2000/svg">`).
 */
export function isSvgText(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  let text = head.trimStart();
  for (;;) {
    const skip = /^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>)\s*/i.exec(text);
    if (!skip) break;
    text = text.slice(skip[0].length);
  }
  if (/^<svg[\s>/]/.test(text)) return true;
  const prefixed = /^<([A-Za-z_][\w.-]*):svg[\s>/]/.exec(text);
  return (
    prefixed !== null &&
    new RegExp(
      `^<[^>]*\\sxmlns:${prefixed[1]!.replace(/\./g, '\\.')}\\s*=\\s*(["'])http://www\\.w3\\.org/2000/svg\\1`,
    ).test(text)
  );
}

/** The format the bytes really are, from their magic bytes (the first 4 KiB suffice). */
export function sniffFormat(bytes: Uint8Array): InputFormat | undefined {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 'PNG\r\n\x1a\n')) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  if (ascii(bytes, 0, 'II*\0') || ascii(bytes, 0, 'MM\0*')) return 'tiff';
  if (isAvif(bytes)) return 'avif';
  if (isHeic(bytes)) return 'heic';
  if (isSvgText(bytes)) return 'svg';
  return undefined;
}
