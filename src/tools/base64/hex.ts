// Bytes as hex, both ways, for `data_format: "hex"` (docs/contract.md, base64).
// Reading is lenient about layout only, the way people paste bytes (`xxd -p` lines, `de ad be ef`,
// `0xdeadbeef`): whitespace is skipped and a `0x`/`0X` may open each whitespace-separated group.
// Digits pair up across the whole input, so an odd total is refused rather than guessed at
// (a leading or trailing nibble?); so is any other character, by position.
import { ToolInputError } from '../define';
import { characterPosition, quoteCharacter } from '../../lib/text-position';

/** Nibble value of each ASCII code; -1 for anything else. */
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  NIBBLE['0123456789abcdef'.charCodeAt(i)] = i;
  NIBBLE['0123456789ABCDEF'.charCodeAt(i)] = i;
}
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c;

/** The bytes written as hex in `text` (the request's `input`), or a ToolInputError naming it. */
export function parseHex(text: string): Uint8Array {
  const nibbles = new Uint8Array(text.length);
  let count = 0;
  let groupStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      groupStart = true;
      continue;
    }
    if (groupStart && c === 0x30 && (text.charCodeAt(i + 1) | 0x20) === 0x78) {
      // "0x" / "0X" opening a group. Its digits must follow: a bare "0x" is not a byte.
      const next = text.charCodeAt(i + 2);
      if (!(next < 128 && NIBBLE[next]! >= 0)) {
        throw new ToolInputError(
          `'input' has a '0x' at position ${characterPosition(text, i)} with no hex digits after it.`,
        );
      }
      i++;
      groupStart = false;
      continue;
    }
    groupStart = false;
    const v = c < 128 ? NIBBLE[c]! : -1;
    if (v < 0) {
      throw new ToolInputError(
        `'input' is not hex: ${quoteCharacter(text, i)} at position ${characterPosition(text, i)}. Hex takes 0–9, a–f, A–F and whitespace, with an optional 0x before each group.`,
      );
    }
    nibbles[count++] = v;
  }
  if (count % 2 === 1)
    throw new ToolInputError(`'input' has an odd number of hex digits (${count}): every byte takes two.`);
  const bytes = new Uint8Array(count / 2);
  for (let o = 0; o < bytes.length; o++) bytes[o] = (nibbles[2 * o]! << 4) | nibbles[2 * o + 1]!;
  return bytes;
}
