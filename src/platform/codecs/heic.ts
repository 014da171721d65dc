// HEIC/HEIF (HEVC inside the HEIF container, as phones write it) through libheif-js: libheif
// with libde265, an Emscripten build (LGPL-3.0, a separate ~1.4 MB WebAssembly module). Its glue
// is imported and its module compiled only when a HEIC arrives, so no other image pays for it.
// Decoding only: HEIC is never written. libheif applies the primary image's transformations
// (`clap` crop, `irot`, `imir`) and composes the alpha auxiliary image; the colour profile is
// applied afterwards by the colour stage (colour-profile.ts), like every other format's.
import type { AssetLoader } from '../assets';
import { ImageDataError, type Bitmap } from '../types';
import { emscripten, once } from './common';

export function heicCodec(assets: AssetLoader) {
  const load = async (): Promise<Libheif> => {
    const [glue, module] = await Promise.all([import('libheif-js/libheif-wasm/libheif.js'), assets.wasm('heif.wasm')]);
    const factory = ((glue as { default?: unknown }).default ?? glue) as (options: object) => Promise<Libheif>;
    return emscripten(factory, module, 'libheif.wasm');
  };
  let instance = once(load);

  return {
    async decode(bytes: Uint8Array): Promise<Bitmap> {
      const heif = await instance();
      try {
        return await decodeWith(heif, bytes);
      } catch (error) {
        if (error instanceof ImageDataError) throw error;
        // A trap inside the module (out of memory, an abort) leaves it unusable: the next HEIC
        // gets a fresh instance, and this one is reported as undecodable, not as a fault.
        instance = once(load);
        throw new ImageDataError(`HEIC decoder: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

async function decodeWith(heif: Libheif, bytes: Uint8Array): Promise<Bitmap> {
  const context = heif.heif_context_alloc();
  if (!context) throw new Error('libheif: could not allocate a context');
  let handle: HeifHandle | undefined;
  let image: HeifImage | undefined;
  try {
    // Sizes were checked from the header (probe.ts); libheif's own security limits refuse
    // a coded image larger than its `ispe` states before decoding it.
    failed(heif, heif.heif_context_read_from_memory(context, bytes));
    // The primary image: a multi-image file's others (bursts, depth maps, thumbnails) are not it.
    handle = heif.heif_js_context_get_primary_image_handle(context);
    if (!handle || isError(heif, handle))
      throw new ImageDataError(`HEIC decoder: ${(handle as HeifError | undefined)?.message ?? 'no primary image'}`);
    const decoded = await heif.heif_js_decode_image2(
      handle,
      heif.heif_colorspace.heif_colorspace_RGB,
      heif.heif_chroma.heif_chroma_interleaved_RGBA,
    );
    if (!decoded || isError(heif, decoded) || !decoded.channels)
      throw new ImageDataError(`HEIC decoder: ${(decoded as HeifError | undefined)?.message ?? 'no image'}`);
    image = decoded.image;
    const plane = decoded.channels.find((channel) => channel.id === heif.heif_channel.heif_channel_interleaved);
    if (!plane) throw new ImageDataError('HEIC decoder returned no RGBA plane');
    return unpadded(plane);
  } finally {
    if (image) heif.heif_image_release(image);
    if (handle && !isError(heif, handle)) heif.heif_image_handle_release(handle);
    heif.heif_context_free(context);
  }
}

/** The plane's rows without the padding libheif may leave at the end of each. */
function unpadded(plane: HeifPlane): Bitmap {
  const { width, height, stride, data } = plane;
  const row = width * 4;
  if (stride === row) return { width, height, data: data.slice(0, row * height) };
  const out = new Uint8Array(row * height);
  for (let y = 0; y < height; y++) out.set(data.subarray(y * stride, y * stride + row), y * row);
  return { width, height, data: out };
}

function isError(heif: Libheif, value: object): value is HeifError {
  return 'code' in value && (value as HeifError).code !== undefined && (value as HeifError).code !== heif.heif_error_Ok;
}

function failed(heif: Libheif, error: HeifError): void {
  if (error.code !== heif.heif_error_Ok) throw new ImageDataError(`HEIC decoder: ${error.message}`);
}

// The parts of libheif-js's embind API used here (its .d.ts types the raw exports only).
type Enum = { readonly value: number };
interface HeifError {
  code: Enum;
  message: string;
}
type HeifContext = number | object;
type HeifHandle = object;
type HeifImage = object;
interface HeifPlane {
  id: Enum;
  width: number;
  height: number;
  stride: number;
  data: Uint8Array;
}
interface Libheif {
  heif_error_Ok: Enum;
  heif_colorspace: { heif_colorspace_RGB: Enum };
  heif_chroma: { heif_chroma_interleaved_RGBA: Enum };
  heif_channel: { heif_channel_interleaved: Enum };
  heif_context_alloc(): HeifContext;
  heif_context_free(context: HeifContext): void;
  heif_context_read_from_memory(context: HeifContext, bytes: Uint8Array): HeifError;
  heif_js_context_get_primary_image_handle(context: HeifContext): HeifHandle | HeifError;
  heif_js_decode_image2(
    handle: HeifHandle,
    colourspace: Enum,
    chroma: Enum,
  ): Promise<{ image: HeifImage; channels: HeifPlane[] } | HeifError>;
  heif_image_release(image: HeifImage): void;
  heif_image_handle_release(handle: HeifHandle): void;
}
