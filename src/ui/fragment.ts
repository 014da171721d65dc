// Shareable page state in the URL fragment, which never reaches a server. Two forms, both read:
// - `#z1.<base64url>`: the state's JSON, UTF-8, compressed with raw DEFLATE (RFC 1951), in
//   base64url without padding. `z1` is the form's version: a later form takes another prefix.
// - `#{"input":"…"}` (URI-encoded JSON): the form of every link written before compression, and
//   still written while it is at most 2 KB or shorter than the compressed form, so small links
//   stay readable.
// Secrets (JWT token and keys, HMAC keys) are never written here unless the user asks for a link
// that carries one (shareLink). The browser's own CompressionStream does the DEFLATE, so no
// compressor enters the pages' bundles; it is asynchronous, so a compressed link is read, and a
// long state written, a moment after the page is up.
import { decodeBase64url, encodeBase64 } from '../lib/base64';

/** Longest fragment written, in characters: past this a link is no longer a practical thing to
 * share (chat apps, mail and issue trackers cut or refuse longer URLs). */
export const MAX_FRAGMENT = 16_384;
/** Text longer than this is not even compressed for a link: DEFLATE does not shrink real text
 * 64 times, and compressing megabytes on every change would slow typing. */
const MAX_RAW = 64 * MAX_FRAGMENT;
/** Fragments up to this long are written readable (URI-encoded JSON), never compressed. */
const READABLE = 2048;
/** The prefix of the compressed form, with its version. */
const COMPRESSED = 'z1.';

export type State = Record<string, unknown>;

/** Bytes through a CompressionStream or DecompressionStream. */
async function through(
  bytes: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

const asState = (json: string): State => {
  const value: unknown = JSON.parse(json);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as State) : {};
};

/**
 * The state in a fragment (without `#`), either form; `{}` for none or anything unreadable. The
 * readable form is read at once; the compressed one gives a Promise.
 */
export function decodeFragment(hash: string): State | Promise<State> {
  if (!hash) return {};
  if (hash.startsWith(COMPRESSED)) {
    const decoded = decodeBase64url(hash, COMPRESSED.length);
    if (!decoded.ok) return {};
    return through(decoded.bytes as Uint8Array<ArrayBuffer>, new DecompressionStream('deflate-raw'))
      .then((bytes) => asState(new TextDecoder('utf-8', { fatal: true }).decode(bytes)))
      .catch(() => ({}));
  }
  try {
    return asState(decodeURIComponent(hash));
  } catch {
    return {};
  }
}

/** The fragment (without `#`) of `state`: the shorter of the two forms; '' for no fields. */
export async function encodeState(state: State): Promise<string> {
  if (!Object.keys(state).length) return '';
  const json = JSON.stringify(state);
  const plain = encodeURIComponent(json);
  // A link of up to 2 KB is short enough for anything that carries links: it stays readable.
  if (plain.length <= READABLE) return plain;
  const compressed =
    COMPRESSED +
    encodeBase64(await through(new TextEncoder().encode(json), new CompressionStream('deflate-raw')), true, false);
  return compressed.length < plain.length ? compressed : plain;
}

export interface Shared {
  /** The fragment to write (without `#`), '' for none. */
  fragment: string;
  /** Fields left out because the link would be too long with them, longest first. */
  left: string[];
}

/**
 * What a link can hold of `state`: every field but the secrets and the empty ones, compressed;
 * when that is longer than MAX_FRAGMENT, the longest text fields are left out one by one (the
 * options still make it into the link), and said so in `left`.
 */
export async function shareState(state: State, secrets: readonly string[] = []): Promise<Shared> {
  const shared: State = Object.fromEntries(
    Object.entries(state).filter(([key, value]) => !secrets.includes(key) && value !== undefined && value !== ''),
  );
  const left: string[] = [];
  const leave = (key: string) => {
    delete shared[key];
    left.push(key);
  };
  // Too long to be worth compressing: out at once, checked on the raw text so a multi-MB input costs nothing.
  for (const [key, value] of Object.entries(shared))
    if (typeof value === 'string' && value.length > MAX_RAW) leave(key);
  for (;;) {
    const fragment = await encodeState(shared);
    if (fragment.length <= MAX_FRAGMENT) return { fragment, left };
    const longest = Object.entries(shared)
      .map(([key, value]) => [key, typeof value === 'string' ? value.length : JSON.stringify(value).length] as const)
      .sort((a, b) => b[1] - a[1])[0];
    if (!longest) return { fragment: '', left };
    leave(longest[0]);
  }
}

export function readFragment(): State | Promise<State> {
  return decodeFragment(location.hash.slice(1));
}

/** Puts a fragment in the address (replacing the entry: no history per keystroke). */
export function setFragment(fragment: string): void {
  const url = location.pathname + location.search + (fragment ? '#' + fragment : '');
  if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, '', url);
}

/**
 * A link to this page whose fragment carries `fields`, secrets included: only for the user's
 * explicit "Copy share link with …" (ShareLink.svelte). Never written to `location`, so the
 * secret does not enter this browser's history; whoever opens the link gets the fields back
 * through readFragment() as from any shared link.
 */
export async function shareLink(fields: State): Promise<string> {
  const shared = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''));
  const encoded = await encodeState(shared);
  return location.origin + location.pathname + location.search + (encoded ? '#' + encoded : '');
}
