// Brotli or gzip for the JSON (and llms.txt) answers of the Node door, negotiated by
// Accept-Encoding (RFC 9110 §12.5.3). Static files are not compressed here: the build writes
// their twins once (src/build/precompress.ts, encoded-files.ts).
//
// Compression runs through node:zlib's asynchronous functions, which work on libuv's thread
// pool, so a 16 MiB answer being compressed does not stop the event loop answering others.
// Measured here (docs/operations.md "Compression"): on a 2.9 MB formatted-JSON answer Brotli
// quality 4 took ~200 ms for 2.7 % of the size, gzip level 6 ~340 ms for 8 %; quality 11 took
// 48 s. Dynamic answers therefore get quality 4; documents compressed once per process get the
// build's qualities (src/build/brotli-quality.ts, which precompress.ts uses too).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { brotliQuality } from '../build/brotli-quality';

/** Answers smaller than this go as they are: below about a packet compression saves nothing worth the work. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Answers made per request are compressed up to this size. Larger ones (a 16 MiB input's Base64,
 * a big image's) go as they are: Base64 of compressed image data saves little, and a few of them
 * at once would hold libuv's four threads (which also read every static file) for a second each.
 * Documents compressed once per process are not capped.
 */
export const COMPRESS_MAX_DYNAMIC_BYTES = 4 * 1024 * 1024;

/** Brotli quality for answers made per request (see the measurements above). */
export const DYNAMIC_BROTLI_QUALITY = 4;

export type ContentCoding = 'br' | 'gzip';

/** Each coding an Accept-Encoding names, with its weight (q=1 when not given). */
function weights(header: string | string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    map.set(coding.trim(), q === undefined ? 1 : Number(q));
  }
  return map;
}

/**
 * The coding to send for a request's Accept-Encoding: Brotli when allowed (it is smaller), else
 * gzip, else none. `q=0` refuses a coding; `*` stands for every coding not named.
 */
export function negotiate(acceptEncoding: string | string[] | undefined): ContentCoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const q = weights(acceptEncoding);
  const allowed = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return undefined;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Compresses off the event loop. `once`: the result is kept and sent many times, so spend more on it. */
export function compress(body: string | Uint8Array, coding: ContentCoding, once = false): Promise<Buffer> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (coding === 'gzip') return gz(bytes, { level: once ? 9 : 6 });
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: once ? brotliQuality(bytes.length) : DYNAMIC_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}
