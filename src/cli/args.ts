// The command line, parsed without touching files or streams (run.ts does the reading), so every
// rule here is tested in-process (tests/cli/args.test.ts). Usage mistakes throw UsageError
// (exit code 2); what the tool itself refuses is the core's 400 (exit code 1), never decided here.
import { findTool, tools } from '../tools/index';
import { CONFIG_VARIABLES } from '../server/config';
import { type Field, toolFields } from './fields';

export class UsageError extends Error {
  override name = 'UsageError';
  /** The tool whose usage was wrong, so the message can point at `devtoolbox <tool> --help`. */
  constructor(
    message: string,
    readonly slug?: string,
  ) {
    super(message);
  }
}

/** Where a field's value comes from: typed, a file (`@path`, or a path for images), or stdin. */
export type Source =
  | { from: 'text'; text: string }
  | { from: 'file'; path: string }
  | { from: 'stdin' }
  | { from: 'value'; value: unknown };

export type Command =
  | { command: 'help' }
  | { command: 'version' }
  | { command: 'tool-help'; slug: string }
  | { command: 'serve'; env: Record<string, string> }
  | { command: 'mcp' }
  | {
      command: 'tool';
      slug: string;
      /** Field name → where its value comes from, in the order given. */
      values: Map<string, Source>;
      /** `--raw`: print only this field of the answer. */
      raw?: string;
      /** `-o path`: write the answer's image there (`-` for stdout). */
      out?: string;
      /** `--force`: `-o` may replace an existing file (never a symbolic link). */
      force?: boolean;
    };

/** Options of every tool command; a tool field may not use these names (tests check it). */
export const RESERVED_FLAGS = ['help', 'raw', 'out', 'force'] as const;

/** `--x`, `--x=v`: the name and the inline value, if any. */
function splitOption(arg: string): { name: string; inline?: string } {
  const eq = arg.indexOf('=');
  return eq < 0 ? { name: arg.slice(2) } : { name: arg.slice(2, eq), inline: arg.slice(eq + 1) };
}

/** A typed value: `@path` reads a file, `@-` stdin, `@@…` is a literal leading `@`. */
export function sourceOf(field: Field, text: string): Source {
  if (field.kind === 'image') {
    // An image is always a file: a path, with or without `@`; `-` is stdin.
    const path = text.startsWith('@') ? text.slice(1) : text;
    if (path === '') throw new UsageError(`--${field.flag} needs a file path`);
    return path === '-' ? { from: 'stdin' } : { from: 'file', path };
  }
  if (text.startsWith('@@')) return { from: 'text', text: text.slice(1) };
  if (text === '@-') return { from: 'stdin' };
  if (text.startsWith('@') && text.length > 1 && field.kind === 'string') return { from: 'file', path: text.slice(1) };
  return { from: 'text', text };
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  on: true,
  off: false,
  '1': true,
  '0': false,
};

function parseTool(slug: string, args: string[]): Command {
  const { fields, main } = toolFields(slug);
  const byFlag = new Map<string, Field>();
  for (const field of fields) {
    byFlag.set(field.flag, field);
    byFlag.set(field.name, field);
  }
  const values = new Map<string, Source>();
  let raw: string | undefined;
  let out: string | undefined;
  let force = false;
  let positional: string | undefined;
  const set = (field: Field, source: Source) => {
    if (values.has(field.name)) throw new UsageError(`--${field.flag} is given twice`, slug);
    values.set(field.name, source);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = (what: string) => {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`${what} needs a value`, slug);
      return value;
    };
    if (arg === '--') {
      const rest = args.slice(i + 1);
      if (rest.length > 1 || (rest.length === 1 && positional !== undefined))
        throw new UsageError('only one value may be given without an option name', slug);
      if (rest.length === 1) positional = rest[0];
      break;
    }
    if (arg === '-h' || arg === '--help') return { command: 'tool-help', slug };
    if (arg === '-o') {
      out = next('-o');
      continue;
    }
    if (!arg.startsWith('--') || arg === '-') {
      if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`, slug);
      if (positional !== undefined)
        throw new UsageError(
          `only one value may be given without an option name (got ${JSON.stringify(positional)} and ${JSON.stringify(arg)})`,
          slug,
        );
      positional = arg;
      continue;
    }
    const { name, inline } = splitOption(arg);
    if (name === 'raw') {
      raw = inline ?? '';
      continue;
    }
    if (name === 'out') {
      out = inline ?? next('--out');
      continue;
    }
    if (name === 'force') {
      if (inline !== undefined) throw new UsageError('--force takes no value', slug);
      force = true;
      continue;
    }
    const field = byFlag.get(name);
    const negated = !field && name.startsWith('no-') ? byFlag.get(name.slice(3)) : undefined;
    if (negated) {
      if (negated.kind !== 'boolean')
        throw new UsageError(`unknown option --${name} (--${negated.flag} is not a yes/no option)`, slug);
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`, slug);
      set(negated, { from: 'value', value: false });
      continue;
    }
    if (!field) throw new UsageError(`unknown option --${name}`, slug);
    if (field.kind === 'boolean') {
      // A flag never takes the next argument: `--pretty file.json` must not read the file as `true`.
      if (inline === undefined) set(field, { from: 'value', value: true });
      else if (inline.toLowerCase() in BOOLEAN_WORDS)
        set(field, { from: 'value', value: BOOLEAN_WORDS[inline.toLowerCase()] });
      else
        throw new UsageError(
          `--${field.flag} is a yes/no option: write --${field.flag} or --no-${field.flag} (got ${JSON.stringify(inline)})`,
          slug,
        );
      continue;
    }
    set(field, sourceOf(field, inline ?? next(`--${field.flag}`)));
  }
  if (positional !== undefined) {
    if (!main)
      throw new UsageError(`${slug} takes no value without an option name (got ${JSON.stringify(positional)})`, slug);
    set(main, sourceOf(main, positional));
  }
  const { mainOutput, outputs, imageOutput } = toolFields(slug);
  if (raw === '') raw = mainOutput;
  if (raw !== undefined && !outputs.includes(raw))
    throw new UsageError(`--raw=${raw}: the answer has no such field (it has ${outputs.join(', ')})`, slug);
  if (out !== undefined && !imageOutput) throw new UsageError(`-o: ${slug} answers no image`, slug);
  if (force && (out === undefined || out === '-'))
    throw new UsageError('--force only goes with -o <file> (it lets -o replace an existing file)', slug);
  return { command: 'tool', slug, values, raw, out, ...(force ? { force } : {}) };
}

/** `serve --port 8080 --redis-url …` → PORT=8080, REDIS_URL=… (README, "Configuration"). */
function parseServe(args: string[]): Command {
  const env: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-h' || arg === '--help') return { command: 'help' };
    if (!arg.startsWith('--') || arg.length === 2)
      throw new UsageError(`serve takes options only (got ${JSON.stringify(arg)})`);
    const { name, inline } = splitOption(arg);
    const variable = name.replace(/-/g, '_').toUpperCase();
    if (!(CONFIG_VARIABLES as readonly string[]).includes(variable)) {
      throw new UsageError(
        `serve has no option --${name} (its options: ${CONFIG_VARIABLES.map((v) => `--${v.toLowerCase().replace(/_/g, '-')}`).join(', ')})`,
      );
    }
    const value = inline ?? args[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    env[variable] = value;
  }
  return { command: 'serve', env };
}

/** Parses the arguments after `devtoolbox`. */
export function parseArgs(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
    // `devtoolbox help base64` is `devtoolbox base64 --help`.
    if (first === 'help' && rest[0] !== undefined)
      return findTool(rest[0]) ? { command: 'tool-help', slug: rest[0] } : parseArgs([rest[0]]);
    return { command: 'help' };
  }
  if (first === '-V' || first === '--version') return { command: 'version' };
  if (first === 'serve') return parseServe(rest);
  if (first === 'mcp') {
    if (rest.length > 0)
      throw new UsageError('mcp takes no arguments (configure it with the environment, README "Configuration")');
    return { command: 'mcp' };
  }
  if (first.startsWith('-')) throw new UsageError(`unknown option ${first}`);
  if (!findTool(first)) {
    const near = tools.map((t) => t.slug).filter((slug) => slug.startsWith(first.slice(0, 3)));
    throw new UsageError(`unknown tool '${first}'${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}`);
  }
  return parseTool(first, rest);
}

/** Turns typed text into the JSON value the core validates; the core judges it (enums, ranges). */
export function coerce(field: Field, text: string): unknown {
  const numeric = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text.trim());
  if (field.choices) {
    if (field.choices.includes(text)) return text;
    // A mixed enum (uuid-generator's version: 4 or "ulid") or a numeric one (bit_width).
    return numeric && field.choices.includes(Number(text))
      ? Number(text)
      : field.kind === 'number' && numeric
        ? Number(text)
        : text;
  }
  switch (field.kind) {
    case 'integer':
    case 'number':
      // Not a number: sent as typed, so the core's 400 names the field and what it expects.
      return numeric ? Number(text) : text;
    case 'json':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new UsageError(`--${field.flag} takes a JSON value (got ${JSON.stringify(text)})`);
      }
    default:
      return field.numberOrString && numeric ? Number(text) : text;
  }
}
