// Every binary file the image codecs load at run time, by a stable name. The browser fetches
// them from the app's own origin (Vite `?url` imports in browser.ts, precached by the service
// worker); the Node server reads them from `assets/` beside its bundle (copied there by
// src/build/server-assets.ts) or, unbundled (tests), from the installed packages.

/** Where each asset comes from: a file of an installed package. */
export const ASSET_SOURCES = {
  'png.wasm': '@jsquash/png/codec/pkg/squoosh_png_bg.wasm',
  'jpeg-dec.wasm': '@devtoolbox/libjpeg-turbo-wasm/jpeg_dec.wasm',
  'jpeg-enc.wasm': '@devtoolbox/libjpeg-turbo-wasm/jpeg_enc.wasm',
  'deflate.wasm': '@devtoolbox/libdeflate-wasm/deflate.wasm',
  'webp-dec.wasm': '@jsquash/webp/codec/dec/webp_dec.wasm',
  'webp-enc.wasm': '@jsquash/webp/codec/enc/webp_enc.wasm',
  'webp-enc-simd.wasm': '@jsquash/webp/codec/enc/webp_enc_simd.wasm',
  'avif-dec.wasm': '@jsquash/avif/codec/dec/avif_dec.wasm',
  'avif-enc.wasm': '@jsquash/avif/codec/enc/avif_enc.wasm',
  // littleCMS (MIT), loaded only for an image whose embedded profile is not sRGB.
  'lcms.wasm': 'lcms-wasm/dist/lcms.wasm',
  // libheif with libde265 (LGPL-3.0, from libheif-js), loaded only when a HEIC arrives.
  'heif.wasm': 'libheif-js/libheif-wasm/libheif.wasm',
  'resvg.wasm': '@resvg/resvg-wasm/index_bg.wasm',
  // The DejaVu faces (Bitstream Vera licence, from the dejavu-fonts-ttf package): SVG text is
  // silently dropped without a font, and no system font is ever consulted. DejaVu Sans is the
  // default; the others are loaded only for an SVG whose text names them (codecs/svg-fonts.ts).
  'font.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'font-sans-bold.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  'font-sans-oblique.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
  'font-sans-bold-oblique.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf',
  'font-serif.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSerif.ttf',
  'font-serif-bold.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf',
  'font-serif-italic.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf',
  'font-serif-bold-italic.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSerif-BoldItalic.ttf',
  'font-mono.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
  'font-mono-bold.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf',
  'font-mono-oblique.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Oblique.ttf',
  'font-mono-bold-oblique.ttf': 'dejavu-fonts-ttf/ttf/DejaVuSansMono-BoldOblique.ttf',
} as const;

export type AssetName = keyof typeof ASSET_SOURCES;

/** How a door hands the codecs their files. Each is asked for at most once per process. */
export interface AssetLoader {
  wasm(name: AssetName): Promise<WebAssembly.Module>;
  bytes(name: AssetName): Promise<Uint8Array>;
}
