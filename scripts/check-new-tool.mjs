#!/usr/bin/env node
// A tool made by `npm run new:tool` passes the type checker as `npm run check` runs it, with no
// edit but the registry line the command writes: scaffolds one in a scratch copy of src/ and runs
// tsc with the settings of both projects that hold it (tsconfig.worker.json: the tool and the
// registry; tsconfig.node.json: its unit test), narrowed to the new folder and the registry.
// Run by `npm test` beside the type check (a minute of tsc is too slow for a unit test); its
// doors are tested in tests/unit/new-tool.test.ts.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo, scaffoldInScratch } from './new-tool-scratch.mjs';

const slug = 'text-measure';
const scratch = scaffoldInScratch(slug);
const declarations = ['src/virtual.d.ts', 'src/platform/vendor.d.ts'];
const projects = [
  ['tsconfig.worker.json', [`src/tools/${slug}/*.ts`, 'src/tools/index.ts', ...declarations], ['src/**/*.test.ts']],
  ['tsconfig.node.json', [`src/tools/${slug}/*.test.ts`, ...declarations], []],
];
let failed = false;
try {
  for (const [base, include, exclude] of projects) {
    const config = join(scratch.root, base);
    writeFileSync(
      config,
      JSON.stringify({ extends: join(repo, base), compilerOptions: { noEmit: true }, include, exclude }),
    );
    const result = spawnSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', config], {
      cwd: scratch.root,
      encoding: 'utf8',
    });
    console.log(`new:tool ${slug}, ${base}: ${result.status === 0 ? 'passed' : 'FAILED'}`);
    if (result.status !== 0) {
      process.stdout.write(result.stdout + result.stderr);
      failed = true;
    }
  }
} finally {
  scratch.remove();
}
process.exit(failed ? 1 : 0);
