// The codecs' files as build assets of the page worker: Vite copies each into dist/assets with
// a content hash and hands back its URL. (Not for the service worker: its one-file build
// would inline them as Base64; it finds the same files in its precache manifest instead.)
import pngWasm from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm?url';
import jpegDecWasm from '@devtoolbox/libjpeg-turbo-wasm/jpeg_dec.wasm?url';
import jpegEncWasm from '@devtoolbox/libjpeg-turbo-wasm/jpeg_enc.wasm?url';
import deflateWasm from '@devtoolbox/libdeflate-wasm/deflate.wasm?url';
import webpDecWasm from '@jsquash/webp/codec/dec/webp_dec.wasm?url';
import webpEncWasm from '@jsquash/webp/codec/enc/webp_enc.wasm?url';
import webpEncSimdWasm from '@jsquash/webp/codec/enc/webp_enc_simd.wasm?url';
import avifDecWasm from '@jsquash/avif/codec/dec/avif_dec.wasm?url';
import avifEncWasm from '@jsquash/avif/codec/enc/avif_enc.wasm?url';
import lcmsWasm from 'lcms-wasm/dist/lcms.wasm?url';
import heifWasm from 'libheif-js/libheif-wasm/libheif.wasm?url';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm?url';
import fontTtf from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import fontSansBold from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import fontSansOblique from 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf?url';
import fontSansBoldOblique from 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf?url';
import fontSerif from 'dejavu-fonts-ttf/ttf/DejaVuSerif.ttf?url';
import fontSerifBold from 'dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf?url';
import fontSerifItalic from 'dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf?url';
import fontSerifBoldItalic from 'dejavu-fonts-ttf/ttf/DejaVuSerif-BoldItalic.ttf?url';
import fontMono from 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf?url';
import fontMonoBold from 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf?url';
import fontMonoOblique from 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Oblique.ttf?url';
import fontMonoBoldOblique from 'dejavu-fonts-ttf/ttf/DejaVuSansMono-BoldOblique.ttf?url';
import type { AssetName } from './assets';

/** Same names as ASSET_SOURCES: the type checker insists on every one. */
export const ASSET_URLS: Record<AssetName, string> = {
  'png.wasm': pngWasm,
  'jpeg-dec.wasm': jpegDecWasm,
  'jpeg-enc.wasm': jpegEncWasm,
  'deflate.wasm': deflateWasm,
  'webp-dec.wasm': webpDecWasm,
  'webp-enc.wasm': webpEncWasm,
  'webp-enc-simd.wasm': webpEncSimdWasm,
  'avif-dec.wasm': avifDecWasm,
  'avif-enc.wasm': avifEncWasm,
  'lcms.wasm': lcmsWasm,
  'heif.wasm': heifWasm,
  'resvg.wasm': resvgWasm,
  'font.ttf': fontTtf,
  'font-sans-bold.ttf': fontSansBold,
  'font-sans-oblique.ttf': fontSansOblique,
  'font-sans-bold-oblique.ttf': fontSansBoldOblique,
  'font-serif.ttf': fontSerif,
  'font-serif-bold.ttf': fontSerifBold,
  'font-serif-italic.ttf': fontSerifItalic,
  'font-serif-bold-italic.ttf': fontSerifBoldItalic,
  'font-mono.ttf': fontMono,
  'font-mono-bold.ttf': fontMonoBold,
  'font-mono-oblique.ttf': fontMonoOblique,
  'font-mono-bold-oblique.ttf': fontMonoBoldOblique,
};
