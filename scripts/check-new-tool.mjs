#!/usr/bin/env node
// A tool made by `npm run new:tool` passes `npm run check` with no edit but the registry line the
// command writes: scaffolds one in a scratch copy of the project and runs, on what the command
// wrote (the new folder and the registry), tsc with the settings of both projects that hold it
// (tsconfig.worker.json: the tool and the registry; tsconfig.node.json: its unit test), ESLint
// (the copy's own eslint.config.js, so the floors rule places the copy's src/) and Prettier's
// check. The scaffold writes no .svelte file, so svelte-check has nothing to see.
// Run by `npm test` beside the project's own check (a minute of tsc is too slow for a unit test);
// its doors are tested in tests/unit/new-tool.test.ts and tests/e2e/new-tool.spec.ts.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo, scaffoldInScratch } from './new-tool-scratch.mjs';

const slug = 'text-measure';
const scratch = scaffoldInScratch(slug, 'copied');
const declarations = ['src/virtual.d.ts', 'src/platform/vendor.d.ts'];
const projects = [
  ['tsconfig.worker.json', [`src/tools/${slug}/*.ts`, 'src/tools/index.ts', ...declarations], ['src/**/*.test.ts']],
  ['tsconfig.node.json', [`src/tools/${slug}/*.test.ts`, ...declarations], []],
];
const written = [`src/tools/${slug}`, 'src/tools/index.ts'];
let failed = false;

/** Runs one checker (a script under node_modules) in the scratch copy and reports it. */
function check(name, script, args) {
  const result = spawnSync(process.execPath, [join(repo, 'node_modules', script), ...args], {
    cwd: scratch.root,
    encoding: 'utf8',
  });
  console.log(`new:tool ${slug}, ${name}: ${result.status === 0 ? 'passed' : 'FAILED'}`);
  if (result.status !== 0) {
    process.stdout.write(result.stdout + result.stderr);
    failed = true;
  }
}

try {
  for (const [base, include, exclude] of projects) {
    const config = join(scratch.root, base);
    writeFileSync(
      config,
      JSON.stringify({ extends: join(repo, base), compilerOptions: { noEmit: true }, include, exclude }),
    );
    check(base, 'typescript/bin/tsc', ['-p', config]);
  }
  check('ESLint', 'eslint/bin/eslint.js', written);
  check('Prettier', 'prettier/bin/prettier.cjs', ['--check', '--log-level', 'warn', ...written]);
} finally {
  scratch.remove();
}
process.exit(failed ? 1 : 0);
