// `npm test`: build, then every suite (unit, contract through every door, e2e), and one
// closing line `N passed, M failed` summing them all (CI reads it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const run = (command, args, env = {}) => spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status;

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

if (run('npm', ['run', 'build']) !== 0) {
  console.log('build failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

// The type checker is a suite of its own: one test that passes or fails.
const typesOk = run('npm', ['run', 'check']) === 0;
console.log(`typecheck: ${typesOk ? 'passed' : 'FAILED'}`);
totals[typesOk ? 'passed' : 'failed'] += 1;

/** Runs one suite that writes a JSON report, and adds its counts. */
function suite(name, command, args, report, count) {
  rmSync(report, { force: true });
  const status = run(command, args);
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

if (existsSync('playwright.config.ts')) {
  suite('playwright', 'npx', ['playwright', 'test'], 'test-results/playwright.json', (r) => {
    if (r.stats.flaky) console.log(`playwright: ${r.stats.flaky} flaky (passed on retry)`);
    return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
  });
}

console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
