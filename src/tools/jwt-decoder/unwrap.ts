// What people paste around a token, dropped before decoding (docs/contract.md §4
// jwt-decoder): surrounding whitespace, one pair of surrounding quotes, a leading `Bearer ` or
// `Authorization: Bearer `. Its own module, free of imports, because the page uses it too (to
// colour the parts as typed) and should not load the decoder for that.
const QUOTES = new Set(['"', "'", '`']);
const BEARER = /^(?:authorization:\s*)?bearer(?:\s+|$)/i;

/** Where the token sits in the field: start and end indices once its wrapping is dropped. */
export function unwrapToken(raw: string): { start: number; end: number } {
  let start = 0;
  let end = raw.length;
  const trim = () => {
    while (start < end && /\s/.test(raw[start]!)) start++;
    while (end > start && /\s/.test(raw[end - 1]!)) end--;
  };
  const unquote = () => {
    if (end - start >= 2 && QUOTES.has(raw[start]!) && raw[end - 1] === raw[start]) {
      start++;
      end--;
      trim();
    }
  };
  trim();
  unquote();
  // Only the first few characters are looked at, so a huge field costs nothing here.
  const bearer = BEARER.exec(raw.slice(start, Math.min(end, start + 64)));
  if (bearer) {
    start += bearer[0].length;
    trim();
    unquote();
  }
  return { start, end };
}
