// A walk over a JPEG stream's markers, touching no pixel: the frame's size (the first SOF) and
// how many scans follow. Decoders allocate from the SOF, and a progressive decoder goes over
// the whole image once per scan, so both bound a decode's memory and time.

export interface JpegStructure {
  /** From the first SOF marker; undefined when there is none. */
  frame?: { width: number; height: number };
  /** SOS markers: every scan costs a pass over the frame's coefficients. */
  scans: number;
}

/**
 * Scans a decode may make, given the pixels they cover. A progressive decoder goes over every
 * coefficient once per scan: a refinement scan of a 40 MP image takes ~180 ms in our
 * libjpeg-turbo build (docs/limits.md), and a 172 KB file repeating one scan 1,000 times took
 * 60 s at 16 MP. So scans × pixels is held to 640 M (~3 s), but 16 scans are always allowed
 * (libjpeg writes 10 for a progressive colour image) and never more than 1,000 (each scan has
 * a cost of its own, however small the image).
 */
export function maxJpegScans(pixels: number): number {
  return Math.min(1000, Math.max(16, Math.floor(640e6 / Math.max(1, pixels))));
}

const isSof = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Markers and scans of `bytes` (SOI optional, as in TIFF strips); a damaged tail ends the walk. */
export function jpegStructure(bytes: Uint8Array): JpegStructure {
  const result: JpegStructure = { scans: 0 };
  let at = bytes[0] === 0xff && bytes[1] === 0xd8 ? 2 : 0;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return result;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return result;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return result;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (isSof(marker) && !result.frame && at + 9 <= bytes.length) {
      result.frame = { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]! };
    }
    at += 2 + length;
    if (marker === 0xda) {
      result.scans++;
      // Entropy-coded data: a 0xFF in it is followed by 0x00 (stuffing) or a restart marker.
      while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0x00 && (bytes[at + 1]! < 0xd0 || bytes[at + 1]! > 0xd7))) at++;
    }
  }
  return result;
}
