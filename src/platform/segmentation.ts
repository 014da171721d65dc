// The segmentation port (docs/architecture.md principle 4): the one thing the background remover
// needs from a runtime beyond image codecs, a forward pass of the ISNet model. Node runs it with
// onnxruntime-node (segmentation-node.ts), page workers with onnxruntime-web
// (segmentation-browser.ts); everything before and after the model (decoding, resizing,
// normalising, the mask as alpha, PNG) is the same tool code in every door
// (the background remover's cutout.ts), so the doors differ only by the float rounding of
// two builds of one runtime.

/** ISNet's fixed input: a 1 × 3 × 1024 × 1024 tensor; its output is 1 × 1 × 1024 × 1024. */
export const MODEL_SIDE = 1024;

export interface SegmentationPlatform {
  /**
   * Runs the model on a planar RGB tensor of MODEL_SIDE² pixels per channel, already
   * normalised, and returns the foreground probability per pixel (MODEL_SIDE², row-major).
   * Throws ModelUnavailableError when the model cannot be had here and now (not downloaded
   * and offline); anything else it throws is a fault.
   */
  segment(input: Float32Array): Promise<Float32Array>;
  /** Whether the model has run here before; its first run also starts the runtime (seconds), and
   * the page says so. Left out where nothing is started (a door without the model, a test's stand-in). */
  readonly started?: boolean;
}

/** The model is not on this device and cannot be fetched now: the caller may retry later (503). */
export class ModelUnavailableError extends Error {
  override name = 'ModelUnavailableError';
}

/** A port whose real implementation loads on first use, so only background removal pays for it. */
export function lazySegmentation(load: () => Promise<SegmentationPlatform>): SegmentationPlatform {
  let loading: Promise<SegmentationPlatform> | undefined;
  let started = false;
  return {
    async segment(input) {
      loading ??= load().catch((error: unknown) => {
        loading = undefined; // a failed download or start may be retried by the next request
        throw error;
      });
      const result = await (await loading).segment(input);
      started = true;
      return result;
    },
    get started() {
      return started;
    },
  };
}

/** For a door that has no model runtime at all (the service worker): every call is a 503. */
export function unavailableSegmentation(reason: string): SegmentationPlatform {
  return { segment: () => Promise.reject(new ModelUnavailableError(reason)) };
}

declare module '../tools/define' {
  /** The door's background-removal model, or its refusal. */
  interface DoorPlatforms {
    readonly segmentation?: SegmentationPlatform;
  }
}
