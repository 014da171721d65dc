// Golden vectors. Expected instants come from independent sources: RFC 3339 §5.8 and RFC 2822
// Appendix A examples, the HTTP-date example of RFC 9110 §5.6.7, well-known epochs (1700000000,
// 2^31 − 1, the ECMAScript time range), and values computed with Python's datetime. `relative`
// depends on the clock, so it is only matched by pattern here (exact tests: the unit tests).
import type { ToolCase } from '../define';

const PAST = /^about \d+ years? ago$/;
const FUTURE = /^in about \d+ years?$/;

type Unit = 'seconds' | 'milliseconds' | 'microseconds' | 'nanoseconds' | 'date';

/** A successful conversion: every field but `relative` exact. */
function ok(name: string, body: Record<string, string>, unixMs: number, iso8601: string, utc: string, unit: Unit, relative = PAST): ToolCase {
  return {
    name,
    body,
    status: 200,
    match: { unix_seconds: Math.floor(unixMs / 1000), unix_ms: unixMs, iso8601, utc, relative, valid: true, error: undefined, detected_unit: unit },
  };
}

/** A 200 with valid:false: zeros, empty strings and an error matching `error`. */
function invalid(name: string, body: Record<string, string>, error: RegExp): ToolCase {
  return {
    name,
    body,
    status: 200,
    match: { unix_seconds: 0, unix_ms: 0, iso8601: '', utc: '', relative: '', valid: false, error, detected_unit: undefined },
  };
}

const NOV_14_2023 = ['2023-11-14T22:13:20.000Z', 'Tue, 14 Nov 2023 22:13:20 UTC'] as const;

const cases: ToolCase[] = [
  // ---- numeric timestamps and unit detection
  ok('seconds: 1700000000', { input: '1700000000' }, 1700000000000, ...NOV_14_2023, 'seconds'),
  ok('milliseconds', { input: '1700000000000' }, 1700000000000, ...NOV_14_2023, 'milliseconds'),
  ok('microseconds', { input: '1700000000000000' }, 1700000000000, ...NOV_14_2023, 'microseconds'),
  ok('nanoseconds', { input: '1700000000000000000' }, 1700000000000, ...NOV_14_2023, 'nanoseconds'),
  ok('the epoch', { input: '0' }, 0, '1970-01-01T00:00:00.000Z', 'Thu, 01 Jan 1970 00:00:00 UTC', 'seconds'),
  ok('2^31 − 1 seconds (Y2038)', { input: '2147483647', mode: 'to-date' }, 2147483647000, '2038-01-19T03:14:07.000Z', 'Tue, 19 Jan 2038 03:14:07 UTC', 'seconds', FUTURE),
  ok('fractional seconds are exact, not floating point', { input: '1700000000.123' }, 1700000000123, '2023-11-14T22:13:20.123Z', 'Tue, 14 Nov 2023 22:13:20 UTC', 'seconds'),
  ok('below 1e11 is seconds', { input: '99999999999' }, 99999999999000, '5138-11-16T09:46:39.000Z', 'Wed, 16 Nov 5138 09:46:39 UTC', 'seconds', FUTURE),
  ok('1e11 is milliseconds', { input: '100000000000' }, 100000000000, '1973-03-03T09:46:40.000Z', 'Sat, 03 Mar 1973 09:46:40 UTC', 'milliseconds'),
  ok('below 1e14 is milliseconds', { input: '99999999999999' }, 99999999999999, '5138-11-16T09:46:39.999Z', 'Wed, 16 Nov 5138 09:46:39 UTC', 'milliseconds', FUTURE),
  ok('1e14 is microseconds', { input: '100000000000000' }, 100000000000, '1973-03-03T09:46:40.000Z', 'Sat, 03 Mar 1973 09:46:40 UTC', 'microseconds'),
  ok('below 1e17 is microseconds, sub-millisecond floored', { input: '99999999999999999' }, 99999999999999, '5138-11-16T09:46:39.999Z', 'Wed, 16 Nov 5138 09:46:39 UTC', 'microseconds', FUTURE),
  ok('1e17 is nanoseconds', { input: '100000000000000000' }, 100000000000, '1973-03-03T09:46:40.000Z', 'Sat, 03 Mar 1973 09:46:40 UTC', 'nanoseconds'),
  ok('negative seconds', { input: '-1' }, -1000, '1969-12-31T23:59:59.000Z', 'Wed, 31 Dec 1969 23:59:59 UTC', 'seconds'),
  ok('negative fraction: unix_seconds is the floor', { input: '-1.5' }, -1500, '1969-12-31T23:59:58.500Z', 'Wed, 31 Dec 1969 23:59:58 UTC', 'seconds'),
  ok('negative sub-millisecond floors toward −∞', { input: '-0.0005' }, -1, '1969-12-31T23:59:59.999Z', 'Wed, 31 Dec 1969 23:59:59 UTC', 'seconds'),
  ok('surrounding whitespace is ignored', { input: ' 1700000000\n' }, 1700000000000, ...NOV_14_2023, 'seconds'),
  ok('upper end of the range (8.64e21 ns)', { input: '8640000000000000000000' }, 8.64e15, '+275760-09-13T00:00:00.000Z', 'Sat, 13 Sep 275760 00:00:00 UTC', 'nanoseconds', FUTURE),
  ok('lower end of the range', { input: '-8640000000000000000000' }, -8.64e15, '-271821-04-20T00:00:00.000Z', 'Tue, 20 Apr -271821 00:00:00 UTC', 'nanoseconds'),
  invalid('one nanosecond past the range', { input: '8640000000000000000001' }, /nanoseconds is out of range/),
  invalid('exponent notation is refused', { input: '1.7e9' }, /exponent notation \('e' at position 4\)/),
  invalid('two decimal points', { input: '1.2.3' }, /second decimal point \('\.' at position 4\)/),

  // ---- ISO 8601 / RFC 3339
  ok('RFC 3339 §5.8: fraction of a second', { input: '1985-04-12T23:20:50.52Z' }, 482196050520, '1985-04-12T23:20:50.520Z', 'Fri, 12 Apr 1985 23:20:50 UTC', 'date'),
  ok('RFC 3339 §5.8: negative offset', { input: '1996-12-19T16:39:57-08:00' }, 851042397000, '1996-12-20T00:39:57.000Z', 'Fri, 20 Dec 1996 00:39:57 UTC', 'date'),
  ok('RFC 3339 §5.8: odd offset +00:20', { input: '1937-01-01T12:00:27.87+00:20' }, -1041337172130, '1937-01-01T11:40:27.870Z', 'Fri, 01 Jan 1937 11:40:27 UTC', 'date'),
  invalid('RFC 3339 §5.8: leap second is not representable', { input: '1990-12-31T23:59:60Z' }, /second 60 at position 18 is a leap second/),
  ok('offset on a leap day', { input: '2024-02-29T12:00:00+05:30', mode: 'to-timestamp' }, 1709188200000, '2024-02-29T06:30:00.000Z', 'Thu, 29 Feb 2024 06:30:00 UTC', 'date'),
  ok('date only is midnight UTC', { input: '2000-02-29' }, 951782400000, '2000-02-29T00:00:00.000Z', 'Tue, 29 Feb 2000 00:00:00 UTC', 'date'),
  ok('space separator, no offset means UTC', { input: '2024-01-02 03:04:05' }, 1704164645000, '2024-01-02T03:04:05.000Z', 'Tue, 02 Jan 2024 03:04:05 UTC', 'date'),
  ok('lower-case t and z', { input: '2024-01-02t03:04:05z' }, 1704164645000, '2024-01-02T03:04:05.000Z', 'Tue, 02 Jan 2024 03:04:05 UTC', 'date'),
  ok('fraction beyond milliseconds is dropped', { input: '2024-01-02T03:04:05.123999999Z' }, 1704164645123, '2024-01-02T03:04:05.123Z', 'Tue, 02 Jan 2024 03:04:05 UTC', 'date'),
  ok('basic format', { input: '20240102T030405Z' }, 1704164645000, '2024-01-02T03:04:05.000Z', 'Tue, 02 Jan 2024 03:04:05 UTC', 'date'),
  ok('offset without colon', { input: '2024-07-04T12:00-0700' }, 1720119600000, '2024-07-04T19:00:00.000Z', 'Thu, 04 Jul 2024 19:00:00 UTC', 'date'),
  ok('ISO week date: 2020 has 53 weeks', { input: '2020-W53-7' }, 1609632000000, '2021-01-03T00:00:00.000Z', 'Sun, 03 Jan 2021 00:00:00 UTC', 'date'),
  ok('ordinal date: day 60 of a leap year', { input: '2024-060' }, 1709164800000, '2024-02-29T00:00:00.000Z', 'Thu, 29 Feb 2024 00:00:00 UTC', 'date'),
  ok('24:00 is the end of the day', { input: '2023-12-31T24:00:00Z' }, 1704067200000, '2024-01-01T00:00:00.000Z', 'Mon, 01 Jan 2024 00:00:00 UTC', 'date'),
  ok('year zero', { input: '0000-01-01' }, -62167219200000, '0000-01-01T00:00:00.000Z', 'Sat, 01 Jan 0000 00:00:00 UTC', 'date'),
  ok('expanded negative year', { input: '-000001-01-01T00:00:00Z' }, -62198755200000, '-000001-01-01T00:00:00.000Z', 'Fri, 01 Jan -0001 00:00:00 UTC', 'date'),
  ok('last instant of the range', { input: '+275760-09-13T00:00:00Z' }, 8.64e15, '+275760-09-13T00:00:00.000Z', 'Sat, 13 Sep 275760 00:00:00 UTC', 'date', FUTURE),
  invalid('a millisecond past the range', { input: '+275760-09-13T00:00:00.001Z' }, /out of range/),
  invalid('February 29 of a common year', { input: '2023-02-29' }, /day 29 at position 9 does not exist: February 2023 has 28 days/),
  invalid('1900 is not a leap year', { input: '1900-02-29T00:00Z' }, /February 1900 has 28 days/),
  invalid('month 13', { input: '2024-13-01' }, /month 13 at position 6 is not 01–12/),
  invalid('week 53 of a 52-week year', { input: '2021-W53-1' }, /week 53 at position 7 is not 01–52 in 2021/),
  invalid('text after the offset', { input: '2024-01-02T03:04:05Z junk' }, /found ' ' at position 21/),

  // ---- RFC 2822
  ok('RFC 2822 A.1.1', { input: 'Fri, 21 Nov 1997 09:55:06 -0600' }, 880127706000, '1997-11-21T15:55:06.000Z', 'Fri, 21 Nov 1997 15:55:06 UTC', 'date'),
  ok('RFC 2822 A.1.2: one-digit day', { input: 'Tue, 1 Jul 2003 10:52:37 +0200' }, 1057049557000, '2003-07-01T08:52:37.000Z', 'Tue, 01 Jul 2003 08:52:37 UTC', 'date'),
  ok('RFC 2822 A.5: folding white space and a comment', { input: 'Thu,\r\n      13\r\n        Feb\r\n          1969\r\n      23:32\r\n               -0330 (Newfoundland Time)' }, -27723480000, '1969-02-14T03:02:00.000Z', 'Fri, 14 Feb 1969 03:02:00 UTC', 'date'),
  ok('RFC 2822 A.6.2: obsolete two-digit year', { input: '21 Nov 97 09:55:06 GMT' }, 880106106000, '1997-11-21T09:55:06.000Z', 'Fri, 21 Nov 1997 09:55:06 UTC', 'date'),
  ok('RFC 2822 A.6.3: comments and spaces around the colon', { input: 'Fri, 21 Nov 1997 09(comment):   55  :  06 -0600' }, 880127706000, '1997-11-21T15:55:06.000Z', 'Fri, 21 Nov 1997 15:55:06 UTC', 'date'),
  ok('RFC 9110 HTTP-date', { input: 'Sun, 06 Nov 1994 08:49:37 GMT', mode: 'to-timestamp' }, 784111777000, '1994-11-06T08:49:37.000Z', 'Sun, 06 Nov 1994 08:49:37 UTC', 'date'),
  ok('US zone name PDT', { input: 'Thu, 04 Jul 2024 12:00:00 PDT' }, 1720119600000, '2024-07-04T19:00:00.000Z', 'Thu, 04 Jul 2024 19:00:00 UTC', 'date'),
  ok('the tool’s own utc form reads back', { input: 'Tue, 14 Nov 2023 22:13:20 UTC' }, 1700000000000, ...NOV_14_2023, 'date'),
  invalid('day of the week contradicts the date', { input: 'Mon, 14 Nov 2023 22:13:20 GMT' }, /'Mon' at position 1 does not match the date: 14 Nov 2023 is a Tuesday/),
  invalid('unknown zone', { input: '14 Nov 2023 22:13:20 CET' }, /unknown zone 'CET' at position 22/),
  invalid('month before day is not RFC 2822', { input: 'Nov 14 2023' }, /'Nov' at position 1 is not a day of the week/),

  // ---- modes and form
  invalid('to-timestamp refuses a number', { input: '1700000000', mode: 'to-timestamp' }, /^Mode 'to-timestamp' expects an ISO 8601 or RFC 2822 date string/),
  invalid('to-date refuses a date string', { input: '2024-01-01', mode: 'to-date' }, /^Mode 'to-date' expects a numeric Unix timestamp, but 'input' is a date string/),
  invalid('to-date names the first bad character', { input: '17000x', mode: 'to-date' }, /'x' at position 6/),
  invalid('neither a number nor a date', { input: 'yesterday' }, /'yesterday' at position 1 is not a day of the week/),
  invalid('only whitespace', { input: '   ' }, /only whitespace/),

  // ---- schema errors
  {
    name: 'empty input is a schema error',
    body: { input: '' },
    status: 400,
    match: { error: /'input' must not be empty/, issues: [{ path: ['input'], message: 'must not be empty' }] },
  },
  {
    name: 'a number instead of a string',
    body: { input: 1700000000 },
    status: 400,
    match: { error: "Invalid request: 'input' must be a string (got a number)." },
  },
  {
    name: 'unknown mode',
    body: { input: '0', mode: 'to-iso' },
    status: 400,
    match: { error: /'mode' must be one of "auto", "to-date", "to-timestamp"/ },
  },
];

export default cases;
