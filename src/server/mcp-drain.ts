// Answers every pending request before the stdio server exits (docs/contract.md §3). A host that
// pipes a call and closes stdin (`… | devtoolbox-mcp`) must still get the answer: the end of input
// ends the session, not the calls in flight. Bounded: past `deadlineMs`, each call still pending
// is answered with an error, so a hung call cannot hold the process.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

type Id = string | number;

export interface Drain {
  /** Requests received and not yet answered. */
  pending(): number;
  /**
   * Resolves once every pending request is answered (and its answer handed to the transport), or
   * at the deadline after answering the rest with an error. Tells how many were cut short.
   */
  settle(deadlineMs: number): Promise<{ cutShort: number }>;
}

/** Watches `transport` (already connected) for requests and their answers. */
export function trackRequests(transport: Transport): Drain {
  const open = new Set<Id>();
  let emptied: (() => void) | undefined;
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('method' in message && 'id' in message) open.add(message.id);
    // The SDK never answers a request its client cancelled: it is no longer pending.
    else if ('method' in message && message.method === 'notifications/cancelled') {
      const cancelled = (message.params as { requestId?: Id } | undefined)?.requestId;
      if (cancelled !== undefined && open.delete(cancelled) && open.size === 0) emptied?.();
    }
    deliver?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage, options) => {
    await send(message, options);
    // Forgotten once written: the answer is on its way out before the process may exit.
    if (
      !('method' in message) &&
      'id' in message &&
      message.id !== undefined &&
      open.delete(message.id) &&
      open.size === 0
    )
      emptied?.();
  };
  return {
    pending: () => open.size,
    async settle(deadlineMs) {
      if (open.size === 0) return { cutShort: 0 };
      let timer: NodeJS.Timeout | undefined;
      const done = await Promise.race([
        new Promise<true>((resolve) => (emptied = () => resolve(true))),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs))),
      ]);
      clearTimeout(timer);
      if (done) return { cutShort: 0 };
      const late = [...open];
      const seconds = Math.round(deadlineMs / 100) / 10;
      await Promise.all(
        late.map((id) =>
          send({
            jsonrpc: '2.0',
            id,
            error: {
              code: ErrorCode.InternalError,
              message: `The server is shutting down: this call did not finish within ${seconds} s of the end of input.`,
            },
          }),
        ),
      );
      open.clear();
      return { cutShort: late.length };
    },
  };
}
