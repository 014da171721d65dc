// The stdio command as an agent host runs it: the built file from package.json `bin`, started
// from an unrelated directory, speaking newline-delimited JSON-RPC with nothing else on stdout.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { tools } from '../../src/tools/index';
import { MCP_STDIO_ENTRY } from './support';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  bin: Record<string, string>;
};

interface Session {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the response to request `id`. */
  response(id: number): Promise<Record<string, unknown>>;
  send(message: unknown): void;
  exited: Promise<number | null>;
}

let running: Session | undefined;
afterEach(() => {
  if (running && running.child.exitCode === null) running.child.kill('SIGTERM');
  running = undefined;
});

function start(): Session {
  const child = spawn(process.execPath, [MCP_STDIO_ENTRY], { cwd: tmpdir(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  const seen = new Map<number, Record<string, unknown>>();
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!; // a message may arrive in several chunks
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        const message = JSON.parse(line) as Record<string, unknown>;
        if (typeof message.id === 'number') {
          seen.set(message.id, message);
          waiting.get(message.id)?.(message);
        }
      } catch {
        // Reported by the "only JSON-RPC on stdout" assertion below.
      }
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  running = {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    send: (message) => child.stdin.write((typeof message === 'string' ? message : JSON.stringify(message)) + '\n'),
    response: (id) => new Promise((resolve) => (seen.has(id) ? resolve(seen.get(id)!) : waiting.set(id, resolve))),
    exited,
  };
  return running;
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};

describe('MCP over stdio: the devtoolbox-mcp command', () => {
  it('is a bin of package.json pointing at the built stdio entry, runnable as a script', () => {
    expect(pkg.bin['devtoolbox-mcp']).toBe('dist-server/mcp-stdio.js');
    expect(basename(MCP_STDIO_ENTRY)).toBe('mcp-stdio.js');
    expect(readFileSync(MCP_STDIO_ENTRY, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('writes only JSON-RPC to stdout, logs to stderr, and survives a garbage line', async () => {
    const session = start();
    session.send(initialize);
    await session.response(1);
    session.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    session.send('this is not JSON');
    session.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    session.send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'url-encoder', arguments: { input: 'a b' } },
    });
    session.send({ jsonrpc: '2.0', id: 4, method: 'ping' });
    const [list, call, ping] = await Promise.all([session.response(2), session.response(3), session.response(4)]);
    expect((list.result as { tools: unknown[] }).tools).toHaveLength(tools.length);
    expect((call.result as { structuredContent: unknown }).structuredContent).toMatchObject({
      output: 'a%20b',
      changed: true,
    });
    expect(ping).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
    const lines = session.stdout().split('\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    expect(session.stderr()).toContain('ready on stdio');
    expect(session.stderr()).toMatch(/mcp: .*JSON/);
  });

  it('answers a call piped in before stdin closes, then exits 0', async () => {
    // As `printf '…' | devtoolbox-mcp` does: everything written at once, input closed at once.
    // Background removal (the slowest tool: it loads a model in the pool) is still running when
    // the input ends; the answer must come out all the same.
    const child = spawn(process.execPath, [MCP_STDIO_ENTRY], { cwd: tmpdir(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const png = (
      await sharp({ create: { width: 24, height: 16, channels: 3, background: '#c83c0a' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const lines = [
      initialize,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'base64', arguments: { input: 'hi' } } },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'background-remover', arguments: { image: png, output: 'mask' } },
      },
    ];
    child.stdin.end(lines.map((line) => JSON.stringify(line) + '\n').join(''));
    expect(await exited).toBe(0);
    const answers = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: number; result?: { structuredContent?: Record<string, unknown> } });
    expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3]);
    expect(answers[1]!.result!.structuredContent).toMatchObject({ output: 'aGk=' });
    expect(answers[2]!.result!.structuredContent).toMatchObject({ width: 24, height: 16 });
  }, 120_000);

  it('exits cleanly when the host closes stdin', async () => {
    const session = start();
    session.send(initialize);
    await session.response(1);
    session.child.stdin.end();
    expect(await session.exited).toBe(0);
  });
});
