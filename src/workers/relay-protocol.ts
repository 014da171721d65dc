// Messages of the service worker's relay (src/sw/relay.ts ⇄ src/workers/relay-host.ts), on the
// MessageChannel port the service worker sends with its request:
//   page → SW  { type: 'accepted' }   at once: this page hosts relayed tools
//   page → SW  { type: 'working' }    every HEARTBEAT_MS while the tool runs
//   page → SW  { type: 'reply', reply }
import type { Reply } from '../core/invoke';

export const HEARTBEAT_MS = 2_000;

export interface RelayMessage {
  type: 'relay-tool';
  slug: string;
  body: unknown;
}

export type RelayAnswer = { type: 'accepted' } | { type: 'working' } | { type: 'reply'; reply: Reply };
