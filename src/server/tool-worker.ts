// The worker thread of the tool pool (worker-pool.ts): runs the very core that answers small
// calls on the main thread, so a call gives the same answer whichever thread runs it. Built as
// its own entry (dist-server/tool-worker.js).
import { answerCall, fromReply, type ApiResponse } from '../core/http';
import { runValid, type Reply } from '../core/invoke';
import { localInvoker } from '../core/local';
import { findTool } from '../tools/index';
import { nodeContext } from '../platform/node-context';
import { watchModelProcesses } from '../platform/segmentation-node';
import { captureConsole, createLogger, errorFields, stderrOnly } from './logger';
import { reportCompanion, serveTasks } from './worker-pool';

// This thread's lines (the core logs a tool's bug with console.error) are JSON on stderr: in the
// MCP stdio server, stdout is the protocol's.
const log = createLogger(stderrOnly);
captureConsole(log);

// Heavy tools run here: this thread's context has the image codecs and the model (which loads
// on the first background removal, per thread).
const local = localInvoker(nodeContext);

// The model runs in a process this thread starts (segmentation-node.ts): the pool kills it when
// it stops this thread (a time limit, the memory cap, a client that left), and counts its CPU
// time as the task's.
watchModelProcesses(reportCompanion);

/**
 * Each call is validated once, where it is cheapest to:
 * `json`: a REST request's raw body (a large one, unread by the main thread) → parsed and
 * validated here, the whole answer serialised here too, so a 16 MiB body or answer costs the
 * main thread a copy and nothing more.
 * `input`: a request the door already validated (`validate`) → run as is; `answer` says whether
 * the door wants the Reply (MCP, the command line) or the REST answer's bytes.
 */
export type ToolTask = { kind: 'json'; slug: string; json: Uint8Array } | { kind: 'input'; slug: string; input: unknown; answer: 'reply' | 'http' };

/** What a task gives back, told apart by `kind`. */
export type ToolOutcome = { kind: 'reply'; reply: Reply } | { kind: 'http'; response: ApiResponse };

const utf8 = new TextEncoder();

/** The REST answer with its JSON already in UTF-8 bytes: moved to the main thread, not copied. */
const encoded = (response: ApiResponse): ToolOutcome => ({
  kind: 'http',
  response: { ...response, body: typeof response.body === 'string' ? utf8.encode(response.body) : response.body },
});

async function perform(task: ToolTask): Promise<ToolOutcome> {
  if (task.kind === 'json') return encoded(await answerCall(task.slug, task.json, local));
  // The door found the tool and validated the input before sending it.
  const reply = await runValid(findTool(task.slug)!, task.input, nodeContext);
  return task.answer === 'http' ? encoded(fromReply(reply)) : { kind: 'reply', reply };
}

// invoke() turns every throw of a tool into a reply (500 for bugs, logged on this thread's
// stderr, which Node forwards to the process's); a throw here would be a fault of invoke itself.
serveTasks<ToolTask, ToolOutcome>(
  perform,
  (error) => log.error('tool worker fault', errorFields(error)),
  (outcome) => (outcome.kind === 'http' && typeof outcome.response.body !== 'string' ? [outcome.response.body.buffer as ArrayBuffer] : []),
);
