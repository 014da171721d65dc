// The benchmarks' photo-like test image (bench/images.mjs, bench/image-stages.mjs): one
// definition, so the stage timings and the end-to-end ratios are of the very same pixels.
import sharp from 'sharp';

export /** 1920×1080 (2.07 MP): gradients, soft colour blobs and noise, deterministic. */
function photoPixels(noise = 24, width = 1920, height = 1080) {
  let seed = 7;
  const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296;
  const blobs = Array.from({ length: 24 }, () => ({
    x: random() * width,
    y: random() * height,
    r: (0.05 + random() * 0.2) * width,
    c: [random() * 255, random() * 255, random() * 255],
  }));
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 40 + (150 * x) / width;
      let g = 60 + (120 * y) / height;
      let b = 120 + 80 * Math.sin(x / 97 + y / 61);
      for (const o of blobs) {
        const d = Math.hypot(x - o.x, y - o.y);
        if (d < o.r) {
          const a = 0.6 * (1 - d / o.r);
          r += (o.c[0] - r) * a;
          g += (o.c[1] - g) * a;
          b += (o.c[2] - b) * a;
        }
      }
      const n = (random() - 0.5) * noise;
      const i = (y * width + x) * 3;
      data[i] = Math.max(0, Math.min(255, r + n));
      data[i + 1] = Math.max(0, Math.min(255, g + n));
      data[i + 2] = Math.max(0, Math.min(255, b + n));
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}
