// `from_detected` (docs/contract.md §4 text-case-converter): the first rule that matches, in the
// contract's order, else `mixed`. The input is trimmed first (a pasted identifier with a trailing
// newline is still camelCase). "Upper case" means \p{Lu} or \p{Lt}, "lower case" \p{Ll}; letters
// without case (CJK, Arabic, modifier letters) and digits count as neither, and combining marks
// are part of the word they follow; "words" are runs of letters, digits and marks. Each rule,
// exactly:
//
//   camelCase             a lower-case letter, then only letters, digits and marks, with at least
//                         one upper-case letter (both cases present): `xmlHttpRequest`, `iPhone`
//   PascalCase            an upper-case letter, then only letters, digits and marks, with at least
//                         one lower-case letter: `XmlHttpRequest`, `HTML5Parser`, `Hello`
//   snake_case            words without upper case joined by single `_`, at least one `_`; leading
//                         and trailing `_` are allowed (`__init__`, `_private`)
//   SCREAMING_SNAKE_CASE  the same with words without lower case (`XML_HTTP_REQUEST`, `__ALL__`)
//   kebab-case            two or more words without upper case joined by single `-`
//   COBOL-CASE            two or more words without lower case joined by single `-`
//   dot.case              two or more words without upper case joined by single `.`
//   Title Case            two or more whitespace-separated words (chunks that contain a letter or
//                         digit; punctuation around them is allowed, `Hello, World!`), each
//                         capitalised: its first letter-or-digit is an upper-case letter or a
//                         digit and no upper-case letter follows; at least one starts upper-case
//   Sentence case         two or more such words, the first starting with an upper-case letter
//                         and only that one containing any upper-case letter
//   lowercase             no upper-case letter
//   UPPERCASE             no lower-case letter
//   mixed                 anything else (`Hello_World`, `hello World`, `fooBar baz`)
//
// Only the specification's eleven are detected: the four extended targets keep the answers
// callers already get (path/case and flatcase input reads as lowercase, Header-Case as mixed).
import type { TARGETS } from './convert';
import { readPhrase, readShape, type Shape } from './scan';

export type Detected = (typeof TARGETS)[number] | 'mixed';

/** Words (at least `min`) joined by single `separator`s; `edges`: the separator may also lead and trail. */
const joinedBy = (shape: Shape, separator: string, min: number, edges: boolean) =>
  shape.separator === separator && shape.words >= min && !shape.separatorRepeated && (edges || !shape.separatorAtEdge);

/** The convention `text` is written in (see the rules above). */
export function detectCase(text: string): Detected {
  const t = text.trim();
  const shape = readShape(t);
  const lettersOnly = shape.separator === ''; // letters, digits and marks only
  if (shape.startsLower && lettersOnly && shape.hasUpper) return 'camelCase';
  if (shape.startsUpper && lettersOnly && shape.hasLower) return 'PascalCase';
  if (joinedBy(shape, '_', 1, true) && !shape.hasUpper) return 'snake_case';
  if (joinedBy(shape, '_', 1, true) && !shape.hasLower) return 'SCREAMING_SNAKE_CASE';
  if (joinedBy(shape, '-', 2, false) && !shape.hasUpper) return 'kebab-case';
  if (joinedBy(shape, '-', 2, false) && !shape.hasLower) return 'COBOL-CASE';
  if (joinedBy(shape, '.', 2, false) && !shape.hasUpper) return 'dot.case';
  const phrase = readPhrase(t);
  if (phrase.words >= 2 && phrase.allCapitalised && phrase.someStartUpper) return 'Title Case';
  if (phrase.words >= 2 && phrase.firstStartsUpperOnly && phrase.restWithoutUpper) return 'Sentence case';
  if (!shape.hasUpper) return 'lowercase';
  if (!shape.hasLower) return 'UPPERCASE';
  return 'mixed';
}
