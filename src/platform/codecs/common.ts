// Helpers shared by the codec modules: one instance per codec per process, and views.
import type { Bitmap } from '../types';
import { ImageDataError } from '../types';

/** Runs `start` on first call and shares its promise; a failure is retried on the next call. */
export function once<T>(start: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= start().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

// A type, not an interface, so glues typed as taking Record<string, unknown> accept it.
type EmscriptenOptions = {
  noInitialRun: boolean;
  locateFile?(path: string): string;
  print(text: string): void;
  printErr(text: string): void;
  instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void): WebAssembly.Exports;
};

/**
 * Instantiates an Emscripten codec from a compiled module. The packages' own `init` fetches
 * a `file://` URL in Node and ignores an ArrayBuffer (docs/stack.md), so every door compiles the
 * module itself and hands it over here.
 */
export function emscripten<M>(
  factory: (options: EmscriptenOptions) => Promise<M>,
  module: WebAssembly.Module,
  fileName?: string,
): Promise<M> {
  return factory({
    noInitialRun: true,
    // Named where a glue would otherwise build a path or URL of its own (import.meta.url, __dirname).
    ...(fileName && { locateFile: () => fileName }),
    // libjpeg prints warnings ("Premature end of JPEG file") that the caller already reports.
    print: () => {},
    printErr: () => {},
    instantiateWasm(imports, done) {
      const instance = new WebAssembly.Instance(module, imports);
      done(instance);
      return instance.exports;
    },
  });
}

/** A Bitmap over an ImageData-like result, without copying. */
export function bitmapOf(image: { width: number; height: number; data: ArrayBufferView }): Bitmap {
  const { data } = image;
  return {
    width: image.width,
    height: image.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}

/** Runs a decoder, turning its failures (null results, thrown codec errors) into ImageDataError. */
export function decoding<T>(format: string, run: () => T | null | undefined): T {
  let result: T | null | undefined;
  try {
    result = run();
  } catch (error) {
    throw new ImageDataError(`${format} decoder: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!result) throw new ImageDataError(`${format} decoder returned no image`);
  return result;
}
