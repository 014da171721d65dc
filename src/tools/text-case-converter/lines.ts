// Multi-line input: each line converts on its own and the line breaks stay as
// written. Only the trimmed input is split into lines, so blank lines and whitespace around
// the whole text are dropped exactly as before, and an input that is one line once trimmed
// (`'  padded\n'`) takes the single-line path and keeps its old answer.
import { ALL_TARGETS, convert, TARGETS, type AllOutputs, type Target } from './convert';
import { detectCase, type Detected } from './detect';
import { splitWords } from './scan';

/** LF, CRLF and a lone CR (classic Mac) end a line; U+2028/U+2029 stay plain whitespace. */
const BREAK = /\r\n|\n|\r/g;

/** The input cut into lines: the words of every line in one flat list, and where each line ends. */
export interface Lines {
  /** All words, lower-cased, in order (the response's `tokens`). */
  tokens: string[];
  /** `ends[k]`: index in `tokens` just past line k's words. */
  ends: number[];
  /** `breaks[k]`: the line break written after line k (the last line has none). */
  breaks: string[];
  from_detected: Detected;
}

/**
 * Reads `input` line by line. A line without words (blank, or punctuation only) converts to an
 * empty line. `from_detected` is the convention every line with words agrees on, else `mixed`.
 */
export function readLines(input: string): Lines {
  const text = input.trim();
  const tokens: string[] = [];
  const ends: number[] = [];
  const breaks: string[] = [];
  let detected: Detected | undefined;
  let start = 0;
  const addLine = (line: string) => {
    const words = splitWords(line);
    for (const word of words) tokens.push(word.toLowerCase());
    ends.push(tokens.length);
    if (words.length === 0) return;
    const d = detectCase(line);
    detected = detected === undefined || detected === d ? d : 'mixed';
  };
  for (const m of text.matchAll(BREAK)) {
    addLine(text.slice(start, m.index));
    breaks.push(m[0]);
    start = m.index + m[0].length;
  }
  if (breaks.length === 0) {
    // One line: exactly the single-line answer (detection sees the input as sent, as before).
    const words = splitWords(input).map((word) => word.toLowerCase());
    return { tokens: words, ends: [words.length], breaks, from_detected: detectCase(input) };
  }
  addLine(text.slice(start));
  return { tokens, ends, breaks, from_detected: detected ?? 'mixed' };
}

/** The lines' words joined in `target`, each line on its own, with the original line breaks. */
export function convertLines(lines: Lines, target: Target): string {
  const { tokens, ends, breaks } = lines;
  if (breaks.length === 0) return convert(tokens, target);
  const parts: string[] = [];
  let from = 0;
  for (let k = 0; k < ends.length; k++) {
    const to = ends[k]!;
    if (to > from) parts.push(convert(tokens.slice(from, to), target));
    if (k < breaks.length) parts.push(breaks[k]!);
    from = to;
  }
  return parts.join('');
}

/** Every convention at once (`to: "all"`), in the order of TARGETS, then the extended ones if asked. */
export function convertAll(lines: Lines, extended: boolean): AllOutputs {
  return Object.fromEntries(
    (extended ? ALL_TARGETS : TARGETS).map((target) => [target, convertLines(lines, target)]),
  ) as AllOutputs;
}
