// Page-only, WebCrypto: a fresh key to sign with ("Generate"), and the public half of a private
// key so that "Verify in Decode" can check the token just signed. Nothing here signs: the tool
// signs in the worker (sign.ts). Keys are made in this browser and never leave it.
import type { Algorithm } from './schema';

type Params = RsaHashedImportParams | EcKeyImportParams | Algorithm_;
type Algorithm_ = { name: string };

/** WebCrypto's name for each algorithm's key (RSA-PSS keys are plain RSA keys in PKCS#8). */
function params(algorithm: Algorithm): Params {
  const hash = `SHA-${algorithm.slice(2)}`;
  if (algorithm.startsWith('RS')) return { name: 'RSASSA-PKCS1-v1_5', hash };
  if (algorithm.startsWith('PS')) return { name: 'RSASSA-PKCS1-v1_5', hash };
  if (algorithm === 'EdDSA') return { name: 'Ed25519' };
  const curve = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' }[algorithm as 'ES256'];
  return { name: 'ECDSA', namedCurve: curve };
}

function pem(label: string, der: ArrayBuffer): string {
  const base64 = btoa(String.fromCharCode(...new Uint8Array(der)));
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

export interface NewKey {
  /** What goes in the key box: a Base64url secret (HS*) or a PKCS#8 PEM private key. */
  secret: string;
  /** The public key as SPKI PEM (not for HS*). */
  publicKey?: string;
}

/** A random HS* secret as long as the hash (RFC 7518 §3.2), or a key pair: RSA 2048, the ES* curve, Ed25519. */
export async function generateKey(algorithm: Algorithm): Promise<NewKey> {
  if (algorithm.startsWith('HS')) {
    return { secret: base64url(crypto.getRandomValues(new Uint8Array(Number(algorithm.slice(2)) / 8))) };
  }
  const shape = params(algorithm);
  const rsa = shape.name.startsWith('RSA') ? { modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) } : {};
  const pair = (await crypto.subtle.generateKey({ ...shape, ...rsa } as RsaHashedKeyGenParams, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const [privateDer, publicDer] = await Promise.all([
    crypto.subtle.exportKey('pkcs8', pair.privateKey),
    crypto.subtle.exportKey('spki', pair.publicKey),
  ]);
  return { secret: pem('PRIVATE KEY', privateDer), publicKey: pem('PUBLIC KEY', publicDer) };
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'];

/** A JWK (as text) without its private members, or undefined when the text is no private JWK. */
function publicJwk(text: string, drop: readonly string[] = []): string | undefined {
  try {
    const jwk: unknown = JSON.parse(text);
    if (!jwk || typeof jwk !== 'object' || Array.isArray(jwk) || !('d' in jwk)) return undefined;
    // key_ops says "sign" on a private key; a public key verifies.
    const gone = [...PRIVATE_MEMBERS, 'key_ops', ...drop];
    const kept = Object.entries(jwk).filter(([name]) => !gone.includes(name));
    return JSON.stringify(Object.fromEntries(kept));
  } catch {
    return undefined;
  }
}

/**
 * The public key of a private key as the Decode tab takes it: a private JWK without its private
 * members, or a PKCS#8 PEM's public half (read by WebCrypto) as a JWK. PKCS#1 and SEC1 PEMs,
 * which WebCrypto does not read, give undefined: the user pastes the public key.
 */
export async function publicKeyOf(secret: string, algorithm: Algorithm): Promise<string | undefined> {
  const text = secret.trim();
  if (text.startsWith('{')) return publicJwk(text);
  const match = /-----BEGIN PRIVATE KEY-----([\s\S]*?)-----END PRIVATE KEY-----/.exec(text);
  if (!match) return undefined;
  try {
    const der = Uint8Array.from(atob(match[1]!.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
    const key = await crypto.subtle.importKey('pkcs8', der, params(algorithm), true, ['sign']);
    // WebCrypto's `alg` names the import's algorithm (RS256 for a PS256 key): left out, the
    // key verifies under the algorithm chosen.
    return publicJwk(JSON.stringify(await crypto.subtle.exportKey('jwk', key)), ['alg', 'ext']);
  } catch {
    return undefined;
  }
}
