// The Encode tab's header and payload editors hold JSON text; the tool takes objects. A text
// that is not JSON is answered in the JSON formatter's words and place (line, column, code
// points: lib/json-tree.ts), so both pages point at a mistake the same way; one that is JSON but
// not an object says so. JSON.parse reads what parses (the tool gets what JSON.parse gives); the
// formatter's strict parser runs only to find where a text breaks.
import { JsonSyntaxError, parseJson } from '../../lib/json-tree';
import { lineColumn } from '../../lib/text-position';

export type ObjectText =
  { ok: true; value: Record<string, unknown> } | { ok: false; error: string; line?: number; column?: number };

/** `text` as a JSON object; empty text is `empty` (the header editor may stay empty). */
export function readObject(text: string, what: string, empty?: Record<string, unknown>): ObjectText {
  if (text.trim() === '') {
    return empty ? { ok: true, value: empty } : { ok: false, error: `The ${what} is empty: write a JSON object.` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      parseJson(text);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      const { line, column } = lineColumn(text, error.offset);
      return {
        ok: false,
        error: `The ${what} is not valid JSON: ${error.message} at line ${line}, column ${column}.`,
        line,
        column,
      };
    }
    // JSON.parse and the strict parser disagree only on what neither should meet; say it plainly.
    return { ok: false, error: `The ${what} is not valid JSON.` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, error: `The ${what} must be a JSON object ({…}), not ${kind}.` };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** Sets `claim` to `seconds` in the object `text` holds, keeping the other members in order (2-space JSON). */
export function withClaim(text: string, claim: string, seconds: number): string | undefined {
  const read = readObject(text, 'payload', {});
  if (!read.ok) return undefined;
  return JSON.stringify({ ...read.value, [claim]: seconds }, null, 2);
}

/** The "now + …" choices of the time helpers, in seconds. */
export const DURATIONS = [
  { label: 'now', seconds: 0 },
  { label: 'now + 15 min', seconds: 15 * 60 },
  { label: 'now + 1 hour', seconds: 3600 },
  { label: 'now + 1 day', seconds: 86_400 },
  { label: 'now + 7 days', seconds: 7 * 86_400 },
  { label: 'now + 30 days', seconds: 30 * 86_400 },
] as const;

export const UNITS = [
  { label: 'minutes', seconds: 60 },
  { label: 'hours', seconds: 3600 },
  { label: 'days', seconds: 86_400 },
] as const;
