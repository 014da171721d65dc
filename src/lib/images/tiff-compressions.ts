// TIFF compression types we do not decode, by the names libtiff's tiff.h gives them: refusals
// name the variant (the probe's, before decoding, and the codec's).

/** Compression types not decoded that real files use, named in refusals (libtiff's tiff.h names). */
export const UNREAD_COMPRESSIONS: Record<number, string> = {
  2: 'CCITT modified Huffman',
  3: 'CCITT Group 3 fax',
  4: 'CCITT Group 4 fax',
  6: 'old-style JPEG',
  32809: 'ThunderScan',
  34676: 'SGI LogLuv',
  34677: 'SGI LogL',
  34712: 'JPEG 2000',
  34887: 'LERC',
  34925: 'LZMA',
  50000: 'Zstandard',
  50001: 'WebP',
  50002: 'JPEG XL',
};

/** "TIFF compression type 3 (CCITT Group 3 fax)": a refusal's subject. */
export const compressionName = (type: number): string =>
  `TIFF compression type ${type}${UNREAD_COMPRESSIONS[type] ? ` (${UNREAD_COMPRESSIONS[type]})` : ''}`;
