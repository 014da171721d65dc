// Page-only helpers: the registered time claims (RFC 7519 §4.1.4-4.1.6) in words, from the numbers.
// Deterministic apart from `now`: ISO 8601 via toISOString (UTC), no locale, no time zone; "how
// long ago" in the timestamp converter's words.
import { relativeTime } from '../../lib/relative-time';

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
