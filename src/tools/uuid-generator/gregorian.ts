// Versions 1 and 6 (RFC 9562 §5.1, §5.6): a 60-bit count of 100-nanosecond intervals since the
// Gregorian reform, 1582-10-15T00:00:00Z, a 14-bit clock sequence and a 48-bit node. Both carry
// the same three values; version 6 only orders the timestamp's bits most significant first, so
// its UUIDs sort by time as text.
import { formatIso } from '../../lib/civil';

/** 100-ns intervals from 1582-10-15 to 1970-01-01 (RFC 9562 §5.1: 0x01B21DD213814000). */
const GREGORIAN_OFFSET = 0x01b21dd213814000n;
const MAX_TICKS = (1n << 60n) - 1n;
const TICKS_PER_MS = 10_000n;

/**
 * `count` UUIDs of version 1 or 6 for the Unix time `nowMs`, from `random` (16 bytes per UUID;
 * only the first UUID's bytes 8–15 are read).
 *
 * The clock has millisecond resolution, so UUID i of a request takes the tick `nowMs` + i × 100 ns
 * (count ≤ 100 stays within the millisecond): the UUIDs of one request are distinct and, for
 * version 6, increasing. The clock sequence (14 bits) and the node (48 bits) are random, drawn
 * once per request, and the node has its multicast bit set, as RFC 9562 §6.10 asks of a random
 * node so that it can never equal a real IEEE 802 address. A tool run keeps no state between
 * requests, so there is nothing to carry a clock sequence across them.
 */
export function uuidsGregorian(random: Uint8Array, count: number, nowMs: number, version: 1 | 6): Uint8Array[] {
  const clamped = BigInt(Math.max(Math.floor(nowMs), 0)) * TICKS_PER_MS + GREGORIAN_OFFSET;
  const start = clamped + BigInt(count) > MAX_TICKS ? MAX_TICKS - BigInt(count) : clamped;
  const clockSeq = ((random[8]! & 0x3f) << 8) | random[9]!;
  const node = random.slice(10, 16);
  node[0]! |= 0x01; // multicast bit: least significant bit of the first octet
  const uuids: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const ticks = start + BigInt(i);
    const uuid = new Uint8Array(16);
    const view = new DataView(uuid.buffer);
    if (version === 1) {
      view.setUint32(0, Number(ticks & 0xffffffffn)); // time_low
      view.setUint16(4, Number((ticks >> 32n) & 0xffffn)); // time_mid
      view.setUint16(6, Number(ticks >> 48n) | 0x1000); // version 1, time_high
    } else {
      view.setUint32(0, Number(ticks >> 28n)); // time_high
      view.setUint16(4, Number((ticks >> 12n) & 0xffffn)); // time_mid
      view.setUint16(6, Number(ticks & 0xfffn) | 0x6000); // version 6, time_low
    }
    view.setUint16(8, clockSeq | 0x8000); // variant 10, clock_seq
    uuid.set(node, 10);
    uuids.push(uuid);
  }
  return uuids;
}

/** The 60-bit timestamp of a version 1 or 6 UUID given as 32 lowercase hex digits. */
export function gregorianTicks(hex: string, version: 1 | 6): bigint {
  const field = (from: number, to: number) => BigInt(`0x${hex.slice(from, to)}`);
  return version === 1
    ? (field(13, 16) << 48n) | (field(8, 12) << 32n) | field(0, 8)
    : (field(0, 8) << 28n) | (field(8, 12) << 12n) | field(13, 16);
}

/**
 * ISO 8601 of a Gregorian timestamp, to its full precision of 100 ns (7 fraction digits):
 * `2022-02-22T19:22:22.0000000Z`. Dates before 1970 come out right: the sub-millisecond part
 * is taken as a non-negative remainder.
 */
export function gregorianIso(ticks: bigint): string {
  const unixTicks = ticks - GREGORIAN_OFFSET;
  let ms = unixTicks / TICKS_PER_MS;
  let rest = unixTicks % TICKS_PER_MS;
  if (rest < 0n) {
    rest += TICKS_PER_MS;
    ms -= 1n;
  }
  return formatIso(Number(ms)).replace(/Z$/, `${rest.toString().padStart(4, '0')}Z`);
}
