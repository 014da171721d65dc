// One JSON line per request on stdout, written when the response ends (or the client leaves):
// what a log pipeline needs to count, time and trace requests, and nothing a request carries
// inside it. The path is logged without its query string (which may hold secrets) and no
// header or body is ever logged, except the request id (request-id.ts: checked or made here).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Level } from './logger';

export interface AccessRecord {
  time: string;
  /** `error` for a 5xx answer (the server failed or refused for load), `info` otherwise. */
  level: Level;
  method: string;
  path: string;
  status: number;
  ms: number;
  bytes: number;
  client: string;
  /** The X-Request-Id this answer carries. */
  request_id: string;
  /** The client went away before the answer was complete. */
  aborted?: true;
}

export interface AccessContext {
  client: string;
  requestId: string;
  /**
   * A health probe (a balancer's every 500 ms, Kubernetes' every 10 s) is logged only when it
   * fails, where it matters.
   */
  quietWhenOk?: boolean;
}

const MAX_PATH = 256;

/** Logs `req` when its answer ends. */
export function logAccess(
  req: IncomingMessage,
  res: ServerResponse,
  context: AccessContext,
  write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
): void {
  const started = performance.now();
  const sentBefore = req.socket.bytesWritten;
  res.once('close', () => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = (query < 0 ? url : url.slice(0, query)).slice(0, MAX_PATH);
    const record: AccessRecord = {
      time: new Date().toISOString(),
      level: res.statusCode >= 500 ? 'error' : 'info',
      method: (req.method ?? '').slice(0, 16),
      path,
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 100) / 100,
      bytes: Math.max(0, req.socket.bytesWritten - sentBefore),
      client: context.client,
      request_id: context.requestId,
    };
    if (!res.writableFinished) record.aborted = true;
    else if (context.quietWhenOk && res.statusCode === 200) return;
    write(JSON.stringify(record));
  });
}
