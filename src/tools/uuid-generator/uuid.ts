// Generating (RFC 9562 §5.4 version 4, §5.7 version 7) and checking UUIDs. Randomness and the
// clock come from the caller, so that every bit can be checked in tests.
import { formatIso } from '../../lib/civil';
import { gregorianIso, gregorianTicks } from './gregorian';
import { ulidTime } from './ulid';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hex of 16 bytes, hyphenated 8-4-4-4-12 or compact. */
export function formatUuid(bytes: Uint8Array, hyphenated: boolean): string {
  let out = '';
  for (let i = 0; i < 16; i++) {
    if (hyphenated && (i === 4 || i === 6 || i === 8 || i === 10)) out += '-';
    out += HEX[bytes[i]!];
  }
  return out;
}

/** Sets the version nibble (byte 6) and the RFC 9562 variant bits `10` (byte 8). */
function stamp(uuid: Uint8Array, version: number): void {
  uuid[6] = (uuid[6]! & 0x0f) | (version << 4);
  uuid[8] = (uuid[8]! & 0x3f) | 0x80;
}

/**
 * `count` version-4 UUIDs from `random` (16 bytes each: UUID i is bytes 16i…16i+15 with the
 * version and variant bits overwritten, so 122 bits of each are random).
 */
export function uuidsV4(random: Uint8Array, count: number): Uint8Array[] {
  const uuids: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const uuid = random.slice(16 * i, 16 * i + 16);
    stamp(uuid, 4);
    uuids.push(uuid);
  }
  return uuids;
}

/** Largest timestamp that fits the 48-bit `unix_ts_ms` field. */
const MAX_TIMESTAMP = 2 ** 48 - 1;

/**
 * `count` version-7 UUIDs for the Unix time `nowMs`, strictly increasing, from `random`
 * (16 bytes each, laid out as in uuidsV4).
 *
 * Layout (RFC 9562 §5.7): 48-bit big-endian unix_ts_ms | ver 7 | 12-bit rand_a | var 10 | 62-bit rand_b.
 * Monotonicity follows §6.2 method 1 ("fixed bit-length dedicated counter"): rand_a is a
 * 12-bit counter. The first UUID seeds it with 11 random bits (the leftmost counter bit is 0,
 * the rollover guard of §6.2), each further UUID of the request adds 1: at most
 * 2047 + 99 < 4096, so it never overflows, and as all UUIDs of one request share the
 * timestamp they sort in generation order. rand_b stays fully random in every UUID.
 * Ordering across separate requests within the same millisecond is not guaranteed: a tool
 * run keeps no state between requests.
 */
export function uuidsV7(random: Uint8Array, count: number, nowMs: number): Uint8Array[] {
  // A clock outside the field (never the case for a real clock) is clamped rather than wrapped.
  let ms = Math.min(Math.max(Math.floor(nowMs), 0), MAX_TIMESTAMP);
  const timestamp = new Uint8Array(6);
  for (let i = 5; i >= 0; i--) {
    timestamp[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  let counter = ((random[6]! & 0x07) << 8) | random[7]!;
  const uuids: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const uuid = random.slice(16 * i, 16 * i + 16);
    uuid.set(timestamp, 0);
    uuid[6] = counter >> 8;
    uuid[7] = counter & 0xff;
    stamp(uuid, 7);
    uuids.push(uuid);
    counter++;
  }
  return uuids;
}

export type ValidatedVersion = 'v1' | 'v2' | 'v3' | 'v4' | 'v5' | 'v6' | 'v7' | 'v8' | 'nil' | 'max' | 'ulid';
export type Variant = 'NCS' | 'RFC 9562' | 'Microsoft' | 'future';

const HYPHENATED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COMPACT = /^[0-9a-f]{32}$/i;

/**
 * The 32 hex digits (lowercase) of a UUID written hyphenated or compact, optionally wrapped
 * in `{…}` or prefixed with `urn:uuid:` (any case), or undefined when it is not such a string.
 * Either wrapper accepts either form: people paste what their tools print.
 */
export function hexDigits(text: string): string | undefined {
  let body = text.trim();
  if (body.length > 45) return undefined; // longer than `urn:uuid:` + 36: no need to look further
  if (body.startsWith('{') && body.endsWith('}')) body = body.slice(1, -1);
  else if (body.slice(0, 9).toLowerCase() === 'urn:uuid:') body = body.slice(9);
  if (HYPHENATED.test(body)) return body.replace(/-/g, '').toLowerCase();
  if (COMPACT.test(body)) return body.toLowerCase();
  return undefined;
}

/**
 * RFC 9562 §4.1, Table 1: the variant is read from the leading bits of the 17th hex digit.
 * The nil UUID falls in NCS and the max UUID in `future`, as the table notes.
 */
export function variantOf(hex: string): Variant {
  const digit = parseInt(hex[16]!, 16);
  if (digit < 0b1000) return 'NCS';
  if (digit < 0b1100) return 'RFC 9562';
  if (digit < 0b1110) return 'Microsoft';
  return 'future';
}

export interface Inspection {
  is_valid: boolean;
  validated_version?: ValidatedVersion;
  variant?: Variant;
  timestamp?: string;
}

/**
 * What a pasted identifier is. A UUID (any accepted spelling) is valid when it is the nil or
 * max UUID or has the RFC 9562 variant and version 1–8; its variant is reported whenever it has
 * the shape of a UUID, valid or not. A ULID is valid with its 26 characters from Crockford's
 * alphabet (first one 0–7). The time inside is given for versions 1, 6 and 7 and ULIDs.
 */
export function inspect(text: string): Inspection {
  const hex = hexDigits(text);
  if (hex === undefined) {
    const ms = ulidTime(text.trim());
    return ms === undefined
      ? { is_valid: false }
      : { is_valid: true, validated_version: 'ulid', timestamp: formatIso(ms) };
  }
  const variant = variantOf(hex);
  if (hex === '0'.repeat(32)) return { is_valid: true, validated_version: 'nil', variant };
  if (hex === 'f'.repeat(32)) return { is_valid: true, validated_version: 'max', variant };
  const version = parseInt(hex[12]!, 16);
  if (variant !== 'RFC 9562' || version < 1 || version > 8) return { is_valid: false, variant };
  const validated = `v${version}` as ValidatedVersion;
  if (version === 1 || version === 6)
    return {
      is_valid: true,
      validated_version: validated,
      variant,
      timestamp: gregorianIso(gregorianTicks(hex, version)),
    };
  if (version === 7)
    return {
      is_valid: true,
      validated_version: validated,
      variant,
      timestamp: formatIso(parseInt(hex.slice(0, 12), 16)),
    };
  return { is_valid: true, validated_version: validated, variant };
}

/** The version of a valid UUID or ULID (see `inspect`); undefined when `text` is neither. */
export function validateUuid(text: string): ValidatedVersion | undefined {
  return inspect(text).validated_version;
}
