// The command line's parsing and its in-process run (src/cli/), without building or spawning:
// the answers are checked against the core called directly (invoke), the door every other door uses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coerce, parseArgs, RESERVED_FLAGS, UsageError, type Command } from '../../src/cli/args';
import { kebab, toolFields } from '../../src/cli/fields';
import { exampleCommand, mainHelp, shellQuote, toolHelp } from '../../src/cli/help';
import { runTool, type CliIo } from '../../src/cli/run';
import { BodyTooLargeError, MAX_BODY_BYTES } from '../../src/core/http';
import { localInvoker } from '../../src/core/local';
import { nodeContext } from '../../src/platform/node-context';
import { tools } from '../../src/tools/index';

const invoke = localInvoker(nodeContext);

function parse(...argv: string[]): Command {
  return parseArgs(argv);
}
function tool(...argv: string[]) {
  const command = parseArgs(argv);
  if (command.command !== 'tool') throw new Error(`not a tool command: ${command.command}`);
  return command;
}
function usage(...argv: string[]): string {
  try {
    parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
}

/** In-memory streams and files. */
function memoryIo(stdin?: string | Uint8Array, files: Record<string, Uint8Array | string> = {}) {
  const out: (string | Uint8Array)[] = [];
  const err: string[] = [];
  const written = new Map<string, Uint8Array>();
  let stdinReads = 0;
  const capped = (bytes: Uint8Array, limit: number) => {
    if (bytes.length > limit) throw new BodyTooLargeError(limit);
    return bytes;
  };
  const io: CliIo = {
    stdinIsTerminal: stdin === undefined,
    inputLimit: MAX_BODY_BYTES,
    readStdin: async (limit) => {
      stdinReads++;
      return capped(typeof stdin === 'string' ? new TextEncoder().encode(stdin) : (stdin ?? new Uint8Array()), limit);
    },
    readFile: async (path, limit) => {
      const file = files[path];
      if (file === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return capped(typeof file === 'string' ? new TextEncoder().encode(file) : file, limit);
    },
    exists: async (path) => path in files || written.has(path),
    writeFile: async (path, bytes) => void written.set(path, bytes),
    stdout: (chunk) => void out.push(chunk),
    stderr: (text) => void err.push(text),
  };
  return {
    io,
    stdout: () => out.map((c) => (typeof c === 'string' ? c : new TextDecoder().decode(c))).join(''),
    stderr: () => err.join(''),
    written,
    stdinReads: () => stdinReads,
  };
}

describe('parseArgs', () => {
  it('tells help, version, serve and mcp apart from tools', () => {
    expect(parse()).toEqual({ command: 'help' });
    expect(parse('--help')).toEqual({ command: 'help' });
    expect(parse('-V')).toEqual({ command: 'version' });
    expect(parse('base64', '--help')).toEqual({ command: 'tool-help', slug: 'base64' });
    expect(parse('help', 'base64')).toEqual({ command: 'tool-help', slug: 'base64' });
    expect(parse('mcp')).toEqual({ command: 'mcp' });
    expect(parse('serve', '--port', '4461', '--redis-url=redis://x:6379', '--rate-limit', 'off')).toEqual({
      command: 'serve',
      env: { PORT: '4461', REDIS_URL: 'redis://x:6379', RATE_LIMIT: 'off' },
    });
  });

  it('refuses an unknown tool, suggesting near names', () => {
    expect(usage('base65')).toBe("unknown tool 'base65' (did you mean base64?)");
    expect(usage('--frobnicate')).toBe('unknown option --frobnicate');
    expect(usage('mcp', '--port', '1')).toMatch(/mcp takes no arguments/);
    expect(usage('serve', 'now')).toMatch(/serve takes options only/);
  });

  it('takes fields by their kebab-case flag or their API name, with a space or =', () => {
    const a = tool('base64', '--data-format', 'hex', '--input=00ff');
    const b = tool('base64', '--data_format=hex', '--input', '00ff');
    expect(a.values).toEqual(b.values);
    expect(a.values.get('data_format')).toEqual({ from: 'text', text: 'hex' });
    expect(tool('image-resizer', '--image', 'a.png', '--crop-x', '3').values.get('cropX')).toEqual({
      from: 'text',
      text: '3',
    });
  });

  it('reads yes/no fields as flags that never take the next argument', () => {
    expect(tool('base64', '--padding').values.get('padding')).toEqual({ from: 'value', value: true });
    expect(tool('base64', '--no-padding').values.get('padding')).toEqual({ from: 'value', value: false });
    expect(tool('base64', '--padding=false').values.get('padding')).toEqual({ from: 'value', value: false });
    // `--padding hi`: `hi` is the bare value (the main field), not the flag's.
    const command = tool('base64', '--padding', 'hi');
    expect(command.values.get('padding')).toEqual({ from: 'value', value: true });
    expect(command.values.get('input')).toEqual({ from: 'text', text: 'hi' });
    expect(usage('base64', '--padding=maybe')).toMatch(/--padding is a yes\/no option/);
    expect(usage('base64', '--no-mode')).toMatch(/--mode is not a yes\/no option/);
  });

  it('names files with @, stdin with @-, a literal @ with @@; image fields always take a path', () => {
    expect(tool('base64', '--input', '@note.txt').values.get('input')).toEqual({ from: 'file', path: 'note.txt' });
    expect(tool('base64', '--input', '@-').values.get('input')).toEqual({ from: 'stdin' });
    expect(tool('base64', '--input', '@@me').values.get('input')).toEqual({ from: 'text', text: '@me' });
    expect(tool('base64', '--input', '@').values.get('input')).toEqual({ from: 'text', text: '@' });
    expect(tool('image-converter', '--image', 'photo.png').values.get('image')).toEqual({
      from: 'file',
      path: 'photo.png',
    });
    expect(tool('image-converter', '--image', '@photo.png').values.get('image')).toEqual({
      from: 'file',
      path: 'photo.png',
    });
    expect(tool('image-converter', '--image', '-').values.get('image')).toEqual({ from: 'stdin' });
  });

  it('refuses repeated fields, missing values, two bare values and options of other tools', () => {
    expect(usage('base64', '--mode', 'encode', '--mode', 'decode')).toBe('--mode is given twice');
    expect(usage('base64', '--mode')).toBe('--mode needs a value');
    expect(usage('base64', 'a', 'b')).toMatch(/only one value may be given without an option name/);
    expect(usage('base64', '--algorithm', 'md5')).toBe('unknown option --algorithm');
    expect(usage('uuid-generator', 'x')).toMatch(/uuid-generator takes no value without an option name/);
    expect(usage('base64', '-x')).toBe('unknown option -x');
  });

  it('checks --raw and -o against the answer schema', () => {
    expect(tool('base64', '--raw').raw).toBe('output');
    expect(tool('base64', '--raw=byte_length').raw).toBe('byte_length');
    expect(tool('hash-generator', '--raw').raw).toBe('hash');
    expect(tool('image-converter', '-o', 'x.webp').out).toBe('x.webp');
    expect(tool('image-converter', '--out=x.webp').out).toBe('x.webp');
    expect(usage('base64', '--raw=nope')).toMatch(/the answer has no such field/);
    expect(usage('base64', '-o', 'x.png')).toBe('-o: base64 answers no image');
  });

  it('passes `--` on: the value after it is the main field even when it starts with a dash', () => {
    expect(tool('base64', '--', '--not-an-option').values.get('input')).toEqual({
      from: 'text',
      text: '--not-an-option',
    });
  });
});

describe('fields from the schemas', () => {
  it('never collide with the command options, and every kebab flag is unique per tool', () => {
    for (const t of tools) {
      const flags = toolFields(t.slug).fields.map((f) => f.flag);
      expect(new Set(flags).size, t.slug).toBe(flags.length);
      for (const flag of flags) {
        expect(RESERVED_FLAGS as readonly string[], `${t.slug} --${flag}`).not.toContain(flag);
        expect(flag.startsWith('no-'), `${t.slug} --${flag}`).toBe(false);
      }
    }
  });

  it('finds the main field: the first required text field', () => {
    const mains = Object.fromEntries(tools.map((t) => [t.slug, toolFields(t.slug).main?.name]));
    expect(mains).toMatchObject({
      base64: 'input',
      'jwt-decoder': 'token',
      'json-formatter': 'json',
      'image-converter': 'image',
      'background-remover': 'image',
      'color-converter': 'color',
      'uuid-generator': undefined,
    });
  });

  it('parses numbers, mixed enums and number-or-text unions, leaving bad values to the core', () => {
    const field = (slug: string, name: string) => toolFields(slug).fields.find((f) => f.name === name)!;
    expect(coerce(field('image-converter', 'quality'), '75')).toBe(75);
    expect(coerce(field('image-converter', 'quality'), 'high')).toBe('high');
    expect(coerce(field('uuid-generator', 'version'), '7')).toBe(7);
    expect(coerce(field('uuid-generator', 'version'), 'ulid')).toBe('ulid');
    expect(coerce(field('number-base-converter', 'bit_width'), '32')).toBe(32);
    expect(coerce(field('json-formatter', 'indent'), '4')).toBe(4);
    expect(coerce(field('json-formatter', 'indent'), 'tab')).toBe('tab');
    expect(coerce(field('base64', 'input'), '42')).toBe('42');
    expect(kebab('flipHorizontal')).toBe('flip-horizontal');
  });
});

describe('runTool in-process', () => {
  it("reads the main field from stdin, bytes as given, and prints the core's answer", async () => {
    const mem = memoryIo('hi\n');
    expect(await runTool(tool('base64'), invoke, mem.io)).toBe(0);
    const direct = await invoke('base64', { input: 'hi\n' });
    expect(JSON.parse(mem.stdout())).toEqual(direct.body);
    expect(mem.stdinReads()).toBe(1);
  });

  it('prints one field with --raw, lists one item a line', async () => {
    const mem = memoryIo('hi');
    await runTool(tool('base64', '--raw'), invoke, mem.io);
    expect(mem.stdout()).toBe('aGk=\n');
    const uuids = memoryIo();
    await runTool(tool('uuid-generator', '--count', '3', '--raw'), invoke, uuids.io);
    expect(uuids.stdout().trimEnd().split('\n')).toHaveLength(3);
  });

  it('does not read a terminal for the main field: a usage error says what to give', async () => {
    await expect(runTool(tool('base64'), invoke, memoryIo().io)).rejects.toThrow(/give --input or pipe it on stdin/);
  });

  it('reads @file text and image paths, and writes the image answer with -o', async () => {
    const png = new Uint8Array((await import('node:fs')).readFileSync('tests/fixtures/images/quadrants.png'));
    const mem = memoryIo(undefined, { 'photo.png': png, 'bg.txt': 'black' });
    const code = await runTool(
      tool(
        'image-converter',
        '--image',
        'photo.png',
        '--from',
        'png',
        '--to',
        'png',
        '--background',
        '@bg.txt',
        '-o',
        'out.png',
      ),
      invoke,
      mem.io,
    );
    expect(mem.stderr()).toBe('');
    expect(code).toBe(0);
    const direct = await invoke('image-converter', {
      image: Buffer.from(png).toString('base64'),
      from: 'png',
      to: 'png',
      background: 'black',
    });
    expect(Buffer.from(mem.written.get('out.png')!).toString('base64')).toBe(direct.body.image);
    const { image: _, ...rest } = direct.body;
    expect(JSON.parse(mem.stdout())).toEqual(rest);
  });

  it('an unwritable -o file is a usage error naming it', async () => {
    const mem = memoryIo(undefined, {
      'photo.png': new Uint8Array((await import('node:fs')).readFileSync('tests/fixtures/images/quadrants.png')),
    });
    mem.io.writeFile = async () => {
      throw Object.assign(new Error('no'), { code: 'ENOENT' });
    };
    await expect(
      runTool(
        tool('image-converter', '--image', 'photo.png', '--from', 'png', '--to', 'png', '-o', 'no/such/dir.png'),
        invoke,
        mem.io,
      ),
    ).rejects.toThrow('-o: cannot write no/such/dir.png (ENOENT)');
  });

  it("a refusal: exit 1, the core's sentence on stderr, nothing on stdout", async () => {
    const mem = memoryIo();
    expect(
      await runTool(
        tool('image-converter', '--image', 'x.png', '--from', 'png', '--to', 'png'),
        invoke,
        memoryIo(undefined, {}).io,
      ).catch((e: Error) => e.message),
    ).toMatch(/cannot read x.png: no such file/);
    expect(await runTool(tool('base64', '--input', 'hi', '--mode', 'sideways'), invoke, mem.io)).toBe(1);
    const direct = await invoke('base64', { input: 'hi', mode: 'sideways' });
    expect(mem.stderr()).toBe(`${String(direct.body.error)}\n`);
    expect(mem.stdout()).toBe('');
  });
});

describe('help', () => {
  it("lists every tool and shows each tool's fields with an example that runs", async () => {
    const help = mainHelp('1.0.0');
    for (const t of tools) {
      expect(help).toContain(`  ${t.slug} `);
      const text = toolHelp(t.slug);
      for (const field of toolFields(t.slug).fields) expect(text).toContain(`--${field.flag}`);
      // The example parses (image paths aside, it is the tool's first worked example).
      const argv = exampleCommand(t.slug).split(' ').slice(1);
      if (!argv.some((a) => a.startsWith("'"))) expect(parseArgs(argv).command).toBe('tool');
    }
    expect(toolHelp('base64')).toContain('--padding, --no-padding  (default true)');
    expect(toolHelp('base64')).toContain('--mode <encode|decode>  (default "encode")');
    expect(exampleCommand('image-converter')).toMatch(/^devtoolbox image-converter --image photo\.png .* -o out\.\w+$/);
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});

/** Splits a shell line into words: plain words and single-quoted strings (all the README uses). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map(([, quoted, plain]) => quoted ?? plain!);
}

describe('README: Command line', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const block = /<!-- cli-examples:start -->\n```sh\n([\s\S]*?)\n```/.exec(readme)![1]!;
  const lines = block.split('\n').map((line) => {
    const [command, comment] = line.split(/\s+# /);
    return { command: command!.trim(), comment: comment?.trim() };
  });

  it('every example is a valid command line', () => {
    expect(lines.length).toBeGreaterThan(5);
    for (const { command } of lines) {
      const words = shellWords(command.replace(/^echo -n \S+ \| /, ''));
      expect(words[0], command).toBe('devtoolbox');
      expect(parseArgs(words.slice(1)).command, command).toBe('tool');
    }
  });

  it('the examples with a result in a comment give it', async () => {
    const shown = lines.filter((line) => line.comment && !line.comment.includes(' '));
    expect(shown.length).toBeGreaterThan(0);
    for (const { command, comment } of shown) {
      const piped = /^echo -n (\S+) \| (.*)$/.exec(command);
      const mem = memoryIo(piped ? piped[1] : undefined);
      const parsed = parseArgs(shellWords(piped ? piped[2]! : command).slice(1));
      if (parsed.command !== 'tool') throw new Error(command);
      expect(await runTool(parsed, invoke, mem.io)).toBe(0);
      expect(mem.stdout(), command).toBe(`${comment}\n`);
    }
  });
});
