// `from_detected` (CONTRACT.md §4 text-case-converter): the first rule that matches, in the
// contract's order, else `mixed`. The input is trimmed first (a pasted identifier with a trailing
// newline is still camelCase). "Upper case" means \p{Lu} or \p{Lt}, "lower case" \p{Ll}; letters
// without case (CJK, Arabic, modifier letters) and digits count as neither, and combining marks
// are part of the word they follow. Each rule, exactly:
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
import type { Target } from './convert';
import { readPhrase } from './scan';

export type Detected = Target | 'mixed';

const NO_UPPER = '[\\p{Ll}\\p{Lm}\\p{Lo}\\p{N}\\p{M}]+';
const NO_LOWER = '[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{N}\\p{M}]+';

const CAMEL = /^\p{Ll}[\p{L}\p{N}\p{M}]*$/u;
const PASCAL = /^[\p{Lu}\p{Lt}][\p{L}\p{N}\p{M}]*$/u;
const SNAKE = new RegExp(`^_*${NO_UPPER}(?:_${NO_UPPER})*_*$`, 'u');
const SCREAMING = new RegExp(`^_*${NO_LOWER}(?:_${NO_LOWER})*_*$`, 'u');
const KEBAB = new RegExp(`^${NO_UPPER}(?:-${NO_UPPER})+$`, 'u');
const COBOL = new RegExp(`^${NO_LOWER}(?:-${NO_LOWER})+$`, 'u');
const DOT = new RegExp(`^${NO_UPPER}(?:\\.${NO_UPPER})+$`, 'u');
const HAS_UPPER = /[\p{Lu}\p{Lt}]/u;
const HAS_LOWER = /\p{Ll}/u;

/** The convention `text` is written in (see the rules above). */
export function detectCase(text: string): Detected {
  const t = text.trim();
  if (CAMEL.test(t) && HAS_UPPER.test(t)) return 'camelCase';
  if (PASCAL.test(t) && HAS_LOWER.test(t)) return 'PascalCase';
  if (t.includes('_') && SNAKE.test(t)) return 'snake_case';
  if (t.includes('_') && SCREAMING.test(t)) return 'SCREAMING_SNAKE_CASE';
  if (KEBAB.test(t)) return 'kebab-case';
  if (COBOL.test(t)) return 'COBOL-CASE';
  if (DOT.test(t)) return 'dot.case';
  const phrase = readPhrase(t);
  if (phrase.words >= 2 && phrase.allCapitalised && phrase.someStartUpper) return 'Title Case';
  if (phrase.words >= 2 && phrase.firstStartsUpperOnly && phrase.restWithoutUpper) return 'Sentence case';
  if (!HAS_UPPER.test(t)) return 'lowercase';
  if (!HAS_LOWER.test(t)) return 'UPPERCASE';
  return 'mixed';
}
