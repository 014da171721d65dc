// Starts the BUILT Node server (dist-server/main.js) on a free port, as a user would run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** The built server; SERVER_ENTRY points at another build (parallel work in one checkout). */
export const SERVER_ENTRY = resolve(
  process.env.SERVER_ENTRY ?? resolve(import.meta.dirname, '../../dist-server/main.js'),
);

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) throw new Error('dist-server/main.js is missing: run `npm run build` first');
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  // A server that dies during a suite fails every test after it with "connection refused": say why.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `\n[test server ${url} exited unexpectedly: code ${code}, signal ${signal}]\n${output.slice(-4000)}\n`,
      );
  });
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((done) => {
        stopping = true;
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
