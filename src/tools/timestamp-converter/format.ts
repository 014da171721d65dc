// The output `format`: Day.js / moment.js tokens, written in English whatever the runtime's locale,
// for the wall clock in the output zone. At each place the longest token wins (`MMMM` before `MM`);
// text in [brackets] is copied without the brackets; any other character is copied as it is.
import {
  MONTHS,
  MONTH_NAMES,
  WEEKDAYS,
  WEEKDAY_NAMES,
  MS_PER_DAY,
  civilFromDays,
  daysFromCivil,
  isoWeekOneMonday,
  isoWeekday,
} from '../../lib/civil';
import { formatOffset } from './zoned';

/** The longest format accepted, in UTF-16 units (a 400 beyond). */
export const MAX_FORMAT = 256;

/** A wall clock: civil fields plus the zone's offset in seconds and the instant itself. */
export interface WallFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  milli: number;
  offsetSeconds: number;
  ms: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const year4 = (y: number) => (y >= 0 && y <= 9999 ? pad(y, 4) : (y < 0 ? '-' : '+') + pad(Math.abs(y), 6));
/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** ISO week-numbering year and week of a day count since the epoch. */
function isoWeek(days: number, year: number): { year: number; week: number } {
  for (const y of [year + 1, year, year - 1]) {
    const monday = isoWeekOneMonday(y);
    if (days >= monday) return { year: y, week: Math.floor((days - monday) / 7) + 1 };
  }
  return { year, week: 1 }; // not reached: year − 1's week one always starts earlier
}

type Writer = (w: WallFields) => string;

const days = (w: WallFields) => daysFromCivil(w.year, w.month, w.day);
const hour12 = (w: WallFields) => w.hour % 12 || 12;

/** Every token, with what it writes. Documented in docs/contract.md (timestamp-converter, `format`). */
export const TOKENS: Record<string, Writer> = {
  YYYY: (w) => year4(w.year),
  YY: (w) => pad(((w.year % 100) + 100) % 100),
  Q: (w) => String(Math.ceil(w.month / 3)),
  M: (w) => String(w.month),
  MM: (w) => pad(w.month),
  MMM: (w) => MONTHS[w.month - 1]!,
  MMMM: (w) => MONTH_NAMES[w.month - 1]!,
  D: (w) => String(w.day),
  DD: (w) => pad(w.day),
  Do: (w) => ordinal(w.day),
  DDD: (w) => String(days(w) - daysFromCivil(w.year, 1, 1) + 1),
  DDDD: (w) => pad(days(w) - daysFromCivil(w.year, 1, 1) + 1, 3),
  d: (w) => String(isoWeekday(days(w)) % 7),
  E: (w) => String(isoWeekday(days(w))),
  ddd: (w) => WEEKDAYS[isoWeekday(days(w)) - 1]!,
  dddd: (w) => WEEKDAY_NAMES[isoWeekday(days(w)) - 1]!,
  W: (w) => String(isoWeek(days(w), w.year).week),
  WW: (w) => pad(isoWeek(days(w), w.year).week),
  GGGG: (w) => year4(isoWeek(days(w), w.year).year),
  H: (w) => String(w.hour),
  HH: (w) => pad(w.hour),
  h: (w) => String(hour12(w)),
  hh: (w) => pad(hour12(w)),
  m: (w) => String(w.minute),
  mm: (w) => pad(w.minute),
  s: (w) => String(w.second),
  ss: (w) => pad(w.second),
  S: (w) => String(Math.floor(w.milli / 100)),
  SS: (w) => pad(Math.floor(w.milli / 10)),
  SSS: (w) => pad(w.milli, 3),
  A: (w) => (w.hour < 12 ? 'AM' : 'PM'),
  a: (w) => (w.hour < 12 ? 'am' : 'pm'),
  Z: (w) => formatOffset(w.offsetSeconds),
  ZZ: (w) => formatOffset(w.offsetSeconds).replace(/:/g, ''),
  X: (w) => String(Math.floor(w.ms / 1000)),
  x: (w) => String(w.ms),
};

/** Tokens longest first, so that one regular expression takes `MMMM` before `MM` and `M`. */
const TOKEN_RE = new RegExp(
  `\\[([^\\]]*)\\]|${Object.keys(TOKENS)
    .sort((a, b) => b.length - a.length)
    .join('|')}`,
  'g',
);

/** Writes `w` by `format`; an unclosed `[` is copied as it is (as Day.js does). */
export function formatWall(format: string, w: WallFields): string {
  return format.replace(TOKEN_RE, (token, escaped: string | undefined) => escaped ?? TOKENS[token]!(w));
}

/** Civil fields of a wall clock written as UTC-style milliseconds (zoned.ts's `wall`). */
export function wallFields(wall: number, offsetSeconds: number, ms: number): WallFields {
  const dayCount = Math.floor(wall / MS_PER_DAY);
  const rest = wall - dayCount * MS_PER_DAY;
  const date = civilFromDays(dayCount);
  return {
    ...date,
    hour: Math.floor(rest / 3_600_000),
    minute: Math.floor(rest / 60_000) % 60,
    second: Math.floor(rest / 1000) % 60,
    milli: rest % 1000,
    offsetSeconds,
    ms,
  };
}

/** What each token means, for the page's token help (its example is written by the token itself). */
export const TOKEN_MEANINGS: [token: string, meaning: string][] = [
  ['YYYY', 'year, 4 digits (±6 outside 0000–9999)'],
  ['YY', 'year, last 2 digits'],
  ['Q', 'quarter 1–4'],
  ['M', 'month 1–12'],
  ['MM', 'month 01–12'],
  ['MMM', 'month, short name'],
  ['MMMM', 'month, full name'],
  ['D', 'day of the month 1–31'],
  ['DD', 'day of the month 01–31'],
  ['Do', 'day of the month, ordinal'],
  ['DDD', 'day of the year 1–366'],
  ['DDDD', 'day of the year 001–366'],
  ['d', 'day of the week, 0 = Sunday'],
  ['E', 'ISO day of the week, 1 = Monday'],
  ['ddd', 'day of the week, short name'],
  ['dddd', 'day of the week, full name'],
  ['W', 'ISO week 1–53'],
  ['WW', 'ISO week 01–53'],
  ['GGGG', 'ISO week-numbering year'],
  ['H', 'hour 0–23'],
  ['HH', 'hour 00–23'],
  ['h', 'hour 1–12'],
  ['hh', 'hour 01–12'],
  ['m', 'minute 0–59'],
  ['mm', 'minute 00–59'],
  ['s', 'second 0–59'],
  ['ss', 'second 00–59'],
  ['S', 'tenths of a second'],
  ['SS', 'hundredths of a second'],
  ['SSS', 'milliseconds 000–999'],
  ['A', 'AM / PM'],
  ['a', 'am / pm'],
  ['Z', 'offset ±hh:mm'],
  ['ZZ', 'offset ±hhmm'],
  ['X', 'Unix seconds'],
  ['x', 'Unix milliseconds'],
  ['[text]', 'text copied as it is'],
];
