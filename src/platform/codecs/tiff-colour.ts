// Colour spaces a TIFF may store other than grey and RGB, to 8-bit sRGB: CIELab (D50, as ICC
// and Photoshop define Lab) and YCbCr (TIFF 6.0 §21, as libtiff converts it). CMYK is left to the
// colour stage (codecs/colour-profile.ts), as for JPEG.

/** D50 XYZ (the white of TIFF's and ICC's Lab) to linear sRGB, Bradford-adapted to D65. */
const XYZ_D50_TO_SRGB = [
  3.1338561, -1.6168667, -0.4906146, -0.9787684, 1.9161415, 0.033454, 0.0719453, -0.2289914, 1.4052427,
];
const D50 = [0.96422, 1, 0.82521];

/** Linear light 0–1 to an 8-bit sRGB value. */
export function srgbByte(linear: number): number {
  const v = linear <= 0.0031308 ? 12.92 * linear : 1.055 * Math.pow(linear, 1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, v)) * 255);
}

const labF = (t: number) => (t > 6 / 29 ? t * t * t : 3 * (6 / 29) ** 2 * (t - 4 / 29));

/** CIE L*a*b* (L 0–100, D50 white) to 8-bit sRGB, written at `out[at…at+2]`. */
export function labToSrgb(L: number, a: number, b: number, out: Uint8Array, at: number): void {
  const fy = (L + 16) / 116;
  const x = D50[0]! * labF(fy + a / 500);
  const y = D50[1]! * labF(fy);
  const z = D50[2]! * labF(fy - b / 200);
  const m = XYZ_D50_TO_SRGB;
  out[at] = srgbByte(m[0]! * x + m[1]! * y + m[2]! * z);
  out[at + 1] = srgbByte(m[3]! * x + m[4]! * y + m[5]! * z);
  out[at + 2] = srgbByte(m[6]! * x + m[7]! * y + m[8]! * z);
}

/**
 * YCbCr to RGB as libtiff's TIFFYCbCrToRGB does it: each code scaled by ReferenceBlackWhite
 * (luma to 0–255, chroma to ±127), then the inverse of the luma coefficients' transform.
 */
export function ycbcrConverter(
  coefficients: number[],
  reference: number[],
): (y: number, cb: number, cr: number, out: Uint8Array, at: number) => void {
  const [red, green, blue] = coefficients as [number, number, number];
  const scale = (code: number, black: number, white: number, range: number) =>
    ((code - black) * range) / (white - black || 1);
  const d1 = 2 - 2 * red;
  const d3 = 2 - 2 * blue;
  const clamp = (v: number) => Math.min(255, Math.max(0, Math.round(v)));
  return (y, cb, cr, out, at) => {
    const Y = scale(y, reference[0]!, reference[1]!, 255);
    const Cb = scale(cb, reference[2]!, reference[3]!, 127);
    const Cr = scale(cr, reference[4]!, reference[5]!, 127);
    out[at] = clamp(Y + Cr * d1);
    out[at + 1] = clamp(Y - ((blue * d3) / green) * Cb - ((red * d1) / green) * Cr);
    out[at + 2] = clamp(Y + Cb * d3);
  };
}

/**
 * Chroma-subsampled YCbCr data units (TIFF 6.0 §21: per h×v pixels, their h·v luma samples
 * then one Cb and one Cr) to one Y, Cb, Cr triple per pixel, each chroma pair repeated over
 * its pixels as libtiff does, into `out` with rows of `outRowBytes`.
 */
export function upsampleYcbcr(
  src: Uint8Array,
  width: number,
  rows: number,
  h: number,
  v: number,
  out: Uint8Array,
  outRowBytes: number,
): void {
  const across = Math.ceil(width / h);
  const down = Math.ceil(rows / v);
  const unit = h * v + 2;
  for (let uy = 0; uy < down; uy++) {
    for (let ux = 0; ux < across; ux++) {
      const at = (uy * across + ux) * unit;
      const cb = src[at + h * v]!;
      const cr = src[at + h * v + 1]!;
      for (let dy = 0; dy < v; dy++) {
        const y = uy * v + dy;
        if (y >= rows) break;
        for (let dx = 0; dx < h; dx++) {
          const x = ux * h + dx;
          if (x >= width) break;
          const o = y * outRowBytes + 3 * x;
          out[o] = src[at + dy * h + dx]!;
          out[o + 1] = cb;
          out[o + 2] = cr;
        }
      }
    }
  }
}
