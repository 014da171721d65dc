import { z } from 'zod';
import { pure } from '../pure';

export const MODES = ['auto', 'to-date', 'to-timestamp'] as const;
export type Mode = (typeof MODES)[number];
export const UNITS = ['seconds', 'milliseconds', 'microseconds', 'nanoseconds', 'date'] as const;
export type Unit = (typeof UNITS)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { mode: 'auto' } as const;

export const Input = pure(() => z.object({
  input: z
    .string()
    .min(1)
    .describe(
      'A Unix timestamp (optional sign, digits, optional fraction; the unit follows from the size: seconds, milliseconds, microseconds or nanoseconds) ' +
'or a date string in ISO 8601 / RFC 3339 (e.g. `2024-02-29T12:00:00+05:30`, also `2024-01-05 10:00:00 +0200`), RFC 2822 (e.g. `Tue, 14 Nov 2023 22:13:20 GMT`), ' +
        "JavaScript's Date.prototype.toString() (`Fri Jan 05 2024 10:00:00 GMT+0200 (Central European Standard Time)`), `YYYY/MM/DD [HH:mm[:ss]]`, " +
        '`Jan 5 2024`, `5 Jan 2024` or `January 5, 2024` (optionally with a time, AM/PM and an offset), or `now` (any letter case: the current time). ' +
        'A date or time without an offset is read as UTC, whatever the form. Surrounding whitespace is ignored.',
    ),
  mode: z
    .enum(MODES)
    .default(DEFAULTS.mode)
    .describe('`to-date` requires a numeric timestamp, `to-timestamp` a date string; `auto` decides by the form of the input. `now` is taken in every mode.'),
  timezone: z
    .string()
    .optional()
    .describe(
      'An IANA time zone name (e.g. `Europe/Berlin`, `America/New_York`, `Asia/Kathmandu`; any letter case). When sent, the answer has `zoned`: the instant ' +
        "as a wall clock in that zone, from the runtime's tz database. The name is canonicalised as ICU does (`utc`, `Etc/UTC`, `GMT` → `UTC`; " +
        '`US/Eastern` → `America/New_York`). An unknown zone, or an offset such as `+02:00`, is a 400 naming it. It never changes how `input` is read.',
    ),
}));

export const Zoned = pure(() => z.object({
  timezone: z.string().describe('The canonical name of the zone asked for (e.g. `UTC` for `utc`).'),
  local: z
    .string()
    .describe('ISO 8601 local date-time with the offset, e.g. `2024-01-05T10:00:00+02:00`; milliseconds only when not zero; years outside 0000–9999 as `±YYYYYY`.'),
  offset: z.string().describe('The zone\'s offset from UTC at that instant, `±hh:mm` (e.g. `+05:45`), with `:ss` for historic offsets that have seconds (`-00:44:30`).'),
}));

export const Output = pure(() => z.object({
  unix_seconds: z.number().int().describe('Whole seconds since 1970-01-01T00:00:00Z: floor(unix_ms / 1000). 0 when invalid.'),
  unix_ms: z.number().int().describe('Milliseconds since 1970-01-01T00:00:00Z (sub-millisecond parts floored). 0 when invalid.'),
  iso8601: z.string().describe('UTC, `YYYY-MM-DDTHH:mm:ss.sssZ`; years outside 0000–9999 as `±YYYYYY`. Empty when invalid.'),
  utc: z.string().describe('Human-readable UTC, `Www, DD Mon YYYY HH:MM:SS UTC`. Empty when invalid.'),
  relative: z
    .string()
    .describe('Relative to the current time, e.g. `just now`, `5 minutes ago`, `in about 3 hours`, `about 2 years ago`. Empty when invalid.'),
  valid: z.boolean().describe('False when the input has the wrong form for the mode, cannot be parsed, or is out of range.'),
  error: z.string().optional().describe('What is wrong and where (1-based character position); present only when invalid.'),
  detected_unit: z
    .enum(UNITS)
    .optional()
    .describe('How the input was read: the unit of a numeric timestamp (|n| < 1e11 seconds, < 1e14 ms, < 1e17 µs, else ns), or `date` for a date string (and `now`). Present only when valid.'),
  zoned: Zoned
    .optional()
    .describe('The instant in the requested `timezone`; present only when `timezone` was sent and the input is valid.'),
}));
