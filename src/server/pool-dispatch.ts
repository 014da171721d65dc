// Running a tool call in the worker pool, and what its outcomes answer:
// - time limit or memory limit → 400: both count only the task's own running, on a worker of its
//   own, so exceeding them is a property of the input and sending it again would fail again.
//   Not a 500 (docs/contract.md: 500 means a bug).
// - time limit reached while other work held the CPUs (TaskCrowdedOutError), queue full
//   (QueueFullError) → 503, and a client over its share (ClientBusyError → 429) are rethrown: the
//   door answers them with their Retry-After (`replyingInvoker` where a reply is the only answer);
//   so is TaskAbortedError (the client left).
// - worker crash → 500 `Internal error`, logged: that is a bug.
import { fromReply, type ApiResponse } from '../core/http';
import type { CallOptions, Invoker, Reply } from '../core/invoke';
import { formatBytes } from '../lib/byte-size';
import type { ToolOutcome, ToolTask } from './tool-task';
import {
  ClientBusyError,
  QueueFullError,
  TaskCrowdedOutError,
  TaskTimeoutError,
  WorkerFailedError,
  WorkerOutOfMemoryError,
  type WorkerPool,
} from './worker-pool';

export type ToolPool = WorkerPool<ToolTask, ToolOutcome>;

/** Runs a task in the pool; a deadline or memory limit that stopped it is a 400 reply, a crash a 500. */
export async function dispatch(
  pool: ToolPool,
  task: ToolTask,
  options: CallOptions,
  log: (message: string) => void = console.error,
): Promise<ToolOutcome> {
  try {
    return await pool.run(task, { signal: options.signal?.(), client: options.client, transfer: options.transfer });
  } catch (error) {
    if (error instanceof TaskTimeoutError) {
      return replied(
        400,
        `Processing took longer than the limit of ${duration(error.limitMs)}; send a smaller or simpler input.`,
      );
    }
    if (error instanceof WorkerOutOfMemoryError) {
      return replied(
        400,
        `Processing needed more than the memory limit of ${formatBytes(error.limitMb * 1048576)}; send a smaller or simpler input.`,
      );
    }
    if (!(error instanceof WorkerFailedError)) throw error; // answered by the door: 503, 429, or the client left
    log(`[${task.slug}] heavy task failed: ${error.message}`);
    return replied(500, 'Internal error');
  }
}

const replied = (status: number, error: string): ToolOutcome => ({ kind: 'reply', reply: { status, body: { error } } });

/** An outcome as a REST answer. */
export const asResponse = (outcome: ToolOutcome): ApiResponse =>
  outcome.kind === 'http' ? outcome.response : fromReply(outcome.reply);

/** An outcome as a Reply: what a task asked for with `answer: 'reply'`, or a limit's reply. */
export function asReply(outcome: ToolOutcome): Reply {
  if (outcome.kind === 'reply') return outcome.reply;
  throw new Error('the pool answered bytes where a reply was asked for');
}

const duration = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} ms`);

/** The sentence of a 503 when the pool is full, of a 503 for a task crowded out of its time
 * limit, and of a 429 for a client over its share. */
export const poolFull = (seconds: number) =>
  `The server is busy with other heavy requests. Retry after ${seconds} seconds.`;
export const crowdedOut = (limitMs: number, seconds: number) =>
  `The server was too busy to finish this request within its time limit of ${duration(limitMs)}. Retry after ${seconds} seconds.`;
export const clientBusy = (limit: number, seconds: number) =>
  `Too many requests at once: at most ${limit} large or heavy requests per client may run or wait at a time. Retry after ${seconds} seconds.`;

/** The refusal a busy pool or client is answered with (status, sentence, Retry-After seconds), if `error` is one. */
export function poolRefusal(
  error: unknown,
): { status: 503 | 429; error: string; retryAfterSeconds: number } | undefined {
  if (error instanceof QueueFullError)
    return { status: 503, error: poolFull(error.retryAfterSeconds), retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof TaskCrowdedOutError)
    return {
      status: 503,
      error: crowdedOut(error.limitMs, error.retryAfterSeconds),
      retryAfterSeconds: error.retryAfterSeconds,
    };
  if (error instanceof ClientBusyError)
    return {
      status: 429,
      error: clientBusy(error.limit, error.retryAfterSeconds),
      retryAfterSeconds: error.retryAfterSeconds,
    };
  return undefined;
}

/** For MCP and the command line, where a reply is the only way to answer: a busy pool or client becomes a tool error. */
export function replyingInvoker(invoker: Invoker): Invoker {
  return async (slug, body, options) => {
    try {
      return await invoker(slug, body, options);
    } catch (error) {
      const refusal = poolRefusal(error);
      if (refusal) return { status: refusal.status, body: { error: refusal.error } };
      throw error;
    }
  };
}
