// Byte counts in the sentences the doors write (413s, memory limits, refusals): one formatter,
// so a limit reads the same wherever it is printed. Units are binary and written as such
// (KiB, MiB, GiB), as docs/contract.md counts them and as its fixed sentence "Request body
// exceeds 16 MiB" already spells them; a count that is no whole number of its unit is given
// exactly in bytes too, so an operator's MAX_BODY_BYTES=2000 is never rounded in a message.
import { groupThousands } from './digits';

const UNITS = [
  ['GiB', 1024 ** 3],
  ['MiB', 1024 ** 2],
  ['KiB', 1024],
] as const;

/** Counts below this are clearer as bytes than as a fraction of a KiB ("2,000 bytes", not "1.95 KiB"). */
const PLAIN_BELOW = 10 * 1024;

/**
 * `16 MiB`, `15.5 KiB`, `2,000 bytes`, `1 byte`, `976.6 KiB (1,000,000 bytes)`: whole units when
 * exact, else one decimal and the exact count in bytes beside it.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return `${bytes} bytes`;
  const n = Math.floor(bytes);
  for (const [unit, size] of UNITS) {
    if (n < size) continue;
    if (n % size === 0) return `${groupThousands(n / size)} ${unit}`;
    if (n < PLAIN_BELOW) break;
    const value = (Math.round((n / size) * 10) / 10).toFixed(1).replace(/\.0$/, '');
    // Exact halves and the like need no second figure: 1.5 KiB is 1,536 bytes, no rounding.
    return Number(value) * size === n ? `${value} ${unit}` : `${value} ${unit} (${groupThousands(n)} bytes)`;
  }
  return n === 1 ? '1 byte' : `${groupThousands(n)} bytes`;
}
