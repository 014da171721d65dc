// One JSON line per request on stdout, written when the response ends (or the client leaves):
// what a log pipeline needs to count, time and trace requests, and nothing a request carries
// inside it. The path is logged without its query string (which may hold secrets) and no
// header or body is ever logged.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface AccessRecord {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  bytes: number;
  client: string;
  /** The client went away before the answer was complete. */
  aborted?: true;
}

const MAX_PATH = 256;

/**
 * Logs `req` when its answer ends. `quietWhenOk`: a health probe (a balancer's every 500 ms,
 * Kubernetes' every 10 s) is logged only when it fails, where it matters.
 */
export function logAccess(req: IncomingMessage, res: ServerResponse, client: string, write: (line: string) => void = (line) => process.stdout.write(line + '\n'), quietWhenOk = false): void {
  const started = performance.now();
  const sentBefore = req.socket.bytesWritten;
  res.once('close', () => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = (query < 0 ? url : url.slice(0, query)).slice(0, MAX_PATH);
    const record: AccessRecord = {
      time: new Date().toISOString(),
      method: (req.method ?? '').slice(0, 16),
      path,
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 100) / 100,
      bytes: Math.max(0, req.socket.bytesWritten - sentBefore),
      client,
    };
    if (!res.writableFinished) record.aborted = true;
    else if (quietWhenOk && res.statusCode === 200) return;
    write(JSON.stringify(record));
  });
}
