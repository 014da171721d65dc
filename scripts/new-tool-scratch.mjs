// A scratch copy of src/ in which `npm run new:tool` scaffolds a tool: links to the real files,
// the registry (src/tools/index.ts) copied, so the scaffold's one edit outside its folder lands
// in the copy. Inside the repository (test-results/), so node_modules resolves from it as from
// src/. Used by tests/unit/new-tool.test.ts (the doors) and scripts/check-new-tool.mjs (tsc).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = fileURLToPath(new URL('..', import.meta.url));

/** Scaffolds `slug` in a new scratch copy; returns its root, what the command printed, and a remover. */
export function scaffoldInScratch(slug) {
  mkdirSync(join(repo, 'test-results'), { recursive: true });
  const root = mkdtempSync(join(repo, 'test-results/new-tool-'));
  const src = join(repo, 'src');
  mkdirSync(join(root, 'src/tools'), { recursive: true });
  for (const entry of readdirSync(src)) if (entry !== 'tools') symlinkSync(join(src, entry), join(root, 'src', entry));
  for (const entry of readdirSync(join(src, 'tools'))) {
    if (entry === 'index.ts') copyFileSync(join(src, 'tools', entry), join(root, 'src/tools', entry));
    else symlinkSync(join(src, 'tools', entry), join(root, 'src/tools', entry));
  }
  const printed = execFileSync(process.execPath, [join(repo, 'scripts/new-tool.mjs'), slug], {
    env: { ...process.env, NEW_TOOL_ROOT: root },
    encoding: 'utf8',
  });
  return { root, printed, remove: () => rmSync(root, { recursive: true, force: true }) };
}
