// The long fuzz run: the CI fuzz suite (tests/fuzz) with a bigger time budget, against the built
// server (SERVER_ENTRY and STATIC_DIR select another build). Prints the suite's own summary,
// including the number of requests and the server's RSS at the start, the end and the peak.
//
//   node bench/fuzz-long.mjs            (30 minutes)
//   FUZZ_SECONDS=7200 node bench/fuzz-long.mjs
import { spawnSync } from 'node:child_process';

const seconds = Number(process.env.FUZZ_SECONDS ?? 1800);
console.log(`fuzzing for ${seconds} s`);
const result = spawnSync('npx', ['vitest', 'run', 'tests/fuzz', '--reporter=verbose', '--outputFile.json=/dev/null'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SECONDS: String(seconds) },
});
process.exit(result.status ?? 1);
