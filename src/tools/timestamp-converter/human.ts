// Date forms people and programs write that are neither ISO 8601 nor RFC 2822:
//
//   toString  Www Mon DD YYYY HH:mm:ss GMT±hhmm (Zone name)   JavaScript's Date.prototype.toString()
//             (also toDateString's `Www Mon DD YYYY`)
//   month     [Www[,]] Mon[.] D[,] YYYY [time] [zone]          `Jan 5 2024`, `January 5, 2024`
//   day       [Www[,]] D Mon[.][,] YYYY [time] [zone]          `5 Jan 2024` (with a time it is RFC
//             2822's form, read by that parser; this one takes the date-only and AM/PM forms)
//   slashes   YYYY/MM/DD [time] [zone]                         `2024/01/05 10:00`
//
//   time      H[H]:mm[:ss[.fraction]] [AM|PM]
//   zone      Z | UTC | GMT | UT, optionally followed by ±hh[:]mm, or ±hh[:]mm alone; a trailing
//             parenthesised zone name (as toString writes it) is ignored
//
// Month and weekday names are English, full or three letters, any letter case. Without a zone the
// clock is read as UTC, the rule of docs/contract.md for every form without an offset; the device's
// own zone would make one request answer differently on each door. A weekday that contradicts the
// date is an error, as in RFC 2822.
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
import { found, isAsciiLetter, isDigit, type Parsed } from './scan';
import { characterPosition as position } from '../../lib/text-position';
import { checkClock, checkOffset } from './time-of-day';

interface Token {
  kind: 'word' | 'number' | 'mark';
  text: string;
  at: number;
}

/** Splits into words, digit runs and single marks; blanks separate and are dropped. */
function tokenize(text: string, start: number, end: number): Token[] | { at: number } {
  const tokens: Token[] = [];
  for (let i = start; i < end;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09) {
      i++;
    } else if (c === 0x28 /* ( */) {
      // A zone name in parentheses closes the input (toString); anything inside is ignored.
      const close = text.indexOf(')', i);
      if (close < 0 || close !== end - 1) return { at: i };
      tokens.push({ kind: 'mark', text: '(', at: i });
      break;
    } else {
      let j = i + 1;
      const kind = isDigit(c) ? 'number' : isAsciiLetter(c) ? 'word' : 'mark';
      if (kind !== 'mark') while (j < end && (kind === 'number' ? isDigit : isAsciiLetter)(text.charCodeAt(j))) j++;
      tokens.push({ kind, text: text.slice(i, j), at: i });
      i = j;
    }
  }
  return tokens;
}

const nameIndex = (full: readonly string[], short: readonly string[], word: string) => {
  const w = word.toLowerCase();
  const i = full.findIndex((n) => n.toLowerCase() === w);
  return i >= 0 ? i : short.findIndex((n) => n.toLowerCase() === w);
};
export const monthIndex = (word: string) => nameIndex(MONTH_NAMES, MONTHS, word);
const weekdayIndex = (word: string) => nameIndex(WEEKDAY_NAMES, WEEKDAYS, word);

const ZONE_WORDS = new Set(['z', 'ut', 'utc', 'gmt']);

/** The start of a form this parser reads; anything else goes to the ISO 8601 or RFC 2822 parser. */
export function looksHuman(text: string, start: number, end: number): boolean {
  const t = text.slice(start, Math.min(end, start + 40));
  if (/^\d{4}\//.test(t)) return true;
  // A name first (weekday optional) and then a month: `Jan 5`, `Fri Jan 05`, `Friday, January 5`.
  const m = /^([A-Za-z]+)\.?,?\s*(?:([A-Za-z]+)\.?)?/.exec(t);
  if (m) return monthIndex(m[1]!) >= 0 || (weekdayIndex(m[1]!) >= 0 && m[2] !== undefined && monthIndex(m[2]) >= 0);
  // Day first: only the forms RFC 2822 does not cover, a date alone or a 12-hour clock.
  const d = /^(?:\d{1,2}\s+[A-Za-z]+\.?,?\s+\d{4}\s*$)/.test(text.slice(start, end));
  return d || (/^\d{1,2}\s+[A-Za-z]/.test(t) && /[AaPp][Mm]\b/.test(text.slice(start, end)));
}

export function parseHuman(text: string, start: number, end: number): Parsed {
  const fail = (error: string): Parsed => ({ ok: false, error });
  const lexed = tokenize(text, start, end);
  if (!Array.isArray(lexed))
    return fail(
      `the parenthesis at position ${position(text, lexed.at)} must enclose a zone name at the end of the input`,
    );
  const tokens = lexed;
  let k = 0;
  const peek = (): Token | undefined => tokens[k];
  /** The next token, known to exist (after a peek). */
  const take = (): Token => tokens[k++]!;
  const at = (t: Token | undefined) => (t ? t.at : end);
  const expected = (what: string) => fail(`expected ${what}, found ${found(text, at(peek()), end)}`);
  const mark = (m: string) => {
    if (peek()?.kind === 'mark' && peek()?.text === m) {
      k++;
      return true;
    }
    return false;
  };
  const number = (min: number, max: number): Token | undefined => {
    const t = peek();
    if (t?.kind === 'number' && t.text.length >= min && t.text.length <= max) {
      k++;
      return t;
    }
    return undefined;
  };

  let year: number;
  let month: number;
  let day: Token;
  let weekday: Token | undefined;
  if (peek()?.kind === 'number' && peek()?.text.length === 4) {
    // ---- YYYY/MM/DD
    year = Number(take().text);
    if (!mark('/')) return expected(`'/' after the year`);
    const m = number(1, 2);
    if (!m) return expected(`the month (1–12)`);
    month = Number(m.text);
    if (month < 1 || month > 12) return fail(`month ${month} at position ${position(text, m.at)} is not 1–12`);
    if (!mark('/')) return expected(`'/' after the month`);
    const d = number(1, 2);
    if (!d) return expected(`the day`);
    day = d;
  } else {
    // ---- optional weekday, then month and day in either order, then the year
    if (peek()?.kind === 'word' && weekdayIndex(peek()!.text) >= 0) {
      weekday = take();
      mark(',');
    }
    const readMonth = (): number | undefined => {
      const t = peek();
      const index = t?.kind === 'word' ? monthIndex(t.text) : -1;
      if (index < 0) return undefined;
      k++;
      mark('.');
      return index + 1;
    };
    const d = number(1, 2);
    if (d) {
      const m = readMonth();
      if (m === undefined) return expected(`a month name such as Jan or January`);
      month = m;
      day = d;
    } else {
      const m = readMonth();
      if (m === undefined) return expected(`a month name such as Jan or January`);
      month = m;
      const dd = number(1, 2);
      if (!dd) return expected(`the day of the month`);
      day = dd;
    }
    mark(',');
    const y = number(4, 4);
    if (!y) return expected(`a 4-digit year`);
    year = Number(y.text);
  }
  const dayValue = Number(day.text);
  const last = daysInMonth(year, month);
  if (dayValue < 1 || dayValue > last) {
    return fail(
      `day ${dayValue} at position ${position(text, day.at)} does not exist: ${MONTH_NAMES[month - 1]} ${year} has ${last} days`,
    );
  }
  const days = daysFromCivil(year, month, dayValue);
  if (weekday) {
    const named = weekdayIndex(weekday.text) + 1;
    const actual = isoWeekday(days);
    if (named !== actual) {
      return fail(
        `'${weekday.text}' at position ${position(text, weekday.at)} does not match the date: ${dayValue} ${MONTHS[month - 1]} ${year} is a ${WEEKDAY_NAMES[actual - 1]}`,
      );
    }
  }

  // ---- optional time: H[H]:mm[:ss[.fraction]] [AM|PM]
  let clockMs = 0;
  const h = peek()?.kind === 'number' ? number(1, 2) : undefined;
  if (!h && peek()?.kind === 'number') return expected(`a time such as 10:00`);
  if (h) {
    if (!mark(':')) return expected(`':' after the hour`);
    const m = number(2, 2);
    if (!m) return expected(`2 digits for the minute`);
    let s: Token | undefined;
    let milli = 0;
    if (mark(':')) {
      s = number(2, 2);
      if (!s) return expected(`2 digits for the second`);
      if (mark('.')) {
        const f = peek();
        if (f?.kind !== 'number') return expected(`digits after the decimal point`);
        k++;
        milli = Number(f.text.slice(0, 3).padEnd(3, '0'));
      }
    }
    let hour = Number(h.text);
    const ampm = peek()?.kind === 'word' ? peek()!.text.toLowerCase() : '';
    if (ampm === 'am' || ampm === 'pm') {
      if (hour < 1 || hour > 12)
        return fail(`hour ${hour} at position ${position(text, h.at)} is not 1–12, as a 12-hour clock needs`);
      hour = (hour % 12) + (ampm === 'pm' ? 12 : 0);
      k++;
    }
    const problem = checkClock(
      text,
      { value: hour, at: h.at },
      { value: Number(m.text), at: m.at },
      s && { value: Number(s.text), at: s.at },
      true,
      false,
    );
    if (problem) return fail(problem);
    clockMs = ((hour * 60 + Number(m.text)) * 60 + (s ? Number(s.text) : 0)) * 1000 + milli;
  }

  // ---- optional zone
  let offsetMinutes = 0;
  let local = true;
  if (peek()?.kind === 'word' && ZONE_WORDS.has(peek()!.text.toLowerCase())) {
    k++;
    local = false;
  }
  const sign = peek();
  if (sign?.kind === 'mark' && (sign.text === '+' || sign.text === '-')) {
    k++;
    local = false;
    const first = number(2, 4);
    if (!first || first.text.length === 3) return expected(`an offset such as +0200 or +02:00`);
    const hh = first.text.slice(0, 2);
    let mm = first.text.slice(2) || '00';
    if (first.text.length === 2 && mark(':')) {
      const m = number(2, 2);
      if (!m) return expected(`2 digits for the offset minutes`);
      mm = m.text;
    }
    const problem = checkOffset(text, { value: Number(hh), at: first.at }, { value: Number(mm), at: first.at + 2 });
    if (problem) return fail(problem);
    offsetMinutes = (sign.text === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm));
  }
  mark('(');
  if (k < tokens.length) return expected(`the end of the input`);
  return { ok: true, ms: days * MS_PER_DAY + clockMs - offsetMinutes * 60_000, local };
}
