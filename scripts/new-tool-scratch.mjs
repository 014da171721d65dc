// A scratch copy of the project in which `npm run new:tool` scaffolds a tool, so the scaffold's one
// edit outside its folder (the registry, src/tools/index.ts) lands in the copy. Inside the
// repository (test-results/), so node_modules resolves from it as from src/.
// Two kinds: `linked` (the default) links every file but the registry to the real one, so a test
// that loads the scratch registry in this process shares the real modules (one ToolInputError
// class): tests/unit/new-tool.test.ts. `copied` copies src/ whole with the configuration beside
// it, for the tools that follow links to the real files and would then reach the real registry
// (the bundler, the linter's import rules): scripts/check-new-tool.mjs (tsc, ESLint, Prettier)
// and tests/e2e/new-tool.spec.ts (a Vite build for the page and the service worker).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = fileURLToPath(new URL('..', import.meta.url));

/** What a copied scratch needs beside src/: the configuration of the build, the linter and the formatter. */
const CONFIG = ['index.html', 'package.json', 'vite.config.ts', 'eslint.config.js', 'eslint', '.prettierrc.json'];

/**
 * Scaffolds `slug` in a new scratch copy (`kind`: 'linked' or 'copied'); returns its root, what the
 * command printed, and a remover.
 */
export function scaffoldInScratch(slug, kind = 'linked') {
  mkdirSync(join(repo, 'test-results'), { recursive: true });
  const root = mkdtempSync(join(repo, 'test-results/new-tool-'));
  const src = join(repo, 'src');
  if (kind === 'copied') {
    cpSync(src, join(root, 'src'), { recursive: true });
    for (const entry of CONFIG) cpSync(join(repo, entry), join(root, entry), { recursive: true });
    // The build's public folder: read, never written.
    symlinkSync(join(repo, 'static'), join(root, 'static'));
  } else {
    mkdirSync(join(root, 'src/tools'), { recursive: true });
    for (const entry of readdirSync(src))
      if (entry !== 'tools') symlinkSync(join(src, entry), join(root, 'src', entry));
    for (const entry of readdirSync(join(src, 'tools'))) {
      if (entry === 'index.ts') copyFileSync(join(src, 'tools', entry), join(root, 'src/tools', entry));
      else symlinkSync(join(src, 'tools', entry), join(root, 'src/tools', entry));
    }
  }
  const printed = execFileSync(process.execPath, [join(repo, 'scripts/new-tool.mjs'), slug], {
    env: { ...process.env, NEW_TOOL_ROOT: root },
    encoding: 'utf8',
  });
  return { root, printed, remove: () => rmSync(root, { recursive: true, force: true }) };
}
