#!/usr/bin/env bash
# Rebuilds jpeg_dec.js + jpeg_dec.wasm (the decoder) and jpeg_enc.js + jpeg_enc.wasm (the encoder)
# from libjpeg-turbo's source with Emscripten. Not part of install or CI: the outputs are committed. Tested with Debian bookworm's packages:
#   apt-get install emscripten cmake        (Emscripten 3.1.6)
#   apt-get source --download-only libjpeg-turbo   (2.1.5; needs a deb-src line)
# Usage: bash build.sh /path/to/libjpeg-turbo-2.1.5
set -euo pipefail
SOURCE=$(realpath "${1:?usage: build.sh <libjpeg-turbo source folder>}")
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
# Debian installs acorn (for emcc's JS optimiser) where only Debian's own node looks.
export NODE_PATH=/usr/share/nodejs
trap 'rm -rf "$WORK"' EXIT

# The library, decoder and encoder alike (the linker keeps only what decode.c reaches), built
# with WITH_SIMD=0: libjpeg-turbo's SIMD is x86 assembly or Arm Neon (through SIMDe's Neon
# emulation it ran 2-3x slower than C; -msimd128 autovectorisation of the C code gained
# nothing). CMake's size_t probe misreads wasm32 (it wrote 9), so the header gets the true size.
(cd "$WORK" && emcmake cmake "$SOURCE" -DCMAKE_BUILD_TYPE=Release -DENABLE_SHARED=0 -DWITH_SIMD=0 \
  -DWITH_TURBOJPEG=0 -DWITH_JAVA=0 >/dev/null \
  && sed -i 's/#define SIZEOF_SIZE_T .*/#define SIZEOF_SIZE_T  4/' jconfigint.h \
  && emmake make -j2 jpeg-static >/dev/null)

# Our WebAssembly SIMD (-msimd128), bit-identical to the C code (jsimd_wasm.c), replaces
# jsimd_none's "no SIMD" answers: for decoding the islow and 4x4 IDCTs, YCbCr->RGB and h2v2/h2v1
# fancy upsampling; for encoding RGBA->YCbCr, 2x2 downsampling, sample loading, the islow
# forward DCT and quantisation.
# (To check bit-identity, link encode.c/decode.c once against an untouched copy of libjpeg.a.)
emcc -O3 -msimd128 -I"$WORK" -I"$SOURCE" -c "$HERE/jsimd_wasm.c" -o "$WORK/jsimd_wasm.o"
emar d "$WORK/libjpeg.a" jsimd_none.c.o

# decode.c's row-by-row resampler (decode_jpeg_resized) is WebAssembly SIMD too, hence -msimd128 there.
# Two modules, so the decoder every JPEG input loads does not carry the encoder: each links only
# what decode.c or encode.c reaches (the linker drops the other half of jsimd_wasm.o).
# Each is one ES module exporting a factory (the same shape as @jsquash's codecs, so
# src/platform/codecs/common.ts instantiates it from a compiled WebAssembly.Module in every door).
emcc -O3 -msimd128 -I"$WORK" -I"$SOURCE" "$HERE/decode.c" "$WORK/jsimd_wasm.o" "$WORK/libjpeg.a" -o "$HERE/jpeg_dec.js" \
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createJpegDecoder -sENVIRONMENT=web,worker \
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=16MB -sMAXIMUM_MEMORY=2GB -sFILESYSTEM=0 \
  -sEXPORTED_FUNCTIONS=_decode_jpeg,_decode_jpeg_resized,_decoded_width,_decoded_height,_decoded_cmyk,_decoded_adobe,_decode_error,_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,HEAPU8 -sDYNAMIC_EXECUTION=0 -sTEXTDECODER=2
emcc -O3 -msimd128 -I"$WORK" -I"$SOURCE" "$HERE/encode.c" "$WORK/jsimd_wasm.o" "$WORK/libjpeg.a" -o "$HERE/jpeg_enc.js" \
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createJpegEncoder -sENVIRONMENT=web,worker \
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=16MB -sMAXIMUM_MEMORY=2GB -sFILESYSTEM=0 \
  -sEXPORTED_FUNCTIONS=_encode_jpeg,_encoded_size,_encode_error,_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=UTF8ToString,HEAPU8 -sDYNAMIC_EXECUTION=0 -sTEXTDECODER=2
echo "built $HERE/jpeg_dec.js, jpeg_dec.wasm, jpeg_enc.js and jpeg_enc.wasm"
