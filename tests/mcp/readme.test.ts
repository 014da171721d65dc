// The README's MCP instructions work as written: the stdio client configuration names the
// command package.json ships, and the HTTP call by hand gives the answer shown.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  bin: Record<string, string>;
};

function between(marker: string): string {
  const start = readme.indexOf(`<!-- ${marker}:start -->`);
  const end = readme.indexOf(`<!-- ${marker}:end -->`);
  if (start < 0 || end < start) throw new Error(`README has no ${marker} block`);
  return readme.slice(start, end);
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('README: For agents', () => {
  it('the stdio configuration runs the built command that package.json declares', () => {
    const config = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(between('mcp-stdio-config'))![1]!) as {
      mcpServers: Record<string, { command: string; args: string[] }>;
    };
    const entry = config.mcpServers.devtoolbox!;
    expect(entry.command).toBe('node');
    expect(entry.args).toHaveLength(1);
    expect(entry.args[0]!.endsWith('/' + pkg.bin['devtoolbox-mcp'])).toBe(true);
  });

  it('the HTTP call by hand answers as documented', async () => {
    const block = between('mcp-http-example');
    const [, command, answer] = /```sh\n(curl[^\n]*)\n```\s*```json\n([\s\S]*?)\n```/.exec(block)!;
    const headers = Object.fromEntries(
      [...command!.matchAll(/-H '([^:]+): ([^']*)'/g)].map(([, name, value]) => [name!, value!]),
    );
    const body = /-d '([^']*)'/.exec(command!)![1]!;
    expect(/localhost:8787(\/\S*)/.exec(command!)![1]).toBe('/mcp');
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(answer!));
  });

  it('is announced in llms.txt', async () => {
    const text = await (await fetch(`${server.url}/llms.txt`)).text();
    expect(text).toContain('POST /mcp');
    expect(text).toContain('devtoolbox-mcp');
  });
});
