// ISO 8601 / RFC 3339 date strings, parsed by hand so every engine reads them alike (no Date.parse
// leniency). What is accepted, exactly:
//
//   date      YYYY-MM-DD (calendar) | YYYY-DDD (ordinal) | YYYY-Www-D (ISO week date)
//             years 0000–9999, or ±YYYYYY (expanded; -000000 is refused, as in ECMAScript)
//   date-time date ('T' | 't' | ' ') HH:MM[:SS[(.|,)fraction]] [offset]
//   basic     YYYYMMDD 'T' HHMM[SS[(.|,)fraction]] [offset]   (compact form, e.g. 20240102T030405Z;
//             a bare YYYYMMDD is not accepted: eight digits are a Unix timestamp)
//   offset    'Z' | 'z' | ±HH:MM | ±HHMM | ±HH                  (none: UTC, per docs/contract.md)
//             a numeric offset may follow one space: `2024-01-05 10:00:00 +0200`
//
// A fraction may have any number of digits; digits beyond milliseconds are dropped, which floors
// the instant like the numeric path does. 24:00[:00[.000]] is the end of the day (the next
// midnight). Reduced forms (YYYY, YYYY-MM, HH alone) and mixing basic with extended are refused.
import {
  MS_PER_DAY,
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  isLeapYear,
  isoWeekOneMonday,
  MONTH_NAMES,
} from '../../lib/civil';
import { digitRunEnd, fixedDigits, found, isDigit, type Parsed } from './scan';
import { characterPosition as position } from '../../lib/text-position';
import { checkClock, checkOffset, type ClockField } from './time-of-day';

const PLUS = 0x2b;
const MINUS = 0x2d;
const COLON = 0x3a;

const isT = (c: number) => c === 0x54 || c === 0x74;
const isZ = (c: number) => c === 0x5a || c === 0x7a;

export function parseIso(text: string, start: number, end: number): Parsed {
  const fail = (error: string): Parsed => ({ ok: false, error });
  const expected = (what: string, i: number) => fail(`expected ${what}, found ${found(text, i, end)}`);
  /** Reads `count` digits at `i` or explains what is missing. */
  const field = (i: number, count: number, what: string): ClockField | string => {
    const value = fixedDigits(text, i, count);
    return value >= 0
      ? { value, at: i }
      : `expected ${count} digits for the ${what}, found ${found(text, digitRunEnd(text, i, end), end)}`;
  };

  // ---- year
  let i = start;
  let year: number;
  const sign = text.charCodeAt(i);
  const expanded = sign === PLUS || sign === MINUS;
  if (expanded) {
    const y = field(i + 1, 6, 'expanded year (±YYYYYY)');
    if (typeof y === 'string') return fail(y);
    if (sign === MINUS && y.value === 0) {
      return fail(
        `year -000000 at position ${position(text, start)} is not allowed; year zero is written 0000 or +000000`,
      );
    }
    year = sign === MINUS ? -y.value : y.value;
    i += 7;
  } else {
    const y = field(i, 4, 'year');
    if (typeof y === 'string') return fail(y);
    year = y.value;
    i += 4;
  }

  // ---- rest of the date
  let days: number;
  let basic = false;
  if (text.charCodeAt(i) === MINUS) {
    i++;
    const date = text.charCodeAt(i) === 0x57 /* W */ ? weekDate(i + 1) : monthOrOrdinal(i);
    if (typeof date === 'string') return fail(date);
    [days, i] = date;
  } else if (!expanded && fixedDigits(text, i, 4) >= 0 && isT(text.charCodeAt(i + 4))) {
    basic = true;
    const date = calendar(i, i + 2);
    if (typeof date === 'string') return fail(date);
    days = date;
    i += 4;
  } else {
    return expected(`'-' after the year`, i);
  }
  if (i === end) return { ok: true, ms: days * MS_PER_DAY, local: true };

  // ---- time
  const sep = text.charCodeAt(i);
  if (!isT(sep) && (basic || sep !== 0x20))
    return expected(basic ? `'T' before the time` : `'T' or a space before the time`, i);
  i++;
  const hour = field(i, 2, 'hour');
  if (typeof hour === 'string') return fail(hour);
  i += 2;
  if (!basic) {
    if (text.charCodeAt(i) !== COLON) return expected(`':' after the hour`, i);
    i++;
  }
  const minute = field(i, 2, 'minute');
  if (typeof minute === 'string') return fail(minute);
  i += 2;
  let second: ClockField | undefined;
  if (basic ? isDigit(text.charCodeAt(i)) : text.charCodeAt(i) === COLON) {
    if (!basic) i++;
    const s = field(i, 2, 'second');
    if (typeof s === 'string') return fail(s);
    second = s;
    i += 2;
  }
  let milli = 0;
  let fractionIsZero = true;
  const dot = text.charCodeAt(i);
  if (second && (dot === 0x2e || dot === 0x2c)) {
    const from = i + 1;
    const to = digitRunEnd(text, from, end);
    if (to === from) return expected(`digits after the decimal sign`, from);
    milli = Number(text.slice(from, Math.min(to, from + 3)).padEnd(3, '0'));
    for (let k = from; k < to && fractionIsZero; k++) fractionIsZero = text.charCodeAt(k) === 0x30;
    i = to;
  }
  const clockProblem = checkClock(text, hour, minute, second, fractionIsZero, true);
  if (clockProblem) return fail(clockProblem);

  // ---- offset
  let offsetMinutes = 0;
  let local = false;
  // `2024-01-05 10:00:00 +0200` (a space before a numeric offset), as databases and `date` write it.
  const spaced =
    !basic && text.charCodeAt(i) === 0x20 && (text.charCodeAt(i + 1) === PLUS || text.charCodeAt(i + 1) === MINUS);
  if (spaced) i++;
  const o = text.charCodeAt(i);
  if (isZ(o)) {
    i++;
  } else if (o === PLUS || o === MINUS) {
    const oh = field(i + 1, 2, 'offset hours');
    if (typeof oh === 'string') return fail(oh);
    i += 3;
    let om: ClockField = { value: 0, at: i };
    if (text.charCodeAt(i) === COLON || isDigit(text.charCodeAt(i))) {
      if (text.charCodeAt(i) === COLON) i++;
      const m = field(i, 2, 'offset minutes');
      if (typeof m === 'string') return fail(m);
      om = m;
      i += 2;
    }
    const offsetProblem = checkOffset(text, oh, om);
    if (offsetProblem) return fail(offsetProblem);
    offsetMinutes = (o === MINUS ? -1 : 1) * (oh.value * 60 + om.value);
  } else {
    local = true;
  }
  if (i !== end) return expected(`'Z', an offset such as +01:00, or the end of the input`, i);

  const ms =
    days * MS_PER_DAY +
    hour.value * 3_600_000 +
    minute.value * 60_000 +
    (second?.value ?? 0) * 1000 +
    milli -
    offsetMinutes * 60_000;
  return { ok: true, ms, local };

  // ---- date forms (closures over text/year; each returns a problem string or the day count)

  /** MM at `m` and DD at `d`, both two digits, checked against the calendar. */
  function calendar(m: number, d: number): number | string {
    const month = field(m, 2, 'month');
    if (typeof month === 'string') return month;
    const day = field(d, 2, 'day');
    if (typeof day === 'string') return day;
    if (month.value < 1 || month.value > 12)
      return `month ${month.value} at position ${position(text, m)} is not 01–12`;
    const last = daysInMonth(year, month.value);
    if (day.value < 1 || day.value > 31) return `day ${day.value} at position ${position(text, d)} is not 01–31`;
    if (day.value > last) {
      return `day ${day.value} at position ${position(text, d)} does not exist: ${MONTH_NAMES[month.value - 1]} ${year} has ${last} days`;
    }
    return daysFromCivil(year, month.value, day.value);
  }

  /** After `YYYY-`: `MM-DD` or `DDD`; returns [days, index after the date]. */
  function monthOrOrdinal(at: number): [number, number] | string {
    const digits = digitRunEnd(text, at, end) - at;
    if (digits === 2) {
      if (text.charCodeAt(at + 2) !== MINUS) return `expected '-' after the month, found ${found(text, at + 2, end)}`;
      const days = calendar(at, at + 3);
      return typeof days === 'string' ? days : [days, at + 5];
    }
    if (digits === 3) {
      const ordinal = fixedDigits(text, at, 3);
      const length = isLeapYear(year) ? 366 : 365;
      if (ordinal < 1 || ordinal > length) {
        return `day of the year ${ordinal} at position ${position(text, at)} is not 001–${length} in ${year}`;
      }
      return [daysFromCivil(year, 1, 1) + ordinal - 1, at + 3];
    }
    return `expected a 2-digit month, a 3-digit day of the year or 'W' and a week at position ${position(text, at)}, found ${digits === 0 ? found(text, at, end) : `${digits} digit${digits === 1 ? '' : 's'}`}`;
  }

  /** After `YYYY-W`: `ww-D`; returns [days, index after the date]. */
  function weekDate(at: number): [number, number] | string {
    const week = field(at, 2, 'week');
    if (typeof week === 'string') return week;
    if (text.charCodeAt(at + 2) !== MINUS) return `expected '-' after the week, found ${found(text, at + 2, end)}`;
    const weekday = field(at + 3, 1, 'day of the week');
    if (typeof weekday === 'string') return weekday;
    if (weekday.value < 1 || weekday.value > 7)
      return `day of the week ${weekday.value} at position ${position(text, at + 3)} is not 1–7`;
    const monday = isoWeekOneMonday(year);
    // A year has 53 ISO weeks when the Thursday of week 53 still falls in it.
    const weeks = civilFromDays(monday + 52 * 7 + 3).year === year ? 53 : 52;
    if (week.value < 1 || week.value > weeks)
      return `week ${week.value} at position ${position(text, at)} is not 01–${weeks} in ${year}`;
    return [monday + (week.value - 1) * 7 + weekday.value - 1, at + 4];
  }
}
