// Reading and joining the bytes of box-structured files (ISO BMFF: AVIF, HEIC; ICC tag tables).

/** Big-endian reads; reading past the end throws a RangeError, which probe.ts reports as "the header ends early". */
export class BoxBytes {
  constructor(readonly bytes: Uint8Array) {}
  u8(at: number): number {
    if (at < 0 || at >= this.bytes.length) throw new RangeError('header ends early');
    return this.bytes[at]!;
  }
  be(at: number, size: number): number {
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + this.u8(at + i);
    return value;
  }
  /** A four-character code (a box type). */
  tag(at: number): string {
    return String.fromCharCode(this.u8(at), this.u8(at + 1), this.u8(at + 2), this.u8(at + 3));
  }
}

/** The parts, one after another, in one new array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
