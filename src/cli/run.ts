// Runs one tool command: reads the files and stdin the options name, calls the core in this
// process (no server), and prints the answer. I/O comes in as `CliIo`, so tests run it whole
// in-process with buffers.
import type { Invoker } from '../core/invoke';
import { jsonSize } from '../server/routing';
import { type Command, UsageError, coerce, type Source } from './args';
import { type Field, toolFields } from './fields';

export interface CliIo {
  /** All of stdin (called at most once). */
  readStdin(): Promise<Uint8Array>;
  /** Whether stdin is a terminal: then nothing is piped and the main field is not read from it. */
  stdinIsTerminal: boolean;
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, bytes: Uint8Array): Promise<void>;
  stdout(chunk: string | Uint8Array): void;
  stderr(text: string): void;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

type ToolCommand = Extract<Command, { command: 'tool' }>;

async function valueOf(field: Field, source: Source, io: CliIo, stdin: () => Promise<Uint8Array>): Promise<unknown> {
  if (source.from === 'value') return source.value;
  if (source.from === 'text') return coerce(field, source.text);
  let bytes: Uint8Array;
  const where = source.from === 'stdin' ? 'stdin' : source.path;
  try {
    bytes = source.from === 'stdin' ? await stdin() : await io.readFile(source.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--${field.flag}: cannot read ${where}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`);
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

/** Prints one field for `--raw`: text as is, a list one item a line, anything else as JSON. */
function rawText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.map(String).join('\n');
  return JSON.stringify(value, null, 2);
}

/** Runs a tool command; resolves to the exit code. */
export async function runTool(command: ToolCommand, invoke: Invoker, io: CliIo): Promise<number> {
  const { main, fields } = toolFields(command.slug);
  const sources = new Map(command.values);
  if (main && !sources.has(main.name)) {
    if (io.stdinIsTerminal) throw new UsageError(`give --${main.flag}${main.kind === 'image' ? ' <file>' : ''} or pipe it on stdin`, command.slug);
    sources.set(main.name, { from: 'stdin' });
  }
  const fromStdin = [...sources].filter(([, s]) => s.from === 'stdin').map(([name]) => name);
  if (fromStdin.length > 1) throw new UsageError(`only one field can be read from stdin (${fromStdin.join(', ')})`, command.slug);
  let stdinRead: Promise<Uint8Array> | undefined;
  const stdin = () => (stdinRead ??= io.readStdin());
  const body: Record<string, unknown> = {};
  for (const [name, source] of sources) body[name] = await valueOf(fields.find((f) => f.name === name)!, source, io, stdin);

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
        await io.writeFile(command.out, bytes);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new UsageError(`-o: cannot write ${command.out}${code ? ` (${code})` : ''}`, command.slug);
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
