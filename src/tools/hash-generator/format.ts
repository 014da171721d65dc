// Digests as the page shows them (lowercase hex or padded Base64, as the API gives them) and
// byte counts in words. Pure: no locale (the same text on every device).
import { decodeBase64, encodeBase64 } from '../../lib/base64';
import { groupThousands } from '../../lib/digits';
import { toHex } from '../../lib/hex';
import type { Encoding } from './schema';

export function formatDigest(bytes: Uint8Array, encoding: Encoding): string {
  return encoding === 'base64' ? encodeBase64(bytes, false, true) : toHex(bytes);
}

/** The bytes of a digest the API gave in `encoding`. */
export function parseDigest(hash: string, encoding: Encoding): Uint8Array {
  if (encoding === 'base64') {
    const decoded = decodeBase64(hash);
    return decoded.ok ? decoded.bytes : new Uint8Array(0);
  }
  return Uint8Array.from(hash.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** 1234567 → "1,234,567". */
export const groupDigits = (n: number): string => groupThousands(Math.round(n));

/** Bytes in decimal units: "812 bytes", "4.2 kB", "209.7 MB", "2.15 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) {
    const whole = Math.round(bytes);
    return `${whole} byte${whole === 1 ? '' : 's'}`;
  }
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0)} ${units[unit]}`;
}
