// Where the Node doors (HTTP server, MCP, the command line) run a tool call: on the event loop
// when the call is cheap for certain, else in the worker pool with its deadline (pool-dispatch.ts).
// A call goes to the pool when its tool is heavy (registry `heavy: true`, plus HEAVY_TOOLS), its
// tool calls this request heavy (`heavyWhen`), or its request is larger than INLINE_BODY_BYTES:
// every light tool is fast on small input, and any of them can take seconds on megabytes
// (docs/limits.md), which must never hold up the thread that answers everyone.
//
// A call is validated once. Where the decision needs the input (a heavy tool, `heavyWhen`, or a
// parsed call of any size), it is validated here and the worker runs the parsed input as is; a
// request the schema refuses is answered here rather than taking a worker and a share of the pool.
// A large REST body is not read here at all: the worker parses and validates it.
import { fromReply, parseBody, type ApiResponse } from '../core/http';
import { runValid, validate, type CallOptions, type Invoker } from '../core/invoke';
import { localInvoker } from '../core/local';
import type { ToolContext, ToolDefinition } from '../tools/define';
import { findTool } from '../tools/index';
import { asReply, asResponse, dispatch, type ToolPool } from './pool-dispatch';

/** Answers a REST call from its raw body (in the pool, or here once validated), or returns undefined to answer it here. */
export type PoolOffload = (slug: string, bytes: Uint8Array, options?: CallOptions) => Promise<ApiResponse> | undefined;

export interface Placement {
  /** The context of the calls answered on this thread. */
  context: ToolContext;
  pool: ToolPool | undefined;
  /** Slugs run in the pool whatever their size, besides the registry's heavy tools. */
  heavyTools: readonly string[];
  /** Requests larger than this run in the pool. */
  inlineBodyBytes: number;
  log?: (message: string) => void;
}

const isHeavy = (placement: Placement, tool: ToolDefinition) =>
  tool.heavy === true || placement.heavyTools.includes(tool.slug);

/** Whether the input decides where the call runs: the tool is heavy, or asks (`heavyWhen`). */
const inputDecides = (placement: Placement, tool: ToolDefinition) =>
  isHeavy(placement, tool) || tool.heavyWhen !== undefined;

/** Whether a valid input of a tool goes to the pool (the request was not large). */
const heavyInput = (placement: Placement, tool: ToolDefinition, input: unknown) =>
  isHeavy(placement, tool) || tool.heavyWhen!(input as never);

/** The Node doors' invoker for parsed calls (MCP, the command line): each on this thread or in the pool. */
export function createInvoker(placement: Placement): Invoker {
  const local = localInvoker(placement.context);
  const { pool } = placement;
  // Not async itself: a light call returns invoke's promise as is, without another promise around it.
  return (slug, body, options = {}) => {
    const tool = findTool(slug);
    const large = (options.size ?? 0) > placement.inlineBodyBytes;
    if (!pool || !tool || !(large || inputDecides(placement, tool))) return local(slug, body);
    // Only the fields the schema knows (flat values once valid) reach the worker, so no unknown
    // field's nesting depth can break the structured clone into the worker thread (found by the fuzz suite).
    const checked = validate(tool, body);
    if (!checked.ok) return Promise.resolve(checked.reply);
    if (!large && !heavyInput(placement, tool, checked.input)) return runValid(tool, checked.input, placement.context);
    return dispatch(pool, { kind: 'input', slug, input: checked.input, answer: 'reply' }, options, placement.log).then(
      asReply,
    );
  };
}

/** The REST door's offload: a large body goes to the pool unread; a small one of a tool whose input decides is validated here. */
export function createOffload(placement: Placement): PoolOffload {
  const { pool } = placement;
  return (slug, bytes, options = {}) => {
    const tool = findTool(slug);
    if (!pool || !tool) return undefined;
    if (bytes.length > placement.inlineBodyBytes) {
      // A body read in several chunks owns its buffer (Buffer.concat): moved, not copied.
      const owned =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      return dispatch(
        pool,
        { kind: 'json', slug, json: bytes },
        { ...options, transfer: owned ? [bytes.buffer as ArrayBuffer] : undefined },
        placement.log,
      ).then(asResponse);
    }
    if (!inputDecides(placement, tool)) return undefined;
    const body = parseBody(bytes);
    if (body === undefined) return undefined; // not JSON: answered here, as every call
    const checked = validate(tool, body);
    if (!checked.ok) return Promise.resolve(fromReply(checked.reply));
    if (!heavyInput(placement, tool, checked.input))
      return runValid(tool, checked.input, placement.context).then(fromReply);
    return dispatch(pool, { kind: 'input', slug, input: checked.input, answer: 'http' }, options, placement.log).then(
      asResponse,
    );
  };
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
