// Proleptic Gregorian calendar arithmetic on whole days since 1970-01-01, after Howard Hinnant's
// "chrono-Compatible Low-Level Date Algorithms". Done by hand instead of Date.UTC so that every
// year of the ±8.64e15 ms range (years -271821 to 275760) is exact and engine-independent, and
// so that formatting needs no Date object at all.

export const MS_PER_DAY = 86_400_000;
/** ECMAScript's time range, which docs/contract.md adopts: ±10^8 days around the epoch. */
export const MAX_MS = 8.64e15;

const div = (a: number, b: number) => Math.floor(a / b);

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to the civil date y-m-d (m 1–12, d 1–31); no validation. */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = div(yy, 400);
  const yoe = yy - era * 400; // [0, 399]
  const doy = div(153 * (m > 2 ? m - 3 : m + 9) + 2, 5) + d - 1; // [0, 365], March-based
  const doe = yoe * 365 + div(yoe, 4) - div(yoe, 100) + doy; // [0, 146096]
  return era * 146097 + doe - 719468;
}

export interface Civil {
  year: number;
  month: number;
  day: number;
}

/** The civil date of a day count from 1970-01-01 (inverse of daysFromCivil). */
export function civilFromDays(days: number): Civil {
  const z = days + 719468;
  const era = div(z, 146097);
  const doe = z - era * 146097;
  const yoe = div(doe - div(doe, 1460) + div(doe, 36524) - div(doe, 146096), 365);
  const doy = doe - (365 * yoe + div(yoe, 4) - div(yoe, 100));
  const mp = div(5 * doy + 2, 153);
  const day = doy - div(153 * mp + 2, 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday of a day count: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export const isoWeekday = (days: number) => ((((days + 3) % 7) + 7) % 7) + 1;

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Day count of the Monday of ISO week 1 of `year`: the week holding the year's first Thursday. */
export function isoWeekOneMonday(year: number): number {
  const jan4 = daysFromCivil(year, 1, 4);
  return jan4 - (isoWeekday(jan4) - 1);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

interface Parts extends Civil {
  days: number;
  hour: number;
  minute: number;
  second: number;
  milli: number;
}

/** Splits integer epoch milliseconds into civil parts; exact for |ms| ≤ 2^53. */
function split(ms: number): Parts {
  const days = div(ms, MS_PER_DAY);
  const rest = ms - days * MS_PER_DAY; // [0, 86_399_999]
  return {
    ...civilFromDays(days),
    days,
    hour: div(rest, 3_600_000),
    minute: div(rest, 60_000) % 60,
    second: div(rest, 1000) % 60,
    milli: rest % 1000,
  };
}

const clock = (p: Parts) => `${pad(p.hour, 2)}:${pad(p.minute, 2)}:${pad(p.second, 2)}`;

/** `YYYY-MM-DDTHH:mm:ss.sssZ`; years outside 0000–9999 as `±YYYYYY` (ECMAScript's toISOString form). */
export function formatIso(ms: number): string {
  const p = split(ms);
  const year = p.year >= 0 && p.year <= 9999 ? pad(p.year, 4) : (p.year < 0 ? '-' : '+') + pad(Math.abs(p.year), 6);
  return `${year}-${pad(p.month, 2)}-${pad(p.day, 2)}T${clock(p)}.${pad(p.milli, 3)}Z`;
}

/**
 * `Www, DD Mon YYYY HH:MM:SS UTC`. The year has at least four digits and a `-` when negative,
 * exactly as ECMAScript's toUTCString writes it (which ends in `GMT` instead of `UTC`).
 */
export function formatUtc(ms: number): string {
  const p = split(ms);
  const year = (p.year < 0 ? '-' : '') + pad(Math.abs(p.year), 4);
  return `${WEEKDAYS[isoWeekday(p.days) - 1]}, ${pad(p.day, 2)} ${MONTHS[p.month - 1]} ${year} ${clock(p)} UTC`;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** How the range is explained in errors. */
export const RANGE =
  'the supported instants are -271821-04-20T00:00:00.000Z to +275760-09-13T00:00:00.000Z (±8.64e15 ms)';
