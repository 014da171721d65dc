// API keys (docs/contract.md §2): from API_KEYS (comma-separated) and API_KEYS_FILE (one per line,
// `#` comments and blank lines ignored). Keys are kept only as SHA-256 digests: lookups hash the
// presented key first, so the comparison leaks nothing through timing, and the limiter's bucket
// name (a digest prefix) never puts a key into Redis or a log.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** What a request presents: no key, a key, or a header that is there but names no usable key. */
export type PresentedKey = { kind: 'none' } | { kind: 'key'; key: string } | { kind: 'invalid' };

type Headers = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * `Authorization: Bearer <key>` or `X-API-Key: <key>`. Any other Authorization scheme, an empty
 * key, or two headers naming different keys is `invalid`: the caller meant to authenticate, so
 * falling back to anonymous would be the silent downgrade docs/contract.md §2 forbids.
 */
export function presentedKey(headers: Headers): PresentedKey {
  const authorization = single(headers.authorization);
  const apiKey = single(headers['x-api-key']);
  let fromAuthorization: string | undefined;
  if (authorization !== undefined) {
    const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) return { kind: 'invalid' };
    fromAuthorization = match[1]!;
  }
  const fromHeader = apiKey?.trim();
  if (fromHeader !== undefined && fromHeader === '') return { kind: 'invalid' };
  if (fromAuthorization !== undefined && fromHeader !== undefined && fromAuthorization !== fromHeader)
    return { kind: 'invalid' };
  const key = fromAuthorization ?? fromHeader;
  return key === undefined ? { kind: 'none' } : { kind: 'key', key };
}

export function parseKeys(apiKeys: string | undefined, fileText: string | undefined): string[] {
  const fromEnv = (apiKeys ?? '').split(',');
  const fromFile = (fileText ?? '').split(/\r?\n/).filter((line) => !line.trim().startsWith('#'));
  return [...fromEnv, ...fromFile].map((key) => key.trim()).filter(Boolean);
}

export class ApiKeys {
  private digests = new Set<string>();

  constructor(
    private readonly apiKeys: string | undefined,
    private readonly file: string | undefined,
  ) {
    this.reload();
  }

  /** Re-reads API_KEYS_FILE (SIGHUP): revoked keys get a 401 from then on. Returns the count. */
  reload(): number {
    const text = this.file ? readFileSync(this.file, 'utf8') : undefined;
    this.digests = new Set(parseKeys(this.apiKeys, text).map(digest));
    return this.digests.size;
  }

  get size(): number {
    return this.digests.size;
  }

  /** The limiter's bucket for a known key, or undefined for an unknown one. */
  bucketOf(key: string): string | undefined {
    const hash = digest(key);
    return this.digests.has(hash) ? `key:${hash.slice(0, 32)}` : undefined;
  }
}
