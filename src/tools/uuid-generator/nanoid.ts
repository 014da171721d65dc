// NanoID: `size` characters drawn uniformly from `alphabet` with crypto-strength random bytes.
// Written here rather than imported from the `nanoid` package because the tool draws every random
// byte through the context (ctx.randomBytes), the one source the doors and tests share; the
// algorithm is nanoid's own (a bit mask and rejection of the bytes it would skew), and
// nanoid.test.ts checks our IDs against the package's `customRandom` fed the same bytes.

/**
 * nanoid's default characters (URL-safe: A–Z, a–z, 0–9, `_` and `-`), in reading order rather than
 * nanoid's shuffled one: the page shows it, and the order does not change how random an ID is.
 */
export const NANOID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
export const NANOID_SIZE = 21;

/**
 * The smallest all-ones mask covering the alphabet's indexes: a byte masked with it is an index or
 * is rejected, so every character is equally likely.
 */
function maskFor(length: number): number {
  return (2 << (31 - Math.clz32((length - 1) | 1))) - 1;
}

/**
 * `count` NanoIDs. `alphabet` is a list of 2–256 distinct characters (whole code points).
 * `draw(n)` returns n fresh random bytes; bytes are read from the end of each draw, as nanoid does.
 */
export function nanoids(
  alphabet: readonly string[],
  size: number,
  count: number,
  draw: (n: number) => Uint8Array,
): string[] {
  const mask = maskFor(alphabet.length);
  // Bytes per draw: enough for one ID most of the time (1.6 covers the rejected share); nanoid's
  // own arithmetic, so the same bytes give the same ID.
  const step = Math.ceil((1.6 * mask * size) / alphabet.length);
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    let id = '';
    let length = 0;
    for (;;) {
      const bytes = draw(step);
      let j = step;
      while (j--) {
        const char = alphabet[bytes[j]! & mask];
        if (char === undefined) continue;
        id += char;
        if (++length === size) break;
      }
      if (length === size) break;
    }
    ids.push(id);
  }
  return ids;
}
