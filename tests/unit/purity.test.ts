// docs/architecture.md principle 2: tool and core code is runtime-free, so the same files run in
// Node, a Web Worker and a service worker. Scans imports and forbidden globals.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** Source files, without tests (`*.test.ts`, the e2e tests' `*.e2e.ts`) and page code (`*.svelte`, `*.svelte.ts`), which runs in the DOM. */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|js)$/.test(entry.name) && !/\.(test|e2e|svelte)\.ts$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

// Pure, runtime-free packages (color-name is a plain table of the CSS named colours; colorjs.io/fn
// is colour math: its only globals, CSS.supports and getComputedStyle, are read inside display()
// and tryColor(), which the tools never call; fflate is zlib in plain JS, the same bytes in
// every runtime: the background remover's gray mask PNG; yaml and smol-toml are YAML and TOML
// in plain JS: yaml's only runtime call, process.emitWarning for its warnings, is guarded, and
// bundlers take its browser build, which reads `process` behind a typeof check).
const ALLOWED_PACKAGES = [
  'zod',
  'jose',
  'papaparse',
  'jsonrepair',
  'hash-wasm',
  'color-name',
  'json-p3',
  'colorjs.io',
  'fflate',
  'yaml',
  'smol-toml',
];
// src/lib holds code the tools share, so it is held to the same rule.
const files = [...sources('src/tools'), ...sources('src/lib'), ...sources('src/core')];

describe('purity of src/tools, src/lib and src/core', () => {
  it('finds the files to check', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files)('%s imports only pure modules', (file) => {
    const code = readFileSync(join(root, file), 'utf8');
    const specifiers = [
      ...code.matchAll(
        /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
      ),
    ].map((m) => m[1] ?? m[2]!);
    const bad = specifiers.filter(
      (spec) => !spec.startsWith('.') && !ALLOWED_PACKAGES.some((pkg) => spec === pkg || spec.startsWith(pkg + '/')),
    );
    expect(bad).toEqual([]);
  });

  it.each(files)('%s uses no DOM, Node or engine-dependent globals', (file) => {
    const code = readFileSync(join(root, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
    const forbidden = [
      /\bdocument\./,
      /\bwindow\./,
      /\bBuffer\./,
      /\bprocess\./,
      /\brequire\(/,
      /\btoLocale\w*\(/,
      /\bDate\.parse\(/,
      /\bnew Date\(/,
      /\bMath\.random\(/,
    ];
    // Time zones are the one thing read from the engine: its tz database through Intl (the timestamp converter's zones),
    // in one file that takes only formatToParts' numbers (docs/contract.md, timestamp-converter).
    if (file !== 'src/tools/timestamp-converter/zoned.ts') forbidden.push(/\bIntl\./);
    // The clock is read in exactly one place: the default ToolContext.
    if (file !== 'src/tools/define.ts') forbidden.push(/\bDate\.now\(/);
    expect(forbidden.filter((pattern) => pattern.test(code)).map(String)).toEqual([]);
  });
});
