// Lucide icons inlined at build time (lucide-static's SVG files): served from the app's own
// bundle, no icon font or third-party request, and only the few icons the app names.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
export { UI_ICONS } from './icon-names';

const require = createRequire(import.meta.url);
const iconsDir = join(dirname(require.resolve('lucide-static/package.json')), 'icons');

/** The SVG files inlined so far: their package's licence goes into the notices (third-party-notices.ts). */
export const lucideFilesRead = new Set<string>();

/**
 * One icon's drawing: the inside of its `<svg>`, compacted. Every Lucide icon shares the same
 * `<svg>` attributes, so src/ui/Icon.svelte writes them once rather than the catalog 25 times.
 */
export function lucideSvg(name: string): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Not a Lucide icon name: ${name}`);
  let source: string;
  try {
    source = readFileSync(join(iconsDir, `${name}.svg`), 'utf8');
    lucideFilesRead.add(join(iconsDir, `${name}.svg`));
  } catch {
    throw new Error(`No Lucide icon named "${name}" in lucide-static`);
  }
  const body = source
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>[\s\S]*$/, '')
    .replace(/\s*\n\s*/g, '')
    .replace(/\s*\/>/g, '/>');
  if (!body.startsWith('<')) throw new Error(`Unexpected SVG in lucide-static's ${name}.svg`);
  return body;
}
