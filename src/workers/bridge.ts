// runTool(slug, body, signal): the page's typed door to its tool worker. The worker starts on
// first use, is shut down after a minute idle, and is terminated when the only request it is
// working on is cancelled or runs out of time (worker-client.ts), so no stale computation keeps a core busy.
// A caller with much work sizes its time limit to it (ui/work-limit.ts); the default suits the rest.
import type { Reply } from '../core/invoke';
import type { Slug } from '../tools/index';
import type { InputOf, ToolReply } from '../tools/types';
import type { RunMessage, StepMessage, StepName } from './protocol';
import { WorkerClient } from './worker-client';

const DEFAULT_TIMEOUT_MS = 120_000;

/** The page's one tool worker, shared by every page of the app and the service worker's relay:
 * one started worker per tab rather than one per page visited (worker-client.ts keeps its state). */
const toolWorker = new WorkerClient<RunMessage | StepMessage, Reply, string>({
  start: () => new Worker(new URL('./tool.worker.ts', import.meta.url), { type: 'module', name: 'tool' }),
  crashed: 'The tool stopped unexpectedly. Please try again.',
});

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Whose call it is (RunMessage.door): the page's own, or the service worker's /api relayed. */
  door?: RunMessage['door'];
  /** Told each stage a step reaches (runStep; tools report none). */
  onProgress?: (stage: string) => void;
}

/**
 * Runs a tool in the worker and resolves with the same status and body the API would give,
 * typed from the tool's schemas: `runTool('base64', { input: 'hi' })` resolves to the base64
 * output on status 200 and to `{ error, issues? }` otherwise.
 */
export function runTool<S extends Slug>(slug: S, body: InputOf<S>, options?: RunOptions): Promise<ToolReply<S>> {
  // The worker answers for this slug with this tool's output or an error body: the one place
  // where the untyped reply of the worker gets the tool's types.
  return runAnyTool(slug, body, options) as Promise<ToolReply<S>>;
}

/** runTool for a tool named at run time with a body nobody checked (the service worker's relay). */
export function runAnyTool(slug: string, body: unknown, options: RunOptions = {}): Promise<Reply> {
  return send({ slug, body, door: options.door ?? 'page' }, options);
}

/** Runs one of the page's own steps of a tool (protocol.ts, StepMessage) in the worker. */
export function runStep(step: StepName, body: unknown, options: RunOptions = {}): Promise<Reply> {
  return send({ step, body }, options);
}

function send(
  job: RunMessage | StepMessage,
  { signal, timeoutMs = DEFAULT_TIMEOUT_MS, onProgress }: RunOptions,
): Promise<Reply> {
  return toolWorker.run(job, { signal, timeoutMs, onProgress });
}
