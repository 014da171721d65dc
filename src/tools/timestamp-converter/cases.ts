// Golden vectors. Expected instants come from independent sources: RFC 3339 §5.8 and RFC 2822
// Appendix A examples, the HTTP-date example of RFC 9110 §5.6.7, well-known epochs (1700000000,
// 2^31 − 1, the ECMAScript time range), and values computed with Python's datetime. `relative`
// depends on the clock, so it is only matched by pattern here (exact tests: the unit tests).
import type { ToolCase } from '../vectors';

const PAST = /^about \d+ years? ago$/;
const FUTURE = /^in about \d+ years?$/;

type Unit = 'seconds' | 'milliseconds' | 'microseconds' | 'nanoseconds' | 'date' | import('./kinds').Kind;

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

/** A successful conversion with `zoned`; the UTC fields are checked by the cases above. */
function zoned(name: string, body: Record<string, string>, unixMs: number, timezone: string, local: string, offset: string): ToolCase {
  return { name, body, status: 200, match: { unix_ms: unixMs, valid: true, zoned: { timezone, local, offset } } };
}

/** A wall clock read in `input_timezone`: the instant and `wall_clock`. */
function wall(name: string, body: Record<string, string>, unixMs: number, wallClock: Record<string, string>): ToolCase {
  return { name, body, status: 200, match: { unix_ms: unixMs, valid: true, wall_clock: { transition: undefined, ...wallClock } } };
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
  invalid('a weekday that is not a weekday', { input: 'Frx, 14 Nov 2023 22:13:20 GMT' }, /'Frx' at position 1 is not a day of the week/),

  // ---- The forms developers paste. Instants from Date.parse / Date.UTC (node), no offset = UTC.
  ok('Date.prototype.toString() output', { input: 'Fri Jan 05 2024 10:00:00 GMT+0200 (Central European Standard Time)' }, 1704441600000, '2024-01-05T08:00:00.000Z', 'Fri, 05 Jan 2024 08:00:00 UTC', 'date'),
  ok('toDateString() output', { input: 'Fri Jan 05 2024' }, 1704412800000, '2024-01-05T00:00:00.000Z', 'Fri, 05 Jan 2024 00:00:00 UTC', 'date'),
  ok('ISO date, space, time, space, offset', { input: '2024-01-05 10:00:00 +0200' }, 1704441600000, '2024-01-05T08:00:00.000Z', 'Fri, 05 Jan 2024 08:00:00 UTC', 'date'),
  ok('ISO date and minutes, space, offset with colon', { input: '2024-01-05 10:00 +02:00' }, 1704441600000, '2024-01-05T08:00:00.000Z', 'Fri, 05 Jan 2024 08:00:00 UTC', 'date'),
  ok('YYYY/MM/DD', { input: '2024/01/05' }, 1704412800000, '2024-01-05T00:00:00.000Z', 'Fri, 05 Jan 2024 00:00:00 UTC', 'date'),
  ok('YYYY/M/D with a time and an offset', { input: '2024/1/5 10:00:00.5 +05:30' }, 1704429000500, '2024-01-05T04:30:00.500Z', 'Fri, 05 Jan 2024 04:30:00 UTC', 'date'),
  ok('Mon D YYYY', { input: 'Jan 5 2024' }, 1704412800000, '2024-01-05T00:00:00.000Z', 'Fri, 05 Jan 2024 00:00:00 UTC', 'date'),
  ok('month before day, as it was refused before', { input: 'Nov 14 2023' }, 1699920000000, '2023-11-14T00:00:00.000Z', 'Tue, 14 Nov 2023 00:00:00 UTC', 'date'),
  ok('D Mon YYYY', { input: '5 Jan 2024' }, 1704412800000, '2024-01-05T00:00:00.000Z', 'Fri, 05 Jan 2024 00:00:00 UTC', 'date'),
  ok('Month D, YYYY', { input: 'January 5, 2024' }, 1704412800000, '2024-01-05T00:00:00.000Z', 'Fri, 05 Jan 2024 00:00:00 UTC', 'date'),
  ok('weekday, full names and a 12-hour clock', { input: 'Friday, January 5, 2024 3:04 PM' }, 1704467040000, '2024-01-05T15:04:00.000Z', 'Fri, 05 Jan 2024 15:04:00 UTC', 'date'),
  ok('12 AM is midnight', { input: 'jan. 5, 2024 12:00 am' }, 1704412800000, '2024-01-05T00:00:00.000Z', 'Fri, 05 Jan 2024 00:00:00 UTC', 'date'),
  invalid('toString weekday contradicts the date', { input: 'Mon Jan 05 2024 10:00:00 GMT+0200' }, /'Mon' at position 1 does not match the date: 5 Jan 2024 is a Friday/),
  invalid('Jan 32', { input: 'Jan 32 2024' }, /day 32 at position 5 does not exist: January 2024 has 31 days/),
  invalid('slashed month 13', { input: '2024/13/01' }, /month 13 at position 6 is not 1–12/),
  invalid('a year is needed', { input: 'Jan 5' }, /expected a 4-digit year, found the end of the input/),
  // `now` is not a case: its answer follows each door's clock, and the doors' answers are compared
  // field by field (tests/contract). It is tested with an injected clock in human-zoned.test.ts and
  // through the page in tests/e2e/timestamp-converter.spec.ts.

  // ---- Time zones. Offsets are tzdata facts (rules of each zone), checked against Intl in the unit tests.
  zoned('toString output in New York', { input: 'Fri Jan 05 2024 10:00:00 GMT+0200 (Central European Standard Time)', timezone: 'America/New_York' }, 1704441600000, 'America/New_York', '2024-01-05T03:00:00-05:00', '-05:00'),
  zoned('utc is canonicalised', { input: '1700000000', timezone: 'utc' }, 1700000000000, 'UTC', '2023-11-14T22:13:20+00:00', '+00:00'),
  zoned('Etc/GMT is UTC', { input: '1700000000', timezone: 'Etc/GMT' }, 1700000000000, 'UTC', '2023-11-14T22:13:20+00:00', '+00:00'),
  zoned('a link is followed: US/Eastern', { input: '1700000000', timezone: 'US/Eastern' }, 1700000000000, 'America/New_York', '2023-11-14T17:13:20-05:00', '-05:00'),
  zoned('a renamed zone, any case: asia/calcutta', { input: '1700000000', timezone: 'asia/calcutta' }, 1700000000000, 'Asia/Kolkata', '2023-11-15T03:43:20+05:30', '+05:30'),
  zoned('Asia/Kathmandu is +05:45', { input: '1700000000', timezone: 'Asia/Kathmandu' }, 1700000000000, 'Asia/Kathmandu', '2023-11-15T03:58:20+05:45', '+05:45'),
  zoned('milliseconds are kept', { input: '1700000000.123', timezone: 'Asia/Tokyo' }, 1700000000123, 'Asia/Tokyo', '2023-11-15T07:13:20.123+09:00', '+09:00'),
  zoned('Berlin: last second of winter time', { input: '2024-03-31T00:59:59Z', timezone: 'Europe/Berlin' }, 1711846799000, 'Europe/Berlin', '2024-03-31T01:59:59+01:00', '+01:00'),
  zoned('Berlin: summer time starts at 01:00 UTC', { input: '2024-03-31T01:00:00Z', timezone: 'Europe/Berlin' }, 1711846800000, 'Europe/Berlin', '2024-03-31T03:00:00+02:00', '+02:00'),
  zoned('Berlin: summer time ends (02:59:59 twice)', { input: '2024-10-27T00:59:59Z', timezone: 'Europe/Berlin' }, 1729990799000, 'Europe/Berlin', '2024-10-27T02:59:59+02:00', '+02:00'),
  zoned('Berlin: back to winter time', { input: '2024-10-27T01:00:00Z', timezone: 'Europe/Berlin' }, 1729990800000, 'Europe/Berlin', '2024-10-27T02:00:00+01:00', '+01:00'),
  zoned('New York: daylight time starts at 07:00 UTC', { input: '2024-03-10T07:00:00Z', timezone: 'America/New_York' }, 1710054000000, 'America/New_York', '2024-03-10T03:00:00-04:00', '-04:00'),
  zoned('New York: daylight time ends at 06:00 UTC', { input: '2024-11-03T06:00:00Z', timezone: 'America/New_York' }, 1730613600000, 'America/New_York', '2024-11-03T01:00:00-05:00', '-05:00'),
  zoned('Lord Howe: half-hour daylight saving in January', { input: '2024-01-15T12:00:00Z', timezone: 'Australia/Lord_Howe' }, 1705320000000, 'Australia/Lord_Howe', '2024-01-15T23:00:00+11:00', '+11:00'),
  zoned('Lord Howe: standard time in July', { input: '2024-07-15T12:00:00Z', timezone: 'Australia/Lord_Howe' }, 1721044800000, 'Australia/Lord_Howe', '2024-07-15T22:30:00+10:30', '+10:30'),
  zoned('historic offset with seconds: Monrovia in 1970', { input: '0', timezone: 'Africa/Monrovia' }, 0, 'Africa/Monrovia', '1969-12-31T23:15:30-00:44:30', '-00:44:30'),
  zoned('a year before 1 in a zone', { input: '-000001-06-01T00:00:00Z', timezone: 'UTC' }, -62185708800000, 'UTC', '-000001-06-01T00:00:00+00:00', '+00:00'),
  {
    name: 'no zoned when the input is invalid',
    body: { input: '2023-02-29', timezone: 'Europe/Berlin' },
    status: 200,
    match: { valid: false, error: /February 2023 has 28 days/, zoned: undefined },
  },
  {
    name: 'unknown time zone is a 400 naming it',
    body: { input: '1700000000', timezone: 'Mars/Olympus_Mons' },
    status: 400,
    match: { error: `'timezone' "Mars/Olympus_Mons" is not a known IANA time zone; use an IANA time zone name such as Europe/Berlin, America/New_York or UTC.` },
  },
  {
    name: 'a city is no zone name, but the 400 names its zone',
    body: { input: '1700000000', timezone: 'Kolkata' },
    status: 400,
    match: { error: `'timezone' "Kolkata" is not a known IANA time zone; use an IANA time zone name such as Europe/Berlin, America/New_York or UTC. Did you mean Asia/Kolkata?` },
  },
  {
    name: 'an abbreviation is ambiguous: the 400 names the zones it may mean, and picks none',
    body: { input: '1700000000', timezone: 'IST' },
    status: 400,
    match: { error: /not a known IANA time zone; .* Did you mean Asia\/Kolkata, Asia\/Jerusalem or Europe\/Dublin\?$/ },
  },
  {
    name: 'a fixed offset is not a time zone',
    body: { input: '1700000000', timezone: '+05:30' },
    status: 400,
    match: { error: /^'timezone' "\+05:30" is not a known IANA time zone \(a fixed offset is not a zone\)/ },
  },
  {
    name: 'timezone must be a string',
    body: { input: '1700000000', timezone: 2 },
    status: 400,
    match: { error: /'timezone' must be a string/ },
  },

  // ---- Wall clocks read in input_timezone: instants from Python's zoneinfo (fold=0 is the offset
  // before a change, fold=1 after), gaps and overlaps as Temporal's disambiguation names them.
  wall('Berlin: 10:00 on the spring-forward day is 08:00Z', { input: '2024-03-31 10:00', input_timezone: 'Europe/Berlin' }, 1711872000000, { timezone: 'Europe/Berlin', offset: '+02:00' }),
  wall('Berlin gap, compatible: 02:30 is read with the old offset (03:30 CEST)', { input: '2024-03-31 02:30', input_timezone: 'Europe/Berlin' }, 1711848600000, { timezone: 'Europe/Berlin', offset: '+01:00', transition: 'gap' }),
  wall('Berlin gap, earlier: 01:30 CET', { input: '2024-03-31 02:30', input_timezone: 'Europe/Berlin', disambiguation: 'earlier' }, 1711845000000, { timezone: 'Europe/Berlin', offset: '+02:00', transition: 'gap' }),
  wall('Berlin overlap, compatible: the first 02:30 (CEST)', { input: '2024-10-27T02:30', input_timezone: 'Europe/Berlin' }, 1729989000000, { timezone: 'Europe/Berlin', offset: '+02:00', transition: 'overlap' }),
  wall('Berlin overlap, later: the second 02:30 (CET)', { input: '2024-10-27T02:30', input_timezone: 'Europe/Berlin', disambiguation: 'later' }, 1729992600000, { timezone: 'Europe/Berlin', offset: '+01:00', transition: 'overlap' }),
  wall('New York overlap, later: 01:30 EST', { input: 'Nov 3 2024 1:30 AM', input_timezone: 'America/New_York', disambiguation: 'later' }, 1730615400000, { timezone: 'America/New_York', offset: '-05:00', transition: 'overlap' }),
  wall('Apia skipped 30 December 2011 whole', { input: '2011-12-30 12:00', input_timezone: 'Pacific/Apia' }, 1325282400000, { timezone: 'Pacific/Apia', offset: '-10:00', transition: 'gap' }),
  wall('a date alone is midnight in the zone', { input: '2024-01-05', input_timezone: 'Asia/Kathmandu' }, 1704392100000, { timezone: 'Asia/Kathmandu', offset: '+05:45' }),
  invalid('reject: a gap is named', { input: '2024-03-10 02:30', input_timezone: 'America/New_York', disambiguation: 'reject' }, /^'input' 2024-03-10 02:30:00 never happened in America\/New_York: the clocks skipped it when the offset changed from -05:00 to -04:00; 'disambiguation' 'reject' refuses it/),
  invalid('reject: an overlap is named', { input: '2024-10-27 02:30', input_timezone: 'Europe/Berlin', disambiguation: 'reject' }, /^'input' 2024-10-27 02:30:00 happened twice in Europe\/Berlin, when the offset changed from \+02:00 to \+01:00;/),
  { name: 'an input with an offset ignores input_timezone', body: { input: '2024-03-31T10:00:00Z', input_timezone: 'Europe/Berlin' }, status: 200, match: { unix_ms: 1711879200000, wall_clock: undefined } },
  { name: 'a Unix timestamp ignores input_timezone', body: { input: '1700000000', input_timezone: 'Asia/Tokyo' }, status: 200, match: { unix_ms: 1700000000000, wall_clock: undefined } },
  {
    name: 'an unknown input_timezone is a 400 naming the field',
    body: { input: '2024-03-31 10:00', input_timezone: 'Europe/Berln' },
    status: 400,
    match: { error: /^'input_timezone' "Europe\/Berln" is not a known IANA time zone/ },
  },
  {
    name: 'unknown disambiguation',
    body: { input: '2024-03-31 10:00', input_timezone: 'UTC', disambiguation: 'first' },
    status: 400,
    match: { error: /'disambiguation' must be one of "compatible", "earlier", "later", "reject"/ },
  },

  // ---- kind. Expected instants: Microsoft's documented epochs computed with Python's datetime,
  // MongoDB's documented ObjectId example, Discord's documented Snowflake example.
  ok('Excel 1900: serial 45000.5', { input: '45000.5', kind: 'excel-1900' }, 1678881600000, '2023-03-15T12:00:00.000Z', 'Wed, 15 Mar 2023 12:00:00 UTC', 'excel-1900'),
  ok('Excel 1900: 1 is 1900-01-01', { input: '1', kind: 'excel-1900' }, -2208988800000, '1900-01-01T00:00:00.000Z', 'Mon, 01 Jan 1900 00:00:00 UTC', 'excel-1900'),
  ok('Excel 1900: 59 is 1900-02-28', { input: '59', kind: 'excel-1900' }, -2203977600000, '1900-02-28T00:00:00.000Z', 'Wed, 28 Feb 1900 00:00:00 UTC', 'excel-1900'),
  ok('Excel 1900: 61 is 1900-03-01', { input: '61', kind: 'excel-1900' }, -2203891200000, '1900-03-01T00:00:00.000Z', 'Thu, 01 Mar 1900 00:00:00 UTC', 'excel-1900'),
  invalid('Excel 1900: 60 is the phantom 1900-02-29', { input: '60', kind: 'excel-1900' }, /is 60, Excel's 29 February 1900, a day that never existed/),
  ok('Excel 1904: 0 is 1904-01-01', { input: '0', kind: 'excel-1904', mode: 'to-date' }, -2082844800000, '1904-01-01T00:00:00.000Z', 'Fri, 01 Jan 1904 00:00:00 UTC', 'excel-1904'),
  wall('Excel serial read in a zone', { input: '45382.5', kind: 'excel-1900', input_timezone: 'America/New_York' }, 1711900800000, { timezone: 'America/New_York', offset: '-04:00' }),
  ok('FILETIME of the Unix epoch', { input: '116444736000000000', kind: 'filetime' }, 0, '1970-01-01T00:00:00.000Z', 'Thu, 01 Jan 1970 00:00:00 UTC', 'filetime'),
  ok('FILETIME', { input: '133502688000000000', kind: 'filetime' }, 1705795200000, '2024-01-21T00:00:00.000Z', 'Sun, 21 Jan 2024 00:00:00 UTC', 'filetime'),
  ok('.NET ticks of the Unix epoch', { input: '621355968000000000', kind: 'dotnet-ticks' }, 0, '1970-01-01T00:00:00.000Z', 'Thu, 01 Jan 1970 00:00:00 UTC', 'dotnet-ticks'),
  ok('.NET DateTime.MaxValue.Ticks', { input: '3155378975999999999', kind: 'dotnet-ticks' }, 253402300799999, '9999-12-31T23:59:59.999Z', 'Fri, 31 Dec 9999 23:59:59 UTC', 'dotnet-ticks', FUTURE),
  ok('MongoDB ObjectId, detected by its form', { input: '507f1f77bcf86cd799439011' }, 1350508407000, '2012-10-17T21:13:27.000Z', 'Wed, 17 Oct 2012 21:13:27 UTC', 'objectid'),
  ok('Discord Snowflake (the example of its docs)', { input: '175928847299117063', kind: 'snowflake-discord' }, 1462015105796, '2016-04-30T11:18:25.796Z', 'Sat, 30 Apr 2016 11:18:25 UTC', 'snowflake-discord'),
  ok('Twitter Snowflake', { input: '1382350649487421440', kind: 'snowflake-twitter' }, 1618413052327, '2021-04-14T15:10:52.327Z', 'Wed, 14 Apr 2021 15:10:52 UTC', 'snowflake-twitter'),
  invalid('FILETIME must be digits', { input: '0x01D9', kind: 'filetime' }, /^'input' read as a Windows FILETIME must be a whole number of decimal digits, but has 'x' at position 2\.$/),
  {
    name: 'a named kind with mode to-timestamp is a 400',
    body: { input: '45000', kind: 'excel-1900', mode: 'to-timestamp' },
    status: 400,
    match: { error: `'kind' "excel-1900" reads a number or an identifier, which mode 'to-timestamp' refuses; use mode 'auto' or 'to-date'.` },
  },
  {
    name: 'unknown kind',
    body: { input: '1', kind: 'excel' },
    status: 400,
    match: { error: /'kind' must be one of "auto", "excel-1900", "excel-1904", "filetime", "dotnet-ticks", "objectid", "snowflake-twitter", "snowflake-discord"/ },
  },

  // ---- format: expected strings from Python's strftime in the zone (zoneinfo).
  { name: 'format in UTC', body: { input: '1700000000', format: 'YYYY-MM-DD HH:mm:ss Z' }, status: 200, match: { formatted: '2023-11-14 22:13:20 +00:00' } },
  {
    name: 'format in the timezone, names and escapes',
    body: { input: '1700000000', timezone: 'Asia/Kolkata', format: 'dddd, MMMM Do YYYY, h:mm:ss A [IST] ZZ' },
    status: 200,
    match: { formatted: 'Wednesday, November 15th 2023, 3:43:20 AM IST +0530' },
  },
  { name: 'format: ISO week and day of the year', body: { input: '2021-01-03', format: 'GGGG-[W]WW-E DDDD' }, status: 200, match: { formatted: '2020-W53-7 003' } },
  { name: 'no formatted when the input is invalid', body: { input: '2023-02-29', format: 'YYYY' }, status: 200, match: { valid: false, formatted: undefined } },
  { name: 'format must not be empty', body: { input: '0', format: '' }, status: 400, match: { error: "Invalid request: 'format' must not be empty." } },

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
