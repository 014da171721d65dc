// Tool calls counted and timed for the metrics (metrics.ts), at each door: a REST call when its
// answer ends, an MCP call when its reply is made.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from '../core/invoke';
import { findTool } from '../tools/index';
import type { Metrics } from './metrics';
import { TaskAbortedError } from './worker-pool';

export const pathOf = (req: IncomingMessage) => {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/** A REST tool call (POST /api/<slug> of a registry tool), counted and timed when its answer ends. */
export function countRestCall(req: IncomingMessage, res: ServerResponse, metrics: Metrics): void {
  const pathname = pathOf(req);
  if (req.method !== 'POST' || !pathname.startsWith('/api/')) return;
  const tool = findTool(pathname.slice('/api/'.length));
  if (!tool) return;
  const started = performance.now();
  // A client that left before its answer began got none: not counted.
  res.once(
    'close',
    () => res.headersSent && metrics.call('rest', tool.slug, res.statusCode, (performance.now() - started) / 1000),
  );
}

/** An MCP tool call, counted and timed when it names a registry tool. */
export async function timedMcpCall(
  metrics: Metrics | undefined,
  slug: string,
  call: () => Promise<Reply>,
): Promise<Reply> {
  if (!metrics || !findTool(slug)) return call();
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const reply = await call();
    metrics.call('mcp', slug, reply.status, seconds());
    return reply;
  } catch (error) {
    // A client that left is no answer; anything else thrown is answered as an internal error.
    if (!(error instanceof TaskAbortedError)) metrics.call('mcp', slug, 500, seconds());
    throw error;
  }
}
