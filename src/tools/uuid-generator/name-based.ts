// Versions 3 and 5 (RFC 9562 §5.3, §5.5): the MD5 or SHA-1 digest of a namespace UUID followed
// by the name's UTF-8 bytes, cut to 16 bytes, with the version and variant bits set. The same
// namespace and name always give the same UUID. The digests come from hash-wasm, the library
// the hash generator already uses on every door.
import { md5, sha1 } from 'hash-wasm';

/** RFC 9562 §6.6 (Appendix C of RFC 4122): the well-known namespace IDs. */
export const NAMESPACES = {
  dns: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
  url: '6ba7b811-9dad-11d1-80b4-00c04fd430c8',
  oid: '6ba7b812-9dad-11d1-80b4-00c04fd430c8',
  x500: '6ba7b814-9dad-11d1-80b4-00c04fd430c8',
} as const;
export type NamespaceName = keyof typeof NAMESPACES;

/** The 16 bytes of a UUID given as 32 hex digits. */
export function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
}

/** The version 3 or 5 UUID of `name` in the namespace whose 32 hex digits are `namespaceHex`. */
export async function uuidNameBased(namespaceHex: string, name: string, version: 3 | 5): Promise<Uint8Array> {
  const nameBytes = new TextEncoder().encode(name);
  const message = new Uint8Array(16 + nameBytes.length);
  message.set(hexToBytes(namespaceHex), 0);
  message.set(nameBytes, 16);
  const digest = version === 3 ? await md5(message) : await sha1(message);
  const uuid = hexToBytes(digest.slice(0, 32));
  uuid[6] = (uuid[6]! & 0x0f) | (version << 4);
  uuid[8] = (uuid[8]! & 0x3f) | 0x80;
  return uuid;
}
