// Unix timestamp ⇄ date (docs/contract.md §4 timestamp-converter). The input's form decides the way:
// a number (optional sign, digits, optional fraction) is a timestamp whose unit follows from its
// size; anything else is an ISO 8601 or RFC 2822 date string. Surrounding whitespace is ignored.
// Every failure the caller can fix is a 200 with valid:false (the contract's rule for this tool).
import type { z } from 'zod';
import { defineTool } from '../define';
import { MAX_MS, MS_PER_DAY, RANGE, formatIso, formatUtc } from '../../lib/civil';
import { parseIso } from './iso8601';
import { looksNumeric, parseNumeric } from './numeric';
import { looksLikeRfc2822, parseRfc2822 } from './rfc2822';
import { looksHuman, parseHuman } from './human';
import { canonicalZone, formatOffset, readWall, wallClock, zonedTime, type Disambiguation } from './zoned';
import { OBJECT_ID, parseKind } from './kinds';
import { formatWall, wallFields } from './format';
import { relativeTime } from '../../lib/relative-time';
import { Input, Output, type InputKind, type Mode } from './schema';
import { ToolInputError } from '../define';
import { found } from './scan';

type Result = z.input<typeof Output>;

/** docs/contract.md: wrong form, unparseable or out of range is a 200 with zeros and empty strings. */
const invalid = (error: string): Result => ({
  unix_seconds: 0,
  unix_ms: 0,
  iso8601: '',
  utc: '',
  relative: '',
  valid: false,
  error,
});

function converted(ms: number, unit: NonNullable<Result['detected_unit']>, now: number): Result {
  return {
    unix_seconds: (ms - (((ms % 1000) + 1000) % 1000)) / 1000, // floor, in exact integer steps
    unix_ms: ms,
    iso8601: formatIso(ms),
    utc: formatUtc(ms),
    relative: relativeTime(ms, now),
    valid: true,
    detected_unit: unit,
  };
}

/** Parses a date string between `start` and `end` of `input`; picks the grammar by its first tokens. */
function parseDate(input: string, start: number, end: number) {
  const [grammar, parse] = looksHuman(input, start, end)
    ? (['date', parseHuman] as const)
    : looksLikeRfc2822(input, start, end)
      ? (['RFC 2822 date', parseRfc2822] as const)
      : (['ISO 8601 date', parseIso] as const);
  const parsed = parse(input, start, end);
  if (!parsed.ok) return { ok: false as const, error: `'input' is not a valid ${grammar}: ${parsed.error}.` };
  // 0 - offset can make -0; normalise so that no answer carries a negative zero.
  return { ok: true as const, ms: parsed.ms + 0, local: parsed.local === true };
}

export default defineTool({
  slug: 'timestamp-converter',
  name: 'Timestamp Converter',
  summary:
    'Converts Unix timestamps (s, ms, µs or ns) to ISO 8601 and UTC dates, or dates (ISO 8601, RFC 2822, Date.toString(), Jan 5 2024, now) to Unix timestamps, shows the instant in any IANA time zone and says how long ago that is.',
  tag: 'datetime',
  category: 'convert',
  icon: 'clock',
  blurb: 'Unix time to a readable date and back.',
  keywords: [
    'timestamp',
    'unix',
    'epoch',
    'unix time',
    'date',
    'time',
    'iso 8601',
    'utc',
    'milliseconds',
    'seconds',
    'rfc 2822',
    'time zone',
    'timezone',
    'iana',
    'world clock',
    'now',
  ],
  paste: [
    { kind: 'unix-time', field: 'input' },
    { kind: 'date', field: 'input' },
  ],
  nondeterministic: "`relative` (e.g. '3 days ago') is measured from the moment of the call.",
  input: Input,
  output: Output,
  examples: [
    { summary: 'Unix seconds to a date', input: { input: '1700000000' } },
    {
      summary: 'ISO 8601 date with an offset to a timestamp',
      input: { input: '2024-02-29T12:00:00+05:30', mode: 'to-timestamp' },
    },
    { summary: 'RFC 2822 date (as in e-mail and HTTP headers)', input: { input: 'Tue, 14 Nov 2023 22:13:20 GMT' } },
    {
      summary: "JavaScript's Date.toString() output, shown in another time zone",
      input: {
        input: 'Fri Jan 05 2024 10:00:00 GMT+0200 (Central European Standard Time)',
        timezone: 'America/New_York',
      },
    },
  ],
  run({ input, mode, timezone, kind, input_timezone, disambiguation, format }, ctx) {
    // The zones are checked first: a wrong name is a 400 (the request is wrong), whatever the input.
    const zone = timezone === undefined ? undefined : canonicalZone(timezone);
    const inputZone = input_timezone === undefined ? undefined : canonicalZone(input_timezone, 'input_timezone');
    if (kind !== 'auto' && mode === 'to-timestamp') {
      throw new ToolInputError(
        `'kind' ${JSON.stringify(kind)} reads a number or an identifier, which mode 'to-timestamp' refuses; use mode 'auto' or 'to-date'.`,
      );
    }
    const read = convert(input, mode, kind, ctx.now());
    const result =
      read.local && inputZone !== undefined && read.result.valid
        ? inZone(read.result, inputZone, disambiguation, ctx.now())
        : read.result;
    if (!result.valid) return result;
    return {
      ...result,
      ...(zone !== undefined && { zoned: zonedTime(result.unix_ms, zone) }),
      ...(format !== undefined && { formatted: formatted(result.unix_ms, zone, format) }),
    };
  },
});

/** The result of a wall-clock input (read as UTC) moved to the instant that clock names in `zone`. */
function inZone(result: Result, zone: string, choice: Disambiguation, now: number): Result {
  const wall = result.unix_ms;
  // Offsets are sampled a day either side, which Intl can only do inside the range.
  if (Math.abs(wall) > MAX_MS - MS_PER_DAY)
    return invalid(`'input' read in 'input_timezone' is out of range: ${RANGE}.`);
  const reading = readWall(wall, zone, choice === 'reject' ? 'compatible' : choice);
  if (choice === 'reject' && reading.kind !== 'unique') {
    const clock = formatIso(wall).slice(0, 19).replace('T', ' ');
    const change = `when the offset changed from ${formatOffset(reading.before)} to ${formatOffset(reading.after)}`;
    return invalid(
      reading.kind === 'gap'
        ? `'input' ${clock} never happened in ${zone}: the clocks skipped it ${change}; 'disambiguation' 'reject' refuses it (use 'compatible', 'earlier' or 'later', or give an offset).`
        : `'input' ${clock} happened twice in ${zone}, ${change}; 'disambiguation' 'reject' refuses it (use 'compatible', 'earlier' or 'later', or give an offset).`,
    );
  }
  if (Math.abs(reading.ms) > MAX_MS) return invalid(`'input' is out of range: ${RANGE}.`);
  const offset = formatOffset(Math.round((wall - reading.ms) / 1000));
  const transition = reading.kind === 'unique' ? undefined : reading.kind;
  return {
    ...converted(reading.ms, result.detected_unit!, now),
    wall_clock: { timezone: zone, offset, ...(transition && { transition }) },
  };
}

/** `format` written for the wall clock of `ms` in `zone` (UTC when no zone was asked for). */
function formatted(ms: number, zone: string | undefined, format: string): string {
  const { wall, offsetSeconds } = zone === undefined ? { wall: ms, offsetSeconds: 0 } : wallClock(ms, zone);
  return formatWall(format, wallFields(wall, offsetSeconds, ms));
}

/** `now`, any letter case: the door's clock (ctx.now), so an answer is exact in tests and examples. */
const NOW = /^now$/i;

/** A conversion, and whether the input was a wall clock without an offset (read as UTC so far). */
interface Read {
  result: Result;
  local: boolean;
}

/** Anything but a date string without an offset: nothing to read in a zone. */
const instant = (result: Result): Read => ({ result, local: false });

function convert(input: string, mode: Mode, kind: InputKind, now: number): Read {
  // Pasted values often carry a newline or spaces; positions still count from the field as sent.
  const start = input.length - input.trimStart().length;
  const end = input.trimEnd().length;
  if (start >= end) return instant(invalid(`'input' contains only whitespace.`));
  const text = start === 0 && end === input.length ? input : input.slice(start, end);
  if (NOW.test(text)) return instant(converted(now, 'date', now));
  // An ObjectId is the one other kind its form gives away (a letter among 24 hex digits).
  const named =
    kind !== 'auto' ? kind : mode === 'auto' && OBJECT_ID.test(text) && /[a-f]/i.test(text) ? 'objectid' : undefined;
  if (named !== undefined) {
    const read = parseKind(named, text, input, start);
    return read.ok ? { result: converted(read.ms, named, now), local: read.local } : instant(invalid(read.error));
  }
  return convertText(input, mode, now, start, end, text);
}

function convertText(input: string, mode: Mode, now: number, start: number, end: number, text: string): Read {
  if (mode === 'to-timestamp' && looksNumeric(text)) {
    return instant(
      invalid(
        `Mode 'to-timestamp' expects an ISO 8601 or RFC 2822 date string, but 'input' is a number; use mode 'to-date' or 'auto' for Unix timestamps.`,
      ),
    );
  }
  if (mode === 'to-date' && !looksNumeric(text)) {
    if (parseDate(input, start, end).ok) {
      return instant(
        invalid(
          `Mode 'to-date' expects a numeric Unix timestamp, but 'input' is a date string; use mode 'to-timestamp' or 'auto' for dates.`,
        ),
      );
    }
    const bad = /^[+-]?\d*(?:\.\d*)?/.exec(text)![0].length; // where the number form breaks
    return instant(
      invalid(
        `Mode 'to-date' expects a numeric Unix timestamp (digits with an optional sign and fraction), but 'input' has ${found(input, start + bad, end)}.`,
      ),
    );
  }
  if (looksNumeric(text)) {
    const numeric = parseNumeric(text, input, start);
    return instant(numeric.ok ? converted(numeric.ms, numeric.unit, now) : invalid(numeric.error));
  }
  const date = parseDate(input, start, end);
  if (!date.ok) return instant(invalid(date.error));
  if (Math.abs(date.ms) > MAX_MS) return instant(invalid(`'input' is out of range: ${RANGE}.`));
  return { result: converted(date.ms, 'date', now), local: date.local };
}
