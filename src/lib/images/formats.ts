// The image formats the tools read, their names in messages, and sniffing by magic bytes
// (CONTRACT.md: the real format is sniffed; `from` only names what the caller expects).
export const INPUT_FORMATS = ['png', 'jpeg', 'webp', 'avif', 'tiff', 'gif', 'svg'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

export const FORMAT_NAMES: Record<InputFormat, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  avif: 'AVIF',
  tiff: 'TIFF',
  gif: 'GIF',
  svg: 'SVG',
};

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

/** An SVG document: optional BOM, XML declaration, comments, doctype, then an `<svg` root. */
function isSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  let text = head.trimStart();
  for (;;) {
    const skip = /^(<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>)\s*/i.exec(text);
    if (!skip) break;
    text = text.slice(skip[0].length);
  }
  return /^<svg[\s>/]/.test(text);
}

export function sniffFormat(bytes: Uint8Array): InputFormat | undefined {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 'PNG\r\n\x1a\n')) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  if (ascii(bytes, 0, 'II*\0') || ascii(bytes, 0, 'MM\0*')) return 'tiff';
  if (isAvif(bytes)) return 'avif';
  if (isSvg(bytes)) return 'svg';
  return undefined;
}
