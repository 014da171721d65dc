// Turns the `secret` field into a verification key for one algorithm, or a one-sentence reason
// why it cannot be one. The rules (docs/contract.md §4 jwt-decoder) that defeat algorithm confusion:
// an HS* secret is the text's bytes (under `secret_encoding`, secret.ts) or a symmetric ("oct")
// JWK, alone or in a JWK Set, and never a PEM or a public JWK; RS*/PS*/ES*/EdDSA only ever take
// a public key, never a shared secret. Decisions where the contract is silent:
// - a PKCS#1 `BEGIN RSA PUBLIC KEY` PEM and an RSASSA-PSS SPKI are accepted (re-wrapped as RSA SPKI;
//   a PSS-restricted key verifies only PS*);
// - a certificate is only a carrier of its public key: its dates, issuer and chain are not checked;
// - a private key (PEM or JWK with private members) is refused rather than silently used;
// - a JWK Set (`{"keys":[…]}`) is accepted: the key whose `kid` is the token's, or its only key
//   (for HS* too: the chosen key must then be "oct");
// - a JWK's `alg`, `use` and `key_ops`, when present, must allow verifying with `algorithm`;
// - RSA keys shorter than 2048 bits are refused (RFC 7518 §3.3; jose refuses them too).
import { importJWK, importSPKI, type CryptoKey } from 'jose';
import { decodeBase64url, encodeBase64 } from '../../lib/base64';
import { readCertificateSpki, readSpki, spkiFromPkcs1, type KeyKind, type Spki } from './der';
import { quote } from './messages';
import type { Algorithm } from './schema';
import { exceedsDepth, MAX_DEPTH } from './token';

/** `kid`: the chosen JWK's own `kid`, when the key came from a JWK (or JWK Set) that has one. */
export type KeyResult = { key: CryptoKey | Uint8Array; kid?: string } | { error: string };

export const PEM_START = '-----BEGIN ';

/**
 * `hmacKey`: the secret's bytes under its `secret_encoding`, worked out by the caller (a bad
 * encoding is a 400, whatever the token); used for HS* when the secret is neither PEM nor JWK.
 */
export async function resolveKey(
  secret: string,
  algorithm: Algorithm,
  header: Record<string, unknown>,
  hmacKey?: Uint8Array,
): Promise<KeyResult> {
  const text = secret.trim();
  if (algorithm.startsWith('HS')) {
    if (text.startsWith(PEM_START)) {
      return {
        error: `'secret' is a PEM key, which is never used as an HMAC secret for ${algorithm} (that is the algorithm-confusion attack); send the shared secret instead.`,
      };
    }
    const jwk = jwkOrSet(text);
    if (jwk) return hmacJwk(jwk, algorithm, header);
    return { key: hmacKey ?? new TextEncoder().encode(secret) };
  }
  const result = text.startsWith(PEM_START)
    ? await pemKey(text, algorithm)
    : text.startsWith('{')
      ? await jwkKey(text, algorithm, header)
      : {
          error: `For ${algorithm}, 'secret' must be a public key (PEM or JWK); a shared secret is never accepted for ${algorithm}, as that would allow algorithm-confusion attacks.`,
        };
  if (!('key' in result)) return result;
  const sized = await checkRsaSize(result.key, algorithm);
  return 'key' in sized && result.kid !== undefined ? { ...sized, kid: result.kid } : sized;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The secret as JSON, or undefined; nesting is bounded first so that every engine agrees. */
function parseJson(text: string): unknown {
  if (exceedsDepth(text, MAX_DEPTH)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The secret as a JWK or JWK Set object (a JSON object with "kty" or a "keys" array), else undefined. */
export function jwkOrSet(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  const value = parseJson(text);
  return isPlainObject(value) && (typeof value.kty === 'string' || Array.isArray(value.keys)) ? value : undefined;
}

/** True when the secret is a PEM block or a JWK / JWK Set, which `secret_encoding` never applies to. */
export function isKeyText(secret: string): boolean {
  const text = secret.trim();
  return text.startsWith(PEM_START) || jwkOrSet(text) !== undefined;
}

const ASYMMETRIC = new Set(['RSA', 'EC', 'OKP']);

/**
 * What a public-key-shaped secret is, for the algorithm-confusion warning: a PEM block, or a JWK
 * (or the key a JWK Set would give the token, or a set of public keys only) of an RSA, EC or OKP
 * key. Undefined for anything that could be a shared secret.
 */
export function publicKeyShape(secret: string, header: Record<string, unknown>): 'PEM key' | 'public JWK' | undefined {
  const text = secret.trim();
  if (text.startsWith(PEM_START)) return 'PEM key';
  const value = jwkOrSet(text);
  if (!value) return undefined;
  const asymmetric = (jwk: unknown) => isPlainObject(jwk) && typeof jwk.kty === 'string' && ASYMMETRIC.has(jwk.kty);
  if (!Array.isArray(value.keys)) return asymmetric(value) ? 'public JWK' : undefined;
  const picked = pickFromSet(value.keys, header);
  if ('jwk' in picked) return asymmetric(picked.jwk) ? 'public JWK' : undefined;
  return value.keys.length > 0 && value.keys.every(asymmetric) ? 'public JWK' : undefined;
}

// ---- What a key can verify -------------------------------------------------------------------

/** "RSA public key", "EC P-256 public key", … for messages. */
function kindName(kind: KeyKind): string {
  switch (kind.kty) {
    case 'RSA':
      return kind.pssOnly ? 'RSA-PSS public key' : 'RSA public key';
    case 'EC':
      return kind.crv ? `EC ${kind.crv} public key` : 'EC public key on an unknown curve';
    case 'OKP':
      return kind.crv ? `${kind.crv} public key` : 'OKP public key of an unknown type';
    default:
      return 'public key of an unsupported type';
  }
}

/** "an RSA …", "an EC …", "an Ed25519 …", "an X25519 …", "a public key …": by sound, not letter. */
export const withArticle = (name: string) => `${/^(RSA|EC|Ed|X|OKP)/.test(name) ? 'an' : 'a'} ${name}`;

const EC_ALGORITHMS: Partial<Record<string, Algorithm>> = { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' };

/** The algorithms of this tool that a key of this kind verifies. */
export function algorithmsFor(kind: KeyKind): Algorithm[] {
  if (kind.kty === 'RSA')
    return kind.pssOnly ? ['PS256', 'PS384', 'PS512'] : ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
  const ec = kind.kty === 'EC' && kind.crv !== undefined ? EC_ALGORITHMS[kind.crv] : undefined;
  if (ec) return [ec];
  if (kind.kty === 'OKP' && kind.crv === 'Ed25519') return ['EdDSA'];
  return [];
}

function misfit(kind: KeyKind, algorithm: Algorithm): { error: string } | undefined {
  const usable = algorithmsFor(kind);
  if (usable.includes(algorithm)) return undefined;
  const list = usable.length > 1 ? `${usable.slice(0, -1).join(', ')} or ${usable.at(-1)}` : usable[0];
  return {
    error: `The key is ${withArticle(kindName(kind))}, which cannot verify ${algorithm} (${list ? `it verifies ${list}` : 'no supported algorithm uses it'}).`,
  };
}

async function checkRsaSize(key: CryptoKey | Uint8Array, algorithm: Algorithm): Promise<KeyResult> {
  if (key instanceof Uint8Array) return { key };
  const bits = (key.algorithm as { modulusLength?: number }).modulusLength;
  if (bits !== undefined && bits < 2048) {
    return { error: `The RSA key has ${bits} bits, but ${algorithm} requires at least 2048 (RFC 7518 §3.3).` };
  }
  return { key };
}

// ---- PEM ---------------------------------------------------------------------------------------

async function pemKey(text: string, algorithm: Algorithm): Promise<KeyResult> {
  const labelEnd = text.indexOf('-----', PEM_START.length);
  const label = labelEnd < 0 ? '' : text.slice(PEM_START.length, labelEnd);
  // RFC 7468 labels in practice: upper-case words ("PUBLIC KEY", "CERTIFICATE", "EC PRIVATE KEY").
  if (!/^[A-Z0-9][A-Z0-9 ]{0,63}$/.test(label))
    return { error: `'secret' starts with '-----BEGIN ' but has no valid PEM label after it.` };
  const bodyEnd = text.indexOf(`-----END ${label}-----`, labelEnd + 5);
  if (bodyEnd < 0)
    return { error: `'secret' starts a PEM ${quote(label)} block but has no matching '-----END ${label}-----' line.` };
  if (label.includes('PRIVATE KEY')) {
    return {
      error: `'secret' is a private key (${label}); verifying needs only the public key, and a private key should never be shared.`,
    };
  }
  const der = pemBytes(text.slice(labelEnd + 5, bodyEnd));
  if (!der) return { error: `The body of the PEM ${quote(label)} block in 'secret' is not valid Base64.` };
  let spki: Spki;
  try {
    if (label === 'PUBLIC KEY') spki = readSpki(der);
    else if (label === 'RSA PUBLIC KEY') spki = readSpki(spkiFromPkcs1(der));
    else if (label === 'CERTIFICATE') spki = readCertificateSpki(der);
    else
      return {
        error: `'secret' is a PEM ${quote(label)} block; ${algorithm} needs a public key (BEGIN PUBLIC KEY), a certificate (BEGIN CERTIFICATE) or a JWK.`,
      };
  } catch {
    return {
      error: `The PEM ${quote(label)} block in 'secret' is malformed: its content is not a valid ${label === 'CERTIFICATE' ? 'X.509 certificate' : 'public key'}.`,
    };
  }
  const unusable = misfit(spki.kind, algorithm);
  if (unusable) return unusable;
  const pem = `-----BEGIN PUBLIC KEY-----\n${encodeBase64(spki.der)}\n-----END PUBLIC KEY-----`;
  try {
    return { key: await importSPKI(pem, algorithm) };
  } catch {
    return { error: `The public key in 'secret' is malformed: it is not a valid ${kindName(spki.kind)}.` };
  }
}

/** Strict standard Base64 of a PEM body: whitespace between lines, '=' padding only at the end. */
export function pemBytes(body: string): Uint8Array | undefined {
  const compact = body.replace(/\s+/g, '');
  const unpadded = compact.replace(/={1,2}$/, '');
  if (/[-_]/.test(unpadded)) return undefined;
  if (unpadded.length !== compact.length && compact.length % 4 !== 0) return undefined;
  const decoded = decodeBase64url(unpadded.replace(/\+/g, '-').replace(/\//g, '_'));
  return decoded.ok && decoded.bytes.length > 0 ? decoded.bytes : undefined;
}

// ---- JWK ---------------------------------------------------------------------------------------

const PUBLIC_MEMBERS: Record<string, string[]> = { RSA: ['n', 'e'], EC: ['crv', 'x', 'y'], OKP: ['crv', 'x'] };
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'];

async function jwkKey(text: string, algorithm: Algorithm, header: Record<string, unknown>): Promise<KeyResult> {
  const value = parseJson(text);
  if (!isPlainObject(value)) return { error: `'secret' starts with '{' but is not a JSON object, so it is not a JWK.` };
  const selected = Array.isArray(value.keys) ? pickFromSet(value.keys, header) : { jwk: value };
  if ('error' in selected) return selected;
  return withKid(await importPublicJwk(selected.jwk, algorithm), selected.jwk);
}

/** Names the JWK that gave the key by its `kid` (a string one only), so the answer can say which verified. */
function withKid(result: KeyResult, jwk: Record<string, unknown>): KeyResult {
  return 'key' in result && typeof jwk.kid === 'string' ? { ...result, kid: jwk.kid } : result;
}

/** The key of a JWK Set that the token names by `kid`, or the set's only key. */
export function pickFromSet(
  keys: unknown[],
  header: Record<string, unknown>,
): { jwk: Record<string, unknown> } | { error: string } {
  const kid = typeof header.kid === 'string' ? header.kid : undefined;
  const candidates = kid === undefined ? keys : keys.filter((key) => isPlainObject(key) && key.kid === kid);
  const only = candidates[0];
  if (candidates.length === 1 && isPlainObject(only)) return { jwk: only };
  if (candidates.length === 1) return { error: `The JWK Set in 'secret' holds an entry that is not a JSON object.` };
  if (kid !== undefined) {
    return candidates.length === 0
      ? { error: `No key in the JWK Set in 'secret' has the token's kid ${quote(kid)}.` }
      : {
          error: `The JWK Set in 'secret' has ${candidates.length} keys with the token's kid ${quote(kid)}, so the key is ambiguous.`,
        };
  }
  return candidates.length === 0
    ? { error: `The JWK Set in 'secret' is empty.` }
    : {
        error: `The JWK Set in 'secret' has ${candidates.length} keys and the token's header has no kid to choose one; send the single JWK instead.`,
      };
}

const CURVES = new Set(['P-256', 'P-384', 'P-521', 'secp256k1', 'Ed25519', 'Ed448', 'X25519', 'X448']);

/** A JSON member's value for a message; never String(), which objects can make throw. */
const shown = (value: unknown) =>
  typeof value === 'string' ? quote(value) : `a non-string (${value === null ? 'null' : typeof value})`;

export function jwkKind(jwk: Record<string, unknown>): KeyKind {
  const crv = typeof jwk.crv !== 'string' ? undefined : CURVES.has(jwk.crv) ? jwk.crv : quote(jwk.crv);
  if (jwk.kty === 'RSA') return { kty: 'RSA', pssOnly: false };
  if (jwk.kty === 'EC') return { kty: 'EC', crv };
  if (jwk.kty === 'OKP') return { kty: 'OKP', crv };
  return { kty: 'other' };
}

/** The usage members of a JWK ("alg", "use", "key_ops") must allow verifying with `algorithm`. */
function usageProblem(jwk: Record<string, unknown>, algorithm: Algorithm): { error: string } | undefined {
  if (jwk.alg !== undefined && jwk.alg !== algorithm) {
    return {
      error: `The JWK is restricted to alg ${shown(jwk.alg)} by its "alg" member, so it cannot verify ${algorithm}.`,
    };
  }
  if (jwk.use !== undefined && jwk.use !== 'sig') {
    return { error: `The JWK's "use" is ${shown(jwk.use)}, not "sig", so it is not for verifying signatures.` };
  }
  if (jwk.key_ops !== undefined && !(Array.isArray(jwk.key_ops) && jwk.key_ops.includes('verify'))) {
    return { error: `The JWK's "key_ops" does not include "verify".` };
  }
  return undefined;
}

/** An HS* key from a JWK or JWK Set: only a symmetric ("oct") key, its "k" the key bytes (RFC 7518 §6.4). */
async function hmacJwk(
  value: Record<string, unknown>,
  algorithm: Algorithm,
  header: Record<string, unknown>,
): Promise<KeyResult> {
  const selected = Array.isArray(value.keys) ? pickFromSet(value.keys, header) : { jwk: value };
  if ('error' in selected) return selected;
  const { jwk } = selected;
  if (typeof jwk.kty !== 'string') return { error: `'secret' is JSON but not a JWK: it has no "kty" member.` };
  if (jwk.kty !== 'oct') {
    const kind = ASYMMETRIC.has(jwk.kty) ? kindName(jwkKind(jwk)) : `key of type ${quote(jwk.kty)}`;
    return {
      error: `'secret' is ${withArticle(kind)} as a JWK, which is never used as an HMAC secret for ${algorithm} (that is the algorithm-confusion attack); send the shared secret, or a symmetric ("oct") JWK.`,
    };
  }
  const unusable = usageProblem(jwk, algorithm);
  if (unusable) return unusable;
  if (typeof jwk.k !== 'string' || jwk.k === '') return { error: `The JWK has no "k" member (a non-empty string).` };
  if (!decodeBase64url(jwk.k).ok) return { error: `The JWK's "k" member is not base64url.` };
  return withKid({ key: (await importJWK({ kty: 'oct', k: jwk.k }, algorithm)) as Uint8Array }, jwk);
}

async function importPublicJwk(jwk: Record<string, unknown>, algorithm: Algorithm): Promise<KeyResult> {
  if (typeof jwk.kty !== 'string') return { error: `'secret' is JSON but not a JWK: it has no "kty" member.` };
  if (jwk.kty === 'oct') return { error: `The JWK is a symmetric ("oct") key, which cannot verify ${algorithm}.` };
  const privateMember = PRIVATE_MEMBERS.find((name) => jwk[name] !== undefined);
  if (privateMember) {
    return {
      error: `The JWK is a private key (it has "${privateMember}"); verifying needs only the public key, and a private key should never be shared.`,
    };
  }
  const kind = jwkKind(jwk);
  const unusable = misfit(kind, algorithm) ?? usageProblem(jwk, algorithm);
  if (unusable) return unusable;
  // Import only the public members, checked strictly: engines differ in what else they tolerate.
  const clean: Record<string, string> = { kty: jwk.kty };
  for (const name of PUBLIC_MEMBERS[jwk.kty]!) {
    const member = jwk[name];
    if (typeof member !== 'string' || member === '')
      return { error: `The JWK has no "${name}" member (a non-empty string).` };
    if (name !== 'crv' && !decodeBase64url(member).ok) return { error: `The JWK's "${name}" member is not base64url.` };
    clean[name] = member;
  }
  try {
    return { key: (await importJWK(clean, algorithm)) as CryptoKey };
  } catch {
    return { error: `The JWK is malformed: its members do not form a valid ${kindName(kind)}.` };
  }
}
