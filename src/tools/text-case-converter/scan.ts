// Character-level scans of the input: word splitting, the shape of an identifier and of a phrase.
// Each is one loop over the code points, without recursion or backtracking, so its time and stack
// stay proportional to the input whatever it holds (a regular expression for snake_case,
// `^_*w+(?:_w+)*_*$`, overflowed the stack on 6.5 MB of `a_a_…`). Characters are
// classified per code point from a table instead of a regex per character: each distinct code
// point is classified once (by Unicode property regexes, which every engine implements alike)
// and cached, so a 16 MiB input costs one table lookup per character. The hot loops and their
// helpers live in this one module on purpose: calls across modules can cost a lot more in some
// module loaders (test runners wrap imports in getters).

const UPPER = 1; // \p{Lu} or \p{Lt}: upper- and title-case letters
const LOWER = 2; // \p{Ll}
const UNCASED = 3; // other letters: \p{Lm}, \p{Lo} (CJK, Arabic, modifier letters…)
const DIGIT = 4; // \p{N}
const MARK = 5; // \p{M}: combining marks, kept with the letter before them
const SPACE = 6; // \s
const OTHER = 7; // punctuation, symbols, emoji, controls, lone surrogates…

function classify(cp: number): number {
  const ch = String.fromCodePoint(cp);
  if (/[\p{Lu}\p{Lt}]/u.test(ch)) return UPPER;
  if (/\p{Ll}/u.test(ch)) return LOWER;
  if (/\p{L}/u.test(ch)) return UNCASED;
  if (/\p{N}/u.test(ch)) return DIGIT;
  if (/\p{M}/u.test(ch)) return MARK;
  if (/\s/u.test(ch)) return SPACE;
  return OTHER;
}

const bmp = new Uint8Array(0x10000); // 0: not classified yet
const astral = new Map<number, number>();

function classOf(cp: number): number {
  if (cp < 0x10000) {
    const known = bmp[cp]!;
    return known !== 0 ? known : (bmp[cp] = classify(cp));
  }
  let known = astral.get(cp);
  if (known === undefined) astral.set(cp, (known = classify(cp)));
  return known;
}

/** True when the first letter or digit at or after UTF-16 index `i` (marks skipped) is lower case. */
function lowerFollows(text: string, i: number): boolean {
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const c = classOf(cp);
    if (c !== MARK) return c === LOWER;
    i += cp > 0xffff ? 2 : 1;
  }
  return false;
}

/**
 * The words of `text` as written (not yet lower-cased), in order (docs/contract.md §4):
 *   - every character that is not a letter, digit or mark separates words;
 *   - combining marks (\p{M}) stay with the letter or digit they follow (`e` + U+0301 is one
 *     letter), and a mark with nothing before it is dropped like a separator;
 *   - a word also ends before an upper-case letter that follows a lower-case letter or a digit
 *     (`fooBar`, `version2Update`), and before the last capital of an acronym that a lower-case
 *     letter continues (`XMLHttp` → XML | Http). Upper-case followed by a digit is no boundary
 *     (`HTML5Parser` → HTML5 | Parser); letters without case (CJK, Arabic…) never split a word.
 * Title-case letters (ǅ) count as upper case. Marks are skipped when looking at neighbours, so
 * `ÉCOLENormale` splits alike whether É is precomposed or written E + U+0301.
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let start = -1; // UTF-16 index where the current word starts; -1 between words
  let prev = 0; // class of the current word's last letter or digit
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const next = i + (cp > 0xffff ? 2 : 1);
    const c = classOf(cp);
    if (c === SPACE || c === OTHER) {
      if (start >= 0) words.push(text.slice(start, i));
      start = -1;
    } else if (c !== MARK) {
      if (start < 0) {
        start = i;
      } else if (c === UPPER && (prev === LOWER || prev === DIGIT || (prev === UPPER && lowerFollows(text, next)))) {
        words.push(text.slice(start, i));
        start = i;
      }
      prev = c;
    }
    i = next;
  }
  if (start >= 0) words.push(text.slice(start));
  return words;
}

/** What the Title Case and Sentence case rules need to know about a phrase's words. */
export interface Phrase {
  /** Whitespace-separated chunks that hold a letter or digit. */
  words: number;
  /** Every word starts (its first letter or digit) upper-case or with a digit, with no upper-case letter after that. */
  allCapitalised: boolean;
  /** Some word starts with an upper-case letter. */
  someStartUpper: boolean;
  /** The first word starts with an upper-case letter and has no other. */
  firstStartsUpperOnly: boolean;
  /** No word after the first has an upper-case letter. */
  restWithoutUpper: boolean;
}

/** One pass over the whitespace-separated chunks; punctuation and marks in a chunk are ignored. */
export function readPhrase(text: string): Phrase {
  const p: Phrase = {
    words: 0,
    allCapitalised: true,
    someStartUpper: false,
    firstStartsUpperOnly: false,
    restWithoutUpper: true,
  };
  let first = 0; // class of the chunk's first letter or digit; 0 until there is one
  let upperAfterFirst = false;
  const endChunk = () => {
    if (first === 0) return;
    p.words++;
    const startsUpper = first === UPPER;
    if (p.words === 1) p.firstStartsUpperOnly = startsUpper && !upperAfterFirst;
    else if (startsUpper || upperAfterFirst) p.restWithoutUpper = false;
    p.allCapitalised &&= (startsUpper || first === DIGIT) && !upperAfterFirst;
    p.someStartUpper ||= startsUpper;
    first = 0;
    upperAfterFirst = false;
  };
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const c = classOf(cp);
    if (c === SPACE) endChunk();
    else if (c !== MARK && c !== OTHER) {
      if (first === 0) first = c;
      else if (c === UPPER) upperAfterFirst = true;
    }
    i += cp > 0xffff ? 2 : 1;
  }
  endChunk();
  return p;
}

/** What the identifier rules (camelCase … dot.case, docs/contract.md §4) need to know about a text. */
export interface Shape {
  /** The first code point is a lower-case letter (\p{Ll}). */
  startsLower: boolean;
  /** The first code point is an upper- or title-case letter. */
  startsUpper: boolean;
  hasUpper: boolean;
  hasLower: boolean;
  /** Runs of letters, digits and marks. */
  words: number;
  /**
   * The character between the words when all other characters are that one character (`_` in
   * `foo_bar`); '' when there are none (`fooBar`), and undefined when there are several kinds.
   */
  separator: string | undefined;
  /** The text starts or ends with the separator (`_private`, `-foo-bar`). */
  separatorAtEdge: boolean;
  /** Two or more separators in a row somewhere between two words (`foo__bar`). */
  separatorRepeated: boolean;
}

/** One pass over the code points of `text` (see Shape). */
export function readShape(text: string): Shape {
  let separator = -1; // the code point of the first non-word character; -1 before one is seen
  let severalSeparators = false;
  let words = 0;
  let run = 0; // non-word characters since the last word character
  let inWord = false;
  const shape: Shape = {
    startsLower: false,
    startsUpper: false,
    hasUpper: false,
    hasLower: false,
    words: 0,
    separator: '',
    separatorAtEdge: false,
    separatorRepeated: false,
  };
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const c = classOf(cp);
    if (i === 0) {
      shape.startsLower = c === LOWER;
      shape.startsUpper = c === UPPER;
    }
    if (c === SPACE || c === OTHER) {
      if (separator < 0) separator = cp;
      else if (separator !== cp) severalSeparators = true;
      if (words === 0) shape.separatorAtEdge = true;
      run++;
      inWord = false;
    } else {
      if (!inWord) {
        if (words > 0 && run > 1) shape.separatorRepeated = true;
        words++;
        run = 0;
        inWord = true;
      }
      if (c === UPPER) shape.hasUpper = true;
      else if (c === LOWER) shape.hasLower = true;
    }
    i += cp > 0xffff ? 2 : 1;
  }
  if (words > 0 && run > 0) shape.separatorAtEdge = true;
  shape.words = words;
  shape.separator = severalSeparators ? undefined : separator < 0 ? '' : String.fromCodePoint(separator);
  return shape;
}
