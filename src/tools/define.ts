// The shape of a tool: metadata, zod schemas and a pure `run`. Everything else (HTTP, OpenAPI,
// MCP, pages, tests) is derived from these definitions, so a tool is written exactly once.
import type { z } from 'zod';
import type { SegmentationPlatform } from '../platform/segmentation';
import type { ImagePlatform } from '../platform/types';

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
 * The app's groups of tools (sidebar, home page, palette): what a developer looks for, not the
 * spec's tags, which stay the API's (OpenAPI tags). Order is the order shown.
 */
export const CATEGORIES = {
  encode: 'Encode & decode',
  data: 'JSON & data',
  convert: 'Converters',
  crypto: 'Crypto & IDs',
  images: 'Images',
} as const;
export type Category = keyof typeof CATEGORIES;

/**
 * What smart paste recognises in pasted text (src/lib/smart-paste.ts). A tool lists the kinds it
 * opens; the detector says how sure it is, the tool how well it fits.
 */
export const PASTE_KINDS = [
  'jwt',
  'json',
  'json-rows',
  'uuid',
  'unix-time',
  'date',
  'base64',
  'color',
  'lcov',
  'hex-number',
  'binary-number',
  'octal-number',
  'decimal-number',
  'percent-encoded',
  'url',
  'csv',
  'identifier',
  'text',
] as const;
export type PasteKind = (typeof PASTE_KINDS)[number];

/** How a tool's page takes a paste of one kind: the text goes to `field`, `with` sets others. */
export interface PasteTarget {
  kind: PasteKind;
  field: string;
  with?: Record<string, unknown>;
  /** How well the tool fits this kind, 0–1 (default 1): a generic tool takes it with less. */
  fit?: number;
}

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
export interface ToolContext {
  /** Current time in milliseconds since the Unix epoch. */
  now(): number;
  /** Fills `bytes` with cryptographically strong random values and returns it. */
  randomBytes(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
  /**
   * The door's image codecs (src/platform): WASM codecs differ in how each runtime loads them.
   * Absent where a door has none; the image tools then fail as a fault.
   */
  readonly images?: ImagePlatform;
  /** The door's background-removal model (src/platform/segmentation.ts), or its refusal. */
  readonly segmentation?: SegmentationPlatform;
  /**
   * The most decoded bytes an image field may hold, replacing each image tool's API cap (3 MB,
   * 10 MB). Only the page door sets it, to the device's DEVICE_MAX_INPUT_BYTES: the user's own
   * photos on the user's own device (docs/contract.md "Pages and the device's limits"). The
   * remote doors and the service worker's /api keep the spec's caps.
   */
  readonly maxImageBytes?: number;
}

/** What a door brings to its context besides the system clock and randomness. */
export interface DoorPlatforms {
  images?: ImagePlatform;
  segmentation?: SegmentationPlatform;
}

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
  | { read: 'text'; field: string; with?: Readonly<Record<string, unknown>> }
  | { read: 'files' }
);

export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, S extends string = string> {
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

/**
 * A golden vector (docs/architecture.md principle 7): one request and the answer every door must
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

/** What the page bundle knows of a tool (`virtual:catalog`, made by src/build/toolbox-plugin.ts). */
export type CatalogEntry = Pick<ToolDefinition, 'slug' | 'name' | 'summary' | 'tag' | 'category' | 'blurb' | 'keywords'> & {
  /** The icon as an inline `<svg>` (the definition names a Lucide icon). */
  icon: string;
  paste: readonly PasteTarget[];
  /** The first worked example's input, when small. */
  example?: Record<string, unknown>;
};
