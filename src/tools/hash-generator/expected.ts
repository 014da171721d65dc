// Reading a checksum as people get it: a bare digest (hex in either case, or Base64), a line of
// `sha256sum`/`shasum` output (`<hex>  name`, `<hex> *name`), a BSD-style tagged line
// (`SHA256 (name) = <hex>`, as `sha256sum --tag`, `shasum --tag` and BSD `sha256` print it, or
// `SHA2-256(name)= <hex>` from openssl), and a whole SHA256SUMS file (one entry per line).
// Pure: the API's `expected` and the page's verify box use the same reading.
import { decodeBase64 } from '../../lib/base64';
import { ALGORITHMS, type Algorithm } from './schema';

export interface ChecksumEntry {
  /** The digest's bytes. */
  bytes: Uint8Array;
  /** The file name the line gives (none for a bare digest). */
  name?: string;
  /** The algorithm a tagged line names, when it is one the tool offers. */
  algorithm?: Algorithm;
  /** The tag as written (`SHA256`), for messages. */
  tag?: string;
}

export type Parsed = { ok: true; entry: ChecksumEntry } | { ok: false; error: string };

/** Tags as BSD tools, coreutils and openssl write them, compared without case and '-'. */
const TAGS: Record<string, Algorithm> = {
  md5: 'md5',
  sha1: 'sha1',
  sha224: 'sha224',
  sha2224: 'sha224',
  sha256: 'sha256',
  sha2256: 'sha256',
  sha384: 'sha384',
  sha2384: 'sha384',
  sha512: 'sha512',
  sha2512: 'sha512',
  sha3256: 'sha3-256',
  sha3384: 'sha3-384',
  sha3512: 'sha3-512',
  blake2b: 'blake2b',
  blake2b512: 'blake2b',
  blake3: 'blake3',
  crc32: 'crc32',
};

export function algorithmOfTag(tag: string): Algorithm | undefined {
  const key = tag.toLowerCase().replace(/-/g, '');
  return Object.hasOwn(TAGS, key)
    ? TAGS[key]
    : (ALGORITHMS as readonly string[]).includes(tag.toLowerCase())
      ? (tag.toLowerCase() as Algorithm)
      : undefined;
}

const HEX = /^[0-9a-fA-F]+$/;

/**
 * Bytes of the digests the tool computes. A Base64 token must decode to one of them: Base64 is
 * lenient enough that ordinary words decode ("garbage" is 5 bytes), so the size tells a digest
 * from a word.
 */
const DIGEST_SIZES = new Set([4, 16, 20, 28, 32, 48, 64]);

/** A digest token: hex when it has only hex digits (a Base64 digest practically never does), else Base64. */
export function digestBytes(token: string): { ok: true; bytes: Uint8Array } | { ok: false; error: string } {
  if (HEX.test(token)) {
    if (token.length % 2 === 1) return { ok: false, error: `has an odd number of hex digits (${token.length})` };
    const bytes = new Uint8Array(token.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(token.slice(i * 2, i * 2 + 2), 16);
    return { ok: true, bytes };
  }
  const decoded = decodeBase64(token);
  if (!decoded.ok || !DIGEST_SIZES.has(decoded.bytes.length)) {
    return { ok: false, error: 'is neither a hex nor a Base64 digest, nor a sha256sum or BSD-style checksum line' };
  }
  return { ok: true, bytes: decoded.bytes };
}

/** GNU escaping: a line starting with '\' has its name's '\\' and '\n' escaped (coreutils). */
const unescapeName = (name: string) => name.replace(/\\(\\|n)/g, (_, c: string) => (c === 'n' ? '\n' : '\\'));

// `SHA256 (name) = digest`; openssl omits the spaces: `SHA2-256(name)= digest`.
const TAGGED = /^(\\?)([A-Za-z][A-Za-z0-9-]*) ?\((.*)\) ?= ?(\S+)$/;
// `digest  name` (text mode), `digest *name` (binary mode); one space or a tab is tolerated.
const UNTAGGED = /^(\\?)(\S+)[ \t]+\*?(.*)$/;
// Subresource Integrity: `sha256-<base64>`.
const SRI = /^(sha256|sha384|sha512)-([A-Za-z0-9+/]+=*)$/;

/**
 * Longer than any checksum line (a 128-digit digest and a name of PATH_MAX). The line patterns
 * below backtrack on some long inputs, so a longer line is refused before they run.
 */
export const MAX_LINE = 4096;

/** One checksum line (or a bare digest); surrounding whitespace is ignored. */
export function parseChecksumLine(line: string): Parsed {
  const text = line.trim();
  if (text === '') return { ok: false, error: 'is empty' };
  if (text.length > MAX_LINE)
    return { ok: false, error: `is ${text.length} characters long; a checksum line has at most ${MAX_LINE}` };
  let match = TAGGED.exec(text);
  if (match) {
    const [, escaped, tag, name, token] = match as unknown as [string, string, string, string, string];
    const digest = digestBytes(token);
    if (!digest.ok) return { ok: false, error: `has a ${tag} line whose digest ${digest.error}` };
    const algorithm = algorithmOfTag(tag);
    return {
      ok: true,
      entry: { bytes: digest.bytes, name: escaped ? unescapeName(name) : name, tag, ...(algorithm && { algorithm }) },
    };
  }
  match = SRI.exec(text);
  if (match) {
    const digest = digestBytes(match[2]!);
    if (digest.ok)
      return { ok: true, entry: { bytes: digest.bytes, tag: match[1]!, algorithm: match[1] as Algorithm } };
  }
  match = UNTAGGED.exec(text);
  if (match) {
    const [, escaped, token, name] = match as unknown as [string, string, string, string];
    const digest = digestBytes(token);
    if (!digest.ok) return { ok: false, error: `does not start with a digest: its first word ${digest.error}` };
    return { ok: true, entry: { bytes: digest.bytes, name: escaped ? unescapeName(name) : name } };
  }
  const digest = digestBytes(text.startsWith('\\') ? text.slice(1) : text);
  return digest.ok ? { ok: true, entry: { bytes: digest.bytes } } : { ok: false, error: digest.error };
}

export interface ChecksumFileLine extends ChecksumEntry {
  /** 1-based line number in the file. */
  line: number;
  /** The line as written. */
  text: string;
}

/** Every checksum line of a SHA256SUMS-style file; blank lines and `#` comments are skipped, unreadable lines counted. */
export function parseChecksumFile(text: string): { entries: ChecksumFileLine[]; unreadable: number } {
  const entries: ChecksumFileLine[] = [];
  let unreadable = 0;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const parsed = parseChecksumLine(line);
    if (parsed.ok) entries.push({ ...parsed.entry, line: i + 1, text: line.trim() });
    else unreadable++;
  }
  return { entries, unreadable };
}

/** The last path segment, so `./dist/app.iso` and `*app.iso` lines find `app.iso`. */
const baseName = (name: string) => name.replace(/^\*/, '').split(/[\\/]/).pop() ?? name;

/**
 * The entry for the file `name`: the line naming it exactly, else the one whose last path
 * segment is its name; with no name (text), the only entry if there is one.
 */
export function pickEntry<T extends ChecksumEntry>(entries: readonly T[], name: string | undefined): T | undefined {
  if (name === undefined) return entries.length === 1 ? entries[0] : undefined;
  return (
    entries.find((entry) => entry.name === name) ??
    entries.find((entry) => entry.name !== undefined && baseName(entry.name) === name)
  );
}

/** Whether two digests are the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
