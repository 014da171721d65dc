// The model's masks the page has made, kept per image so that only a change that affects the
// model (another image, another model) runs it again: a new background colour or the mask output
// is composed from the kept mask (page-steps.ts). An image is known by its file's identity (name,
// size, type, last change) and the model by its resource; 1 MB each, the last few are kept.
import { MODEL_NAME, MODEL_RESOURCE } from '../../platform/model';

/** How many masks are kept (about 1 MB each: MODEL_SIDE² bytes). */
export const KEPT_MASKS = 24;

/** What a mask is made from: the file and the model that read it. */
export function maskKey(file: File): string {
  return JSON.stringify([MODEL_RESOURCE, MODEL_NAME, file.name, file.size, file.type, file.lastModified]);
}

export class MaskStore {
  readonly #masks = new Map<string, Uint8Array>();

  get(file: File): Uint8Array | undefined {
    const key = maskKey(file);
    const alpha = this.#masks.get(key);
    if (alpha) {
      // Used again: the most recent, the last to be dropped.
      this.#masks.delete(key);
      this.#masks.set(key, alpha);
    }
    return alpha;
  }

  set(file: File, alpha: Uint8Array): void {
    this.#masks.delete(maskKey(file));
    this.#masks.set(maskKey(file), alpha);
    for (const oldest of this.#masks.keys()) {
      if (this.#masks.size <= KEPT_MASKS) break;
      this.#masks.delete(oldest);
    }
  }

  get size(): number {
    return this.#masks.size;
  }
}
