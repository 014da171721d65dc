#!/usr/bin/env node
// `devtoolbox`, the fifth door (README "Command line"): `devtoolbox <tool> [--field value …]` runs
// the core with the Node context, offline: light calls on this thread, heavy and large ones in a
// worker thread under the server's limits; `serve` and `mcp` start the other Node doors. Exit
// codes: 0 answered, 1 the tool refused or could not finish, or an input was over the cap (the
// sentence on stderr), 2 usage (README "Command line").
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '../../package.json';
import type { Invoker } from '../core/invoke';
import { nodeContext } from '../platform/node-context';
import { bodyLimitOf, ConfigError, toolLimits } from '../server/config';
import { createInvoker } from '../server/call-placement';
import { replyingInvoker } from '../server/pool-dispatch';
import type { ToolOutcome, ToolTask } from '../server/tool-task';
import { WorkerPool } from '../server/worker-pool';
import { parseArgs, UsageError } from './args';
import { occupied, readCapped, readFileCapped, writeOutput } from './files';
import { mainHelp, toolHelp } from './help';
import { runTool, type CliIo } from './run';

const io: CliIo = {
  readStdin: (limit) => readCapped(process.stdin, limit),
  stdinIsTerminal: process.stdin.isTTY === true,
  inputLimit: 0, // set when a tool runs (`serve` reports a bad MAX_BODY_BYTES its own way)
  readFile: readFileCapped,
  exists: occupied,
  writeFile: writeOutput,
  stdout: (chunk) => process.stdout.write(chunk),
  stderr: (text) => process.stderr.write(text),
};

// `devtoolbox … | head -1`: the reader leaving early is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

/**
 * Where a tool command runs, as in the MCP stdio server: heavy tools and calls over
 * INLINE_BODY_BYTES in one worker thread, stopped past TOOL_TIMEOUT_MS or WORKER_MEMORY_MB
 * (the sentence, exit 1: the same answer the server gives), the rest on this thread. The worker
 * starts only for a call that needs it.
 */
function commandInvoker(slug: string): Invoker {
  let limits: ReturnType<typeof toolLimits>;
  try {
    limits = toolLimits();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message, slug);
    throw error;
  }
  const pool = new WorkerPool<ToolTask, ToolOutcome>({
    script: resolve(dirname(fileURLToPath(import.meta.url)), 'tool-worker.js'),
    size: 1,
    maxQueue: 1,
    taskTimeoutMs: limits.toolTimeoutMs,
    maxHeapMb: limits.workerMemoryMb,
    log: (message) => process.stderr.write(`devtoolbox: ${message}\n`),
  });
  return replyingInvoker(
    createInvoker({
      context: nodeContext,
      pool,
      heavyTools: [],
      inlineBodyBytes: limits.inlineBodyBytes,
      log: (message) => process.stderr.write(`devtoolbox: ${message}\n`),
    }),
  );
}

async function main(argv: string[]): Promise<number | undefined> {
  const command = parseArgs(argv);
  switch (command.command) {
    case 'help':
      io.stdout(`${mainHelp(version)}\n`);
      return 0;
    case 'version':
      io.stdout(`${version}\n`);
      return 0;
    case 'tool-help':
      io.stdout(`${toolHelp(command.slug)}\n`);
      return 0;
    case 'serve':
      // The server reads its configuration from the environment (src/server/config.ts); flags
      // are that environment spelled as options, and win over it.
      Object.assign(process.env, command.env);
      await import('../server/main');
      return undefined; // the server runs until a signal
    case 'mcp':
      await import('../server/mcp-stdio');
      return undefined;
    case 'tool':
      io.inputLimit = bodyLimitOf();
      return runTool(command, commandInvoker(command.slug), io);
  }
}

try {
  const code = await main(process.argv.slice(2));
  // Let stdout drain (a pipe may be slow), then leave: the model's session would keep us alive.
  if (code !== undefined) process.stdout.write('', () => process.exit(code));
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`devtoolbox: ${error.message}\n`);
    process.exit(2);
  }
  if (!(error instanceof UsageError)) throw error;
  const hint = error.slug ? `devtoolbox ${error.slug} --help` : 'devtoolbox --help';
  // Exit, not just set the code: a refusal after the tool ran (an -o that is a symbolic link)
  // leaves the call's worker thread alive, which would keep the command running for ever.
  process.stderr.write(`devtoolbox: ${error.message}\nSee '${hint}'.\n`, () => process.exit(2));
}
