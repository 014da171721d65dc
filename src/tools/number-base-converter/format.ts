// Grouped digit strings. A million hex digits make 1.3 million groups: slicing and joining
// that many small strings costs ~10× more than writing the ASCII bytes once and decoding them.

const ascii = new TextDecoder();

/** `digits` padded with zeros to a multiple of `size`, in groups of `size` separated by spaces. */
export function grouped(digits: string, size: number): string {
  const pad = (size - (digits.length % size)) % size;
  const length = digits.length + pad;
  const out = new Uint8Array(length + length / size - 1);
  let o = 0;
  for (let i = 0; i < length; i++) {
    if (i > 0 && i % size === 0) out[o++] = 0x20;
    out[o++] = i < pad ? 0x30 : digits.charCodeAt(i - pad);
  }
  return ascii.decode(out);
}

/** True when the binary digits (no sign, no leading zeros) are 1 followed only by zeros. */
export function isPowerOfTwo(binary: string): boolean {
  return binary[0] === '1' && binary.indexOf('1', 1) < 0;
}
