// RFC 2822 §3.3 date-times (and RFC 5322, which keeps the same syntax), parsed by hand:
//
//   [day-of-week ","] day month year hour ":" minute [":" second] [zone]
//
// - day-of-week and month: the English three-letter names, any letter case (RFC 2822 §3.3).
// - day: 1 or 2 digits. year: 4 or more digits; obsolete 2-digit years are 2000–2049 for 00–49
//   and 1950–1999 for 50–99, 3-digit years add 1900 (§4.3).
// - zone: ±HHMM, or the obsolete names UT, GMT, Z, EST/EDT, CST/CDT, MST/MDT, PST/PDT (§4.3),
//   and UTC, which people write and this tool itself outputs. Military single letters other than
//   Z are refused: §4.3 says their sign was wrongly defined and they carry no reliable offset.
//   A missing zone means UTC, the rule docs/contract.md sets for ISO 8601 strings without offset.
// - Whitespace (folding included) and (nested) comments are allowed wherever §3.2.3 puts CFWS,
//   also around ':' as the obsolete syntax does; comments are skipped with a depth counter,
//   not recursion, so no input can blow the stack.
// - A day-of-week that contradicts the date is an error naming both: such a date is corrupt,
//   and guessing which half is right would hide it.
import {
  MONTHS,
  MONTH_NAMES,
  MS_PER_DAY,
  WEEKDAYS,
  WEEKDAY_NAMES,
  daysFromCivil,
  daysInMonth,
  isoWeekday,
} from '../../lib/civil';
import { digitRunEnd, fixedDigits, found, isAsciiLetter, type Parsed } from './scan';
import { characterPosition as position } from '../../lib/text-position';
import { checkClock, checkOffset, type ClockField } from './time-of-day';

/** Offsets in minutes of the zone names RFC 2822 §4.3 defines, plus UTC. */
const ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

const indexOfName = (names: readonly string[], word: string) =>
  names.findIndex((n) => n.toUpperCase() === word.toUpperCase());

/** True when the text looks like an RFC 2822 date rather than ISO 8601: a name, or `D ` / `DD `. */
export function looksLikeRfc2822(text: string, start: number, end: number): boolean {
  if (isAsciiLetter(text.charCodeAt(start))) return true;
  const afterDay = digitRunEnd(text, start, Math.min(start + 2, end));
  const next = afterDay < end ? text.charCodeAt(afterDay) : -1;
  return afterDay > start && (next === 0x20 || next === 0x09 || next === 0x28); /* ( */
}

export function parseRfc2822(text: string, start: number, end: number): Parsed {
  const fail = (error: string): Parsed => ({ ok: false, error });
  const expected = (what: string, i: number) => fail(`expected ${what}, found ${found(text, i, end)}`);
  let unclosed = -1;
  /** Skips CFWS from `i`; records an unclosed comment in `unclosed`. */
  const skip = (i: number): number => {
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a) {
        i++;
      } else if (c === 0x28) {
        const open = i;
        let depth = 1;
        for (i++; i < end && depth > 0; i++) {
          const d = text.charCodeAt(i);
          if (d === 0x5c /* \ quoted-pair */) i++;
          else if (d === 0x28) depth++;
          else if (d === 0x29) depth--;
        }
        if (depth > 0) {
          unclosed = open;
          return end;
        }
      } else {
        break;
      }
    }
    return i;
  };
  const unclosedComment = () => fail(`the comment opened at position ${position(text, unclosed)} is never closed`);
  const word = (i: number) => {
    let j = i;
    while (j < end && isAsciiLetter(text.charCodeAt(j))) j++;
    return text.slice(i, j);
  };

  let i = skip(start);
  // ---- optional day of the week
  let weekday: ClockField | undefined;
  if (isAsciiLetter(text.charCodeAt(i))) {
    const name = word(i);
    const index = name.length === 3 ? indexOfName(WEEKDAYS, name) : -1;
    if (index < 0) {
      const hint =
        name.length === 3 && indexOfName(MONTHS, name) >= 0
          ? `; RFC 2822 puts the day before the month, as in 'Tue, 14 Nov 2023 22:13:20 GMT'`
          : '';
      return fail(`'${name}' at position ${position(text, i)} is not a day of the week (Mon–Sun)${hint}`);
    }
    weekday = { value: index + 1, at: i };
    i = skip(i + 3);
    if (text.charCodeAt(i) !== 0x2c)
      return unclosed >= 0 ? unclosedComment() : expected(`',' after the day of the week`, i);
    i = skip(i + 1);
  }

  // ---- day, month, year: separated by whitespace or comments
  const dayAt = i;
  const dayEnd = digitRunEnd(text, i, end);
  if (dayEnd === i || dayEnd - i > 2)
    return unclosed >= 0 ? unclosedComment() : expected(`a 1- or 2-digit day of the month`, i);
  const day = Number(text.slice(i, dayEnd));
  i = skip(dayEnd);
  if (i === dayEnd) return expected(`a space after the day`, i);
  const monthAt = i;
  const monthName = word(i);
  const month = monthName.length === 3 ? indexOfName(MONTHS, monthName) + 1 : 0;
  if (month === 0) {
    if (unclosed >= 0) return unclosedComment();
    return monthName
      ? fail(`'${monthName}' at position ${position(text, i)} is not a month (Jan–Dec)`)
      : expected(`a month name (Jan–Dec)`, i);
  }
  i = skip(monthAt + 3);
  if (i === monthAt + 3) return expected(`a space after the month`, i);
  const yearEnd = digitRunEnd(text, i, end);
  const yearDigits = yearEnd - i;
  if (yearDigits < 2) return unclosed >= 0 ? unclosedComment() : expected(`a year of 2 or more digits`, i);
  if (yearDigits > 6)
    return fail(
      `the year at position ${position(text, i)} has ${yearDigits} digits; the supported range ends at year 275760`,
    );
  const rawYear = Number(text.slice(i, yearEnd));
  const year =
    yearDigits === 2 ? (rawYear < 50 ? 2000 + rawYear : 1900 + rawYear) : yearDigits === 3 ? 1900 + rawYear : rawYear;
  if (day < 1 || day > daysInMonth(year, month)) {
    const last = daysInMonth(year, month);
    return fail(
      `day ${day} at position ${position(text, dayAt)} does not exist: ${MONTH_NAMES[month - 1]} ${year} has ${last} days`,
    );
  }
  const days = daysFromCivil(year, month, day);
  if (weekday && weekday.value !== isoWeekday(days)) {
    return fail(
      `the day of the week '${text.slice(weekday.at, weekday.at + 3)}' at position ${position(text, weekday.at)} does not match the date: ` +
        `${day} ${MONTHS[month - 1]} ${year} is a ${WEEKDAY_NAMES[isoWeekday(days) - 1]}`,
    );
  }
  i = skip(yearEnd);
  if (i === yearEnd) return expected(`a space after the year`, i);

  // ---- time
  const twoDigits = (at: number, what: string): ClockField | Parsed => {
    const value = fixedDigits(text, at, 2);
    if (value >= 0 && digitRunEnd(text, at, end) === at + 2) return { value, at };
    return unclosed >= 0 ? unclosedComment() : expected(`2 digits for the ${what}`, at);
  };
  const hour = twoDigits(i, 'hour');
  if ('ok' in hour) return hour;
  i = skip(i + 2);
  if (text.charCodeAt(i) !== 0x3a) return unclosed >= 0 ? unclosedComment() : expected(`':' after the hour`, i);
  i = skip(i + 1);
  const minute = twoDigits(i, 'minute');
  if ('ok' in minute) return minute;
  let afterTime = i + 2;
  let second: ClockField | undefined;
  i = skip(afterTime);
  if (text.charCodeAt(i) === 0x3a) {
    i = skip(i + 1);
    const s = twoDigits(i, 'second');
    if ('ok' in s) return s;
    second = s;
    afterTime = i + 2;
    i = skip(afterTime);
  }
  if (unclosed >= 0) return unclosedComment();
  const clockProblem = checkClock(text, hour, minute, second, true, false);
  if (clockProblem) return fail(clockProblem);

  // ---- zone (optional), then only CFWS
  let offsetMinutes = 0;
  const local = i >= end;
  if (i < end) {
    if (i === afterTime) return expected(`a space before the zone`, i);
    const c = text.charCodeAt(i);
    if (c === 0x2b || c === 0x2d) {
      const hh = fixedDigits(text, i + 1, 2);
      const mm = fixedDigits(text, i + 3, 2);
      if (hh < 0 || mm < 0 || digitRunEnd(text, i + 1, end) !== i + 5)
        return expected(`4 digits for the zone (±HHMM)`, digitRunEnd(text, i + 1, Math.min(end, i + 5)));
      const problem = checkOffset(text, { value: hh, at: i + 1 }, { value: mm, at: i + 3 });
      if (problem) return fail(problem);
      offsetMinutes = (c === 0x2d ? -1 : 1) * (hh * 60 + mm);
      i += 5;
    } else if (isAsciiLetter(c)) {
      const name = word(i).toUpperCase();
      const offset = Object.hasOwn(ZONES, name) ? ZONES[name] : undefined;
      if (offset === undefined) {
        return fail(
          `unknown zone '${word(i)}' at position ${position(text, i)}; use a numeric offset such as +0100, or UT, GMT, UTC, Z, EST, EDT, CST, CDT, MST, MDT, PST or PDT`,
        );
      }
      offsetMinutes = offset;
      i += name.length;
    } else {
      return expected(`a zone such as +0000 or GMT`, i);
    }
    const tail = skip(i);
    if (unclosed >= 0) return unclosedComment();
    if (tail !== end) return expected(`the end of the input after the zone`, tail);
  }

  const ms =
    days * MS_PER_DAY +
    hour.value * 3_600_000 +
    minute.value * 60_000 +
    (second?.value ?? 0) * 1000 -
    offsetMinutes * 60_000;
  return { ok: true, ms, local };
}
