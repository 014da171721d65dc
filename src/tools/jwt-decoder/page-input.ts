// The page's fields: the tool's own, and the Encode tab's editors, which hold text where the tool
// takes objects (`header`, `payload`) and a key of their own (`signing_key`), so that a private key
// and the public key that checks its tokens each keep their box. `toTool` turns them into the
// request a mode sends: decode sends what it always sent (no `mode`), encode parses the editors.
import type { Algorithm, SecretEncoding } from './schema';

export interface PageInput {
  token: string;
  secret: string;
  secret_encoding: SecretEncoding;
  algorithm: Algorithm;
  mode: 'decode' | 'encode';
  header_json: string;
  payload_json: string;
  signing_key: string;
}

export const ENCODE_FIELDS = { header_json: '', payload_json: '', signing_key: '' } as const;

/** The page's own fields as a shared link may give them (the key never: it is not in a link). */
export const LINK_FIELDS = {
  header_json: { type: 'string', maxLength: 100_000 },
  payload_json: { type: 'string', maxLength: 1_000_000 },
} as const;

export function toTool(body: Partial<PageInput>): Record<string, unknown> {
  const { header_json = '', payload_json = '', signing_key, mode, ...rest } = body;
  if (mode !== 'encode') {
    const { token, secret, secret_encoding, algorithm } = rest;
    return Object.fromEntries(
      Object.entries({ token, secret, secret_encoding, algorithm }).filter(([, value]) => value !== undefined),
    );
  }
  const header = header_json.trim() === '' ? {} : objectOf(header_json);
  const payload = objectOf(payload_json);
  return {
    mode,
    algorithm: rest.algorithm,
    secret_encoding: rest.secret_encoding,
    ...(signing_key ? { secret: signing_key } : {}),
    ...(header && Object.keys(header).length ? { header } : {}),
    ...(header && payload ? { payload } : {}),
  };
}

/** The JSON object a text holds, else undefined (the Encode tab says why: json-object.ts, loaded with it). */
function objectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a body is worth sending: a token to decode; JSON that reads and a key to sign with. */
export function readyToSend(body: Record<string, unknown>): boolean {
  if (body.mode === 'encode') return body.payload !== undefined && typeof body.secret === 'string';
  return typeof body.token === 'string' && body.token.trim() !== '';
}

/**
 * A JWK or JWK Set in a key box, as the tool reads the secret (keys.ts isKeyText, which the page
 * does not load, with jose): a JSON object with a `kty` string or a `keys` array; else text.
 */
export function isJwkText(secret: string): boolean {
  const text = secret.trim();
  if (!text.startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const { kty, keys } = value as { kty?: unknown; keys?: unknown };
    return typeof kty === 'string' || Array.isArray(keys);
  } catch {
    return false;
  }
}
