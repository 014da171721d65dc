// Page-only helpers: the registered time claims (RFC 7519 §4.1.4-4.1.6) in words, from the numbers.
// Deterministic apart from `now`: ISO 8601 via toISOString (UTC), no locale, no time zone.

export const TIME_CLAIMS = [
  { claim: 'exp', label: 'Expires' },
  { claim: 'nbf', label: 'Not before' },
  { claim: 'iat', label: 'Issued at' },
] as const;

export interface ClaimTime {
  claim: 'exp' | 'nbf' | 'iat';
  label: string;
  seconds: number;
  /** ISO 8601 UTC, or undefined when the number is outside the range of dates. */
  iso?: string;
  relative?: string;
  /** A hint when the number looks like milliseconds (a frequent mistake: JWT times are seconds). */
  hint?: string;
}

const MAX_MS = 8.64e15;
const UNITS: readonly [string, number][] = [
  ['year', 31_557_600],
  ['month', 2_629_800],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "in 3 days", "13 years ago", "now"; whole units, rounded toward zero. */
export function relativeTime(targetMs: number, nowMs: number): string {
  const diff = (targetMs - nowMs) / 1000;
  const abs = Math.abs(diff);
  if (abs < 1) return 'now';
  const [unit, size] = UNITS.find(([, s]) => abs >= s)!;
  const n = Math.floor(abs / size);
  const text = `${n} ${unit}${n === 1 ? '' : 's'}`;
  return diff > 0 ? `in ${text}` : `${text} ago`;
}

export function claimTimes(payload: unknown, nowMs: number): ClaimTime[] {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return [];
  const claims = payload as Record<string, unknown>;
  const times: ClaimTime[] = [];
  for (const { claim, label } of TIME_CLAIMS) {
    const seconds = claims[claim];
    if (typeof seconds !== 'number' || !Number.isFinite(seconds)) continue;
    const ms = seconds * 1000;
    const entry: ClaimTime = { claim, label, seconds };
    if (Math.abs(ms) <= MAX_MS) {
      entry.iso = new Date(ms).toISOString();
      entry.relative = relativeTime(ms, nowMs);
    }
    if (Math.abs(seconds) >= 1e11) entry.hint = 'This looks like milliseconds; JWT times are in seconds since 1970.';
    times.push(entry);
  }
  return times;
}
