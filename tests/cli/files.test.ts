// The command line's `-o` and its input cap, on real files and pipes: `-o` never replaces a file
// unless --force and never writes through a symbolic link (as MCP's output_path); stdin and
// `@file` stop at the server's body cap (MAX_BODY_BYTES) with a sentence naming it. The built
// command (dist-server/cli.js) is run as a user runs it; src/cli/files.ts is also tested in-process.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCapped, readFileCapped, writeOutput } from '../../src/cli/files';
import { BodyTooLargeError, MAX_BODY_BYTES } from '../../src/core/http';
import { SERVER_ENTRY } from '../support/server';

const CLI = resolve(dirname(SERVER_ENTRY), 'cli.js');
const PNG = resolve(import.meta.dirname, '../fixtures/images/quadrants.png');
const MIB = 1024 * 1024;

let work: string;
beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('dist-server/cli.js is missing: run `npm run build` first');
  work = mkdtempSync(join(tmpdir(), 'devtoolbox-cli-files-'));
});
afterAll(() => work && rmSync(work, { recursive: true, force: true }));

function cli(args: string[], options: { input?: string | Buffer; env?: Record<string, string> } = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: work,
    input: options.input ?? '',
    env: { ...process.env, ...options.env },
    maxBuffer: 64 * MIB,
    timeout: 120_000,
  });
  // A command that never ends is a failure (killed: status null), never a suite that waits for ever.
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
}

const convert = (out: string, ...more: string[]) => [
  'image-converter',
  '--image',
  PNG,
  '--from',
  'png',
  '--to',
  'webp',
  '-o',
  out,
  ...more,
];

describe('devtoolbox -o', () => {
  it('writes a new file', () => {
    const result = cli(convert('new.webp'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readFileSync(join(work, 'new.webp')).subarray(8, 12).toString()).toBe('WEBP');
  });

  it('refuses an existing file (exit 2, naming the file and --force) and leaves it as it was', () => {
    writeFileSync(join(work, 'kept.webp'), 'precious');
    const result = cli(convert('kept.webp'));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('-o: kept.webp already exists; give --force to replace it, or name a new file');
    expect(result.stdout).toBe('');
    expect(readFileSync(join(work, 'kept.webp'), 'utf8')).toBe('precious');
  });

  it('replaces an existing file with --force', () => {
    writeFileSync(join(work, 'forced.webp'), 'old bytes that are longer than nothing at all '.repeat(200));
    const result = cli(convert('forced.webp', '--force'));
    expect(result.status).toBe(0);
    const written = readFileSync(join(work, 'forced.webp'));
    // Truncated, not overwritten in place: exactly the new image.
    expect(written).toEqual(readFileSync(join(work, 'new.webp')));
  });

  it('never writes through a symbolic link, with or without --force, and leaves its target alone', () => {
    writeFileSync(join(work, 'target.txt'), 'the file a link points at');
    symlinkSync(join(work, 'target.txt'), join(work, 'link.webp'));
    symlinkSync(join(work, 'nowhere.txt'), join(work, 'dangling.webp'));
    const plain = cli(convert('link.webp'));
    expect(plain.status).toBe(2);
    expect(plain.stderr).toContain('-o: link.webp already exists');
    const forced = cli(convert('link.webp', '--force'));
    expect(forced.status).toBe(2);
    expect(forced.stderr).toContain('-o: link.webp is a symbolic link; devtoolbox never writes through one');
    // A dangling link would otherwise create the file it names.
    expect(cli(convert('dangling.webp')).status).toBe(2);
    expect(cli(convert('dangling.webp', '--force')).status).toBe(2);
    expect(existsSync(join(work, 'nowhere.txt'))).toBe(false);
    expect(readFileSync(join(work, 'target.txt'), 'utf8')).toBe('the file a link points at');
    expect(lstatSync(join(work, 'link.webp')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(work, 'link.webp'))).toBe(join(work, 'target.txt'));
  });

  it('--force without -o <file> is a usage mistake', () => {
    const result = cli(['base64', 'hi', '--force']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--force only goes with -o <file>');
  });
});

describe('SVG files from the wild', () => {
  const fixtureFile = (name: string) => resolve(import.meta.dirname, '../fixtures/images', name);
  it('a .svgz and an <svg:svg> file convert; a .svgz bomb is refused naming the limit (exit 1)', () => {
    for (const name of ['quadrants.svgz', 'namespaced.svg']) {
      const result = cli(['image-converter', fixtureFile(name), '--from', 'svg', '--to', 'png', '-o', `${name}.png`]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ format: 'png', width: 40, height: 24 });
    }
    const bomb = cli(['image-converter', fixtureFile('bomb.svgz'), '--from', 'svg', '--to', 'png', '-o', 'bomb.png']);
    expect(bomb.status).toBe(1);
    expect(bomb.stderr.trim()).toBe(
      "'image' is a gzip-compressed SVG that inflates to more than 3 MB; an SVG may be at most 3 MB once inflated.",
    );
  });
});

describe('the input cap (MAX_BODY_BYTES, the server body cap)', () => {
  it('refuses stdin past the cap with exit 1 and a sentence naming the cap in its unit', () => {
    const result = cli(['base64', '--raw'], { input: Buffer.alloc(2001, 'a'), env: { MAX_BODY_BYTES: '2000' } });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      "--input: stdin is larger than 2,000 bytes, the most one input may have (the server's request-body cap; MAX_BODY_BYTES sets it)\n",
    );
    // At the cap exactly: answered (Node's own Base64 is the reference).
    const at = cli(['base64', '--raw'], { input: Buffer.alloc(2000, 'a'), env: { MAX_BODY_BYTES: '2000' } });
    expect(at.status).toBe(0);
    expect(at.stdout).toBe(`${Buffer.alloc(2000, 'a').toString('base64')}\n`);
  });

  it('applies to @file text and image files alike', () => {
    writeFileSync(join(work, 'big.txt'), Buffer.alloc(3000, 'b'));
    const text = cli(['hash-generator', '--input', '@big.txt'], { env: { MAX_BODY_BYTES: '2048' } });
    expect(text.status).toBe(1);
    expect(text.stderr).toMatch(/^--input: big\.txt is larger than 2 KiB, the most one input may have/);
    const image = cli(['image-converter', '--image', PNG, '--from', 'png', '--to', 'webp'], {
      env: { MAX_BODY_BYTES: '100' },
    });
    expect(image.status).toBe(1);
    expect(image.stderr).toContain(`--image: ${PNG} is larger than 100 bytes`);
  });

  it('a malformed MAX_BODY_BYTES is a usage mistake naming it', () => {
    const result = cli(['base64', 'hi'], { env: { MAX_BODY_BYTES: 'lots' } });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('MAX_BODY_BYTES must be an integer');
  });

  it('stops reading stdin as soon as the default 16 MiB cap is passed: a 200 MiB stream is not read to its end', async () => {
    const child = spawn(process.execPath, [CLI, 'base64'], {
      cwd: work,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, MAX_BODY_BYTES: '' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    const chunk = Buffer.alloc(MIB, 'a');
    let sent = 0;
    child.stdin.on('error', () => undefined); // EPIPE once the command has left
    const feeding = (async () => {
      while (sent < 200 * MIB && child.exitCode === null && !child.stdin.destroyed) {
        const ok = child.stdin.write(chunk);
        sent += chunk.length;
        if (!ok)
          await new Promise((go) => {
            child.stdin.once('drain', go);
            child.once('exit', go);
          });
      }
      child.stdin.end();
    })();
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    await feeding;
    expect(code).toBe(1);
    expect(stderr).toBe(
      "--input: stdin is larger than 16 MiB, the most one input may have (the server's request-body cap; MAX_BODY_BYTES sets it)\n",
    );
    // What the pipe and the reader's buffers hold aside, the command took little past the cap.
    expect(sent).toBeLessThan(MAX_BODY_BYTES + 16 * MIB);
  }, 60_000);
});

describe('src/cli/files.ts', () => {
  it('readCapped pulls no chunk after the one that passes the cap', async () => {
    let pulled = 0;
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < 100; i++) {
          pulled++;
          yield Buffer.alloc(10);
        }
      })(),
      { highWaterMark: 1 },
    );
    await expect(readCapped(source, 25)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled).toBeLessThan(10);
    expect(Buffer.from(await readCapped(Readable.from([Buffer.from('ab'), Buffer.from('c')]), 3)).toString()).toBe(
      'abc',
    );
  });

  it('readFileCapped refuses a large regular file from its size, without reading it', async () => {
    const path = join(work, 'sparse.bin');
    writeFileSync(path, '');
    spawnSync('truncate', ['-s', '1G', path]);
    await expect(readFileCapped(path, MAX_BODY_BYTES)).rejects.toThrow('Request body exceeds 16 MiB');
  });

  it('writeOutput: O_EXCL without replace, O_NOFOLLOW always', async () => {
    const path = join(work, 'w.bin');
    await writeOutput(path, new Uint8Array([1, 2, 3]), false);
    await expect(writeOutput(path, new Uint8Array([4]), false)).rejects.toMatchObject({ code: 'EEXIST' });
    await writeOutput(path, new Uint8Array([4]), true);
    expect([...readFileSync(path)]).toEqual([4]);
    symlinkSync(path, join(work, 'w-link.bin'));
    await expect(writeOutput(join(work, 'w-link.bin'), new Uint8Array([5]), true)).rejects.toMatchObject({
      code: 'ELOOP',
    });
    expect([...readFileSync(path)]).toEqual([4]);
  });
});
