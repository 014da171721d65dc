// Tools the service worker cannot run itself (background removal: onnxruntime-web loads code
// with import() and starts workers, neither of which a service worker may do) are handed to an
// open page of the app, whose tool worker runs them (src/workers/relay-host.ts) and answers
// through a MessageChannel. Generic: any slug, any JSON body, the page's Reply back.
//
// The protocol is in src/workers/relay-protocol.ts. A page that does not accept in time is
// skipped; a page that falls silent (its tab was closed mid-run) fails over to the next one.
// The clients are passed in (the service worker's `self.clients`), so tests can play them.
import type { Reply } from '../core/invoke';
import { HEARTBEAT_MS, type RelayAnswer, type RelayMessage } from '../workers/relay-protocol';

/** A page that has not accepted by then is not hosting relayed tools (still loading, older version). */
export const ACCEPT_MS = 2_000;
/** A page silent for this long has gone (tab closed mid-run). */
export const SILENCE_MS = 5 * HEARTBEAT_MS;

/** What this module needs of a WindowClient and of `Clients`. */
export interface RelayClient {
  readonly id: string;
  readonly focused?: boolean;
  postMessage(message: RelayMessage, transfer: Transferable[]): void;
}
export interface RelayClients {
  matchAll(options: { type: 'window' }): Promise<readonly RelayClient[]>;
}

type Outcome = { reply: Reply } | { skipped: 'no answer' | 'went silent' };

function ask(client: RelayClient, slug: string, body: unknown): Promise<Outcome> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    let timer = setTimeout(() => finish({ skipped: 'no answer' }), ACCEPT_MS);
    const finish = (outcome: Outcome) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(outcome);
    };
    channel.port1.onmessage = (event: MessageEvent<RelayAnswer>) => {
      clearTimeout(timer);
      if (event.data.type === 'reply') return finish({ reply: event.data.reply });
      timer = setTimeout(() => finish({ skipped: 'went silent' }), SILENCE_MS);
    };
    client.postMessage({ type: 'relay-tool', slug, body }, [channel.port2]);
  });
}

/**
 * Runs a tool in an open window of the app: the one that asked first, then focused ones, then
 * the rest. Resolves undefined when no window can (none open, or none hosts relayed tools).
 */
export async function relayToPage(
  clients: RelayClients,
  requester: string | undefined,
  slug: string,
  body: unknown,
): Promise<Reply | undefined> {
  const windows = await clients.matchAll({ type: 'window' });
  const rank = (client: RelayClient) => (client.id === requester ? 0 : client.focused ? 1 : 2);
  for (const client of [...windows].sort((a, b) => rank(a) - rank(b))) {
    const outcome = await ask(client, slug, body);
    if ('reply' in outcome) return outcome.reply;
  }
  return undefined;
}
