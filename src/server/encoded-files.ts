// Picks the precompressed twin of a static file (`x.js.br`, `x.js.gz`, written by the build:
// src/build/precompress.ts) that the client accepts. Nothing is compressed at request time; a
// build without twins (or a file too small to have one) is served as it is.
import { stat } from 'node:fs/promises';

export interface Encoded {
  path: string;
  size: number;
  encoding: 'br' | 'gzip';
}

const TWINS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** The codings a request's Accept-Encoding allows (RFC 9110 §12.5.3: `q=0` refuses one). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (coding && (q === undefined || Number(q) > 0)) accepted.add(coding);
  }
  return accepted;
}

/** The best twin of `path` the client accepts, or undefined to send the file itself. */
export async function encodedTwin(
  path: string,
  acceptEncoding: string | string[] | undefined,
): Promise<Encoded | undefined> {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.size === 0) return undefined;
  for (const [encoding, suffix] of TWINS) {
    if (!accepted.has(encoding)) continue;
    try {
      const info = await stat(path + suffix);
      if (info.isFile()) return { path: path + suffix, size: info.size, encoding };
    } catch {
      // no twin in this coding
    }
  }
  return undefined;
}
