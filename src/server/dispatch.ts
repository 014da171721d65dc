// How the Node door answers a tool call: light tools on the event loop, heavy ones (registry
// `heavy: true`, plus HEAVY_TOOLS) in the worker pool. Pool outcomes become replies:
//
// - queue full → QueueFullError is rethrown: the door answers 429 + Retry-After (capacity is
//   exhausted for now; CONTRACT.md's 429 is what clients already back off on).
// - time limit → 400: the limit counts only running time on a worker of its own, so exceeding it
//   is a property of the input (an image that is too expensive), and sending it again would
//   fail again. The sentence says so. Not a 500 (CONTRACT.md: 500 means a bug).
// - worker crash → 500 `Internal error`, logged: that is a bug.
import { invoke } from '../core/dispatch';
import { invokeTool, type Reply } from '../core/invoke';
import type { ToolDefinition } from '../tools/define';
import { findTool } from '../tools/index';
import type { ToolTask } from './tool-worker';
import { tooManyRequests } from './rate-limit';
import { QueueFullError, TaskAbortedError, TaskTimeoutError, type WorkerPool } from './worker-pool';

/** `signal` is asked for only when the call goes to the pool: light calls, nearly all of them, need none. */
export type Dispatch = (slug: string, body: unknown, signal?: () => AbortSignal) => Promise<Reply>;

export function isHeavy(slug: string, extra: readonly string[]): boolean {
  return findTool(slug)?.heavy === true || extra.includes(slug);
}

export function createDispatch(pool: WorkerPool<ToolTask, Reply> | undefined, heavy: (slug: string) => boolean, log: (message: string) => void = console.error): Dispatch {
  // Not async itself: a light call returns invoke's promise as is, without another promise around it.
  return (slug, body, signal) => {
    const tool = findTool(slug);
    if (!pool || !tool || !heavy(slug)) return invoke(slug, body);
    return runHeavy(pool, tool, body, signal?.(), log);
  };
}

async function runHeavy(pool: WorkerPool<ToolTask, Reply>, tool: ToolDefinition, body: unknown, signal: AbortSignal | undefined, log: (message: string) => void): Promise<Reply> {
  const { slug } = tool;
  // Validated here first: a request the schema refuses is answered at once (invokeTool stops at
  // validation) instead of taking a worker, and only the fields the schema knows (flat values
  // once valid) are copied to the worker, so no unknown field's nesting depth can break the
  // structured clone into the worker thread (found by the fuzz suite).
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !tool.input.safeParse(body).success) return invokeTool(tool, body);
  try {
    return await pool.run({ slug, body: knownFields(tool, body as Record<string, unknown>) }, signal);
  } catch (error) {
    // The door answers these itself (429 with its header; nothing for a client that left).
    if (error instanceof QueueFullError || error instanceof TaskAbortedError) throw error;
    if (error instanceof TaskTimeoutError) {
      const limit = error.limitMs % 1000 === 0 ? `${error.limitMs / 1000} seconds` : `${error.limitMs} ms`;
      return { status: 400, body: { error: `Processing took longer than the limit of ${limit}; send a smaller or simpler input.` } };
    }
    log(`[${slug}] heavy task failed: ${(error as Error).message}`);
    return { status: 500, body: { error: 'Internal error' } };
  }
}

/** The request without the fields the tool's (object) schema does not declare: they are ignored anyway. */
function knownFields(tool: ToolDefinition, body: Record<string, unknown>): Record<string, unknown> {
  const shape = (tool.input as { shape?: Record<string, unknown> }).shape;
  if (!shape) return body;
  return Object.fromEntries(Object.keys(shape).filter((key) => Object.hasOwn(body, key)).map((key) => [key, body[key]]));
}

/** For MCP, where a reply is the only way to answer: a full queue becomes a 429 tool error. */
export function replyingDispatch(dispatch: Dispatch): (slug: string, body: unknown) => Promise<Reply> {
  return async (slug, body) => {
    try {
      return await dispatch(slug, body);
    } catch (error) {
      if (error instanceof QueueFullError) return { status: 429, body: { error: tooManyRequests(error.retryAfterSeconds) } };
      throw error;
    }
  };
}
