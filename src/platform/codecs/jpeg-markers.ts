// Walks over a JPEG stream's markers, touching no pixel: the header segments before the first
// scan (read by the probe for size and orientation, and for an ICC profile), and the frame's
// size (the first SOF) with how many scans follow. Decoders allocate from the SOF, and a progressive decoder goes over
// the whole image once per scan, so both bound a decode's memory and time.

export interface JpegStructure {
  /** From the first SOF marker; undefined when there is none. */
  frame?: JpegFrame;
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

export interface JpegFrame {
  width: number;
  height: number;
  /** The SOF marker's second byte: 0xC0 baseline … 0xCF (ITU T.81 Table B.1). */
  marker: number;
  /** Bits per sample: 8, or 12 and 16 in the extended and lossless processes. */
  precision: number;
  components: number;
}

/** The processes of ITU T.81 other than baseline, extended and progressive Huffman, by SOF marker. */
const UNREAD_PROCESSES: Record<number, string> = {
  0xc3: 'lossless JPEG (SOF3)',
  0xc5: 'hierarchical JPEG (SOF5)',
  0xc6: 'hierarchical progressive JPEG (SOF6)',
  0xc7: 'hierarchical lossless JPEG (SOF7)',
  0xc9: 'arithmetic-coded JPEG (SOF9)',
  0xca: 'arithmetic-coded progressive JPEG (SOF10)',
  0xcb: 'arithmetic-coded lossless JPEG (SOF11)',
  0xcd: 'hierarchical arithmetic-coded JPEG (SOF13)',
  0xce: 'hierarchical arithmetic-coded progressive JPEG (SOF14)',
  0xcf: 'hierarchical arithmetic-coded lossless JPEG (SOF15)',
};

/**
 * The name of a frame's variant that a decoder of 8-bit Huffman-coded JPEG (baseline, extended
 * sequential, progressive: SOF0–2) cannot read, or undefined when it can. `arithmetic`: the
 * decoder reads arithmetic coding too (libjpeg-turbo does; utif2's does not).
 */
export function jpegProcess(frame: JpegFrame, { arithmetic = false } = {}): string | undefined {
  const unread = UNREAD_PROCESSES[frame.marker];
  if (unread && !(arithmetic && (frame.marker === 0xc9 || frame.marker === 0xca))) return unread;
  if (frame.precision !== 8 && !unread) return `${frame.precision}-bit JPEG`;
  return undefined;
}

export interface JpegSegment {
  marker: number;
  /** Where its marker (0xFF) starts, and its length field's value (the content plus 2). */
  at: number;
  length: number;
  /** Its content, cut at the end of the file. */
  content: Uint8Array;
}

export interface JpegHeader {
  /** Every segment after SOI up to the first scan, in order. */
  segments: JpegSegment[];
  /** Why the walk stopped: the first scan or EOI, a byte that is no marker, or the end of the file. */
  end: 'image data' | 'not a marker' | 'ends early';
}

/** The header segments of a JPEG starting with SOI: one walk for every reader of them. */
export function jpegHeader(bytes: Uint8Array): JpegHeader {
  const segments: JpegSegment[] = [];
  for (let at = 2; ;) {
    if (at + 2 > bytes.length) return { segments, end: 'ends early' };
    if (bytes[at] !== 0xff) return { segments, end: 'not a marker' };
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return { segments, end: 'image data' };
    if (at + 4 > bytes.length) return { segments, end: 'ends early' };
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return { segments, end: 'not a marker' };
    segments.push({ marker, at, length, content: bytes.subarray(at + 4, Math.min(at + 2 + length, bytes.length)) });
    at += 2 + length;
  }
}

export const isSof = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

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
      const components = at + 9 < bytes.length ? bytes[at + 9]! : 0;
      result.frame = {
        height: (bytes[at + 5]! << 8) | bytes[at + 6]!,
        width: (bytes[at + 7]! << 8) | bytes[at + 8]!,
        marker,
        precision: bytes[at + 4]!,
        components,
      };
    }
    at += 2 + length;
    if (marker === 0xda) {
      result.scans++;
      // Entropy-coded data: a 0xFF in it is followed by 0x00 (stuffing) or a restart marker.
      // indexOf jumps from one 0xFF to the next natively (a byte loop over a photo's entropy-coded
      // data was a few ms of every request's probe).
      for (;;) {
        const ff = at + 1 < bytes.length ? bytes.indexOf(0xff, at) : -1;
        if (ff < 0 || ff + 1 >= bytes.length) {
          at = Math.max(at, bytes.length - 1); // no marker follows: the walk ends
          break;
        }
        const next = bytes[ff + 1]!;
        at = ff;
        if (next !== 0x00 && (next < 0xd0 || next > 0xd7)) break;
        at++;
      }
    }
  }
  return result;
}
