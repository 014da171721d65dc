#!/usr/bin/env node
// `devtoolbox`, the fifth door (README "Command line"): `devtoolbox <tool> [--field value …]` runs
// the core in this process with the Node context, offline; `serve` and `mcp` start the other
// Node doors. Exit codes: 0 answered, 1 the input was refused (the tool's sentence, or an input
// over the cap, on stderr), 2 usage (README "Command line").
import { version } from '../../package.json';
import { localInvoker } from '../core/local';
import { nodeContext } from '../platform/node-context';
import { bodyLimitOf, ConfigError } from '../server/config';
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
      return runTool(command, localInvoker(nodeContext), io);
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
  process.stderr.write(`devtoolbox: ${error.message}\nSee '${hint}'.\n`);
  process.exitCode = 2;
}
