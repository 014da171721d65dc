// runTool(slug, body, signal): the page's typed door to its tool worker. The worker starts on
// first use, is shut down after a minute idle, and is terminated when the only request it is
// working on is cancelled or runs out of time, so no stale computation keeps a core busy.
// A caller with much work sizes its time limit to it (ui/work-limit.ts); the default suits the rest.
import type { Reply } from '../core/invoke';
import type { Slug } from '../tools/index';
import type { InputOf, ToolReply } from '../tools/types';
import type { ProgressMessage, ReplyMessage, RunMessage, StepMessage, StepName } from './protocol';

const IDLE_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 120_000;

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  progress?: (stage: string) => void;
}

let worker: Worker | undefined;
let nextId = 1;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
const pending = new Map<number, Pending>();

function stopWorker(reason: Error): void {
  worker?.terminate();
  worker = undefined;
  for (const entry of pending.values()) entry.reject(reason);
  pending.clear();
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./tool.worker.ts', import.meta.url), { type: 'module', name: 'tool' });
  started.onmessage = (event: MessageEvent<ReplyMessage | ProgressMessage>) => {
    if ('progress' in event.data) return pending.get(event.data.id)?.progress?.(event.data.progress);
    const entry = pending.get(event.data.id);
    pending.delete(event.data.id);
    entry?.resolve(event.data.reply);
    scheduleIdleStop();
  };
  started.onerror = (event) => {
    event.preventDefault();
    stopWorker(new Error('The tool stopped unexpectedly. Please try again.'));
  };
  worker = started;
  return started;
}

function scheduleIdleStop(): void {
  clearTimeout(idleTimer);
  if (pending.size === 0) idleTimer = setTimeout(() => pending.size === 0 && stopWorker(new Error('idle')), IDLE_MS);
}

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
  return send((id) => ({ id, slug, body, door: options.door ?? 'page' }), options);
}

/** Runs one of the page's own steps of a tool (protocol.ts, StepMessage) in the worker. */
export function runStep(step: StepName, body: unknown, options: RunOptions = {}): Promise<Reply> {
  return send((id) => ({ id, step, body }), options);
}

function send(message: (id: number) => RunMessage | StepMessage, { signal, timeoutMs = DEFAULT_TIMEOUT_MS, onProgress }: RunOptions): Promise<Reply> {
  if (signal?.aborted) return Promise.reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
  clearTimeout(idleTimer);
  const id = nextId++;
  const target = ensureWorker();
  return new Promise<Reply>((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const abandon = (error: Error) => {
      if (!pending.delete(id)) return;
      finish();
      // Nothing else is waiting on the worker: stop the computation rather than let it run on.
      if (pending.size === 0) stopWorker(error);
      reject(error);
    };
    const onAbort = () => abandon(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(() => abandon(new Error(`The tool did not finish within ${Math.round(timeoutMs / 1000)} seconds.`)), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    pending.set(id, {
      resolve: (reply) => (finish(), resolve(reply)),
      reject: (error) => (finish(), reject(error)),
      progress: onProgress,
    });
    target.postMessage(message(id));
  });
}
