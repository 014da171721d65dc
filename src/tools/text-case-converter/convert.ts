// The target conventions: the specification's eleven, then four more (EXTENDED_TARGETS). Words arrive lower-cased; casing uses the plain, locale-free
// toUpperCase()/toLowerCase() (full Unicode mappings, so `straße` becomes `STRASSE`, the
// standard German capitalisation, and the result is the same on every engine and locale).

export const TARGETS = [
  'camelCase',
  'PascalCase',
  'snake_case',
  'SCREAMING_SNAKE_CASE',
  'kebab-case',
  'COBOL-CASE',
  'dot.case',
  'Title Case',
  'Sentence case',
  'lowercase',
  'UPPERCASE',
] as const;
/**
 * Conventions beyond the specification's eleven. `to: "all"` lists them only when asked
 * (`extended`), so that its answer stays the same for the callers who know the eleven.
 * Header-Case and Train-Case are two names for one convention (HTTP header style); both are
 * offered because people look for either.
 */
export const EXTENDED_TARGETS = ['path/case', 'Header-Case', 'Train-Case', 'flatcase'] as const;
export const ALL_TARGETS = [...TARGETS, ...EXTENDED_TARGETS] as const;
export type Target = (typeof ALL_TARGETS)[number];
/** What `to: "all"` answers: the eleven always, the extended four when asked. */
export type AllOutputs = Record<(typeof TARGETS)[number], string> &
  Partial<Record<(typeof EXTENDED_TARGETS)[number], string>>;

/** Upper-case forms whose title-case form differs: the Latin digraphs (`ǆ` → `ǅ`, not `Ǆ`). */
const DIGRAPH_TITLE: Record<string, string> = { Ǆ: 'ǅ', Ǉ: 'ǈ', Ǌ: 'ǋ', Ǳ: 'ǲ' };

/** Title-case form of a first character, by code point: computed once each (16 MiB of words to
 * `all` capitalises tens of millions of words, and the mapping below allocates). */
const titleCache = new Map<number, string>();

function titleOf(first: string, cp: number): string {
  let title = titleCache.get(cp);
  if (title === undefined) {
    const [head = '', ...tail] = first.toUpperCase();
    title = (DIGRAPH_TITLE[head] ?? head) + tail.join('').toLowerCase();
    titleCache.set(cp, title);
  }
  return title;
}

/**
 * The first character (a whole code point) in title case, the rest as is; digits are unchanged.
 * Title case is approximated from the plain upper-case mapping: where that expands to several
 * characters, only the first stays upper (`ßa` → `Ssa`, `ﬁx` → `Fix`), and the digraphs are mapped.
 */
function capitalise(word: string): string {
  const cp = word.codePointAt(0)!;
  const length = cp > 0xffff ? 2 : 1;
  return titleOf(word.slice(0, length), cp) + word.slice(length);
}

const upper = (w: string) => w.toUpperCase();

/**
 * Joins lower-case `words` in the `target` convention. Acronyms follow the word rule
 * (`xmlHttpRequest`), because the words no longer remember their original case. Title Case
 * capitalises every word (no English list of small words: the tool is language-neutral);
 * Sentence case capitalises only the first. lowercase and UPPERCASE join words with spaces.
 */
export function convert(words: string[], target: Target): string {
  switch (target) {
    case 'camelCase':
      return words.map((w, i) => (i === 0 ? w : capitalise(w))).join('');
    case 'PascalCase':
      return words.map(capitalise).join('');
    case 'snake_case':
      return words.join('_');
    case 'SCREAMING_SNAKE_CASE':
      return words.map(upper).join('_');
    case 'kebab-case':
      return words.join('-');
    case 'COBOL-CASE':
      return words.map(upper).join('-');
    case 'dot.case':
      return words.join('.');
    case 'Title Case':
      return words.map(capitalise).join(' ');
    case 'Sentence case':
      return words.map((w, i) => (i === 0 ? capitalise(w) : w)).join(' ');
    case 'lowercase':
      return words.join(' ');
    case 'UPPERCASE':
      return words.map(upper).join(' ');
    case 'path/case':
      return words.join('/');
    case 'Header-Case':
    case 'Train-Case':
      return words.map(capitalise).join('-');
    case 'flatcase':
      return words.join('');
  }
}
