// How the page names each algorithm, how big its digest is, and how the select groups them.
import { ALGORITHMS, NO_HMAC, type Algorithm } from './schema';

export const INFO: Record<Algorithm, { name: string; bits: number }> = {
  sha256: { name: 'SHA-256', bits: 256 },
  sha384: { name: 'SHA-384', bits: 384 },
  sha512: { name: 'SHA-512', bits: 512 },
  sha224: { name: 'SHA-224', bits: 224 },
  'sha3-256': { name: 'SHA3-256', bits: 256 },
  'sha3-384': { name: 'SHA3-384', bits: 384 },
  'sha3-512': { name: 'SHA3-512', bits: 512 },
  blake2b: { name: 'BLAKE2b-512', bits: 512 },
  blake3: { name: 'BLAKE3', bits: 256 },
  md5: { name: 'MD5', bits: 128 },
  sha1: { name: 'SHA-1', bits: 160 },
  crc32: { name: 'CRC-32', bits: 32 },
};

const GROUPED: { label: string; items: Algorithm[] }[] = [
  { label: 'SHA-2', items: ['sha256', 'sha384', 'sha512', 'sha224'] },
  { label: 'SHA-3', items: ['sha3-256', 'sha3-384', 'sha3-512'] },
  { label: 'BLAKE', items: ['blake2b', 'blake3'] },
  { label: 'Legacy (not collision-resistant)', items: ['md5', 'sha1'] },
  { label: 'Checksum', items: ['crc32'] },
];

/** The select's groups; an algorithm the schema gains is offered under "Other" until it is grouped. */
export const GROUPS = (() => {
  const grouped = new Set(GROUPED.flatMap((group) => group.items));
  const rest = ALGORITHMS.filter((algorithm) => !grouped.has(algorithm));
  return rest.length ? [...GROUPED, { label: 'Other', items: rest }] : GROUPED;
})();

/** Every algorithm in the select's order: the order of the "all algorithms" table. */
export const ORDERED: readonly Algorithm[] = GROUPS.flatMap((group) => group.items);

/** The algorithms that can be computed with (or without) an HMAC key. */
export const eligible = (hmac: boolean): Algorithm[] => ORDERED.filter((algorithm) => !hmac || !NO_HMAC.has(algorithm));

/** "SHA-512, SHA3-512 or BLAKE2b-512": the algorithms whose digests have `bytes` bytes. */
export function namesOfSize(bytes: number): Algorithm[] {
  return ORDERED.filter((algorithm) => INFO[algorithm].bits / 8 === bytes);
}

export function listNames(algorithms: readonly Algorithm[]): string {
  const names = algorithms.map((algorithm) => INFO[algorithm].name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
