import type { Resvg } from '@resvg/resvg-wasm';

/** A fresh resvg instance from the compiled `index_bg.wasm`. */
export function instantiateResvg(module: WebAssembly.Module): Promise<{ Resvg: typeof Resvg }>;
