// Answers nobody reads: an answer whose bytes stop leaving (the client does not read) is cut
// after `writeTimeoutMs` without progress, so such clients cannot hold answers in memory.
import type { ServerResponse } from 'node:http';

/** Sweeps `inFlight` on an interval; returns the function that stops the sweep. */
export function sweepUnreadAnswers(
  inFlight: ReadonlySet<ServerResponse>,
  writeTimeoutMs: number,
  log: (message: string, fields: Record<string, unknown>) => void,
): () => void {
  const lastProgress = new WeakMap<ServerResponse, { waiting: number; since: number }>();
  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const res of inFlight) {
        // Only answers that are written, or waiting for the client to take more, and not yet handed over.
        if (res.writableFinished || !(res.writableEnded || res.writableNeedDrain)) continue;
        const waiting = res.socket?.writableLength ?? res.writableLength;
        const seen = lastProgress.get(res);
        if (!seen || seen.waiting !== waiting) lastProgress.set(res, { waiting, since: now });
        else if (now - seen.since >= writeTimeoutMs) {
          log('answer not read; connection closed', { waiting_bytes: waiting });
          res.destroy();
        }
      }
    },
    Math.min(1_000, Math.ceil(writeTimeoutMs / 4)),
  );
  sweeper.unref();
  return () => clearInterval(sweeper);
}
