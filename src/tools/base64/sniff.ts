// What a run of bytes is, from its magic bytes: for the page's file name on download
// (`decoded.png`), its image preview, and the media type of a `data:` URI it writes. Reads at most
// the first 4 KiB (text is judged on a bounded head too), so it is O(1) in the file's size.
// Images go through the image tools' own sniffer (lib/images/formats.ts) so the two never disagree.
import { IMAGE_FORMATS, sniffFormat } from '../../lib/images/formats';

export interface Sniffed {
  /** Media type for a data: URI or a Blob. */
  mime: string;
  /** File extension without the dot. */
  extension: string;
  /** As the page names it: "PNG image", "ZIP archive". */
  name: string;
  /** An <img> in every browser draws it. */
  image: boolean;
  /** UTF-8 text without control characters (judged on the head). */
  text: boolean;
}

const HEAD = 4096;

const kind = (mime: string, extension: string, name: string, image = false, text = false): Sniffed => ({
  mime,
  extension,
  name,
  image,
  text,
});
export const BINARY: Sniffed = kind('application/octet-stream', 'bin', 'binary data');

const at = (bytes: Uint8Array, offset: number, signature: string | readonly number[]) => {
  const codes = typeof signature === 'string' ? [...signature].map((c) => c.charCodeAt(0)) : signature;
  if (offset + codes.length > bytes.length) return false;
  return codes.every((code, i) => bytes[offset + i] === code);
};
const u32le = (bytes: Uint8Array, offset: number) =>
  (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) >>> 0;

/** Signatures checked in order, after the image formats. Sources: each format's specification. */
const SIGNATURES: readonly [test: (bytes: Uint8Array) => boolean, sniffed: Sniffed][] = [
  [(b) => at(b, 0, '%PDF-'), kind('application/pdf', 'pdf', 'PDF document')],
  // ZIP local file header, or the end record of an empty archive (APPNOTE.TXT §4.3).
  [(b) => at(b, 0, 'PK\x03\x04') || at(b, 0, 'PK\x05\x06'), kind('application/zip', 'zip', 'ZIP archive')],
  // RFC 1952: ID1 ID2 and CM = 8 (deflate), the only method defined.
  [(b) => at(b, 0, [0x1f, 0x8b, 0x08]), kind('application/gzip', 'gz', 'gzip data')],
  [(b) => at(b, 0, 'BZh') && b[3]! >= 0x31 && b[3]! <= 0x39, kind('application/x-bzip2', 'bz2', 'bzip2 data')],
  [(b) => at(b, 0, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), kind('application/x-xz', 'xz', 'xz data')],
  [(b) => at(b, 0, [0x28, 0xb5, 0x2f, 0xfd]), kind('application/zstd', 'zst', 'Zstandard data')],
  [(b) => at(b, 0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), kind('application/x-7z-compressed', '7z', '7-Zip archive')],
  [(b) => at(b, 257, 'ustar'), kind('application/x-tar', 'tar', 'tar archive')],
  // WebAssembly binary format §5.5.16: magic and version 1.
  [
    (b) => at(b, 0, [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]),
    kind('application/wasm', 'wasm', 'WebAssembly module'),
  ],
  // BMP: "BM" and a known DIB header size, so text starting "BM" is not taken for one.
  [
    (b) => at(b, 0, 'BM') && b.length >= 18 && [12, 40, 52, 56, 64, 108, 124].includes(u32le(b, 14)),
    kind('image/bmp', 'bmp', 'BMP image', true),
  ],
  // ICO: reserved 0, type 1, at least one image.
  [
    (b) => at(b, 0, [0, 0, 1, 0]) && b.length >= 22 && (b[4]! | b[5]!) !== 0,
    kind('image/vnd.microsoft.icon', 'ico', 'icon', true),
  ],
  [(b) => at(b, 0, 'wOFF'), kind('font/woff', 'woff', 'WOFF font')],
  [(b) => at(b, 0, 'wOF2'), kind('font/woff2', 'woff2', 'WOFF2 font')],
  [(b) => at(b, 0, 'OggS'), kind('audio/ogg', 'ogg', 'Ogg media')],
  [(b) => at(b, 0, 'ID3') || (b[0] === 0xff && (b[1]! & 0xe6) === 0xe2), kind('audio/mpeg', 'mp3', 'MP3 audio')],
  [(b) => at(b, 0, 'fLaC'), kind('audio/flac', 'flac', 'FLAC audio')],
  [(b) => at(b, 0, 'RIFF') && at(b, 8, 'WAVE'), kind('audio/wav', 'wav', 'WAV audio')],
  [(b) => at(b, 0, [0x1a, 0x45, 0xdf, 0xa3]), kind('video/webm', 'webm', 'WebM/Matroska media')],
  // ISO-BMFF that is not AVIF (tested before): MP4 and its relatives.
  [(b) => at(b, 4, 'ftyp'), kind('video/mp4', 'mp4', 'MP4 media')],
  [(b) => at(b, 0, '\x7fELF'), kind('application/x-elf', 'elf', 'ELF executable')],
  [(b) => at(b, 0, 'MZ'), kind('application/vnd.microsoft.portable-executable', 'exe', 'Windows executable')],
  [(b) => at(b, 0, 'SQLite format 3\0'), kind('application/vnd.sqlite3', 'sqlite', 'SQLite database')],
];

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The head as text if it is UTF-8 without controls other than tab, line breaks and form feed. */
function textHead(bytes: Uint8Array): string | undefined {
  let head = bytes.subarray(0, HEAD);
  // A cut in the middle of a multi-byte sequence is not an error: drop up to 3 trailing bytes of it.
  if (bytes.length > HEAD) {
    let end = head.length;
    while (end > head.length - 4 && (head[end - 1]! & 0xc0) === 0x80) end--;
    if (end > 0 && head[end - 1]! >= 0xc0) end--;
    head = head.subarray(0, end);
  }
  let text: string;
  try {
    text = strictUtf8.decode(head);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  return /[\0-\x08\x0b\x0e-\x1f\x7f]/.test(text) ? undefined : text;
}

/** What `bytes` are: a known format by its signature, UTF-8 text by its kind, else binary data. */
export function sniffBytes(bytes: Uint8Array): Sniffed {
  const head = bytes.subarray(0, HEAD);
  const image = sniffFormat(head);
  if (image) {
    const format = IMAGE_FORMATS[image];
    return kind(format.mime, format.extensions[0]!, `${format.name} image`, format.browsersDraw, image === 'svg');
  }
  for (const [test, sniffed] of SIGNATURES) if (test(head)) return sniffed;
  if (bytes.length === 0) return kind('application/octet-stream', 'bin', 'empty');
  const text = textHead(bytes);
  if (text === undefined) return BINARY;
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (/^<\?xml[\s?]/.test(start)) return kind('application/xml', 'xml', 'XML document', false, true);
  if (/^(<!doctype html|<html[\s>])/i.test(start)) return kind('text/html', 'html', 'HTML document', false, true);
  if (/^[[{]/.test(start) && looksLikeJson(bytes)) return kind('application/json', 'json', 'JSON', false, true);
  return kind('text/plain', 'txt', 'text', false, true);
}

/** JSON if the whole of a small enough document parses; a large one is judged by its opening. */
function looksLikeJson(bytes: Uint8Array): boolean {
  if (bytes.length > 1024 * 1024) return true;
  try {
    JSON.parse(new TextDecoder().decode(bytes));
    return true;
  } catch {
    return false;
  }
}
