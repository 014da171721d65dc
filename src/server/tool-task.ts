// What the tool pool's threads are sent and give back, and how one task is performed: kept apart
// from tool-worker.ts (the thread's entry, with its side effects) so the doors' code and the tests
// can use the very function a worker runs.
import { answerCall, fromReply, type ApiResponse } from '../core/http';
import { runValid, type Reply } from '../core/invoke';
import { localInvoker } from '../core/local';
import type { ToolContext } from '../tools/define';
import { findTool } from '../tools/index';

/**
 * Each call is validated once, where it is cheapest to:
 * `json`: a REST request's raw body (a large one, unread by the main thread) → parsed and
 * validated here, the whole answer serialised here too, so a 16 MiB body or answer costs the
 * main thread a copy and nothing more.
 * `input`: a request the door already validated (`validate`) → run as is; `answer` says whether
 * the door wants the Reply (MCP, the command line) or the REST answer's bytes.
 */
export type ToolTask =
  | { kind: 'json'; slug: string; json: Uint8Array }
  | { kind: 'input'; slug: string; input: unknown; answer: 'reply' | 'http' };

/** What a task gives back, told apart by `kind`. */
export type ToolOutcome = { kind: 'reply'; reply: Reply } | { kind: 'http'; response: ApiResponse };

const utf8 = new TextEncoder();

/** The REST answer with its JSON already in UTF-8 bytes: moved to the main thread, not copied. */
const encoded = (response: ApiResponse): ToolOutcome => ({
  kind: 'http',
  response: { ...response, body: typeof response.body === 'string' ? utf8.encode(response.body) : response.body },
});

/** A worker's way to perform tasks with its context. */
export function taskPerformer(context: ToolContext): (task: ToolTask) => Promise<ToolOutcome> {
  const local = localInvoker(context);
  return async (task) => {
    if (task.kind === 'json') return encoded(await answerCall(task.slug, task.json, local));
    // The door found the tool and validated the input before sending it.
    const reply = await runValid(findTool(task.slug)!, task.input, context);
    return task.answer === 'http' ? encoded(fromReply(reply)) : { kind: 'reply', reply };
  };
}

/** The buffers of an outcome that move to the main thread rather than being copied. */
export const outcomeTransfers = (outcome: ToolOutcome): ArrayBuffer[] =>
  outcome.kind === 'http' && typeof outcome.response.body !== 'string'
    ? [outcome.response.body.buffer as ArrayBuffer]
    : [];
