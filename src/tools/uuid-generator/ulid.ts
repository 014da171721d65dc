// ULIDs (github.com/ulid/spec): 48-bit Unix time in milliseconds, then 80 random bits, written
// as 26 Crockford Base32 characters (upper case, no I, L, O or U). The first character holds
// only 3 bits, so it is 0–7: anything above would not fit 128 bits and the spec rejects it.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MAX_TIME = 2 ** 48 - 1;
/** A ULID as text: case-insensitive, as the spec says decoding is. */
const ULID_TEXT = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i;

function encode(value: bigint): string {
  let out = '';
  for (let i = 0; i < 26; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

/**
 * `count` ULIDs for the Unix time `nowMs`, from `random` (16 bytes per ULID; the first 10 bytes
 * of the first ULID's share are read). The spec's monotonic rule: within one millisecond each
 * ULID's random part is the previous one plus 1, so the ULIDs of a request sort in generation
 * order. The first random part has its top bit cleared, so 99 increments can never overflow
 * 80 bits (the case the spec answers with an error); 79 bits stay random.
 */
export function ulids(random: Uint8Array, count: number, nowMs: number): string[] {
  const time = BigInt(Math.min(Math.max(Math.floor(nowMs), 0), MAX_TIME));
  let seed = BigInt(random[0]! & 0x7f);
  for (let i = 1; i < 10; i++) seed = (seed << 8n) | BigInt(random[i]!);
  return Array.from({ length: count }, (_, i) => encode((time << 80n) | (seed + BigInt(i))));
}

/** The Unix time in milliseconds of a ULID, or undefined when `text` is not one. */
export function ulidTime(text: string): number | undefined {
  if (!ULID_TEXT.test(text)) return undefined;
  let time = 0;
  for (const char of text.slice(0, 10).toUpperCase()) time = time * 32 + ALPHABET.indexOf(char);
  return time;
}
