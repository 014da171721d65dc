// Small helpers for error sentences: user text quoted safely, characters named unambiguously and
// positions counted as docs/contract.md §1 says (1-based, in characters of the field as sent).
import { quoteCharacter } from '../../lib/text-position';

/** A user-controlled string inside a message: JSON-quoted (control characters escaped), cut short. */
export function quote(text: string): string {
  if (text.length <= 60) return JSON.stringify(text);
  const cut = text.charCodeAt(59) >= 0xd800 && text.charCodeAt(59) <= 0xdbff ? 59 : 60; // keep pairs whole
  return JSON.stringify(`${text.slice(0, cut)}…`);
}

/** Printable ASCII as 'c'; anything else (spaces, controls, non-ASCII, lone surrogates) as U+XXXX. */
export const describeChar = (text: string, index: number): string =>
  quoteCharacter(text, index, (cp) => !(cp > 0x20 && cp < 0x7f));
