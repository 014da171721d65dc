// The page's side of the service worker's relay (src/sw/relay.ts): tools the service worker
// cannot run (background removal) are run here, in this page's tool worker, and answered on the
// channel the service worker sent. Every page of the app hosts it (src/main.ts), so
// fetch('/api/<slug>') of such a tool works offline from any open tab.
import type { Reply } from '../core/invoke';
import { runAnyTool } from './bridge';
import { HEARTBEAT_MS, type RelayAnswer, type RelayMessage } from './relay-protocol';

function answer(port: MessagePort, message: RelayAnswer): void {
  port.postMessage(message);
}

export function hostRelayedTools(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<RelayMessage>) => {
    const port = event.ports[0];
    if (event.data?.type !== 'relay-tool' || !port) return;
    answer(port, { type: 'accepted' });
    const beat = setInterval(() => answer(port, { type: 'working' }), HEARTBEAT_MS);
    // No clock of its own: the caller of fetch() decides how long to wait (heavy tools on a busy device take long).
    runAnyTool(event.data.slug, event.data.body, { timeoutMs: 30 * 60_000, door: 'api' })
      .catch((error: unknown): Reply => ({
        // The worker crashed or ran out of time: not the input's fault and not a bug of the
        // contract, and another try (a smaller image, a fresh tab) may succeed.
        status: 503,
        body: {
          error: `This tab could not finish the request: ${error instanceof Error ? error.message : String(error)}`,
        },
      }))
      .then((reply) => answer(port, { type: 'reply', reply }))
      .finally(() => {
        clearInterval(beat);
        port.close();
      });
  });
  // Messages from the service worker wait until the page says it listens.
  navigator.serviceWorker.startMessages();
}
