// Resampling with pica's math core (JS + its embedded WASM; no canvas, no workers, so it runs
// the same in Node, a Worker and a service worker). Lanczos3, sharp's default kernel.
import pica from 'pica';
import type { Bitmap } from '../types';

let instance: ReturnType<typeof pica> | undefined;

export async function resizeBitmap(image: Bitmap, width: number, height: number): Promise<Bitmap> {
  if (width === image.width && height === image.height) return image;
  instance ??= pica({ features: ['js', 'wasm'] });
  const data = await instance.resizeBuffer({ src: image.data, width: image.width, height: image.height, toWidth: width, toHeight: height, filter: 'lanczos3' });
  return { width, height, data };
}
