// Finding a tool by what a person types (the command palette and the home page's search): a small
// scorer over the tool's name, keywords and blurb, written for a few dozen short records rather than
// a general fuzzy library. Each query word must match somewhere; the kind of match decides the
// score (a word of the name beats a keyword, a whole keyword beats part of one, a prefix beats
// a substring, letters in order are the last resort), and ties keep the registry's order.

export interface Searchable {
  name: string;
  keywords: readonly string[];
  blurb: string;
}

/** Lower case, accents dropped, so "Colour" finds "colour" and "über" finds "uber". */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Letters and digits only: "sha-256", "SHA256" and "sha 256" compare equal. */
function compact(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, '');
}

function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The letters of `token` in order inside `text`: a score for how close together they are. */
function subsequence(token: string, text: string): number {
  let at = -1;
  let first = -1;
  for (const char of token) {
    at = text.indexOf(char, at + 1);
    if (at < 0) return 0;
    if (first < 0) first = at;
  }
  return 10 + Math.round((15 * token.length) / (at - first + 1));
}

interface Prepared {
  name: string;
  nameWords: string[];
  keywords: string[];
  keywordWords: string[];
  blurbWords: string[];
}

function prepare(item: Searchable): Prepared {
  const name = fold(item.name);
  const keywords = item.keywords.map(fold);
  return {
    name,
    nameWords: words(name),
    keywords: keywords.map(compact),
    keywordWords: keywords.flatMap(words),
    blurbWords: words(fold(item.blurb)),
  };
}

/** How well one query word matches; 0: not at all. */
function tokenScore(token: string, item: Prepared): number {
  const bare = compact(token);
  if (!bare) return 0;
  const index = item.nameWords.indexOf(bare);
  if (index >= 0) return index === 0 ? 105 : 100;
  if (item.keywords.includes(bare)) return 95;
  if (item.nameWords.some((word) => word.startsWith(bare))) return 80;
  if (item.keywordWords.includes(bare)) return 70;
  if (item.keywords.some((keyword) => keyword.startsWith(bare))) return 60;
  if (compact(item.name).includes(bare)) return 50;
  if (bare.length >= 3 && item.keywords.some((keyword) => keyword.includes(bare))) return 40;
  if (bare.length >= 3 && item.blurbWords.some((word) => word.startsWith(bare))) return 30;
  return bare.length >= 2 ? subsequence(bare, compact(item.name)) : 0;
}

/** The score of `item` for `query`: 0 when some word of the query matches nothing. */
export function score(item: Searchable, query: string): number {
  const tokens = words(fold(query));
  if (!tokens.length) return 0;
  const prepared = prepare(item);
  let total = 0;
  for (const token of tokens) {
    const one = tokenScore(token, prepared);
    if (!one) return 0;
    total += one;
  }
  // The whole query as one keyword or the name ("uuid v7", "json web token") outranks its words.
  const whole = compact(fold(query));
  if (tokens.length > 1 && (prepared.keywords.includes(whole) || compact(prepared.name) === whole)) total += 50;
  return total;
}

/** The items that match `query`, best first; equal scores keep their order. An empty query keeps all. */
export function rank<T extends Searchable>(items: readonly T[], query: string): T[] {
  if (!words(query).length) return [...items];
  return items
    .map((item, order) => ({ item, order, score: score(item, query) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((entry) => entry.item);
}
