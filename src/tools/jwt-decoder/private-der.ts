// Just enough DER to sign with the private-key PEMs people hold: PKCS#8 (`BEGIN PRIVATE KEY`) is
// read for its key kind, and PKCS#1 (`BEGIN RSA PRIVATE KEY`) and SEC1 (`BEGIN EC PRIVATE KEY`)
// are re-wrapped as PKCS#8, the only private form WebCrypto (and so jose) imports. An RSASSA-PSS
// PKCS#8 key is re-wrapped as plain RSA too (WebCrypto knows no PSS-restricted keys) and marked
// pssOnly, so it still signs only PS*. Every read is bounds-checked; bad input throws DerError.
import {
  DerError,
  expect,
  INTEGER,
  keyKind,
  lengthOctets,
  OID,
  oidName,
  readElement,
  SEQUENCE,
  type KeyKind,
} from './der';

const OCTET_STRING = 0x04;

export interface Pkcs8 {
  /** A PrivateKeyInfo WebCrypto can import. */
  der: Uint8Array;
  kind: KeyKind;
}

const RSA_ALGORITHM = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];
const EC_PUBLIC_KEY_OID = [0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];

/** SEQUENCE { INTEGER 0, algorithm, OCTET STRING { key } }. */
function pkcs8(algorithm: number[], key: Uint8Array): Uint8Array {
  const octets = [OCTET_STRING, ...lengthOctets(key.length)];
  const content = 3 + algorithm.length + octets.length + key.length;
  const head = [SEQUENCE, ...lengthOctets(content), INTEGER, 0x01, 0x00, ...algorithm, ...octets];
  const out = new Uint8Array(head.length + key.length);
  out.set(head);
  out.set(key, head.length);
  return out;
}

/** Reads a PrivateKeyInfo (RFC 5208 / 5958) for its kind. */
export function readPkcs8(bytes: Uint8Array): Pkcs8 {
  const info = expect(bytes, 0, bytes.length, SEQUENCE);
  const version = expect(bytes, info.start, info.end, INTEGER);
  const algorithm = expect(bytes, version.end, info.end, SEQUENCE);
  const oid = expect(bytes, algorithm.start, algorithm.end, OID);
  const key = expect(bytes, algorithm.end, info.end, OCTET_STRING);
  const der = bytes.subarray(info.begin, info.end);
  if (oidName(bytes, oid) === 'RSASSA-PSS') {
    return { der: pkcs8FromPkcs1(bytes.subarray(key.start, key.end)), kind: { kty: 'RSA', pssOnly: true } };
  }
  return { der, kind: keyKind(bytes, algorithm, oid) };
}

/** Wraps a PKCS#1 RSAPrivateKey (`BEGIN RSA PRIVATE KEY`) as an rsaEncryption PrivateKeyInfo. */
export function pkcs8FromPkcs1(pkcs1: Uint8Array): Uint8Array {
  const key = expect(pkcs1, 0, pkcs1.length, SEQUENCE);
  const version = expect(pkcs1, key.start, key.end, INTEGER);
  expect(pkcs1, version.end, key.end, INTEGER); // the modulus
  return pkcs8(RSA_ALGORITHM, pkcs1.subarray(0, key.end));
}

/** Wraps a SEC1 ECPrivateKey (`BEGIN EC PRIVATE KEY`, RFC 5915) as PKCS#8, its curve from its [0] parameters. */
export function pkcs8FromSec1(sec1: Uint8Array): Pkcs8 {
  const key = expect(sec1, 0, sec1.length, SEQUENCE);
  const version = expect(sec1, key.start, key.end, INTEGER);
  let pos = expect(sec1, version.end, key.end, OCTET_STRING).end;
  let curve: { start: number; end: number } | undefined;
  while (pos < key.end) {
    const element = readElement(sec1, pos, key.end);
    if (element.tag === 0xa0) curve = expect(sec1, element.start, element.end, OID);
    pos = element.end;
  }
  if (!curve) throw new DerError('SEC1 key without a named curve');
  const crv = oidName(sec1, { tag: OID, begin: curve.start - 2, ...curve });
  const curveOid = [OID, ...lengthOctets(curve.end - curve.start), ...sec1.subarray(curve.start, curve.end)];
  const algorithm = [
    SEQUENCE,
    ...lengthOctets(EC_PUBLIC_KEY_OID.length + curveOid.length),
    ...EC_PUBLIC_KEY_OID,
    ...curveOid,
  ];
  return { der: pkcs8(algorithm, sec1.subarray(0, key.end)), kind: { kty: 'EC', crv } };
}
