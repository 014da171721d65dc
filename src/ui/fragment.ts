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

/**
 * Writes the shareable fields. Fields too long to share (checked on the raw text first, so a
 * multi-MB input costs nothing) are left out, and the options still make it into the link.
 */
export function writeFragment(state: Record<string, unknown>, secrets: readonly string[] = []): void {
  const shared = Object.fromEntries(
    Object.entries(state).filter(
      ([key, value]) => !secrets.includes(key) && value !== undefined && value !== '' && !(typeof value === 'string' && value.length > MAX_FRAGMENT),
    ),
  );
  let encoded = Object.keys(shared).length ? encodeURIComponent(JSON.stringify(shared)) : '';
  if (encoded.length > MAX_FRAGMENT) encoded = ''; // many medium fields: share nothing rather than a broken link
  const url = location.pathname + location.search + (encoded ? '#' + encoded : '');
  if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, '', url);
}

/**
 * A link to this page whose fragment carries `fields`, secrets included: only for the user's
 * explicit "Copy share link with …" (ShareLink.svelte). Never written to `location`, so the
 * secret does not enter this browser's history; whoever opens the link gets the fields back
 * through readFragment() as from any shared link.
 */
export function shareLink(fields: Record<string, unknown>): string {
  const shared = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''));
  const encoded = Object.keys(shared).length ? '#' + encodeURIComponent(JSON.stringify(shared)) : '';
  return location.origin + location.pathname + location.search + encoded;
}
