// Local files over stdio (src/server/mcp-files.ts, docs/contract.md §3): `image_path` instead of
// Base64, `output_path` instead of an answer's Base64. Checked with the SDK's own client on the
// built command, against the same call with inline Base64 and against sharp (an independent
// decoder) reading the file written. Over HTTP the fields do not exist and no file is touched.
import { mkdtemp, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';
import { connectHttp, connectStdio, type Connected, type Content } from './support';

const fixture = new URL('../fixtures/images/alpha.png', import.meta.url).pathname;

let mcp: Connected;
let dir: string;
beforeAll(async () => {
  mcp = await connectStdio();
  dir = await mkdtemp(join(tmpdir(), 'devtoolbox-mcp-files-'));
});
afterAll(() => mcp?.close());

const call = (name: string, args: Record<string, unknown>) => mcp.client.callTool({ name, arguments: args });
const errorText = (result: Awaited<ReturnType<typeof call>>) => {
  expect(result.isError).toBe(true);
  return (result.content as Content)[0]!.text!;
};

describe('MCP over stdio: image files by path', () => {
  it('reads image_path exactly as the same image sent inline', async () => {
    const inline = (await readFile(fixture)).toString('base64');
    const args = { from: 'png', to: 'webp', lossless: true };
    const [byPath, byValue] = await Promise.all([
      call('image-converter', { ...args, image_path: fixture }),
      call('image-converter', { ...args, image: inline }),
    ]);
    expect(byPath.isError ?? false).toBe(false);
    expect(byPath.structuredContent).toEqual(byValue.structuredContent);
  });

  it('writes the result to output_path and answers where and how many bytes, without Base64', async () => {
    const target = join(dir, 'out.jpg');
    const args = { image_path: fixture, width: 7, format: 'jpeg' };
    const [written, inline] = await Promise.all([
      call('image-resizer', { ...args, output_path: target }),
      call('image-resizer', { image_path: fixture, width: 7, format: 'jpeg' }),
    ]);
    const bytes = await readFile(target);
    const answer = written.structuredContent as Record<string, unknown>;
    expect(answer).toEqual({
      ...Object.fromEntries(Object.entries(inline.structuredContent!).filter(([key]) => key !== 'image')),
      output_path: target,
      written_bytes: bytes.length,
    });
    expect(bytes.toString('base64')).toBe((inline.structuredContent as { image: string }).image);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 7 });
    const content = written.content as Content;
    expect(content).toHaveLength(1);
    expect(content[0]!.text).toContain(`written to ${target} (${bytes.length} bytes)`);
    expect(JSON.stringify(written)).not.toContain(bytes.toString('base64').slice(0, 40));
  });

  it('resolves a relative output_path against the working directory (the host started it in the temp folder)', async () => {
    const name = `devtoolbox-mcp-relative-${process.pid}.png`;
    const result = await call('image-converter', { image_path: fixture, from: 'png', to: 'png', output_path: name });
    expect(result.structuredContent).toMatchObject({ output_path: join(tmpdir(), name) });
    expect((await sharp(join(tmpdir(), name)).metadata()).format).toBe('png');
  });

  it('never replaces a file: an existing output_path is refused before the tool runs', async () => {
    const target = join(dir, 'exists.png');
    await writeFile(target, 'keep me');
    expect(
      errorText(await call('image-converter', { image_path: fixture, from: 'png', to: 'png', output_path: target })),
    ).toMatch(/^'output_path' already exists/);
    expect(await readFile(target, 'utf8')).toBe('keep me');
  });

  it('refuses an output_path in a folder that does not exist', async () => {
    expect(
      errorText(
        await call('image-converter', {
          image_path: fixture,
          from: 'png',
          to: 'png',
          output_path: join(dir, 'nope', 'x.png'),
        }),
      ),
    ).toMatch(/^'output_path' is in a folder that does not exist/);
  });

  it.each([
    ['a missing file', () => join(dir, 'missing.png'), /^'image_path' cannot be read: no such file or folder/],
    ['a folder', () => dir, /^'image_path' is not a regular file/],
    ['an empty path', () => '', /^'image_path' must be the path of a local image file/],
  ])('names image_path for %s', async (_what, path, message) => {
    expect(errorText(await call('background-remover', { image_path: path() }))).toMatch(message);
  });

  it('refuses image and image_path together', async () => {
    expect(
      errorText(await call('image-converter', { image: 'iVBORw0KGgo=', image_path: fixture, from: 'png', to: 'png' })),
    ).toBe("'image' and 'image_path' exclude each other: send one of them.");
  });

  it('refuses a file larger than any message could carry, without reading it', async () => {
    const big = join(dir, 'big.png');
    await writeFile(big, '');
    await truncate(big, 200_000_000); // sparse: 200 MB on paper, nothing on disk
    expect(errorText(await call('image-converter', { image_path: big, from: 'png', to: 'png' }))).toMatch(
      /^'image_path' is 190\.7 MiB \(200,000,000 bytes\) — larger than the [\d.]+ MiB an image may be here/,
    );
  });

  it("applies the tool's own limits and checks, naming image_path", async () => {
    const text = join(dir, 'not-an-image.png');
    await writeFile(text, 'Hello, World!');
    expect(errorText(await call('image-resizer', { image_path: text }))).toBe(
      "'image_path' is not an image in a supported format (PNG, JPEG, WebP, AVIF, TIFF, GIF, SVG or HEIC).",
    );
    const large = join(dir, 'large.png');
    await writeFile(large, Buffer.concat([await readFile(fixture), Buffer.alloc(3_200_000)]));
    expect(errorText(await call('image-converter', { image_path: large, from: 'png', to: 'png' }))).toMatch(
      /MB — maximum is 3 MB/,
    );
  });

  it('lists the file fields only on the image tools, with the image no longer required', async () => {
    const { tools } = await mcp.client.listTools();
    const withPaths = tools
      .filter((tool) => 'image_path' in (tool.inputSchema.properties ?? {}))
      .map((tool) => tool.name);
    expect(withPaths.sort()).toEqual(['background-remover', 'image-converter', 'image-resizer']);
    for (const tool of tools.filter((t) => withPaths.includes(t.name))) {
      expect(tool.inputSchema.required ?? []).not.toContain('image');
      expect(tool.inputSchema.properties).toHaveProperty('output_path');
      expect(tool.outputSchema?.required ?? []).not.toContain('image');
    }
  });
});

describe('MCP over HTTP: no file fields', () => {
  let server: RunningServer;
  let remote: Connected;
  beforeAll(async () => {
    server = await startServer();
    remote = await connectHttp(server);
  });
  afterAll(async () => {
    await remote?.close();
    await server?.stop();
  });

  it('neither lists nor honours image_path and output_path', async () => {
    const { tools } = await remote.client.listTools();
    expect(JSON.stringify(tools)).not.toMatch(/image_path|output_path/);
    const target = join(dir, 'http-out.png');
    const result = await remote.client.callTool({
      name: 'image-converter',
      arguments: { image_path: fixture, from: 'png', to: 'png', output_path: target },
    });
    expect(errorText(result)).toMatch(/'image' is required/);
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
