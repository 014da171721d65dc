// The "time ago" phrase of docs/contract.md §4 timestamp-converter, with its exact thresholds.
// d = |now − t| in whole milliseconds (a fractional clock is floored first, so that every
// comparison and every half-up rounding below is exact integer arithmetic).
// Also the words the JWT decoder's page shows for its time claims; a fractional time is floored
// too (the converter's are whole milliseconds already).

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365.25 * DAY; // 31_557_600_000 ms, an integer

/** round(d / unit), halves up, exactly: floor((2d + unit) / 2unit) in BigInt (2d may pass 2^53). */
function roundHalfUp(d: number, unit: number): number {
  const u = BigInt(unit);
  return Number((2n * BigInt(d) + u) / (2n * u));
}

/** Phrase without direction: `1 minute`, `about 3 hours`, … (`undefined` under 45 s). */
function span(d: number): string | undefined {
  if (d < 45 * SECOND) return undefined;
  if (d < 90 * SECOND) return '1 minute';
  if (d < 45 * MINUTE) return `${roundHalfUp(d, MINUTE)} minutes`;
  if (d < 90 * MINUTE) return 'about 1 hour';
  if (d < 22 * HOUR) return `about ${roundHalfUp(d, HOUR)} hours`;
  if (d < 36 * HOUR) return 'about 1 day';
  if (d < 345 * DAY) return `${roundHalfUp(d, DAY)} days`;
  const years = roundHalfUp(d, YEAR);
  return `about ${years} ${years === 1 ? 'year' : 'years'}`;
}

/** `just now`, `<span> ago` when `t` is in the past, `in <span>` when in the future (both in ms). */
export function relativeTime(t: number, now: number): string {
  const delta = Math.floor(now) - Math.floor(t);
  const phrase = span(Math.abs(delta));
  if (phrase === undefined) return 'just now';
  return delta > 0 ? `${phrase} ago` : `in ${phrase}`;
}
