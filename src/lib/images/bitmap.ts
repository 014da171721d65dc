// The pixels every image module passes around, apart from the port (src/platform/types.ts
// re-exports it) so that the animation types the port names need not import the port.

/** Straight (not premultiplied) RGBA, 8 bits per channel, rows top to bottom, no padding. */
export interface Bitmap {
  width: number;
  height: number;
  data: Uint8Array;
}
