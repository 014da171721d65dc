// Types for the few untyped modules the image port imports.
declare module '*?url' {
  const url: string;
  export default url;
}

declare module 'omggif' {
  export class GifReader {
    constructor(bytes: Uint8Array);
    width: number;
    height: number;
    numFrames(): number;
    /** The NETSCAPE block's count (extra plays; 0 forever), null without one. */
    loopCount(): number | null;
    /** delay in hundredths of a second; disposal 0–3. */
    frameInfo(frame: number): { x: number; y: number; width: number; height: number; delay: number; disposal: number };
    decodeAndBlitFrameRGBA(frame: number, pixels: Uint8Array): void;
  }
}

declare module 'gifenc' {
  export type Palette = number[][];
  export function quantize(
    rgba: Uint8Array | Uint8ClampedArray,
    maxColors: number,
    options?: Record<string, unknown>,
  ): Palette;
  export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: string): Uint8Array;
  export function GIFEncoder(): {
    writeFrame(
      index: Uint8Array,
      width: number,
      height: number,
      options?: {
        palette?: Palette;
        transparent?: boolean;
        transparentIndex?: number;
        repeat?: number;
        delay?: number;
        dispose?: number;
      },
    ): void;
    finish(): void;
    bytes(): Uint8Array;
  };
}

// The CSS named colours (color-name 2 ships no types): name → [r, g, b].
declare module 'color-name' {
  const colors: Readonly<Record<string, readonly [number, number, number]>>;
  export default colors;
}

// littleCMS built to WASM (lcms-wasm ships no types): the few calls the colour stage makes.
declare module 'lcms-wasm' {
  export interface Lcms {
    HEAPU8: Uint8Array;
    _malloc(size: number): number;
    _free(pointer: number): void;
    _cmsDoTransform(transform: number, input: number, output: number, pixels: number): void;
    cmsOpenProfileFromMem(bytes: Uint8Array, size: number): number;
    cmsCloseProfile(profile: number): void;
    cmsCreate_sRGBProfile(): number;
    cmsGetColorSpace(profile: number): number;
    cmsCreateTransform(
      input: number,
      inputFormat: number,
      output: number,
      outputFormat: number,
      intent: number,
      flags: number,
    ): number;
    cmsDeleteTransform(transform: number): void;
  }
  export function instantiate(options: Record<string, unknown>): Promise<Lcms>;
}

declare module 'libheif-js/libheif-wasm/libheif.js' {
  /** The Emscripten factory (CommonJS); heic.ts types the parts of the module it uses. */
  const factory: (options: object) => Promise<unknown>;
  export default factory;
}
