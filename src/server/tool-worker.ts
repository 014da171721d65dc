// The worker thread of the tool pool (worker-pool.ts): runs the very core that answers small
// calls on the main thread, so a call gives the same answer whichever thread runs it. Built as
// its own entry (dist-server/tool-worker.js).
import { answerCall, type ApiResponse } from '../core/http';
import type { Reply } from '../core/invoke';
import { localInvoker } from '../core/local';
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
 * `call`: a parsed, validated request (MCP) → its Reply.
 * `http`: a REST request's raw body → the whole answer, JSON parsed and serialised here too, so
 * a 16 MiB body or answer costs the main thread a copy and nothing more.
 */
export type ToolTask = { kind: 'call'; slug: string; body: unknown } | { kind: 'http'; slug: string; json: Uint8Array };

const utf8 = new TextEncoder();

/** The REST answer with its JSON already in UTF-8 bytes: moved to the main thread, not copied. */
async function answer(task: Extract<ToolTask, { kind: 'http' }>): Promise<ApiResponse> {
  const response = await answerCall(task.slug, task.json, local);
  return { ...response, body: typeof response.body === 'string' ? utf8.encode(response.body) : response.body };
}

// invoke() turns every throw of a tool into a reply (500 for bugs, logged on this thread's
// stderr, which Node forwards to the process's); a throw here would be a fault of invoke itself.
serveTasks<ToolTask, Reply | ApiResponse>(
  (task) => (task.kind === 'call' ? local(task.slug, task.body) : answer(task)),
  (error) => log.error('tool worker fault', errorFields(error)),
  (result) => ('headers' in result && typeof result.body !== 'string' ? [result.body.buffer] : []),
);
