// The shape of a tool: metadata, zod schemas and a pure `run`. Everything else (HTTP, OpenAPI,
// MCP, pages, tests) is derived from these definitions, so a tool is written exactly once.
import type { z } from 'zod';

/** Tags of spec §1, one per tool. */
export const TAGS = [
  'encoding',
  'formatting',
  'conversion',
  'validation',
  'cryptography',
  'datetime',
  'generation',
  'text',
] as const;
export type Tag = (typeof TAGS)[number];

export const TAG_DESCRIPTIONS: Record<Tag, string> = {
  encoding: 'Encode and decode: JWT, Base64, URL percent-encoding, number bases.',
  formatting: 'Format and convert structured text: JSON, CSV.',
  conversion: 'Convert images and colours.',
  validation: 'Read and check reports: LCOV coverage.',
  cryptography: 'Digests and HMACs.',
  datetime: 'Timestamps and dates.',
  generation: 'Generate identifiers: UUIDs.',
  text: 'Change the case of identifiers and phrases.',
};

/**
 * Bad input that the caller can fix: becomes a 400 `{error}` (ARCHITECTURE.md principle 5).
 * The message is one sentence that names the field and the problem; it reaches the user as is.
 */
export class ToolInputError extends Error {
  override name = 'ToolInputError';
}

/**
 * Everything a tool may read beyond its input. The clock and randomness are injected so that
 * tests are exact (CONTRACT.md ground rules); nothing else in a tool may depend on the machine.
 */
export interface ToolContext {
  /** Current time in milliseconds since the Unix epoch. */
  now(): number;
  /** Fills `bytes` with cryptographically strong random values and returns it. */
  randomBytes(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
}

export const systemContext: ToolContext = {
  now: () => Date.now(),
  randomBytes: (bytes) => crypto.getRandomValues(bytes),
};

/** A documented request: shown in OpenAPI, `GET /api/<slug>`, llms.txt, MCP and the pages. */
export interface ToolExample {
  summary: string;
  input: Record<string, unknown>;
}

export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** URL-safe name: folder, `/api/<slug>`, page `/<slug>`, operationId and MCP tool name. */
  slug: string;
  /** Human name, e.g. "JWT Decoder". */
  name: string;
  /** One sentence: what the tool does. */
  summary: string;
  tag: Tag;
  input: I;
  output: O;
  /**
   * CPU-heavy (images, background removal): the Node server runs it in a worker-thread pool so
   * light requests never wait behind it; the service worker may relay it to a page's worker.
   */
  heavy?: boolean;
  /** At least one; the first is the canonical example. */
  examples: [ToolExample, ...ToolExample[]];
  /** Runs the tool. Throws ToolInputError for bad input; any other throw is a bug (500). */
  run(input: z.output<I>, ctx: ToolContext): z.input<O> | Promise<z.input<O>>;
}

/** Identity function that gives `run` its parameter types from the schemas. */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(
  definition: ToolDefinition<I, O>,
): ToolDefinition<I, O> {
  return definition;
}

/**
 * A golden vector (ARCHITECTURE.md principle 6): one request and the answer every door must
 * give. Cases are plain data so the same list runs through invoke(), the Node server over
 * HTTP and the service worker in Chromium.
 *
 * - `expect`: the whole response body, compared exactly.
 * - `match`: a pattern for the parts that matter (see tests/match.ts): objects match the keys
 *   they name (a key set to `undefined` must be absent), arrays match element by element with
 *   the same length, a RegExp matches a string, anything else must be equal.
 */
export interface ToolCase {
  name: string;
  body: unknown;
  status: number;
  expect?: unknown;
  match?: unknown;
}
