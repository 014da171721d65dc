// The `query` of a full URL: the input parsed by the WHATWG URL parser (`new URL`, the
// same in browsers, the service worker and Node), its query string split the way
// application/x-www-form-urlencoded is read (URL Standard §5.1, what `URLSearchParams` does):
// `&` separates pairs, empty pairs are skipped, the first `=` separates name from value (none:
// the value is empty), `+` is a space, then `%XX` is decoded as UTF-8. The decode modes have
// already decoded the whole input strictly, so every `%` here is well formed (the parser only
// adds `%XX` of valid UTF-8 when it normalises the query) and the engine's decodeURIComponent,
// which agrees with the strict decoder on well-formed text, does the work: millions of small
// pairs cost no buffer each.
import { percentDecode } from './percent';

export interface QueryParameter {
  name: string;
  value: string;
}

const formDecode = (text: string) => {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return percentDecode(spaced); // not expected (see above); if it ever happens, the strict decoder's 400 says why
  }
};

/** The decoded query parameters when `input` parses as an absolute URL; undefined otherwise. */
export function queryOf(input: string): QueryParameter[] | undefined {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return undefined; // not an absolute URL (relative, or not a URL at all)
  }
  const parameters: QueryParameter[] = [];
  for (const pair of url.search.slice(1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    parameters.push(
      eq < 0
        ? { name: formDecode(pair), value: '' }
        : { name: formDecode(pair.slice(0, eq)), value: formDecode(pair.slice(eq + 1)) },
    );
  }
  return parameters;
}
