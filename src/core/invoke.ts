// validate → run → reply: the one error model every door shares (docs/contract.md §1). It takes the
// tool itself rather than a slug, so a page worker can load one tool without the registry
// (`localInvoker` in ./local.ts finds tools by slug for the doors that hold the registry).
import type { z } from 'zod';
import { ToolInputError, ToolUnavailableError, type ToolContext, type ToolDefinition } from '../tools/define';

export interface Issue {
  path: (string | number)[];
  message: string;
}

/** A tool's answer before any transport: HTTP status and JSON body. */
export interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** What a door may tell the code that answers a call; an in-process call needs none of it. */
export interface CallOptions {
  /** Asked for only when the call is run elsewhere (a worker): most calls never need one. */
  signal?: () => AbortSignal;
  /** Who asks (the rate limiter's bucket), for a shared pool's fairness. */
  client?: string;
  /** Bytes of the request that carried the call (MCP: the whole JSON-RPC message). */
  size?: number;
  /** Buffers of the call that may be moved, not copied, to another thread. */
  transfer?: ArrayBuffer[];
}

/** Answers a tool call by slug: the one shape every door's call path has. */
export type Invoker = (slug: string, body: unknown, options?: CallOptions) => Promise<Reply>;

export const notFound = (slug: string): Reply => ({ status: 404, body: { error: `Tool '${slug}' not found` } });

/** Faults that are bugs are logged here and never shown to the caller. */
const logFault = (slug: string, error: unknown) => console.error(`[${slug}] internal error:`, error);

/** A request checked against its tool's schema: the parsed input, or the 400 reply that refuses it. */
export type Checked = { ok: true; input: unknown } | { ok: false; reply: Reply };

/** The one validation of a call: done where the call arrives, never again where it runs. */
export function validate(tool: ToolDefinition, body: unknown): Checked {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const got = body === null ? 'null' : Array.isArray(body) ? 'an array' : `a ${typeof body}`;
    return {
      ok: false,
      reply: {
        status: 400,
        body: {
          error: 'Request body must be a JSON object',
          issues: [{ path: [], message: `Expected a JSON object, received ${got}` }],
        },
      },
    };
  }
  const parsed = tool.input.safeParse(body);
  if (parsed.success) return { ok: true, input: parsed.data };
  // The messages need each issue's input (a missing field reads "is required"), but asking zod
  // for it makes every parse, passing ones included, some 20× slower: only a failure parses again with it.
  const failedParse = tool.input.safeParse(body, { reportInput: true }).error ?? parsed.error;
  const issues = failedParse.issues.map((issue) => ({ path: issue.path.map(pathKey), message: describeIssue(issue) }));
  return { ok: false, reply: { status: 400, body: { error: sentence(issues), issues } } };
}

/** Runs a tool on input `validate` accepted (here or on the thread that sent it). */
export async function runValid(tool: ToolDefinition, input: unknown, context: ToolContext): Promise<Reply> {
  try {
    // Most tools answer synchronously: awaiting only a real promise saves a turn of the microtask queue.
    const result = tool.run(input as never, context);
    const output = result instanceof Promise ? await result : result;
    return { status: 200, body: output as Record<string, unknown> };
  } catch (error) {
    return failed(tool.slug, error);
  }
}

export function invoke(tool: ToolDefinition, body: unknown, context: ToolContext): Promise<Reply> {
  const checked = validate(tool, body);
  return checked.ok ? runValid(tool, checked.input, context) : Promise.resolve(checked.reply);
}

/** What a thrown error answers, for the tools and for a page worker's own steps of one. */
export function failed(slug: string, error: unknown): Reply {
  if (error instanceof ToolInputError) return { status: 400, body: { error: error.message } };
  if (error instanceof ToolUnavailableError) return { status: 503, body: { error: error.message } };
  logFault(slug, error);
  return { status: 500, body: { error: 'Internal error' } };
}

const pathKey = (key: PropertyKey): string | number => (typeof key === 'number' ? key : String(key));

/** `field`, `nested.field` or `list[2]`, for messages. */
function fieldName(path: (string | number)[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${key}` : key),
    '',
  );
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a fractional number';
  if (typeof value === 'number' || typeof value === 'bigint') return 'a number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

const quoteList = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** One readable clause per zod issue, written for a person rather than a type system. */
function describeIssue(issue: z.core.$ZodIssue): string {
  // JSON has no `undefined`: a field whose input is undefined was left out.
  if (issue.input === undefined && issue.path.length > 0) return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return `must be an integer (got ${jsonType(issue.input)})`;
      return `must be ${article(issue.expected)} (got ${jsonType(issue.input)})`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${quoteList(issue.values)}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min === 1 ? 'must not be empty' : `must be at least ${min} characters long`;
      if (issue.origin === 'array') return `must have at least ${min} items`;
      return issue.inclusive === false ? `must be greater than ${min}` : `must be at least ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${max} characters long`;
      if (issue.origin === 'array') return `must have at most ${max} items`;
      return issue.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`;
    }
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_union':
      return issue.message && !issue.message.startsWith('Invalid input')
        ? issue.message
        : 'has a value of the wrong type';
    default:
      return issue.message;
  }
}

function article(type: string): string {
  const noun = type === 'number' ? 'number' : type === 'object' ? 'object' : type === 'array' ? 'array' : type;
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** "Invalid request: `token` is required; `mode` must be one of "encode", "decode"." */
function sentence(issues: Issue[]): string {
  const clauses = issues.map(({ path, message }) => (path.length ? `'${fieldName(path)}' ${message}` : message));
  return `Invalid request: ${clauses.join('; ')}.`;
}
