// The `data:<mime>;base64,` prefix that decode accepts and skips (RFC 2397), and the media type
// it names. The media type is normalised as the WHATWG data: URL processor (fetch, and so every
// browser) reports it, so `mime` equals what a browser would say for the same URL: type and
// subtype and parameter names in lower case, spaces around `;` dropped, `text/plain` supplied
// before a bare `;charset=…`, and `text/plain;charset=US-ASCII` for an empty or unreadable type.

export type DataUrlPrefix =
  /** `start`: UTF-16 index where the Base64 begins. */
  { ok: true; mime: string; start: number } | { ok: false; error: string };

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;
const DEFAULT_MIME = 'text/plain;charset=US-ASCII';

/** The prefix of `text` if it opens (after whitespace) with `data:`; undefined otherwise. */
export function dataUrlPrefix(text: string): DataUrlPrefix | undefined {
  let at = 0;
  while (at < text.length && /\s/.test(text[at]!)) at++;
  if (text.slice(at, at + 5).toLowerCase() !== 'data:') return undefined;
  const comma = text.indexOf(',', at + 5);
  if (comma < 0) return { ok: false, error: "The input starts like a data: URL but has no ',' before its data." };
  const meta = text.slice(at + 5, comma);
  const base64 = /;\s*base64\s*$/i.exec(meta);
  if (!base64) {
    return {
      ok: false,
      error: "This data: URL is not Base64 (no ';base64' before the ','): its data is percent-encoded text.",
    };
  }
  return { ok: true, mime: mediaType(meta.slice(0, base64.index)), start: comma + 1 };
}

function mediaType(written: string): string {
  const parts = written.split(';').map((part) => part.trim());
  let essence = parts.shift()!;
  if (essence === '') {
    if (!parts.some((part) => part !== '')) return DEFAULT_MIME;
    essence = 'text/plain';
  }
  const [type, subtype, extra] = essence.split('/');
  if (extra !== undefined || !type || !subtype || !TOKEN.test(type) || !TOKEN.test(subtype)) return DEFAULT_MIME;
  const params = parts
    .map((part) => /^([^=]+)=(.*)$/.exec(part))
    .filter((match): match is RegExpExecArray => match !== null && TOKEN.test(match[1]!))
    .map((match) => `${match[1]!.toLowerCase()}=${match[2]!}`);
  return [`${type.toLowerCase()}/${subtype.toLowerCase()}`, ...params].join(';');
}
