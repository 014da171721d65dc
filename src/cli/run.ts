// Runs one tool command: reads the files and stdin the options name, calls the core in this
// process (no server), and prints the answer. I/O comes in as `CliIo`, so tests run it whole
// in-process with buffers.
import { BodyTooLargeError } from '../core/http';
import type { Invoker } from '../core/invoke';
import { formatBytes } from '../lib/byte-size';
import { jsonSize } from '../server/call-placement';
import { type Command, UsageError, coerce, type Source } from './args';
import { type Field, toolFields } from './fields';

export interface CliIo {
  /** All of stdin (called at most once); BodyTooLargeError as soon as more than `limit` bytes came. */
  readStdin(limit: number): Promise<Uint8Array>;
  /** Whether stdin is a terminal: then nothing is piped and the main field is not read from it. */
  stdinIsTerminal: boolean;
  /** Bytes one input (stdin or a file) may have: the server's body cap (MAX_BODY_BYTES). */
  inputLimit: number;
  /** A file's bytes; BodyTooLargeError past `limit`. */
  readFile(path: string, limit: number): Promise<Uint8Array>;
  /** Whether anything (a symbolic link included) is at the path. */
  exists(path: string): Promise<boolean>;
  /** A new file (EEXIST if anything is there), or with `replace` a regular file; never through a symbolic link (ELOOP). */
  writeFile(path: string, bytes: Uint8Array, replace: boolean): Promise<void>;
  stdout(chunk: string | Uint8Array): void;
  stderr(text: string): void;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

type ToolCommand = Extract<Command, { command: 'tool' }>;

/** An input over the cap: exit 1 with this sentence, as the server's 413 refuses such a body. */
class InputTooLarge extends Error {}

async function valueOf(field: Field, source: Source, io: CliIo, stdin: () => Promise<Uint8Array>): Promise<unknown> {
  if (source.from === 'value') return source.value;
  if (source.from === 'text') return coerce(field, source.text);
  let bytes: Uint8Array;
  const where = source.from === 'stdin' ? 'stdin' : source.path;
  try {
    bytes = source.from === 'stdin' ? await stdin() : await io.readFile(source.path, io.inputLimit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new InputTooLarge(
        `--${field.flag}: ${where} is larger than ${formatBytes(error.limit)}, the most one input may have (the server's request-body cap; MAX_BODY_BYTES sets it)`,
      );
    }
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `--${field.flag}: cannot read ${where}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`,
    );
  }
  // Images go to the core as the API takes them: Base64 (the core sniffs and checks the bytes).
  if (field.kind === 'image') return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  try {
    // Exactly the bytes given: no trailing newline is dropped (`echo -n` when it matters).
    return coerce(field, utf8.decode(bytes));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--${field.flag}: ${where} is not UTF-8 text`);
  }
}

function writeProblem(path: string, code: string | undefined): string {
  switch (code) {
    case 'EEXIST':
      return `-o: ${path} already exists; give --force to replace it, or name a new file`;
    case 'ELOOP':
      return `-o: ${path} is a symbolic link; devtoolbox never writes through one, even with --force (name the file itself, or a new one)`;
    case 'ENXIO':
      return `-o: ${path} is a pipe with no reader`;
    default:
      return `-o: cannot write ${path}${code ? ` (${code})` : ''}`;
  }
}

/** Prints one field for `--raw`: text as is, a list one item a line, anything else as JSON. */
function rawText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.map(String).join('\n');
  return JSON.stringify(value, null, 2);
}

/** Runs a tool command; resolves to the exit code. */
export async function runTool(command: ToolCommand, invoke: Invoker, io: CliIo): Promise<number> {
  const { main, mainUnless, fields } = toolFields(command.slug);
  const sources = new Map(command.values);
  const switched = mainUnless && sources.get(mainUnless.name);
  if (
    main &&
    !sources.has(main.name) &&
    !(switched && switched.from === 'text' && switched.text === mainUnless.value)
  ) {
    if (io.stdinIsTerminal)
      throw new UsageError(
        `give --${main.flag}${main.kind === 'image' ? ' <file>' : ''} or pipe it on stdin`,
        command.slug,
      );
    sources.set(main.name, { from: 'stdin' });
  }
  const fromStdin = [...sources].filter(([, s]) => s.from === 'stdin').map(([name]) => name);
  if (fromStdin.length > 1)
    throw new UsageError(`only one field can be read from stdin (${fromStdin.join(', ')})`, command.slug);
  let stdinRead: Promise<Uint8Array> | undefined;
  const stdin = () => (stdinRead ??= io.readStdin(io.inputLimit));
  // Before any work: an existing -o file is refused as MCP's output_path is (never replaced),
  // unless --force; writing checks again (O_EXCL), so a file that appears meanwhile is not replaced.
  if (
    command.out !== undefined &&
    command.out !== '-' &&
    !command.force &&
    (await io.exists(command.out).catch(() => false))
  ) {
    throw new UsageError(
      `-o: ${command.out} already exists; give --force to replace it, or name a new file`,
      command.slug,
    );
  }
  const body: Record<string, unknown> = {};
  try {
    for (const [name, source] of sources)
      body[name] = await valueOf(
        fields.find((f) => f.name === name)!,
        source,
        io,
        stdin,
      );
  } catch (error) {
    if (!(error instanceof InputTooLarge)) throw error;
    io.stderr(`${error.message}\n`);
    return 1;
  }

  // Its size as JSON decides, as over HTTP, whether it runs on this thread or in a worker.
  const reply = await invoke(command.slug, body, { size: jsonSize(body) });
  if (reply.status !== 200) {
    io.stderr(`${String(reply.body.error)}\n`);
    return 1;
  }
  const answer = { ...reply.body };
  if (command.out !== undefined) {
    const field = toolFields(command.slug).imageOutput ?? 'image';
    const image = answer[field];
    if (typeof image !== 'string') {
      io.stderr('the answer has no image to write\n');
      return 1;
    }
    const bytes = new Uint8Array(Buffer.from(image, 'base64'));
    if (command.out === '-') io.stdout(bytes);
    else {
      try {
        await io.writeFile(command.out, bytes, command.force === true);
      } catch (error) {
        throw new UsageError(writeProblem(command.out, (error as NodeJS.ErrnoException).code), command.slug);
      }
    }
    delete answer[field];
    // The image went to stdout: nothing else may be mixed into it.
    if (command.out === '-') return 0;
  }
  if (command.raw !== undefined) {
    if (!(command.raw in answer)) {
      // `-o` took the image; an optional field (base64's `error`) may be absent from this answer.
      if (command.raw === toolFields(command.slug).imageOutput && command.out !== undefined) return 0;
      io.stderr(`the answer has no '${command.raw}' field\n`);
      return 1;
    }
    io.stdout(`${rawText(answer[command.raw])}\n`);
    return 0;
  }
  io.stdout(`${JSON.stringify(answer, null, 2)}\n`);
  return 0;
}
