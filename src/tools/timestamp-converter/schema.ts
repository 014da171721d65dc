import { z } from 'zod';
import { pure } from '../pure';
import { KINDS } from './kinds';
import { DISAMBIGUATIONS } from './zoned';
import { MAX_FORMAT } from './format';

export const MODES = ['auto', 'to-date', 'to-timestamp'] as const;
export type Mode = (typeof MODES)[number];
export const UNITS = ['seconds', 'milliseconds', 'microseconds', 'nanoseconds', 'date', ...KINDS] as const;
export type Unit = (typeof UNITS)[number];

/** Defaults of the fields added later; the page leaves them out of its request until changed. */
export const KIND_DEFAULT = 'auto';
export const DISAMBIGUATION_DEFAULT = 'compatible';
/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { mode: 'auto', kind: KIND_DEFAULT, disambiguation: DISAMBIGUATION_DEFAULT } as const;
export const INPUT_KINDS = [KIND_DEFAULT, ...KINDS] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

export const Input = pure(() =>
  z.object({
    input: z
      .string()
      .min(1)
      .describe(
        'A Unix timestamp (optional sign, digits, optional fraction; the unit follows from the size: seconds, milliseconds, microseconds or nanoseconds) ' +
          'or a date string in ISO 8601 / RFC 3339 (e.g. `2024-02-29T12:00:00+05:30`, also `2024-01-05 10:00:00 +0200`), RFC 2822 (e.g. `Tue, 14 Nov 2023 22:13:20 GMT`), ' +
          "JavaScript's Date.prototype.toString() (`Fri Jan 05 2024 10:00:00 GMT+0200 (Central European Standard Time)`), `YYYY/MM/DD [HH:mm[:ss]]`, " +
          '`Jan 5 2024`, `5 Jan 2024` or `January 5, 2024` (optionally with a time, AM/PM and an offset), or `now` (any letter case: the current time). ' +
          'A date or time without an offset is read as UTC, whatever the form (or in `input_timezone`). Surrounding whitespace is ignored. ' +
          '`kind` names other forms: Excel serial days, Windows FILETIME, .NET ticks, MongoDB ObjectIds and Snowflake IDs.',
      ),
    mode: z
      .enum(MODES)
      .default(DEFAULTS.mode)
      .describe(
        '`to-date` requires a numeric timestamp, `to-timestamp` a date string; `auto` decides by the form of the input. `now` is taken in every mode.',
      ),
    timezone: z
      .string()
      .optional()
      .describe(
        'An IANA time zone name (e.g. `Europe/Berlin`, `America/New_York`, `Asia/Kathmandu`; any letter case). When sent, the answer has `zoned`: the instant ' +
          "as a wall clock in that zone, from the runtime's tz database. The name is canonicalised as ICU does (`utc`, `Etc/UTC`, `GMT` → `UTC`; " +
          '`US/Eastern` → `America/New_York`). An unknown zone, or an offset such as `+02:00`, is a 400 naming it. It never changes how `input` is read; ' +
          '`format` writes the wall clock of this zone (UTC without it).',
      ),
    kind: z
      .enum(INPUT_KINDS)
      .default(KIND_DEFAULT)
      .describe(
        'How to read `input`. `auto`: by its form, as described there, and 24 hex digits with a letter are a MongoDB ObjectId (a bare integer is always a Unix ' +
          'timestamp: an Excel serial, a FILETIME, .NET ticks or a Snowflake cannot be told apart by their digits, so name them). `excel-1900`: Excel serial days, ' +
          "1 = 1900-01-01, with Excel's fictitious 1900-02-29 as serial 60 (refused; 61 = 1900-03-01), a fraction is the time of day, a wall clock read as UTC " +
          'or in `input_timezone`; `excel-1904`: 0 = 1904-01-01; `filetime`: 100-ns intervals since 1601-01-01Z; `dotnet-ticks`: 100-ns intervals since ' +
          '0001-01-01 (DateTime.Ticks); `objectid`: 24 hex digits, the first 8 seconds since the epoch; `snowflake-twitter` / `snowflake-discord`: (id >> 22) ms ' +
          'since 2010-11-04T01:42:54.657Z / 2015-01-01Z. A named kind reads the input in any mode but `to-timestamp` (a 400).',
      ),
    input_timezone: z
      .string()
      .optional()
      .describe(
        'An IANA time zone in which a date or time without an offset (and an Excel serial) is read as a wall clock, e.g. `2024-03-31 10:00` in ' +
          '`Europe/Berlin` is 08:00Z; spelled and checked like `timezone`. Inputs with an offset or zone, and Unix timestamps, are instants and ignore it. ' +
          'The answer adds `wall_clock`.',
      ),
    disambiguation: z
      .enum(DISAMBIGUATIONS)
      .default(DISAMBIGUATION_DEFAULT)
      .describe(
        'For a wall clock in `input_timezone` that falls in a gap (clocks jumped over it) or an overlap (it happened twice), as Temporal: `compatible` ' +
          'takes the later reading in a gap (02:30 on a spring-forward day is 03:30 summer time) and the earlier in an overlap; `earlier` / `later` always ' +
          'the earlier / later one; `reject` answers `valid:false` naming the gap or overlap.',
      ),
    format: z
      .string()
      .min(1)
      .max(MAX_FORMAT)
      .optional()
      .describe(
        "Writes the answer's `formatted` with Day.js/moment tokens in the `timezone` (UTC without it): YYYY YY Q M MM MMM MMMM D DD Do DDD DDDD d E ddd dddd " +
          'W WW GGGG H HH h hh m mm s ss S SS SSS A a Z ZZ X x; text in [brackets] is copied as it is, and so is every other character. ' +
          'E.g. `YYYY-MM-DD HH:mm:ss Z` → `2024-01-05 10:00:00 +02:00`, `[Day] DDDD [of] YYYY`.',
      ),
  }),
);

export const Zoned = pure(() =>
  z.object({
    timezone: z.string().describe('The canonical name of the zone asked for (e.g. `UTC` for `utc`).'),
    local: z
      .string()
      .describe(
        'ISO 8601 local date-time with the offset, e.g. `2024-01-05T10:00:00+02:00`; milliseconds only when not zero; years outside 0000–9999 as `±YYYYYY`.',
      ),
    offset: z
      .string()
      .describe(
        "The zone's offset from UTC at that instant, `±hh:mm` (e.g. `+05:45`), with `:ss` for historic offsets that have seconds (`-00:44:30`).",
      ),
  }),
);

export const WallClock = pure(() =>
  z.object({
    timezone: z.string().describe('The canonical name of `input_timezone`.'),
    offset: z.string().describe('The offset the wall clock was read with, `±hh:mm[:ss]`.'),
    transition: z
      .enum(['gap', 'overlap'])
      .optional()
      .describe(
        '`gap`: that wall clock never happened in the zone (clocks moved forward over it); `overlap`: it happened twice. Absent otherwise.',
      ),
  }),
);

export const Output = pure(() =>
  z.object({
    unix_seconds: z
      .number()
      .int()
      .describe('Whole seconds since 1970-01-01T00:00:00Z: floor(unix_ms / 1000). 0 when invalid.'),
    unix_ms: z
      .number()
      .int()
      .describe('Milliseconds since 1970-01-01T00:00:00Z (sub-millisecond parts floored). 0 when invalid.'),
    iso8601: z
      .string()
      .describe('UTC, `YYYY-MM-DDTHH:mm:ss.sssZ`; years outside 0000–9999 as `±YYYYYY`. Empty when invalid.'),
    utc: z.string().describe('Human-readable UTC, `Www, DD Mon YYYY HH:MM:SS UTC`. Empty when invalid.'),
    relative: z
      .string()
      .describe(
        'Relative to the current time, e.g. `just now`, `5 minutes ago`, `in about 3 hours`, `about 2 years ago`. Empty when invalid.',
      ),
    valid: z
      .boolean()
      .describe('False when the input has the wrong form for the mode, cannot be parsed, or is out of range.'),
    error: z
      .string()
      .optional()
      .describe('What is wrong and where (1-based character position); present only when invalid.'),
    detected_unit: z
      .enum(UNITS)
      .optional()
      .describe(
        'How the input was read: the unit of a numeric timestamp (|n| < 1e11 seconds, < 1e14 ms, < 1e17 µs, else ns), or `date` for a date string (and `now`), ' +
          'or the `kind` it was read as (`objectid` also when detected). Present only when valid.',
      ),
    zoned: Zoned.optional().describe(
      'The instant in the requested `timezone`; present only when `timezone` was sent and the input is valid.',
    ),
    wall_clock: WallClock.optional().describe(
      'How a wall-clock input was read in `input_timezone`; present only when that was sent, the input is valid and had no offset of its own.',
    ),
    formatted: z
      .string()
      .optional()
      .describe('The instant written by `format`; present only when `format` was sent and the input is valid.'),
  }),
);
