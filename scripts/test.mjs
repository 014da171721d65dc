// `npm test`: build, then every suite (unit, contract through every door, the server and MCP
// suites again on Node 22 when NODE22 names one, e2e), and one
// closing line `N passed, M failed` summing them all (CI reads it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';

/** Runs a command; one that outlives `minutes` is stopped (status null), so a hung suite fails
 * with its summary line printed instead of running CI out of time. */
const run = (command, args, env = {}, minutes = 60) =>
  spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    timeout: minutes * 60_000,
    killSignal: 'SIGKILL',
  }).status;

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

if (run('npm', ['run', 'build']) !== 0) {
  console.log('build failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// `npm run check` (the type checkers, the linter, the formatter's check) is a suite of its own:
// one test that passes or fails.
const typesOk = run('npm', ['run', 'check']) === 0;
console.log(`check (types, lint, format): ${typesOk ? 'passed' : 'FAILED'}`);
totals[typesOk ? 'passed' : 'failed'] += 1;
// So is the same check of a freshly scaffolded tool (`npm run new:tool`, in a scratch copy).
const scaffoldOk = run(process.execPath, ['scripts/check-new-tool.mjs']) === 0;
console.log(`new:tool check (types, lint, format): ${scaffoldOk ? 'passed' : 'FAILED'}`);
totals[scaffoldOk ? 'passed' : 'failed'] += 1;

/** Runs one suite that writes a JSON report, and adds its counts. */
function suite(name, command, args, report, count, env = {}, minutes = 60) {
  rmSync(report, { force: true });
  const started = Date.now();
  const status = run(command, args, env, minutes);
  console.log(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (status === null) console.log(`${name}: stopped after ${minutes} minutes`);
  if (!existsSync(report)) {
    console.log(`${name}: no report (exit ${status})`);
    totals.failed += 1;
    broken = true;
    return;
  }
  const counts = count(JSON.parse(readFileSync(report, 'utf8')));
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (status !== 0 && counts.failed === 0) {
    // A suite that crashed outside its tests (e.g. a file that failed to load) counts as a failure.
    totals.failed += 1;
    broken = true;
  }
}

suite('vitest', 'npx', ['vitest', 'run'], 'test-results/vitest.json', (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
}));

// The server and MCP suites again on Node 22 (.ci/run installs it and sets NODE22): the Node
// doors are where runtime versions differ (http, worker threads, fetch, native modules). The
// servers those tests start run on it too (they spawn process.execPath).
if (process.env.NODE22) {
  const bin = dirname(process.env.NODE22);
  suite(
    'vitest (node 22)',
    process.env.NODE22,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      'tests/server',
      'tests/mcp',
      '--outputFile.json=test-results/vitest-node22.json',
    ],
    'test-results/vitest-node22.json',
    (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }),
    // The fault suite's rounds of 20 run on the primary Node; here 5 each (the doors, not the count).
    { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, FAULT_REPEATS: '5' },
    30,
  );
} else if (process.env.NODE22_INSTALL_FAILED) {
  console.log(`vitest (node 22): FAILED: ${process.env.NODE22_INSTALL_FAILED}`);
  totals.failed += 1;
  broken = true;
} else {
  console.log('vitest (node 22): not run (set NODE22 to a Node 22 binary; .ci/run installs one)');
}

if (existsSync('playwright.config.ts')) {
  suite('playwright', 'npx', ['playwright', 'test'], 'test-results/playwright.json', (r) => {
    if (r.stats.flaky) console.log(`playwright: ${r.stats.flaky} flaky (passed on retry)`);
    return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
  });
}

// Skipped tests on a line of their own: the last line stays the plain `N passed, M failed` CI reads.
if (totals.skipped) console.log(`${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
