// The other numbers and identifiers that carry a time, read exactly with BigInt (no floating point):
//
//   excel-1900         Excel serial days, 1900 date system: 1 = 1900-01-01. Excel keeps Lotus 1-2-3's
//                      bug of a 29 February 1900: serial 60 is that day, which never existed (refused),
//                      and serials from 61 on count from 1899-12-30. A fraction is the time of day.
//   excel-1904         Excel serial days, 1904 date system (old Mac Excel): 0 = 1904-01-01.
//   filetime           Windows FILETIME: 100-ns intervals since 1601-01-01T00:00:00Z (unsigned 64-bit).
//   dotnet-ticks       .NET DateTime.Ticks: 100-ns intervals since 0001-01-01T00:00:00 (up to
//                      DateTime.MaxValue.Ticks, 3155378975999999999).
//   objectid           MongoDB ObjectId: 24 hex digits; the first 8 are seconds since the Unix epoch.
//   snowflake-twitter  Twitter/X Snowflake ID: (id >> 22) ms since 1288834974657 (2010-11-04T01:42:54.657Z).
//   snowflake-discord  Discord Snowflake ID: (id >> 22) ms since 1420070400000 (2015-01-01T00:00:00Z).
//
// Excel serials are wall clocks (a spreadsheet has no zone): read as UTC unless `input_timezone`
// names a zone. Everything else is an instant. Below a millisecond, values are floored.
import { MAX_MS, MS_PER_DAY, RANGE } from '../../lib/civil';
import { found } from './scan';

export const KINDS = [
  'excel-1900',
  'excel-1904',
  'filetime',
  'dotnet-ticks',
  'objectid',
  'snowflake-twitter',
  'snowflake-discord',
] as const;
export type Kind = (typeof KINDS)[number];

export type KindResult = { ok: true; ms: number; local: boolean } | { ok: false; error: string };

/** What each kind is called in sentences. */
const NAMES: Record<Kind, string> = {
  'excel-1900': 'an Excel serial day (1900 date system)',
  'excel-1904': 'an Excel serial day (1904 date system)',
  filetime: 'a Windows FILETIME',
  'dotnet-ticks': 'a .NET DateTime tick count',
  objectid: 'a MongoDB ObjectId',
  'snowflake-twitter': 'a Twitter Snowflake ID',
  'snowflake-discord': 'a Discord Snowflake ID',
};

/** 24 hex digits: the only form auto-detection reads as an ObjectId (when it has a letter a–f). */
export const OBJECT_ID = /^[0-9a-fA-F]{24}$/;

const UINT64_MAX = (1n << 64n) - 1n;
const DOTNET_MAX_TICKS = 3155378975999999999n;
/** Milliseconds from 1601-01-01 (FILETIME) and 0001-01-01 (.NET) to the Unix epoch. */
const FILETIME_EPOCH_MS = 11644473600000n;
const DOTNET_EPOCH_MS = 62135596800000n;
const TWITTER_EPOCH_MS = 1288834974657n;
const DISCORD_EPOCH_MS = 1420070400000n;
/** Excel day 0 of each system, in days since the Unix epoch: 1899-12-30 (after the phantom day) and 1904-01-01. */
const EXCEL_1900_DAY0 = -25569;
const EXCEL_1904_DAY0 = -24107;
/** 9999-12-31, Excel's last day, in each system. */
const EXCEL_MAX = { 'excel-1900': 2958465, 'excel-1904': 2957003 } as const;

/** Reads `text` (trimmed; `offset` is its index in `field`, for positions) as `kind`. */
export function parseKind(kind: Kind, text: string, field: string, offset: number): KindResult {
  const fail = (error: string): KindResult => ({ ok: false, error });
  const name = NAMES[kind];
  const at = (i: number) => found(field, offset + i, offset + text.length);
  if (kind === 'objectid') {
    const bad = text.search(/[^0-9a-fA-F]/);
    if (bad >= 0 && bad < 24) return fail(`'input' read as ${name} must be 24 hex digits, but has ${at(bad)}.`);
    if (text.length !== 24) return fail(`'input' read as ${name} must be 24 hex digits, but has ${text.length}.`);
    return { ok: true, ms: parseInt(text.slice(0, 8), 16) * 1000, local: false };
  }
  if (kind === 'excel-1900' || kind === 'excel-1904') return excel(kind, text, at, fail);
  const bad = text.search(/[^0-9]/);
  if (bad >= 0) return fail(`'input' read as ${name} must be a whole number of decimal digits, but has ${at(bad)}.`);
  // More than 20 digits exceeds any 64-bit value; refusing it first keeps BigInt small.
  const value = text.length > 20 ? UINT64_MAX + 1n : BigInt(text);
  let ms: bigint;
  if (kind === 'filetime') {
    if (value > UINT64_MAX) return fail(`'input' read as ${name} exceeds 64 bits (18446744073709551615).`);
    ms = value / 10000n - FILETIME_EPOCH_MS;
  } else if (kind === 'dotnet-ticks') {
    if (value > DOTNET_MAX_TICKS)
      return fail(`'input' read as ${name} exceeds DateTime.MaxValue.Ticks (3155378975999999999).`);
    ms = value / 10000n - DOTNET_EPOCH_MS;
  } else {
    if (value > UINT64_MAX) return fail(`'input' read as ${name} exceeds 64 bits (18446744073709551615).`);
    ms = (value >> 22n) + (kind === 'snowflake-twitter' ? TWITTER_EPOCH_MS : DISCORD_EPOCH_MS);
  }
  if (ms > BigInt(MAX_MS) || ms < -BigInt(MAX_MS)) return fail(`'input' read as ${name} is out of range: ${RANGE}.`);
  return { ok: true, ms: Number(ms), local: false };
}

function excel(
  kind: 'excel-1900' | 'excel-1904',
  text: string,
  at: (i: number) => string,
  fail: (error: string) => KindResult,
): KindResult {
  const name = NAMES[kind];
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) {
    const bad = /^\d+(?:\.\d*)?/.exec(text)?.[0].length ?? 0;
    return fail(
      `'input' read as ${name} must be a non-negative number of days (digits, optionally a fraction), but has ${at(bad)}.`,
    );
  }
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const fraction = m[2] ?? '';
  const max = EXCEL_MAX[kind];
  if (whole.length > 7 || Number(whole) > max)
    return fail(`'input' read as ${name} is past ${max}, Excel's last day (9999-12-31).`);
  const days = Number(whole);
  if (kind === 'excel-1900') {
    if (days === 0)
      return fail(
        `'input' read as ${name} is below 1 (1900-01-01), Excel's first day; a fraction alone is a time of day without a date.`,
      );
    if (days === 60)
      return fail(
        `'input' read as ${name} is 60, Excel's 29 February 1900, a day that never existed (Excel keeps Lotus 1-2-3's leap-year bug); 59 is 1900-02-28, 61 is 1900-03-01.`,
      );
  }
  // Before the phantom day, 1900 serials count from 1899-12-31: one day later than from 61 on.
  const day0 = kind === 'excel-1904' ? EXCEL_1904_DAY0 : days < 60 ? EXCEL_1900_DAY0 + 1 : EXCEL_1900_DAY0;
  // The fraction of a day to the nearest millisecond, exactly: round(f × 86400000 / 10^n). Beyond
  // 15 digits a digit moves the result by under 1e-7 ms, so the rest is dropped (no big numbers).
  const f = fraction.slice(0, 15);
  const scale = 10n ** BigInt(f.length);
  const milli = f ? Number((BigInt(f) * BigInt(MS_PER_DAY) * 2n + scale) / (2n * scale)) : 0;
  return { ok: true, ms: (day0 + days) * MS_PER_DAY + milli, local: true };
}
