// Turns the `secret` field into a signing key for one algorithm (encode mode), or throws a
// ToolInputError (→ 400) naming 'secret' and saying why not. The mirror of keys.ts's rules:
// HS* signs with the shared secret (under `secret_encoding`) or a symmetric ("oct") JWK, never a
// PEM or an RSA/EC/OKP JWK; RS*/PS*/ES*/EdDSA sign only with a private key: PKCS#8, PKCS#1 or
// SEC1 PEM, or a JWK with its private members. A public key (PEM, certificate or JWK without
// "d") is refused with a sentence saying a private key is needed; a key of the wrong kind names
// both the key and the algorithm. A JWK's "alg", "use" and "key_ops" must allow signing with
// `algorithm`; RSA keys under 2048 bits are refused (RFC 7518 §3.3), as jose does.
import { importJWK, importPKCS8, type CryptoKey } from 'jose';
import { encodeBase64 } from '../../lib/base64';
import { ToolInputError } from '../define';
import { DerError, type KeyKind } from './der';
import { algorithmsFor, jwkKind, jwkOrSet, PEM_START, pemBytes, pickFromSet, withArticle } from './keys';
import { quote } from './messages';
import { pkcs8FromPkcs1, pkcs8FromSec1, readPkcs8, type Pkcs8 } from './private-der';
import type { Algorithm } from './schema';

const bad = (sentence: string): never => {
  throw new ToolInputError(sentence);
};

function kindName(kind: KeyKind): string {
  switch (kind.kty) {
    case 'RSA':
      return kind.pssOnly ? 'RSA-PSS private key' : 'RSA private key';
    case 'EC':
      return kind.crv ? `EC ${kind.crv} private key` : 'EC private key on an unknown curve';
    case 'OKP':
      return kind.crv ? `${kind.crv} private key` : 'OKP private key of an unknown type';
    default:
      return 'private key of an unsupported type';
  }
}

function checkFit(kind: KeyKind, algorithm: Algorithm): void {
  const usable = algorithmsFor(kind);
  if (usable.includes(algorithm)) return;
  const list = usable.length > 1 ? `${usable.slice(0, -1).join(', ')} or ${usable.at(-1)}` : usable[0];
  bad(
    `'secret' is ${withArticle(kindName(kind))}, which cannot sign ${algorithm} (${list ? `it signs ${list}` : 'no supported algorithm uses it'}).`,
  );
}

const NEEDS_PRIVATE = (algorithm: Algorithm, what: string) =>
  `'secret' is ${what}; signing ${algorithm} needs the private key (PKCS#8, PKCS#1 or SEC1 PEM, or a JWK with "d").`;

/** `hmacKey`: the secret's bytes under `secret_encoding`, worked out by the caller for HS* plain secrets. */
export async function signingKey(
  secret: string,
  algorithm: Algorithm,
  header: Record<string, unknown>,
  hmacKey?: Uint8Array,
): Promise<CryptoKey | Uint8Array> {
  const text = secret.trim();
  const jwk = jwkOrSet(text);
  if (algorithm.startsWith('HS')) {
    if (text.startsWith(PEM_START)) {
      bad(
        `'secret' is a PEM key, which is never used as an HMAC secret for ${algorithm}; send the shared secret, or pick the algorithm the key is for.`,
      );
    }
    if (jwk) return hmacJwk(selectJwk(jwk, header), algorithm);
    return hmacKey ?? new TextEncoder().encode(secret);
  }
  const key = text.startsWith(PEM_START)
    ? await pemKey(text, algorithm)
    : jwk
      ? await privateJwk(selectJwk(jwk, header), algorithm)
      : bad(
          `For ${algorithm}, 'secret' must be a private key (PEM or JWK); a shared secret signs only HS256, HS384 and HS512.`,
        );
  const bits = (key.algorithm as { modulusLength?: number }).modulusLength;
  if (bits !== undefined && bits < 2048)
    bad(`'secret' is an RSA key of ${bits} bits, but ${algorithm} requires at least 2048 (RFC 7518 §3.3).`);
  return key;
}

function selectJwk(value: Record<string, unknown>, header: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(value.keys)) return value;
  const picked = pickFromSet(value.keys, header);
  // The token's kid is the one in the header being signed.
  return 'jwk' in picked ? picked.jwk : bad(picked.error);
}

async function pemKey(text: string, algorithm: Algorithm): Promise<CryptoKey> {
  const labelEnd = text.indexOf('-----', PEM_START.length);
  const label = labelEnd < 0 ? '' : text.slice(PEM_START.length, labelEnd);
  if (!/^[A-Z0-9][A-Z0-9 ]{0,63}$/.test(label))
    bad(`'secret' starts with '-----BEGIN ' but has no valid PEM label after it.`);
  const bodyEnd = text.indexOf(`-----END ${label}-----`, labelEnd + 5);
  if (bodyEnd < 0)
    bad(`'secret' starts a PEM ${quote(label)} block but has no matching '-----END ${label}-----' line.`);
  if (label === 'PUBLIC KEY' || label === 'RSA PUBLIC KEY' || label === 'CERTIFICATE')
    bad(NEEDS_PRIVATE(algorithm, `a public key (PEM ${label})`));
  if (label === 'ENCRYPTED PRIVATE KEY')
    bad(`'secret' is an encrypted private key; decrypt it first (openssl pkey -in key.pem) and send the PEM it gives.`);
  if (label !== 'PRIVATE KEY' && label !== 'RSA PRIVATE KEY' && label !== 'EC PRIVATE KEY') {
    bad(
      `'secret' is a PEM ${quote(label)} block; ${algorithm} signs with a PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY PEM, or a JWK.`,
    );
  }
  const der =
    pemBytes(text.slice(labelEnd + 5, bodyEnd)) ??
    bad(`The body of the PEM ${quote(label)} block in 'secret' is not valid Base64.`);
  let key: Pkcs8;
  try {
    if (label === 'PRIVATE KEY') key = readPkcs8(der);
    else if (label === 'RSA PRIVATE KEY') key = { der: pkcs8FromPkcs1(der), kind: { kty: 'RSA', pssOnly: false } };
    else key = pkcs8FromSec1(der);
  } catch (error) {
    if (!(error instanceof DerError)) throw error;
    return bad(`The PEM ${quote(label)} block in 'secret' is malformed: its content is not a valid private key.`);
  }
  checkFit(key.kind, algorithm);
  const pem = `-----BEGIN PRIVATE KEY-----\n${encodeBase64(key.der)}\n-----END PRIVATE KEY-----`;
  try {
    return await importPKCS8(pem, algorithm);
  } catch {
    return bad(`The private key in 'secret' is malformed: it is not a valid ${kindName(key.kind)}.`);
  }
}

/** A JWK's "alg", "use" and "key_ops" must allow signing with `algorithm`. */
function checkUsage(jwk: Record<string, unknown>, algorithm: Algorithm): void {
  const shown = (value: unknown) => (typeof value === 'string' ? quote(value) : 'a non-string');
  if (jwk.alg !== undefined && jwk.alg !== algorithm)
    bad(
      `The JWK in 'secret' is restricted to alg ${shown(jwk.alg)} by its "alg" member, so it cannot sign ${algorithm}.`,
    );
  if (jwk.use !== undefined && jwk.use !== 'sig')
    bad(`The JWK in 'secret' has "use" ${shown(jwk.use)}, not "sig", so it is not for signatures.`);
  if (jwk.key_ops !== undefined && !(Array.isArray(jwk.key_ops) && jwk.key_ops.includes('sign')))
    bad(`The JWK in 'secret' has "key_ops" without "sign".`);
}

async function hmacJwk(jwk: Record<string, unknown>, algorithm: Algorithm): Promise<Uint8Array> {
  if (typeof jwk.kty !== 'string') bad(`'secret' is JSON but not a JWK: it has no "kty" member.`);
  if (jwk.kty !== 'oct')
    bad(
      `'secret' is a JWK of kty ${quote(String(jwk.kty))}, which is never used as an HMAC secret for ${algorithm}; send the shared secret or a symmetric ("oct") JWK.`,
    );
  checkUsage(jwk, algorithm);
  if (typeof jwk.k !== 'string' || jwk.k === '') bad(`The JWK in 'secret' has no "k" member (a non-empty string).`);
  try {
    return (await importJWK({ kty: 'oct', k: jwk.k as string }, algorithm)) as Uint8Array;
  } catch {
    return bad(`The JWK's "k" member in 'secret' is not base64url.`);
  }
}

async function privateJwk(jwk: Record<string, unknown>, algorithm: Algorithm): Promise<CryptoKey> {
  if (typeof jwk.kty !== 'string') bad(`'secret' is JSON but not a JWK: it has no "kty" member.`);
  if (jwk.kty === 'oct')
    bad(`'secret' is a symmetric ("oct") JWK, which cannot sign ${algorithm} (it signs HS256, HS384 and HS512).`);
  const kind = jwkKind(jwk);
  if (jwk.d === undefined) bad(NEEDS_PRIVATE(algorithm, `a public JWK (it has no "d")`));
  checkFit(kind, algorithm);
  checkUsage(jwk, algorithm);
  const { alg: _alg, use: _use, key_ops: _ops, ext: _ext, ...members } = jwk;
  try {
    return (await importJWK(members as Parameters<typeof importJWK>[0], algorithm)) as CryptoKey;
  } catch {
    return bad(`The JWK in 'secret' is malformed: its members do not form a valid ${kindName(kind)}.`);
  }
}
