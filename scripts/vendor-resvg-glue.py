# Writes src/platform/codecs/resvg-instance.mjs from @resvg/resvg-wasm/index.mjs: the glue wrapped in a
# function so that every call makes an independent WebAssembly instance (see that file).
import re
src = open('node_modules/@resvg/resvg-wasm/index.mjs').read()
head, sep, tail = src.partition('// wasm-binding.ts')
binding = tail.split('export {')[0]
binding = re.sub(r'var initWasm = async \(module_or_path\) => \{.*?\n\};\n', '', binding, flags=re.S)
assert 'var initWasm' not in binding
body = head + binding
body = '\n'.join(('  ' + l if l else l) for l in body.rstrip().split('\n'))
out = '''// resvg-wasm 2.6.2's JavaScript glue (@resvg/resvg-wasm/index.mjs, MPL-2.0, https://github.com/thx/resvg-js),
// unchanged but for being wrapped in a function: the package keeps one WebAssembly instance per
// process in module variables and can be initialised only once, while a Rust panic inside it
// (a WebAssembly trap) leaves that instance unusable (its stack pointer and borrow flags are never
// restored: ~1,300 panics later every call traps). Each call here makes an independent instance,
// so a renderer that trapped is thrown away and the next SVG gets a fresh one (svg.ts).
// Regenerate with scripts/vendor-resvg-glue.py after updating the package.
// This file stays under the Mozilla Public License 2.0 (https://mozilla.org/MPL/2.0/).

/** A fresh resvg instance from the compiled `index_bg.wasm`. */
export async function instantiateResvg(module) {
''' + body + '''
  await dist_default(module);
  initialized = true;
  return { Resvg: Resvg2 };
}
'''
open('src/platform/codecs/resvg-instance.mjs', 'w').write(out)
