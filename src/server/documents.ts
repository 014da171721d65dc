// The discovery documents (docs/contract.md §3: GET /api, GET /api/<slug>, /openapi.json,
// /llms.txt) as HTTP caches want them: a strong ETag (a digest of the bytes), Cache-Control, a
// 304 for an If-None-Match that still matches, and each compressed once per process, not per
// request. Their bytes follow from the build alone (the registry and the worked examples), so
// they change only when a new version is deployed: `no-cache` makes caches ask every time, and
// asking is a 304 of a few hundred bytes until a deploy, after which the new bytes arrive at once.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORS_HEADERS, type ApiResponse } from '../core/http';
import { send, type Encoder } from './body';
import { compress, COMPRESS_MIN_BYTES, negotiate, type ContentCoding } from './compression';

export const DOCUMENT_CACHE_CONTROL = 'public, no-cache';

/** Whether a request asks for a discovery document (the answer, when 200, is one). */
export function isDocumentRequest(method: string | undefined, pathname: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return (
    pathname === '/openapi.json' || pathname === '/llms.txt' || pathname === '/api' || pathname.startsWith('/api/')
  );
}

/** A strong validator: the SHA-256 of the bytes, base64url (RFC 9110 §8.8.3). */
export const contentHash = (body: string | Uint8Array) => createHash('sha256').update(body).digest('base64url');

/**
 * The ETag of one representation. A strong validator names one representation's exact bytes,
 * and a compressed one has other bytes (RFC 9110 §8.8.1), so each coding gets its own tag:
 * `"<hash>"`, `"<hash>-br"`, `"<hash>-gzip"`.
 */
export const entityTag = (hash: string, coding: ContentCoding | undefined) => `"${hash}${coding ? `-${coding}` : ''}"`;

/**
 * Whether If-None-Match names a copy of the current document: `*`, or a listed tag of any of its
 * codings (all come from the same bytes, so a client holding one holds the current document; a
 * proxy may have recoded it). Weak tags compare by their opaque part (RFC 9110 §13.1.2).
 */
export function noneMatch(header: string | undefined, hash: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) =>
    tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1')
      .replace(/-(br|gzip)$/, '');
  return header.split(',').some((tag) => opaque(tag) === hash);
}

interface Entry {
  body: string | Uint8Array;
  hash: string;
  encoded: Partial<Record<ContentCoding, Promise<Buffer>>>;
}

/**
 * Remembers each document's validator and compressed forms by path. Only 200 answers of the
 * documents come here, so it holds at most one entry per tool plus four. A path whose bytes
 * differ from the entry's (never, within one build) gets a new entry.
 */
export class Documents {
  private readonly entries = new Map<string, Entry>();

  private entry(pathname: string, body: string | Uint8Array): Entry {
    const known = this.entries.get(pathname);
    // Strings compare by content; bytes (never, today: documents are text) by their bytes.
    if (known && (known.body === body || (typeof body !== 'string' && Buffer.from(known.body).equals(body))))
      return known;
    const entry: Entry = { body, hash: contentHash(body), encoded: {} };
    this.entries.set(pathname, entry);
    return entry;
  }

  /** Answers a document's 200 `answer`: as a 304 when the client's copy is current, else compressed as it accepts. */
  send(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    answer: ApiResponse,
    base: readonly string[],
  ): void {
    const entry = this.entry(pathname, answer.body);
    const large = Buffer.byteLength(answer.body) >= COMPRESS_MIN_BYTES;
    // The representation this client would get: its tag is the one to send, on a 200 or a 304.
    const coding = large ? negotiate(req.headers['accept-encoding']) : undefined;
    const caching: Record<string, string> = {
      ETag: entityTag(entry.hash, coding),
      'Cache-Control': DOCUMENT_CACHE_CONTROL,
    };
    const ifNoneMatch = req.headers['if-none-match'];
    if (noneMatch(Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch, entry.hash)) {
      // A 304 carries what a 200 would that bears on caching (RFC 9110 §15.4.5), and CORS so a
      // cross-origin revalidation can be read.
      send(
        req,
        res,
        { status: 304, headers: { ...CORS_HEADERS, ...caching, ...(large && { Vary: 'Accept-Encoding' }) }, body: '' },
        base,
      );
      return;
    }
    const encode: Encoder = (to) =>
      (entry.encoded[to] ??= compress(entry.body, to, true).catch((error: unknown) => {
        delete entry.encoded[to]; // not kept: the next request tries again
        throw error;
      }));
    send(req, res, { ...answer, headers: { ...answer.headers, ...caching } }, base, encode);
  }
}
