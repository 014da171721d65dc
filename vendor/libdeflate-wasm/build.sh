#!/usr/bin/env bash
# Rebuilds deflate.js + deflate.wasm from libdeflate's source with Emscripten. Not part of
# install or CI: the two outputs are committed. Tested with Debian bookworm's packages:
#   apt-get install emscripten               (Emscripten 3.1.6)
#   apt-get source --download-only libdeflate  (1.14; needs a deb-src line)
# Usage: bash build.sh /path/to/libdeflate-1.14
set -euo pipefail
SOURCE=$(realpath "${1:?usage: build.sh <libdeflate source folder>}")
HERE=$(cd "$(dirname "$0")" && pwd)
# Debian installs acorn (for emcc's JS optimiser) where only Debian's own node looks.
export NODE_PATH=/usr/share/nodejs

# Only the zlib-format compressor and what it needs (the TIFF writer's Deflate strips). The
# library's own C, exported as is: no wrapper. Its x86/Arm paths are compiled out for wasm32;
# -msimd128 lets clang vectorise the plain C where it can. No file system, no stdio.
emcc -O3 -msimd128 -I"$SOURCE" \
  "$SOURCE/lib/deflate_compress.c" "$SOURCE/lib/zlib_compress.c" "$SOURCE/lib/adler32.c" "$SOURCE/lib/utils.c" \
  -o "$HERE/deflate.js" \
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createDeflate -sENVIRONMENT=web,worker \
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=8MB -sMAXIMUM_MEMORY=2GB -sFILESYSTEM=0 \
  -sEXPORTED_FUNCTIONS=_libdeflate_alloc_compressor,_libdeflate_free_compressor,_libdeflate_zlib_compress,_libdeflate_zlib_compress_bound,_malloc,_free \
  -sEXPORTED_RUNTIME_METHODS=HEAPU8 -sDYNAMIC_EXECUTION=0
echo "built $HERE/deflate.js and deflate.wasm"
