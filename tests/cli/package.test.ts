// The installable package, as a user gets it: `npm pack` of the built project, installed globally
// into a temporary prefix (from the npm cache `npm ci` filled: no network), then its `devtoolbox`
// command run from a directory outside the project, so nothing can come from the project's own
// node_modules (onnxruntime-node must resolve from the installed package's, and the model come
// from its dist/models/: the data package is a devDependency, not installed).
// Needs `npm run build` first. One pack and one install per run, shared by every test below.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../src/tools/index';

const root = resolve(import.meta.dirname, '../..');
let work: string;
let bin: string;
let installedRoot: string;

function npm(args: string[], cwd: string): string {
  const result = spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    // onnxruntime-node's install script would otherwise look for CUDA to download (as .npmrc says).
    env: { ...process.env, npm_config_onnxruntime_node_install_cuda: 'skip', npm_config_update_notifier: 'false' },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 600_000,
  });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return result.stdout;
}

/** Runs the installed `devtoolbox` from the work directory (outside the project). */
function devtoolbox(args: string[], input?: string | Buffer): SpawnSyncReturns<Buffer> {
  // A command that never ends is killed (status null) and fails its test, never hangs the suite.
  return spawnSync(bin, args, {
    cwd: work,
    input: input ?? '',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_OPTIONS: '' },
    timeout: 120_000,
  });
}

beforeAll(() => {
  if (!existsSync(join(root, 'dist-server/cli.js')) || !existsSync(join(root, 'dist/index.html'))) {
    throw new Error('build the project first (npm run build): the package is made of dist/ and dist-server/');
  }
  const started = performance.now();
  work = mkdtempSync(join(tmpdir(), 'devtoolbox-package-'));
  // --ignore-scripts: the build is already there (prepack would rebuild it under other tests' feet).
  const [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], root)) as {
    filename: string;
    size: number;
    unpackedSize: number;
    entryCount: number;
  }[];
  const tarball = join(work, packed!.filename);
  const prefix = join(work, 'prefix');
  npm(['install', '-g', '--prefix', prefix, tarball, '--prefer-offline', '--no-audit', '--no-fund'], work);
  bin = join(prefix, 'bin', 'devtoolbox');
  installedRoot = join(prefix, 'lib', 'node_modules', 'devtoolbox');
  console.log(
    `package: ${(packed!.size / 2 ** 20).toFixed(1)} MiB packed, ${(packed!.unpackedSize / 2 ** 20).toFixed(1)} MiB unpacked, ${packed!.entryCount} files; pack + install took ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}, 900_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the installed devtoolbox package', () => {
  it('holds what runs and nothing else: dist/, dist-server/, the licence and the README', () => {
    const listed = spawnSync('find', [installedRoot, '-maxdepth', '1', '-mindepth', '1', '-printf', '%f\n'], {
      encoding: 'utf8',
    })
      .stdout.split('\n')
      .filter(Boolean)
      .sort();
    expect(listed).toEqual(['LICENSE.md', 'README.md', 'dist', 'dist-server', 'node_modules', 'package.json']);
    // Both commands are installed.
    expect(statSync(join(work, 'prefix', 'bin', 'devtoolbox-mcp')).isFile()).toBe(true);
    // The model ships once, in dist/models/; the browser-only runtime is not installed.
    expect(existsSync(join(installedRoot, 'dist', 'models', 'resources.json'))).toBe(true);
    for (const browserOnly of ['@imgly/background-removal-data', 'onnxruntime-web', 'svelte'])
      expect(existsSync(join(installedRoot, 'node_modules', browserOnly)), browserOnly).toBe(false);
  });

  it('encodes stdin to Base64: `echo -n hi | devtoolbox base64`', () => {
    const json = devtoolbox(['base64'], 'hi');
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout.toString())).toMatchObject({ output: 'aGk=', valid: true, byte_length: 2 });
    const raw = devtoolbox(['base64', '--raw'], 'hi');
    expect(raw.status).toBe(0);
    // Node's own Base64 is the reference.
    expect(raw.stdout.toString()).toBe(`${Buffer.from('hi').toString('base64')}\n`);
  });

  it('lists every tool of the registry in --help', () => {
    const help = devtoolbox(['--help']);
    expect(help.status).toBe(0);
    for (const tool of tools) expect(help.stdout.toString()).toMatch(new RegExp(`^  ${tool.slug} `, 'm'));
  });

  it('answers a refused input with exit code 1 and the sentence on stderr; a usage mistake with 2', () => {
    const refused = devtoolbox(['base64', '--input', 'hi', '--mode', 'sideways']);
    expect(refused.status).toBe(1);
    expect(refused.stdout.length).toBe(0);
    expect(refused.stderr.toString()).toMatch(/'mode' must be one of "encode", "decode"/);
    const usage = devtoolbox(['base64', '--no-such-field', 'x']);
    expect(usage.status).toBe(2);
    expect(usage.stderr.toString()).toMatch(/unknown option --no-such-field/);
  });

  it('converts a PNG file to a real WebP file with -o', async () => {
    const photo = join(work, 'photo.png');
    copyFileSync(join(root, 'tests/fixtures/images/quadrants.png'), photo);
    const run = devtoolbox([
      'image-converter',
      '--image',
      'photo.png',
      '--from',
      'png',
      '--to',
      'webp',
      '-o',
      'out.webp',
    ]);
    expect(run.stderr.toString()).toBe('');
    expect(run.status).toBe(0);
    const answer = JSON.parse(run.stdout.toString()) as Record<string, unknown>;
    expect(answer.image).toBeUndefined(); // written to the file instead
    // sharp (libvips) is the independent reader.
    const source = await sharp(photo).metadata();
    const written = await sharp(join(work, 'out.webp')).metadata();
    expect(written.format).toBe('webp');
    expect([written.width, written.height]).toEqual([source.width, source.height]);
    expect(answer).toMatchObject({
      format: 'webp',
      width: source.width,
      height: source.height,
      size_bytes: statSync(join(work, 'out.webp')).size,
    });
  });

  it('removes the background of a small real photo with the model of its own installation', async () => {
    // A 600×400 photo of a coffee cup, made smaller so the model's work stays short.
    await sharp(join(root, 'static/examples/coffee.jpg'))
      .resize(240)
      .jpeg({ quality: 90 })
      .toFile(join(work, 'coffee.jpg'));
    const run = devtoolbox(['background-remover', '--image', 'coffee.jpg', '-o', 'cutout.png']);
    expect(run.stderr.toString()).toBe('');
    expect(run.status).toBe(0);
    const cutout = sharp(join(work, 'cutout.png'));
    const meta = await cutout.metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height, meta.channels, meta.hasAlpha]).toEqual([240, 160, 4, true]);
    // A real cut: some pixels fully transparent (background), some fully opaque (the cup).
    const alpha = (await cutout.stats()).channels[3]!;
    expect(alpha.min).toBe(0);
    expect(alpha.max).toBe(255);
  }, 300_000); // the model's first load is slow on a busy machine: no wall-clock goal here

  it("serves MCP over stdio as `devtoolbox mcp` and as `devtoolbox-mcp` (the SDK's own client)", async () => {
    for (const [command, args] of [
      [bin, ['mcp']],
      [join(work, 'prefix', 'bin', 'devtoolbox-mcp'), []],
    ] as const) {
      const client = new Client({ name: 'package-test', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command, args: [...args], cwd: work, stderr: 'pipe' }));
      try {
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(tools.map((t) => t.slug));
        const result = await client.callTool({ name: 'base64', arguments: { input: 'hi' } });
        expect(result.structuredContent).toMatchObject({ output: 'aGk=' });
      } finally {
        await client.close();
      }
    }
  }, 120_000);

  it('starts the server with `devtoolbox serve --port 0`', async () => {
    const server = spawn(bin, ['serve', '--port', '0', '--host', '127.0.0.1'], {
      cwd: work,
      env: { ...process.env, HEAVY_WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((found, failed) => {
        let log = '';
        server.stdout.on('data', (chunk: Buffer) => {
          log += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(log);
          if (match) found(match[1]!.replace('localhost', '127.0.0.1'));
        });
        server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
        server.once('exit', (code) => failed(new Error(`serve exited with ${code}:\n${log}`)));
      });
      // /healthz is the liveness probe (docs/operations.md); a build without it still answers GET /api/base64.
      const health = await fetch(`${url}/healthz`);
      if (health.status === 200) expect(await health.json()).toEqual({ status: 'ok' });
      else expect((await fetch(`${url}/api/base64`)).status).toBe(200);
      // The server's tool list is the CLI's.
      const list = (await (await fetch(`${url}/api`)).json()) as { tools: { slug: string }[] };
      const slugs = list.tools.map((t) => t.slug);
      expect(slugs).toEqual(tools.map((t) => t.slug));
      // The app comes with it: dist/ found beside dist-server/ in the installed package.
      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    } finally {
      server.kill('SIGTERM');
      await new Promise((done) => (server.exitCode !== null ? done(undefined) : server.once('exit', done)));
    }
  }, 120_000);
});

// The packed README must be this project's (npm takes it from the root): a sanity check that the
// tarball is this build, not a stale one.
it('packs this build of dist-server/cli.js', () => {
  expect(readFileSync(join(installedRoot, 'dist-server/cli.js'), 'utf8')).toBe(
    readFileSync(join(root, 'dist-server/cli.js'), 'utf8'),
  );
});
