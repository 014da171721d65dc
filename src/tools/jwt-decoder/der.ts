// Just enough DER to read public keys: what kind of key a SubjectPublicKeyInfo holds (so that a
// wrong key gets a precise message instead of an engine's "Invalid key type"), the SPKI inside an
// X.509 certificate, and the re-wrapping of PKCS#1 / RSASSA-PSS keys as plain RSA SPKI, which is
// the only RSA form WebCrypto imports. Every read is bounds-checked; bad input throws DerError.

export class DerError extends Error {
  override name = 'DerError';
}

export interface Element {
  tag: number;
  /** Index of the tag byte. */
  begin: number;
  /** Content is bytes[start, end). */
  start: number;
  end: number;
}

export const SEQUENCE = 0x30;
export const OID = 0x06;
const BIT_STRING = 0x03;
export const INTEGER = 0x02;

export function readElement(bytes: Uint8Array, pos: number, limit: number): Element {
  if (pos + 2 > limit) throw new DerError('truncated element');
  const tag = bytes[pos]!;
  let length = bytes[pos + 1]!;
  let start = pos + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    // Indefinite length (0x80) is BER, not DER; more than 4 octets cannot fit any real key.
    if (octets === 0 || octets > 4 || start + octets > limit) throw new DerError('bad length');
    length = 0;
    for (let i = 0; i < octets; i++) length = length * 256 + bytes[start + i]!;
    start += octets;
  }
  const end = start + length;
  if (end > limit) throw new DerError('element overruns its container');
  return { tag, begin: pos, start, end };
}

export function expect(bytes: Uint8Array, pos: number, limit: number, tag: number): Element {
  const element = readElement(bytes, pos, limit);
  if (element.tag !== tag) throw new DerError(`expected tag ${tag}, found ${element.tag}`);
  return element;
}

const OIDS: Record<string, string> = {
  '2a864886f70d010101': 'rsaEncryption',
  '2a864886f70d01010a': 'RSASSA-PSS',
  '2a8648ce3d0201': 'ecPublicKey',
  '2a8648ce3d030107': 'P-256',
  '2b81040022': 'P-384',
  '2b81040023': 'P-521',
  '2b8104000a': 'secp256k1',
  '2b6570': 'Ed25519',
  '2b6571': 'Ed448',
  '2b656e': 'X25519',
  '2b656f': 'X448',
};

export function oidName(bytes: Uint8Array, element: Element): string | undefined {
  if (element.end - element.start > 16) return undefined; // longer than any OID above
  let hex = '';
  for (let i = element.start; i < element.end; i++) hex += bytes[i]!.toString(16).padStart(2, '0');
  return OIDS[hex];
}

/** What a key is, in the terms the JOSE algorithms use. */
export type KeyKind =
  | { kty: 'RSA'; pssOnly: boolean }
  /** `crv` is absent when the curve is not one of the names below. */
  | { kty: 'EC'; crv?: string }
  | { kty: 'OKP'; crv?: string }
  | { kty: 'other' };

export interface Spki {
  /** The whole SubjectPublicKeyInfo element, ready to import. */
  der: Uint8Array;
  kind: KeyKind;
}

/**
 * The kind of key an AlgorithmIdentifier names (`oid` is its first element), for the public and
 * the private readers alike; RSASSA-PSS is left to them, as each re-wraps it its own way.
 */
export function keyKind(bytes: Uint8Array, algorithm: Element, oid: Element): KeyKind {
  const name = oidName(bytes, oid);
  switch (name) {
    case 'rsaEncryption':
      return { kty: 'RSA', pssOnly: false };
    case 'ecPublicKey': {
      const curve = oid.end < algorithm.end ? readElement(bytes, oid.end, algorithm.end) : undefined;
      return { kty: 'EC', crv: curve?.tag === OID ? oidName(bytes, curve) : undefined };
    }
    case 'Ed25519':
    case 'Ed448':
    case 'X25519':
    case 'X448':
      return { kty: 'OKP', crv: name };
    default:
      return { kty: 'other' };
  }
}

/** Reads a SubjectPublicKeyInfo; an RSASSA-PSS key is re-wrapped as rsaEncryption (marked pssOnly). */
export function readSpki(bytes: Uint8Array, pos = 0, limit = bytes.length): Spki {
  const spki = expect(bytes, pos, limit, SEQUENCE);
  const algorithm = expect(bytes, spki.start, spki.end, SEQUENCE);
  const oid = expect(bytes, algorithm.start, algorithm.end, OID);
  const key = expect(bytes, algorithm.end, spki.end, BIT_STRING);
  const der = bytes.subarray(spki.begin, spki.end);
  if (oidName(bytes, oid) === 'RSASSA-PSS') {
    // RFC 4055 keys restricted to PSS: same RSAPublicKey inside, different wrapper.
    if (key.end - key.start < 2 || bytes[key.start] !== 0) throw new DerError('bad RSA-PSS key bits');
    return { der: spkiFromPkcs1(bytes.subarray(key.start + 1, key.end)), kind: { kty: 'RSA', pssOnly: true } };
  }
  return { der, kind: keyKind(bytes, algorithm, oid) };
}

/** The SubjectPublicKeyInfo of an X.509 certificate (RFC 5280 §4.1). */
export function readCertificateSpki(bytes: Uint8Array): Spki {
  const certificate = expect(bytes, 0, bytes.length, SEQUENCE);
  const tbs = expect(bytes, certificate.start, certificate.end, SEQUENCE);
  let pos = tbs.start;
  // [0] version (optional), serialNumber, signature, issuer, validity, subject, then the SPKI.
  if (bytes[pos] === 0xa0) pos = readElement(bytes, pos, tbs.end).end;
  for (let i = 0; i < 5; i++) pos = readElement(bytes, pos, tbs.end).end;
  return readSpki(bytes, pos, tbs.end);
}

/** Wraps a PKCS#1 RSAPublicKey (`BEGIN RSA PUBLIC KEY`) as an rsaEncryption SPKI. */
export function spkiFromPkcs1(pkcs1: Uint8Array): Uint8Array {
  const key = expect(pkcs1, 0, pkcs1.length, SEQUENCE);
  const modulus = expect(pkcs1, key.start, key.end, INTEGER);
  expect(pkcs1, modulus.end, key.end, INTEGER);
  const body = pkcs1.subarray(0, key.end);
  // AlgorithmIdentifier { rsaEncryption, NULL }, then BIT STRING { 0 unused bits, RSAPublicKey }.
  const algorithm = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];
  const bitString = [0x03, ...lengthOctets(body.length + 1), 0x00];
  const content = algorithm.length + bitString.length + body.length;
  const head = [0x30, ...lengthOctets(content), ...algorithm, ...bitString];
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

export function lengthOctets(length: number): number[] {
  if (length < 0x80) return [length];
  const octets: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) octets.unshift(n & 255);
  return [0x80 | octets.length, ...octets];
}
