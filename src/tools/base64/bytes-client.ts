// The page's door to its bytes worker: one job at a time, the latest wins. A new job (new file,
// changed alphabet, new input) terminates the worker running a stale one, so megabytes of
// outdated encoding never hold a core; an idle worker is let go after a minute.
import type { BytesReply, BytesRequest } from './bytes-protocol';

const IDLE_MS = 60_000;

let worker: Worker | undefined;
let pending: { resolve: (reply: BytesReply | undefined) => void } | undefined;
let idle: ReturnType<typeof setTimeout> | undefined;

function stop(): void {
  worker?.terminate();
  worker = undefined;
}

/** Runs `request`; resolves with its reply, or with undefined when a newer job replaced it. */
export function runBytes(request: BytesRequest): Promise<BytesReply | undefined> {
  clearTimeout(idle);
  if (pending) {
    pending.resolve(undefined);
    pending = undefined;
    stop();
  }
  const current = (worker ??= new Worker(new URL('./bytes.worker.ts', import.meta.url), { type: 'module', name: 'base64-bytes' }));
  return new Promise((resolve) => {
    const job = { resolve };
    pending = job;
    const finish = (reply: BytesReply) => {
      if (pending !== job) return;
      pending = undefined;
      idle = setTimeout(stop, IDLE_MS);
      resolve(reply);
    };
    current.onmessage = (event: MessageEvent<BytesReply>) => finish(event.data);
    current.onerror = (event) => {
      event.preventDefault();
      stop();
      finish({ op: 'error', message: 'Reading the bytes failed, perhaps for want of memory. Try a smaller file.' });
    };
    current.postMessage(request);
  });
}
