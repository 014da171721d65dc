// Shareable page state in the URL fragment: `#{"input":"…"}` (URI-encoded JSON). The fragment
// never reaches a server. Secrets (JWT keys, HMAC keys) are never written to it.

/** Longest fragment written: past this a link is no longer a practical thing to share. */
const MAX_FRAGMENT = 16_384;

export function readFragment(): Record<string, unknown> {
  const hash = location.hash.slice(1);
  if (!hash) return {};
  try {
    const value: unknown = JSON.parse(decodeURIComponent(hash));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function writeFragment(state: Record<string, unknown>, secrets: readonly string[] = []): void {
  const shared = Object.fromEntries(Object.entries(state).filter(([key, value]) => !secrets.includes(key) && value !== undefined && value !== ''));
  const encoded = Object.keys(shared).length ? encodeURIComponent(JSON.stringify(shared)) : '';
  const hash = encoded.length <= MAX_FRAGMENT ? encoded : '';
  const url = location.pathname + location.search + (hash ? '#' + hash : '');
  if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, '', url);
}
