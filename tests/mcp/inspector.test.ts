// The MCP Inspector's CLI (the protocol's own debugging client, @modelcontextprotocol/inspector)
// against the built stdio command: it lists every tool and calls one with a local file.
//
// Not a devDependency: its current release (2.x) requires Node ≥ 22.19, above this project's
// floor (20.19, CI's Node), and on Node 20 npm resolves the name to the old 0.15 line; it also
// brings some 110 MB. Point MCP_INSPECTOR at its bin to run this (docs/contract.md §3):
//   npm i --prefix /tmp/inspector @modelcontextprotocol/inspector@2
//   MCP_INSPECTOR=/tmp/inspector/node_modules/.bin/mcp-inspector npx vitest run tests/mcp/inspector.test.ts
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tools } from '../../src/tools/index';
import { MCP_STDIO_ENTRY } from './support';

const inspector = process.env.MCP_INSPECTOR;
const fixture = new URL('../fixtures/images/alpha.png', import.meta.url).pathname;

async function inspect(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(inspector!, ['--cli', process.execPath, MCP_STDIO_ENTRY, ...args], {
    cwd: tmpdir(),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe.skipIf(!inspector || !existsSync(inspector))(
  'MCP Inspector CLI (skipped: set MCP_INSPECTOR to its bin; it needs Node ≥ 22.19, so it is not a devDependency)',
  () => {
    it('lists every tool of the registry', async () => {
      const listed = (await inspect('--method', 'tools/list')).tools as {
        name: string;
        annotations: Record<string, unknown>;
      }[];
      expect(listed.map((tool) => tool.name)).toEqual(tools.map((tool) => tool.slug));
      for (const tool of listed) expect(tool.annotations).toMatchObject({ idempotentHint: true, openWorldHint: false });
    }, 120_000);

    it('calls a tool, and an image tool with image_path, getting structured content and the image block', async () => {
      expect(
        (await inspect('--method', 'tools/call', '--tool-name', 'base64', '--tool-arg', 'input=hi')).structuredContent,
      ).toMatchObject({ output: 'aGk=' });
      const result = await inspect(
        '--method',
        'tools/call',
        '--tool-name',
        'image-resizer',
        '--tool-arg',
        `image_path=${fixture}`,
        '--tool-arg',
        'width=5',
      );
      expect(result.structuredContent).toMatchObject({ format: 'png', width: 5, originalWidth: 32 });
      expect((result.content as { type: string }[]).map((block) => block.type)).toEqual(['text', 'image']);
    }, 120_000);
  },
);
