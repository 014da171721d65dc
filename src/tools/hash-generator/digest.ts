// The digests the tool offers. hash-wasm (WebAssembly) implements every one of them the same
// way in Node, a page worker and a service worker. For plain SHA-1/SHA-2 digests the
// platform's WebCrypto is used when it exists, because native code is several times faster on
// large inputs (SHA-256 of 3 MB: ~13 ms in WebAssembly, ~3 ms native). Both compute the same
// standard function, so the answer never depends on which one ran; the unit tests run both.
import {
  createBLAKE2b,
  createBLAKE3,
  createCRC32,
  createHMAC,
  createMD5,
  createSHA1,
  createSHA224,
  createSHA256,
  createSHA3,
  createSHA384,
  createSHA512,
  type IHasher,
} from 'hash-wasm';
import type { Algorithm } from './schema';
import { encodeUtf8 } from './utf8';

const CREATE: Record<Algorithm, () => Promise<IHasher>> = {
  md5: createMD5,
  sha1: createSHA1,
  sha224: createSHA224,
  sha256: createSHA256,
  sha384: createSHA384,
  sha512: createSHA512,
  'sha3-256': () => createSHA3(256),
  'sha3-384': () => createSHA3(384),
  'sha3-512': () => createSHA3(512),
  blake2b: () => createBLAKE2b(512),
  blake3: () => createBLAKE3(256),
  crc32: () => createCRC32(), // default polynomial 0xEDB88320: CRC-32/ISO-HDLC
};

const WEBCRYPTO_NAME: Partial<Record<Algorithm, string>> = {
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
};

/**
 * One WebAssembly instance per algorithm, created on first use and then shared by all
 * requests. Sharing is safe because every use (init → update → digest) runs synchronously,
 * with no `await` in between, so two requests never interleave inside one instance.
 */
const hashers = new Map<Algorithm, Promise<IHasher>>();

function hasher(algorithm: Algorithm): Promise<IHasher> {
  let created = hashers.get(algorithm);
  if (!created) {
    created = CREATE[algorithm]();
    hashers.set(algorithm, created);
    // A failed instantiation is not remembered: the next request tries again.
    created.catch(() => hashers.delete(algorithm));
  }
  return created;
}

export interface Digest {
  bytes: Uint8Array;
  /** Bytes hashed. */
  inputLength: number;
}

export interface DigestOptions {
  /** Bytes of the HMAC key; absent for a plain digest. */
  hmacKey?: Uint8Array;
  /** Use WebCrypto where it applies (tests switch it off to check the WebAssembly path). */
  webCrypto?: boolean;
}

/**
 * Digest (or HMAC) of the bytes `read()` gives. `read` is called after the last `await`, so it
 * may return a view of a shared scratch buffer (utf8.ts), consumed before anyone else runs.
 */
export async function digestOf(
  algorithm: Algorithm,
  read: () => Uint8Array,
  options: DigestOptions = {},
): Promise<Digest> {
  const { hmacKey, webCrypto = true } = options;
  const subtle = webCrypto && hmacKey === undefined ? globalThis.crypto?.subtle : undefined;
  const webName = WEBCRYPTO_NAME[algorithm];
  if (subtle && webName) {
    // WebCrypto copies `data` before digest() returns, so the scratch buffer may be reused.
    const input = read() as Uint8Array<ArrayBuffer>;
    const inputLength = input.length;
    return { bytes: new Uint8Array(await subtle.digest(webName, input)), inputLength };
  }
  const base = hasher(algorithm);
  const instance = await (hmacKey === undefined ? base : createHMAC(base, hmacKey));
  const input = read();
  return { bytes: instance.init().update(input).digest('binary'), inputLength: input.length };
}

/** Digest (or HMAC) of the UTF-8 bytes of `text`, which must be well-formed UTF-16. */
export function digestText(algorithm: Algorithm, text: string, options: DigestOptions = {}): Promise<Digest> {
  return digestOf(algorithm, () => encodeUtf8(text), options);
}

/**
 * Fresh incremental hashers for a stream (a file read in chunks): unlike the shared instances
 * above, these live across `await`s, so each stream gets its own.
 */
export async function streamHashers(algorithms: readonly Algorithm[], hmacKey?: Uint8Array): Promise<IHasher[]> {
  const created = await Promise.all(
    algorithms.map((algorithm) =>
      hmacKey === undefined ? CREATE[algorithm]() : createHMAC(CREATE[algorithm](), hmacKey),
    ),
  );
  return created.map((instance) => instance.init());
}
