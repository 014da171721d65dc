// The service worker's relay protocol (relay.ts) against pages played by the test: which page
// is asked first, a page that never accepts, a page that goes silent mid-run, no page at all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../core/invoke';
import type { RelayAnswer, RelayMessage } from '../workers/relay-protocol';
import { ACCEPT_MS, SILENCE_MS, relayToPage, type RelayClient } from './relay';

type Behaviour = (message: RelayMessage, answer: (message: RelayAnswer) => void) => void;

/** A page: records what it was asked and answers on the port as `behaviour` says. */
function page(id: string, behaviour: Behaviour, focused = false) {
  const asked: string[] = [];
  const client: RelayClient = {
    id,
    focused,
    postMessage(message, [port]) {
      asked.push(message.slug);
      behaviour(message, (answer) => (port as MessagePort).postMessage(answer));
    },
  };
  return { client, asked };
}
const clients = (...pages: { client: RelayClient }[]) => ({ matchAll: async () => pages.map((p) => p.client) });

const OK: Reply = { status: 200, body: { done: true } };
const replies: Behaviour = (message, answer) => {
  answer({ type: 'accepted' });
  answer({
    type: 'reply',
    reply: { status: 200, body: { slug: message.slug, echo: message.body as Record<string, unknown> } },
  });
};
const ignores: Behaviour = () => undefined;

afterEach(() => vi.useRealTimers());

describe('relayToPage', () => {
  it('hands slug and body to the requesting page first and passes its Reply back', async () => {
    const a = page('a', replies, true);
    const b = page('b', replies);
    const reply = await relayToPage(clients(a, b), 'b', 'background-remover', { image: 'x' });
    expect(reply).toEqual({ status: 200, body: { slug: 'background-remover', echo: { image: 'x' } } });
    expect([a.asked, b.asked]).toEqual([[], ['background-remover']]);
  });

  it('answers undefined when no window is open (the service worker then answers itself)', async () => {
    expect(await relayToPage(clients(), undefined, 'background-remover', {})).toBeUndefined();
  });

  it('skips a page that does not accept in time, and one that goes silent after accepting', async () => {
    vi.useFakeTimers();
    const deaf = page('deaf', ignores, true);
    const closed = page('closed', (_message, answer) => answer({ type: 'accepted' }));
    const working = page('working', (_message, answer) => {
      answer({ type: 'accepted' });
      // Beats for longer than the silence limit, then answers: it is not given up on.
      let beats = 0;
      const timer = setInterval(() => {
        if (++beats < 8) return answer({ type: 'working' });
        clearInterval(timer);
        answer({ type: 'reply', reply: OK });
      }, SILENCE_MS / 4);
    });
    const result = relayToPage(clients(deaf, closed, working), undefined, 'slow-tool', {});
    await vi.advanceTimersByTimeAsync(ACCEPT_MS + SILENCE_MS + 3 * SILENCE_MS);
    expect(await result).toEqual(OK);
    expect([deaf.asked, closed.asked, working.asked]).toEqual([['slow-tool'], ['slow-tool'], ['slow-tool']]);
  });

  it('answers undefined when every page fails to answer', async () => {
    vi.useFakeTimers();
    const result = relayToPage(clients(page('x', ignores), page('y', ignores)), 'x', 'tool', {});
    await vi.advanceTimersByTimeAsync(2 * ACCEPT_MS + 10);
    expect(await result).toBeUndefined();
  });
});
