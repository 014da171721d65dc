// Unix timestamp ⇄ date (docs/contract.md §4 timestamp-converter). The input's form decides the way:
// a number (optional sign, digits, optional fraction) is a timestamp whose unit follows from its
// size; anything else is an ISO 8601 or RFC 2822 date string. Surrounding whitespace is ignored.
// Every failure the caller can fix is a 200 with valid:false (the contract's rule for this tool).
import type { z } from 'zod';
import { defineTool } from '../define';
import { MAX_MS, RANGE, formatIso, formatUtc } from '../../lib/civil';
import { parseIso } from './iso8601';
import { looksNumeric, parseNumeric, type Unit } from './numeric';
import { looksLikeRfc2822, parseRfc2822 } from './rfc2822';
import { looksHuman, parseHuman } from './human';
import { canonicalZone, zonedTime } from './zoned';
import { relativeTime } from '../../lib/relative-time';
import { Input, Output, type Mode } from './schema';
import { found } from './scan';

type Result = z.input<typeof Output>;

/** docs/contract.md: wrong form, unparseable or out of range is a 200 with zeros and empty strings. */
const invalid = (error: string): Result => ({ unix_seconds: 0, unix_ms: 0, iso8601: '', utc: '', relative: '', valid: false, error });

function converted(ms: number, unit: Unit | 'date', now: number): Result {
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
  return { ok: true as const, ms: parsed.ms + 0 };
}

export default defineTool({
  slug: 'timestamp-converter',
  name: 'Timestamp Converter',
  summary: 'Converts Unix timestamps (s, ms, µs or ns) to ISO 8601 and UTC dates, or dates (ISO 8601, RFC 2822, Date.toString(), Jan 5 2024, now) to Unix timestamps, shows the instant in any IANA time zone and says how long ago that is.',
  tag: 'datetime',
  category: 'convert',
  icon: 'clock',
  blurb: 'Unix time to a readable date and back.',
  keywords: ['timestamp', 'unix', 'epoch', 'unix time', 'date', 'time', 'iso 8601', 'utc', 'milliseconds', 'seconds', 'rfc 2822', 'time zone', 'timezone', 'iana', 'world clock', 'now'],
  paste: [{ kind: 'unix-time', field: 'input' }, { kind: 'date', field: 'input' }],
  nondeterministic: "`relative` (e.g. '3 days ago') is measured from the moment of the call.",
  input: Input,
  output: Output,
  examples: [
    { summary: 'Unix seconds to a date', input: { input: '1700000000' } },
    { summary: 'ISO 8601 date with an offset to a timestamp', input: { input: '2024-02-29T12:00:00+05:30', mode: 'to-timestamp' } },
    { summary: 'RFC 2822 date (as in e-mail and HTTP headers)', input: { input: 'Tue, 14 Nov 2023 22:13:20 GMT' } },
    { summary: "JavaScript's Date.toString() output, shown in another time zone", input: { input: 'Fri Jan 05 2024 10:00:00 GMT+0200 (Central European Standard Time)', timezone: 'America/New_York' } },
  ],
  run({ input, mode, timezone }, ctx) {
    // The zone is checked first: a wrong name is a 400 (the request is wrong), whatever the input.
    const zone = timezone === undefined ? undefined : canonicalZone(timezone);
    const result = convert(input, mode, ctx.now());
    return zone !== undefined && result.valid ? { ...result, zoned: zonedTime(result.unix_ms, zone) } : result;
  },
});

/** `now`, any letter case: the door's clock (ctx.now), so an answer is exact in tests and examples. */
const NOW = /^now$/i;

function convert(input: string, mode: Mode, now: number): Result {
  // Pasted values often carry a newline or spaces; positions still count from the field as sent.
  const start = input.length - input.trimStart().length;
  const end = input.trimEnd().length;
  if (start >= end) return invalid(`'input' contains only whitespace.`);
  const text = start === 0 && end === input.length ? input : input.slice(start, end);
  if (NOW.test(text)) return converted(now, 'date', now);

  if (mode === 'to-timestamp' && looksNumeric(text)) {
    return invalid(`Mode 'to-timestamp' expects an ISO 8601 or RFC 2822 date string, but 'input' is a number; use mode 'to-date' or 'auto' for Unix timestamps.`);
  }
  if (mode === 'to-date' && !looksNumeric(text)) {
    if (parseDate(input, start, end).ok) {
      return invalid(`Mode 'to-date' expects a numeric Unix timestamp, but 'input' is a date string; use mode 'to-timestamp' or 'auto' for dates.`);
    }
    const bad = /^[+-]?\d*(?:\.\d*)?/.exec(text)![0].length; // where the number form breaks
    return invalid(`Mode 'to-date' expects a numeric Unix timestamp (digits with an optional sign and fraction), but 'input' has ${found(input, start + bad, end)}.`);
  }
  if (looksNumeric(text)) {
    const numeric = parseNumeric(text, input, start);
    return numeric.ok ? converted(numeric.ms, numeric.unit, now) : invalid(numeric.error);
  }
  const date = parseDate(input, start, end);
  if (!date.ok) return invalid(date.error);
  if (Math.abs(date.ms) > MAX_MS) return invalid(`'input' is out of range: ${RANGE}.`);
  return converted(date.ms, 'date', now);
}
