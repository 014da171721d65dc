// Syntax colouring of one line of formatted JSON, for the output view. The formatter prints
// strings in JSON.stringify's spelling, so a small scanner suffices: no full parse per line.

export type TokenKind = 'key' | 'string' | 'number' | 'literal' | 'punct' | 'plain';
export interface Token {
  kind: TokenKind;
  text: string;
}

const isPunct = (c: number) => c === 123 || c === 125 || c === 91 || c === 93 || c === 44 || c === 58; // { } [ ] , :

/** Splits `line` into coloured pieces; whitespace and anything unexpected are `plain`. */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = line.length;
  while (i < n) {
    const c = line.charCodeAt(i);
    const start = i;
    if (c === 34) {
      // A string: to the closing quote, skipping escapes (a cut line may end inside one).
      i++;
      while (i < n && line.charCodeAt(i) !== 34) i += line.charCodeAt(i) === 92 ? 2 : 1;
      i = Math.min(i + 1, n);
      let j = i;
      while (j < n && line.charCodeAt(j) === 32) j++;
      tokens.push({ kind: line.charCodeAt(j) === 58 ? 'key' : 'string', text: line.slice(start, i) });
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      while (i < n && /[-+.eE0-9]/.test(line[i]!)) i++;
      tokens.push({ kind: 'number', text: line.slice(start, i) });
    } else if (c === 116 || c === 102 || c === 110) {
      while (i < n && /[a-z]/.test(line[i]!)) i++;
      tokens.push({ kind: 'literal', text: line.slice(start, i) });
    } else if (isPunct(c)) {
      i++;
      tokens.push({ kind: 'punct', text: line.slice(start, i) });
    } else {
      while (i < n && !/["\-0-9tfn{}[\],:]/.test(line[i]!)) i++;
      if (i === start) i++;
      tokens.push({ kind: 'plain', text: line.slice(start, i) });
    }
  }
  return tokens;
}

/** Offsets where each line of `text` starts (a line ends at `\n`). */
export function lineStarts(text: string): Uint32Array {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  const starts = new Uint32Array(count);
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1;
  return starts;
}
