// The doors that run tool work, driven the same way for the fault tests (tests/server/faults.test.ts,
// tests/server/busy-timeouts.test.ts): the built server's REST API and POST /mcp, the MCP server
// over stdio, `devtoolbox serve`, and the `devtoolbox` command. Every call comes back as an
// Outcome, so one assertion says what an answer to a fault may be.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect } from 'vitest';
import { SERVER_ENTRY, type RunningServer } from './server';

export const CLI_ENTRY = resolve(dirname(SERVER_ENTRY), 'cli.js');
export const MCP_STDIO_ENTRY = resolve(dirname(SERVER_ENTRY), 'mcp-stdio.js');
/** The model's process of this build (its command line names this path). */
export const INFERENCE_HOST_ENTRY = resolve(dirname(SERVER_ENTRY), 'inference-host.js');

/** What a door answered: the tool's answer, or its refusal (HTTP status and Retry-After where the door has them). */
export type Outcome =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; error: string; status?: number; retryAfter?: string | null; exitCode?: number };

/** The sentences a call stopped by a limit may get (src/server/pool-dispatch.ts). */
export const TOO_LONG =
  /^Processing took longer than the limit of \d+ (ms|seconds); send a smaller or simpler input\.$/;
export const TOO_MUCH_MEMORY =
  /^Processing needed more than the memory limit of [\d.]+ [KMG]iB; send a smaller or simpler input\.$/;
export const BUSY =
  /^The server was too busy to finish this request within its time limit of \d+ (ms|seconds)\. Retry after \d+ seconds\.$/;

/** A refusal that tells the truth about a limit: 400 for the input, 503 + Retry-After for a busy server. */
export function expectLimitAnswer(outcome: Outcome, limits: RegExp[] = [TOO_LONG, TOO_MUCH_MEMORY, BUSY]): void {
  if (outcome.ok) return;
  expect(
    limits.some((sentence) => sentence.test(outcome.error)),
    outcome.error,
  ).toBe(true);
  if (BUSY.test(outcome.error)) {
    if (outcome.status !== undefined) {
      expect(outcome.status).toBe(503);
      expect(Number(outcome.retryAfter)).toBeGreaterThanOrEqual(1);
    }
  } else if (outcome.status !== undefined) expect(outcome.status).toBe(400);
  if (outcome.exitCode !== undefined) expect(outcome.exitCode).toBe(1);
}

export async function rest(url: string, slug: string, body: unknown): Promise<Outcome> {
  const response = await fetch(`${url}/api/${slug}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status === 200) return { ok: true, body: json };
  return {
    ok: false,
    error: String(json.error),
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
  };
}

let rpcId = 1;
/** One tools/call over POST /mcp (stateless: no session to open first). */
export async function mcpHttp(url: string, slug: string, args: unknown): Promise<Outcome> {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: rpcId++,
      method: 'tools/call',
      params: { name: slug, arguments: args },
    }),
  });
  expect(response.status).toBe(200);
  const { result } = (await response.json()) as { result: ToolResult };
  return fromResult(result);
}

type ToolResult = {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
};

function fromResult(result: ToolResult): Outcome {
  if (result.isError) return { ok: false, error: result.content.map((item) => item.text ?? '').join('') };
  return { ok: true, body: result.structuredContent ?? {} };
}

export interface StdioServer {
  call(slug: string, args: unknown): Promise<Outcome>;
  pid: number;
  stderr(): string;
  close(): Promise<void>;
}

/** The MCP server over stdio (dist-server/mcp-stdio.js) with this environment on top of ours. */
export async function startStdio(env: Record<string, string>): Promise<StdioServer> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MCP_STDIO_ENTRY],
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  const client = new Client({ name: 'devtoolbox-fault-tests', version: '1.0.0' });
  await client.connect(transport);
  return {
    call: async (slug, args) =>
      fromResult(
        (await client.callTool({ name: slug, arguments: args as Record<string, unknown> }, undefined, {
          timeout: 120_000,
        })) as ToolResult,
      ),
    pid: transport.pid!,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** `devtoolbox serve` on a free port, as `startServer` starts main.js. */
export async function startServe(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    [CLI_ENTRY, 'serve', '--port', '0', '--host', '127.0.0.1', '--rate-limit', 'off'],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`devtoolbox serve did not start:\n${output}`)), 30_000);
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]!.replace('localhost', '127.0.0.1'));
      }
    });
    child.on('exit', (code) => fail(new Error(`devtoolbox serve exited with ${code}:\n${output}`)));
  });
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** One `devtoolbox <tool> …` run: exit 0 with the answer's JSON, or 1 with its sentence on stderr. */
export function cli(args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI_ENTRY, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code, signal) => {
      if (code === 0) done({ ok: true, body: JSON.parse(stdout) as Record<string, unknown> });
      else if (code === 1) done({ ok: false, error: stderr.trim().split('\n').at(-1)!, exitCode: 1 });
      else fail(new Error(`devtoolbox ${args[0]} ended with ${signal ?? `exit code ${code}`}:\n${stderr}`));
    });
  });
}

/** The process ids of a process and all its descendants (Linux /proc). */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Resident memory of a process and its descendants (the model's processes), in MiB. */
export function treeRssMb(pid: number): number {
  let kb = 0;
  for (const member of processTree(pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return kb / 1024;
}

/**
 * RSS of a process tree once it has settled: the lowest of samples taken over up to `ms`, ending
 * early once under `below`. A model process killed with its worker, or one that loses its parent
 * while it loads, is gone a moment later; memory the tree still holds then is what stays.
 */
export async function settledRssMb(pid: number, below: number, ms = 15_000): Promise<number> {
  let lowest = treeRssMb(pid);
  for (const end = Date.now() + ms; lowest >= below && Date.now() < end;) {
    await new Promise((done) => setTimeout(done, 500));
    lowest = Math.min(lowest, treeRssMb(pid));
  }
  return lowest;
}

/**
 * Running model processes of this build (their command line names its inference-host.js), only
 * those started with `mark` in their environment when given (a process inherits its parent's).
 */
export function modelProcesses(mark?: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(INFERENCE_HOST_ENTRY)) continue;
      if (mark === undefined || readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(mark))
        found.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}
