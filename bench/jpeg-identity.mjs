// Two builds of the JPEG decoder (vendor/libjpeg-turbo-wasm) against each other, byte for byte:
// every JPEG under a folder (the shared corpus by default) decoded at 1/1, 1/2, 1/4 and 1/8 by
// each. For a change to jsimd_wasm.c that must not change a pixel: build the new module into a
// scratch folder and compare it with the committed one.
//
//   node bench/jpeg-identity.mjs <old module folder> <new module folder> [folder of JPEGs]
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
const load = async (dir) => {
  const f = (await import(`${dir}/jpeg_dec.js`)).default;
  return f({ wasmBinary: readFileSync(`${dir}/jpeg_dec.wasm`) });
};
const [a, b] = [await load(process.argv[2]), await load(process.argv[3])];
const decode = (m, bytes, shrink) => {
  const p = m._malloc(bytes.length);
  m.HEAPU8.set(bytes, p);
  const t = performance.now();
  const out = m._decode_jpeg(p, bytes.length, shrink);
  const ms = performance.now() - t;
  m._free(p);
  if (!out) return { err: m.UTF8ToString(m._decode_error()), ms };
  const w = m._decoded_width(),
    h = m._decoded_height();
  const data = m.HEAPU8.slice(out, out + w * h * 4);
  m._free(out);
  return { w, h, data, ms };
};
const files = execSync(
  `find ${process.argv[4] ?? '/work/shared/corpus'} -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.jpe' -o -iname '*.jfif'`,
)
  .toString()
  .trim()
  .split('\n');
let same = 0,
  differ = 0,
  ta = 0,
  tb = 0;
for (const file of files) {
  const bytes = readFileSync(file);
  if (bytes.length > 30e6) continue;
  for (const shrink of [1, 2, 4, 8]) {
    const x = decode(a, bytes, shrink),
      y = decode(b, bytes, shrink);
    if (shrink === 1) {
      ta += x.ms;
      tb += y.ms;
    }
    const ok = x.err
      ? x.err === y.err
      : !y.err && x.w === y.w && x.h === y.h && Buffer.compare(Buffer.from(x.data), Buffer.from(y.data)) === 0;
    if (ok) same++;
    else {
      differ++;
      console.log('DIFFER', file, shrink, x.err, y.err);
    }
  }
}
console.log(
  `files ${files.length}, decodes identical ${same}, differ ${differ}; full-size decode total old ${ta.toFixed(0)} ms new ${tb.toFixed(0)} ms`,
);
