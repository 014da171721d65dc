// Hostile images for the decoder-bound tests, made from real encoders' files by patching the
// few bytes that lie: a header that understates, a scan repeated until decoding takes minutes.
import sharp from 'sharp';

/**
 * A real 256×256 AVIF whose `ispe` says `ispe` pixels and whose AV1 sequence header says the
 * frames are up to `frame` pixels: the decoder would allocate the frame before noticing.
 */
export async function avifClaiming(ispe: number, frame: number): Promise<Buffer> {
  const avif = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#f00' } })
    .avif({ effort: 0 })
    .toBuffer();
  const at = avif.indexOf('ispe');
  avif.writeUInt32BE(ispe, at + 8);
  avif.writeUInt32BE(ispe, at + 12);
  // The sequence header OBU (type 1, with a size field: 0x0A) opens the item's data in mdat.
  const obu = avif.indexOf(Buffer.from([0x0a]), avif.indexOf('mdat') + 4);
  // A reduced still-picture header: profile 0, still, reduced, level 8, then 16-bit sides.
  const bits = '000' + '1' + '1' + '01000' + '1111' + '1111' + (frame - 1).toString(2).padStart(16, '0').repeat(2);
  const payload = Buffer.alloc(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++) if (bits[i] === '1') payload[i >> 3]! |= 0x80 >> (i & 7);
  if (avif[obu + 1]! < payload.length) throw new Error('sequence header too short to patch');
  payload.copy(avif, obu + 2);
  return avif;
}

/**
 * A progressive JPEG from libjpeg-turbo (10 scans) whose last scan, a small refinement that
 * still makes the decoder go over the whole image, is repeated to make `scans` in all (≥ 10).
 */
export async function jpegWithScans(width: number, height: number, scans: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#48c' } })
    .jpeg({ progressive: true })
    .toBuffer();
  const last = jpeg.lastIndexOf(Buffer.from([0xff, 0xda]));
  const scan = jpeg.subarray(last, jpeg.length - 2);
  return Buffer.concat([
    jpeg.subarray(0, jpeg.length - 2),
    ...Array<Buffer>(scans - 10).fill(scan),
    Buffer.from([0xff, 0xd9]),
  ]);
}
