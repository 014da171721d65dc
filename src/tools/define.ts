// The shape of a tool: metadata, zod schemas and a pure `run`. Everything else (HTTP, OpenAPI,
// MCP, pages, tests) is derived from these definitions, so a tool is written exactly once.
import type { z } from 'zod';
import type { PasteTarget } from './paste';

/** Tags of docs/spec.md §1, one per tool. */
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

/**
 * The app's groups of tools (sidebar, home page, palette): what a developer looks for, not the
 * spec's tags, which stay the API's (OpenAPI tags). Their labels and order are the UI's
 * (src/ui/categories.ts).
 */
export type Category = 'encode' | 'data' | 'convert' | 'crypto' | 'images';

/**
 * Bad input that the caller can fix: becomes a 400 `{error}` (docs/architecture.md principle 6).
 * The message is one sentence that names the field and the problem; it reaches the user as is.
 */
export class ToolInputError extends Error {
  override name = 'ToolInputError';
}

/**
 * The door cannot run the tool right now, through no fault of the input and not a bug: the
 * background-removal model is not on this device and the network is off, or the service worker
 * has no open page to run the model in. Becomes a 503 `{error}` whose sentence says what to do.
 */
export class ToolUnavailableError extends Error {
  override name = 'ToolUnavailableError';
}

/**
 * Everything a tool may read beyond its input. Each door builds one at start-up
 * (`doorContext`) and hands it to every call; nothing reaches a tool through module state. The
 * clock and randomness are part of it so that tests and worked examples are exact.
 */
export interface ToolContext extends Readonly<DoorPlatforms> {
  /** Current time in milliseconds since the Unix epoch. */
  now(): number;
  /** Fills `bytes` with cryptographically strong random values and returns it. */
  randomBytes(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
  /**
   * The most decoded bytes an image field may hold, replacing each image tool's API cap (3 MB,
   * 10 MB). Only the page door sets it, to the device's DEVICE_MAX_INPUT_BYTES: the user's own
   * photos on the user's own device (docs/contract.md "Pages and the device's limits"). The
   * remote doors and the service worker's /api keep the spec's caps.
   */
  readonly maxImageBytes?: number;
}

/**
 * What a door brings to its context besides the system clock and randomness. Each port module
 * adds its own slot (`declare module` in src/platform/types.ts: `images`, the door's image
 * codecs; src/platform/segmentation.ts: `segmentation`, the background-removal model), so this
 * floor names no platform. A door without a slot leaves it absent; a tool needing it then fails
 * as a fault.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the ports' declaration merging
export interface DoorPlatforms {}

/** A door's context: the real clock, the system's strong randomness and the door's platforms. */
export function doorContext(platforms: DoorPlatforms = {}): ToolContext {
  return { now: () => Date.now(), randomBytes: (bytes) => crypto.getRandomValues(bytes), ...platforms };
}

/** A documented request: shown with its answer in OpenAPI and `GET /api/<slug>` (the first one's
 * body also in llms.txt). */
export interface ToolExample {
  summary: string;
  input: Record<string, unknown>;
}

/**
 * The files a tool's page opens. `types` is as the manifest's `file_handlers[].accept`: MIME
 * type → extensions (`.json`). `read: 'text'`: the first file's text goes into the input field
 * `field`, with the fields of `with` (json-to-csv reads CSV in its csv-to-json mode);
 * `read: 'files'`: the page takes the File objects themselves as `files` (the image pages).
 */
export type FileAccepts = { types: Readonly<Record<string, readonly string[]>> } & (
  { read: 'text'; field: string; with?: Readonly<Record<string, unknown>> } | { read: 'files' }
);

export interface ToolDefinition<
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  S extends string = string,
> {
  /** URL-safe name: folder, `/api/<slug>`, page `/<slug>`, operationId and MCP tool name. */
  slug: S;
  /** Human name, e.g. "JWT Decoder". */
  name: string;
  /** One sentence: what the tool does. */
  summary: string;
  tag: Tag;
  /** The app's group (sidebar, home page); see CATEGORIES. */
  category: Category;
  /** A Lucide icon name (lucide-static); the build inlines its SVG into the catalog. */
  icon: string;
  /** One line in plain words for the home page and the palette (no standard numbers). */
  blurb: string;
  /** What people type to find it: algorithm and format names, aliases, other tools' words. */
  keywords: readonly string[];
  /** The pasted text it opens with (smart paste), best fit first. */
  paste?: readonly PasteTarget[];
  input: I;
  output: O;
  /**
   * CPU-heavy (images, background removal): the Node server runs it in a worker-thread pool so
   * light requests never wait behind it; the service worker may relay it to a page's worker.
   */
  heavy?: boolean;
  /**
   * For a light tool: whether one request (valid per `input`) may still be slow — json-formatter's
   * repair, whose work grows with the square of some inputs. The Node server runs such requests
   * in its pool, whatever their size.
   */
  heavyWhen?(input: z.output<I>): boolean;
  /**
   * Runs the background-removal model (`ctx.segmentation`). A service worker cannot start the
   * model's runtime, so it hands such calls to an open page of the app (src/sw/relay.ts).
   */
  usesModel?: boolean;
  /**
   * What of the answer may differ between two calls with the same input, in one sentence (it
   * reads the clock or randomness); absent: the answer is a function of the input alone. Said to
   * agents (the MCP server's instructions), checked by tests/unit/determinism.test.ts.
   */
  nondeterministic?: string;
  /**
   * Files this tool opens: the installed app registers them (the web app manifest's
   * `file_handlers`), and a file opened with the app lands on this tool's page (src/ui/launch.ts).
   */
  accepts?: FileAccepts;
  /**
   * This tool's page opens the files shared to the installed app from another app (the manifest's
   * `share_target`; src/lib/share-target.ts). One tool at most; it must also have `accepts`.
   */
  opensShared?: true;
  /** At least one; the first is the canonical example. */
  examples: [ToolExample, ...ToolExample[]];
  /** Runs the tool. Throws ToolInputError for bad input; any other throw is a bug (500). */
  run(input: z.output<I>, ctx: ToolContext): z.input<O> | Promise<z.input<O>>;
}

/** Identity function that gives `run` its parameter types from the schemas (and keeps the slug literal, so `Slug` is the union of the slugs). */
export function defineTool<I extends z.ZodType, O extends z.ZodType, const S extends string>(
  definition: ToolDefinition<I, O, S>,
): ToolDefinition<I, O, S> {
  return definition;
}
