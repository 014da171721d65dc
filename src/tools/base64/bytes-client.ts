// The page's door to its bytes worker (worker-client.ts): one client per page, closed when the
// page goes. The page runs one job at a time, the latest wins: it cancels a stale job before
// starting the next, which terminates the worker running it, so megabytes of outdated encoding
// never hold a core; an idle worker is let go after a minute.
import { WorkerClient } from '../../workers/worker-client';
import type { BytesReply, BytesRequest } from './bytes-protocol';

export type BytesClient = WorkerClient<BytesRequest, BytesReply>;

export function bytesClient(): BytesClient {
  return new WorkerClient({
    start: () => new Worker(new URL('./bytes.worker.ts', import.meta.url), { type: 'module', name: 'base64-bytes' }),
    crashed: 'Reading the bytes failed, perhaps for want of memory. Try a smaller file.',
  });
}
