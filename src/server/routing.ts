// How the Node doors (HTTP server, MCP) answer a tool call: on the event loop when the call is
// cheap for certain, else in the worker pool with its deadline. A call goes to the pool when its
// tool is heavy (registry `heavy: true`, plus HEAVY_TOOLS), its tool calls this request heavy
// (`heavyWhen`), or its request is larger than INLINE_BODY_BYTES: every light tool is fast on
// small input, and any of them can take seconds on megabytes (docs/limits.md), which must never
// hold up the thread that answers everyone.
//
// Pool outcomes become replies:
// - time limit or memory limit → 400: both count only the task's own running, on a worker of its
//   own, so exceeding them is a property of the input and sending it again would fail again.
//   Not a 500 (docs/contract.md: 500 means a bug).
// - time limit reached while other work held the CPUs (TaskCrowdedOutError), queue full
//   (QueueFullError) → 503, and a client over its share (ClientBusyError → 429) are rethrown: the
//   door answers them with their Retry-After; so is TaskAbortedError (the client left).
// - worker crash → 500 `Internal error`, logged: that is a bug.
import { jsonResponse, parseBody, type ApiResponse } from '../core/http';
import { invoke, type CallOptions, type Invoker, type Reply } from '../core/invoke';
import { localInvoker } from '../core/local';
import type { ToolContext, ToolDefinition } from '../tools/define';
import { findTool } from '../tools/index';
import type { ToolTask } from './tool-worker';
import { formatBytes } from '../lib/byte-size';
import { ClientBusyError, QueueFullError, TaskCrowdedOutError, TaskTimeoutError, WorkerFailedError, WorkerOutOfMemoryError, type WorkerPool } from './worker-pool';

export type ToolPool = WorkerPool<ToolTask, Reply | ApiResponse>;

/** Answers a REST call from its raw body in the pool, or returns undefined to answer it here. */
export type PoolOffload = (slug: string, bytes: Uint8Array, options?: CallOptions) => Promise<ApiResponse> | undefined;

export interface Routing {
  /** The context of the calls answered on this thread. */
  context: ToolContext;
  pool: ToolPool | undefined;
  /** Slugs run in the pool whatever their size, besides the registry's heavy tools. */
  heavyTools: readonly string[];
  /** Requests larger than this run in the pool. */
  inlineBodyBytes: number;
  log?: (message: string) => void;
}

function isHeavy(slug: string, extra: readonly string[]): boolean {
  return findTool(slug)?.heavy === true || extra.includes(slug);
}

/**
 * Where a call runs: in the pool when the door has one and the call is large, of a heavy tool,
 * or one its tool calls heavy (`heavyWhen`); `parsed` reads the (small) request when that must be
 * asked. A request the tool refuses at once (not JSON, or not what the schema asks) is answered
 * here rather than taking a worker and a share of the pool.
 */
function goesToPool(routing: Routing, tool: ToolDefinition, size: number, parsed: () => unknown): routing is Routing & { pool: ToolPool } {
  if (routing.pool === undefined) return false;
  if (size > routing.inlineBodyBytes) return true;
  const heavy = isHeavy(tool.slug, routing.heavyTools);
  if (!heavy && !tool.heavyWhen) return false;
  const checked = tool.input.safeParse(parsed());
  return checked.success && (heavy || tool.heavyWhen!(checked.data));
}

/** The Node doors' invoker: each call on this thread or in the pool, as `goesToPool` decides. */
export function createInvoker(routing: Routing): Invoker {
  const local = localInvoker(routing.context);
  // Not async itself: a light call returns invoke's promise as is, without another promise around it.
  return (slug, body, options = {}) => {
    const tool = findTool(slug);
    if (!tool || !goesToPool(routing, tool, options.size ?? 0, () => body)) return local(slug, body);
    return callInPool(routing, tool, body, options);
  };
}

export function createOffload(routing: Routing): PoolOffload {
  return (slug, bytes, options = {}) => {
    const tool = findTool(slug);
    if (!tool || !goesToPool(routing, tool, bytes.length, () => parseBody(bytes))) return undefined;
    const task: ToolTask = { kind: 'http', slug, json: bytes };
    // A body read in several chunks owns its buffer (Buffer.concat): moved, not copied.
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    return inPool(routing, slug, task, { ...options, transfer: owned ? [bytes.buffer as ArrayBuffer] : undefined }).then((outcome) => ('headers' in outcome ? outcome : jsonResponse(outcome.status, outcome.body)));
  };
}

async function callInPool(routing: Routing & { pool: ToolPool }, tool: ToolDefinition, body: unknown, options: CallOptions): Promise<Reply> {
  // Validated here (goesToPool did for small calls; large ones are checked now): a request the
  // schema refuses is answered at once (invoke stops at validation, which is cheap) instead
  // of taking a worker, and only the fields the schema knows
  // (flat values once valid) are copied to the worker, so no unknown field's nesting depth can
  // break the structured clone into the worker thread (found by the fuzz suite).
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !tool.input.safeParse(body).success) return invoke(tool, body, routing.context);
  const task: ToolTask = { kind: 'call', slug: tool.slug, body: knownFields(tool, body as Record<string, unknown>) };
  return (await inPool(routing, tool.slug, task, options)) as Reply;
}

/** Runs a task in the pool; a deadline or memory limit that stopped it is a 400 reply, a crash a 500. */
async function inPool(routing: Routing & { pool: ToolPool }, slug: string, task: ToolTask, options: CallOptions): Promise<Reply | ApiResponse> {
  try {
    return await routing.pool.run(task, { signal: options.signal?.(), client: options.client, transfer: options.transfer });
  } catch (error) {
    if (error instanceof TaskTimeoutError) {
      return { status: 400, body: { error: `Processing took longer than the limit of ${duration(error.limitMs)}; send a smaller or simpler input.` } };
    }
    if (error instanceof WorkerOutOfMemoryError) {
      return { status: 400, body: { error: `Processing needed more than the memory limit of ${formatBytes(error.limitMb * 1048576)}; send a smaller or simpler input.` } };
    }
    if (!(error instanceof WorkerFailedError)) throw error; // answered by the door: 503, 429, or the client left
    (routing.log ?? console.error)(`[${slug}] heavy task failed: ${error.message}`);
    return { status: 500, body: { error: 'Internal error' } };
  }
}

/**
 * The size of a call that arrived parsed (MCP over stdio, the command line) as its JSON would
 * be: what decides, as for a request's bytes over HTTP, whether it runs in the pool.
 */
export function jsonSize(body: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(body) ?? '');
  } catch {
    return 0; // not JSON-able (a cycle): the tool's validation refuses it on this thread
  }
}

/** The request without the fields the tool's (object) schema does not declare: they are ignored anyway. */
function knownFields(tool: ToolDefinition, body: Record<string, unknown>): Record<string, unknown> {
  const shape = (tool.input as { shape?: Record<string, unknown> }).shape;
  if (!shape) return body;
  return Object.fromEntries(Object.keys(shape).filter((key) => Object.hasOwn(body, key)).map((key) => [key, body[key]]));
}

const duration = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} ms`);

/** The sentence of a 503 when the pool is full, of a 503 for a task crowded out of its time
 * limit, and of a 429 for a client over its share. */
export const poolFull = (seconds: number) => `The server is busy with other heavy requests. Retry after ${seconds} seconds.`;
export const crowdedOut = (limitMs: number, seconds: number) =>
  `The server was too busy to finish this request within its time limit of ${duration(limitMs)}. Retry after ${seconds} seconds.`;
export const clientBusy = (limit: number, seconds: number) =>
  `Too many requests at once: at most ${limit} large or heavy requests per client may run or wait at a time. Retry after ${seconds} seconds.`;

/** For MCP and the command line, where a reply is the only way to answer: a busy pool or client becomes a tool error. */
export function replyingInvoker(invoker: Invoker): Invoker {
  return async (slug, body, options) => {
    try {
      return await invoker(slug, body, options);
    } catch (error) {
      if (error instanceof QueueFullError) return { status: 503, body: { error: poolFull(error.retryAfterSeconds) } };
      if (error instanceof TaskCrowdedOutError) return { status: 503, body: { error: crowdedOut(error.limitMs, error.retryAfterSeconds) } };
      if (error instanceof ClientBusyError) return { status: 429, body: { error: clientBusy(error.limit, error.retryAfterSeconds) } };
      throw error;
    }
  };
}
