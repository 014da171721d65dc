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
        'or a date string in ISO 8601 / RFC 3339 (e.g. `2024-02-29T12:00:00+05:30`; no offset means UTC) or RFC 2822 (e.g. `Tue, 14 Nov 2023 22:13:20 GMT`). ' +
        'Surrounding whitespace is ignored.',
    ),
  mode: z
    .enum(MODES)
    .default(DEFAULTS.mode)
    .describe('`to-date` requires a numeric timestamp, `to-timestamp` a date string; `auto` decides by the form of the input.'),
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
    .describe('How the input was read: the unit of a numeric timestamp (|n| < 1e11 seconds, < 1e14 ms, < 1e17 µs, else ns), or `date` for a date string. Present only when valid.'),
}));
