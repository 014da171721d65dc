// Lucide icons inlined at build time (lucide-static's SVG files): served from the app's own
// bundle, no icon font or third-party request, and only the few icons the app names.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
export { UI_ICONS } from '../ui/icon-names';

const require = createRequire(import.meta.url);
const iconsDir = join(dirname(require.resolve('lucide-static/package.json')), 'icons');


/**
 * One icon as a compact `<svg>`: the drawing of the file, with the attributes every Lucide icon
 * shares. Size comes from CSS (1em square) and colour from `currentColor`; it is decorative, so
 * hidden from assistive technology (the link or button beside it carries the name).
 */
export function lucideSvg(name: string): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Not a Lucide icon name: ${name}`);
  let source: string;
  try {
    source = readFileSync(join(iconsDir, `${name}.svg`), 'utf8');
  } catch {
    throw new Error(`No Lucide icon named "${name}" in lucide-static`);
  }
  const body = source
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>[\s\S]*$/, '')
    .replace(/\s*\n\s*/g, '')
    .replace(/\s*\/>/g, '/>');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>`;
}
