import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import type { ToolContext } from '../define';
import { MAX_MS, civilFromDays, daysFromCivil, formatIso, formatUtc, isoWeekday } from '../../lib/civil';
import { parseIso } from './iso8601';
import { parseNumeric } from './numeric';
import { parseRfc2822 } from './rfc2822';
import { relativeTime } from '../../lib/relative-time';
import tool from './tool';
import { prng } from '../../../tests/support/prng';

const NOW = Date.UTC(2024, 0, 15, 12, 0, 0); // fixed clock for exact `relative` answers
const ctx: ToolContext = { now: () => NOW, randomBytes: (b) => b.fill(7) };
const run = async (body: Record<string, unknown>) =>
  (await invoke(tool, body, ctx)) as { status: number; body: Record<string, unknown> };

const int = (rand: () => number, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const p2 = (n: number) => String(n).padStart(2, '0');

/** Date.UTC for any year: its two-digit-year quirk (0–99 → 1900s) fixed with setUTCFullYear. */
function refUtc(y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

describe('civil calendar arithmetic (against ECMAScript Date)', () => {
  it('daysFromCivil and civilFromDays agree with Date over the whole range', () => {
    const rand = prng(1);
    for (let k = 0; k < 5000; k++) {
      const days = int(rand, -1e8, 1e8);
      const date = new Date(days * 86_400_000);
      const civil = civilFromDays(days);
      expect(civil).toEqual({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
      expect(daysFromCivil(civil.year, civil.month, civil.day)).toBe(days);
      expect(isoWeekday(days) % 7).toBe(date.getUTCDay());
    }
  });

  it('knows the leap-year rule at century boundaries', () => {
    for (const [y, feb] of [
      [1900, 28],
      [2000, 29],
      [2023, 28],
      [2024, 29],
      [2100, 28],
      [0, 29],
      [-4, 29],
      [-100, 28],
      [-400, 29],
    ] as const) {
      expect(daysFromCivil(y, 3, 1) - daysFromCivil(y, 2, 1)).toBe(feb);
    }
  });

  it('formats like toISOString and toUTCString (GMT → UTC) for random instants', () => {
    const rand = prng(2);
    const samples = [0, -1, 1, MAX_MS, -MAX_MS, -62198755200000, 253402300800000, -62135596800001];
    for (let k = 0; k < 5000; k++) samples.push(Math.floor((rand() * 2 - 1) * MAX_MS));
    for (const ms of samples) {
      const date = new Date(ms);
      expect(formatIso(ms)).toBe(date.toISOString());
      expect(formatUtc(ms)).toBe(date.toUTCString().replace(/GMT$/, 'UTC'));
    }
  });
});

describe('numeric timestamps', () => {
  const ms = (text: string) => {
    const r = parseNumeric(text, text, 0);
    return r.ok ? [r.ms, r.unit] : [r.error];
  };

  it('detects the unit at each power-of-ten boundary', () => {
    expect(ms('99999999999')).toEqual([99999999999000, 'seconds']);
    expect(ms('-99999999999.999')).toEqual([-99999999999999, 'seconds']);
    expect(ms('100000000000')).toEqual([100000000000, 'milliseconds']);
    expect(ms('-100000000000')).toEqual([-100000000000, 'milliseconds']);
    expect(ms('99999999999999.9')).toEqual([99999999999999, 'milliseconds']);
    expect(ms('100000000000000')).toEqual([100000000000, 'microseconds']);
    expect(ms('99999999999999999')).toEqual([99999999999999, 'microseconds']);
    expect(ms('100000000000000000')).toEqual([100000000000, 'nanoseconds']);
    expect(ms('000000000000001700000000')).toEqual([1700000000000, 'seconds']); // leading zeros do not count
  });

  it('floors sub-millisecond parts toward −∞', () => {
    expect(ms('0.0009')).toEqual([0, 'seconds']);
    expect(ms('-0.0009')).toEqual([-1, 'seconds']);
    expect(ms('-0.001')).toEqual([-1, 'seconds']);
    expect(ms('-0.0010000000000000001')).toEqual([-2, 'seconds']);
    expect(ms('-1700000000000000001')).toEqual([-1700000000001, 'nanoseconds']);
    expect(ms('1700000000000000999')).toEqual([1700000000000, 'nanoseconds']);
    expect(ms('-0')).toEqual([0, 'seconds']);
    expect(Object.is(ms('-0.0')[0], -0)).toBe(false);
  });

  it('is exact for random decimals (reference: scaled BigInt floor division)', () => {
    const rand = prng(3);
    const toMs = { seconds: 3, milliseconds: 0, microseconds: -3, nanoseconds: -6 } as const;
    for (let k = 0; k < 5000; k++) {
      const intDigits = int(rand, 1, 21);
      let whole = String(int(rand, 1, 9));
      for (let i = 1; i < intDigits; i++) whole += int(rand, 0, 9);
      let frac = '';
      const fracDigits = rand() < 0.5 ? 0 : int(rand, 1, 12);
      for (let i = 0; i < fracDigits; i++) frac += int(rand, 0, 9);
      const negative = rand() < 0.5;
      const text = `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
      const unit =
        whole.length <= 11
          ? 'seconds'
          : whole.length <= 14
            ? 'milliseconds'
            : whole.length <= 17
              ? 'microseconds'
              : 'nanoseconds';
      // value × 10^shift = (digits / 10^frac.length) × 10^shift, floored with BigInt division.
      const num = BigInt((negative ? '-' : '') + whole + frac) * 10n ** BigInt(Math.max(0, toMs[unit]));
      const den = 10n ** BigInt(frac.length + Math.max(0, -toMs[unit]));
      const q = num / den;
      const floor = num % den !== 0n && num < 0n ? q - 1n : q;
      const exactBeyond =
        floor > BigInt(MAX_MS) || floor < -BigInt(MAX_MS) || (floor === BigInt(MAX_MS) && num % den !== 0n);
      const got = parseNumeric(text, text, 0);
      if (exactBeyond) expect(got.ok, text).toBe(false);
      else expect(got, text).toEqual({ ok: true, ms: Number(floor), unit });
    }
  });

  it('explains malformed numbers with positions in the field as sent', () => {
    expect(parseNumeric('1.', '  1.', 2)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/digits after the decimal point: expected a digit, found the end of the input/),
    });
    expect(parseNumeric('.5', ' .5', 1)).toMatchObject({
      error: expect.stringMatching(/digit before the decimal point \('\.' at position 2\)/),
    });
    expect(parseNumeric('-', '-', 0)).toMatchObject({ error: expect.stringMatching(/digits after the sign/) });
    expect(parseNumeric('1E+9', '1E+9', 0)).toMatchObject({
      error: expect.stringMatching(/exponent notation \('E' at position 2\)/),
    });
  });

  // No clock in these: quadratic scanning would take minutes, far past the test's timeout.
  it('refuses huge digit strings', () => {
    const huge = '9'.repeat(16 * 1024 * 1024);
    expect(parseNumeric(huge, huge, 0)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/nanoseconds is out of range/),
    });
    const longFraction = '1700000000.' + '0'.repeat(8 * 1024 * 1024) + '1';
    expect(parseNumeric(longFraction, longFraction, 0)).toEqual({ ok: true, ms: 1700000000000, unit: 'seconds' });
  });
});

describe('ISO 8601 parser', () => {
  const iso = (text: string) => parseIso(text, 0, text.length);

  it('agrees with Date.parse on random RFC 3339 date-times (the format ECMAScript defines)', () => {
    const rand = prng(4);
    for (let k = 0; k < 20000; k++) {
      const y = int(rand, 0, 9999);
      const m = int(rand, 1, 12);
      const d = int(rand, 1, new Date(refUtc(y, m + 1, 0)).getUTCDate());
      const time = `${p2(int(rand, 0, 23))}:${p2(int(rand, 0, 59))}:${p2(int(rand, 0, 59))}.${String(int(rand, 0, 999)).padStart(3, '0')}`;
      const zone = rand() < 0.3 ? 'Z' : `${rand() < 0.5 ? '+' : '-'}${p2(int(rand, 0, 23))}:${p2(int(rand, 0, 59))}`;
      const text = `${String(y).padStart(4, '0')}-${p2(m)}-${p2(d)}T${time}${zone}`;
      expect(iso(text), text).toMatchObject({ ok: true, ms: Date.parse(text) });
    }
  });

  it('agrees with Date.parse on expanded years', () => {
    for (const text of [
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      '-000001-12-31T23:59:59.999Z',
      '+010000-01-01T00:00:00.000Z',
      '+002024-02-29T00:00:00.000Z',
    ]) {
      expect(iso(text), text).toMatchObject({ ok: true, ms: Date.parse(text) });
    }
  });

  it('reads every accepted form of the same instant alike', () => {
    const expected = Date.UTC(2024, 0, 2, 3, 4, 5, 600);
    for (const text of [
      '2024-01-02T03:04:05.6Z',
      '2024-01-02T03:04:05,6Z',
      '2024-01-02 03:04:05.600',
      '2024-01-02t03:04:05.600z',
      '2024-01-02T05:04:05.6+02:00',
      '2024-01-02T05:04:05.6+0200',
      '2024-01-02T05:04:05.6+02',
      '2024-01-02T03:04:05.6-00:00',
      '20240102T030405.6Z',
      '20240102T050405.6+0200',
      '+002024-01-02T03:04:05.6Z',
      '2024-002T03:04:05.6Z',
      '2024-W01-2T03:04:05.6Z',
      '2024-01-02T03:04:05.600999Z',
    ]) {
      expect(iso(text), text).toMatchObject({ ok: true, ms: expected });
    }
  });

  it('computes ISO week dates (reference: ISO weeks worked out from Jan 4)', () => {
    // 2015 and 2020 have 53 weeks; 2009-W53-7 is 2010-01-03; 2008-W01-1 is 2007-12-31.
    expect(iso('2015-W53-1')).toMatchObject({ ok: true, ms: Date.UTC(2015, 11, 28) });
    expect(iso('2009-W53-7')).toMatchObject({ ok: true, ms: Date.UTC(2010, 0, 3) });
    expect(iso('2008-W01-1')).toMatchObject({ ok: true, ms: Date.UTC(2007, 11, 31) });
    expect(iso('2026-W53-1')).toMatchObject({ ok: true, ms: Date.UTC(2026, 11, 28) });
    expect(iso('2022-W53-1')).toMatchObject({ ok: false, error: 'week 53 at position 7 is not 01–52 in 2022' });
    const rand = prng(5);
    for (let k = 0; k < 2000; k++) {
      const days = int(rand, -800000, 800000);
      const date = new Date(days * 86_400_000);
      // ISO week-numbering year and week from the Thursday of the same week.
      const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
      const thursday = new Date((days - weekday + 3) * 86_400_000);
      const wy = thursday.getUTCFullYear();
      const jan1 = refUtc(wy, 1, 1);
      const week = Math.floor((thursday.getTime() - jan1) / 86_400_000 / 7) + 1;
      if (wy < 0 || wy > 9999) continue;
      const text = `${String(wy).padStart(4, '0')}-W${p2(week)}-${weekday + 1}`;
      expect(iso(text), text).toMatchObject({ ok: true, ms: days * 86_400_000 });
    }
  });

  it('computes ordinal dates', () => {
    expect(iso('2023-365')).toMatchObject({ ok: true, ms: Date.UTC(2023, 11, 31) });
    expect(iso('2024-366')).toMatchObject({ ok: true, ms: Date.UTC(2024, 11, 31) });
    expect(iso('2024-001T00:00Z')).toMatchObject({ ok: true, ms: Date.UTC(2024, 0, 1) });
    expect(iso('2023-366')).toMatchObject({
      ok: false,
      error: 'day of the year 366 at position 6 is not 001–365 in 2023',
    });
    expect(iso('2023-000')).toMatchObject({ ok: false });
  });

  it('accepts 24:00 only as the end of the day', () => {
    expect(iso('2024-02-29T24:00')).toMatchObject({ ok: true, ms: Date.UTC(2024, 2, 1) });
    expect(iso('2024-02-29T24:00:00.000Z')).toMatchObject({ ok: true, ms: Date.UTC(2024, 2, 1) });
    expect(iso('2024-02-29T24:00:01Z')).toMatchObject({
      ok: false,
      error: 'hour 24 at position 12 is only allowed as 24:00:00, the end of the day',
    });
    expect(iso('2024-02-29T24:00:00.001Z')).toMatchObject({ ok: false });
    expect(iso('2024-02-29T25:00Z')).toMatchObject({ ok: false, error: 'hour 25 at position 12 is not 00–23' });
  });

  it('names what is wrong and where', () => {
    const errors: [string, string][] = [
      ['2024', `expected '-' after the year, found the end of the input`],
      ['2024-01', `expected '-' after the month, found the end of the input`],
      [
        '2024-1-02',
        "expected a 2-digit month, a 3-digit day of the year or 'W' and a week at position 6, found 1 digit",
      ],
      ['24-01-02', "expected 4 digits for the year, found '-' at position 3"],
      ['2024-00-10', 'month 0 at position 6 is not 01–12'],
      ['2024-04-31', 'day 31 at position 9 does not exist: April 2024 has 30 days'],
      ['2024-01-32', 'day 32 at position 9 is not 01–31'],
      ['2024-01-00', 'day 0 at position 9 is not 01–31'],
      ['2024-01-02T03', `expected ':' after the hour, found the end of the input`],
      ['2024-01-02T3:04', `expected 2 digits for the hour, found ':' at position 13`],
      ['2024-01-02T03:60', 'minute 60 at position 15 is not 00–59'],
      ['2024-01-02T03:04:61', 'second 61 at position 18 is not 00–59'],
      ['2024-01-02T03:04:05.Z', `expected digits after the decimal sign, found 'Z' at position 21`],
      ['2024-01-02T03:04:05+24:00', 'offset hours 24 at position 21 are not 00–23'],
      ['2024-01-02T03:04:05+01:60', 'offset minutes 60 at position 24 are not 00–59'],
      ['2024-01-02T03:04:05+1', `expected 2 digits for the offset hours, found the end of the input`],
      [
        '2024-01-02T03:04:05 UTC',
        `expected 'Z', an offset such as +01:00, or the end of the input, found ' ' at position 20`,
      ],
      ['2024-01-02T030405Z', `expected ':' after the hour, found '0' at position 14`],
      ['20240102 030405', `expected '-' after the year, found '0' at position 5`],
      ['20240102T03:04:05', `expected 2 digits for the minute, found ':' at position 12`],
      ['2024-01-02Z', `expected 'T' or a space before the time, found 'Z' at position 11`],
      [
        '2024-01-02T03:04:05ZZ',
        `expected 'Z', an offset such as +01:00, or the end of the input, found 'Z' at position 21`,
      ],
      ['-000000-01-01', 'year -000000 at position 1 is not allowed; year zero is written 0000 or +000000'],
      ['+12345-01-01', `expected 6 digits for the expanded year (±YYYYYY), found '-' at position 7`],
      ['2024-W1-1', `expected 2 digits for the week, found '-' at position 8`],
      ['2024-W01-8', 'day of the week 8 at position 10 is not 1–7'],
      ['2024-W00-1', 'week 0 at position 7 is not 01–52 in 2024'],
    ];
    for (const [text, error] of errors) expect(iso(text), text).toEqual({ ok: false, error });
  });
});

describe('RFC 2822 parser', () => {
  const rfc = (text: string) => parseRfc2822(text, 0, text.length);
  const ZONES = {
    GMT: 0,
    UT: 0,
    UTC: 0,
    Z: 0,
    EST: -5,
    EDT: -4,
    CST: -6,
    CDT: -5,
    MST: -7,
    MDT: -6,
    PST: -8,
    PDT: -7,
  } as const;

  it('agrees with Date.UTC on random dates, zones and spellings', () => {
    const rand = prng(6);
    const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    for (let k = 0; k < 20000; k++) {
      const y = int(rand, 1900, 9999);
      const m = int(rand, 1, 12);
      const d = int(rand, 1, new Date(refUtc(y, m + 1, 0)).getUTCDate());
      const [h, mi, s] = [int(rand, 0, 23), int(rand, 0, 59), int(rand, 0, 59)];
      const withSeconds = rand() < 0.8;
      let zone: string;
      let offset: number; // minutes
      if (rand() < 0.5) {
        offset = int(rand, -23 * 60 - 59, 23 * 60 + 59);
        zone = `${offset < 0 ? '-' : '+'}${p2(Math.floor(Math.abs(offset) / 60))}${p2(Math.abs(offset) % 60)}`;
      } else {
        const names = Object.keys(ZONES) as (keyof typeof ZONES)[];
        const name = names[int(rand, 0, names.length - 1)]!;
        offset = ZONES[name] * 60;
        zone = rand() < 0.5 ? name : name.toLowerCase();
      }
      const local = refUtc(y, m, d, h, mi, withSeconds ? s : 0);
      const dow = rand() < 0.7 ? `${days[new Date(local).getUTCDay()]}, ` : '';
      const text = `${dow}${rand() < 0.5 ? d : p2(d)} ${months[m - 1]} ${y} ${p2(h)}:${p2(mi)}${withSeconds ? `:${p2(s)}` : ''} ${zone}`;
      expect(rfc(text), text).toMatchObject({ ok: true, ms: local - offset * 60_000 });
    }
  });

  it('maps obsolete two- and three-digit years (RFC 2822 §4.3)', () => {
    expect(rfc('1 Jan 49 00:00 GMT')).toMatchObject({ ok: true, ms: Date.UTC(2049, 0, 1) });
    expect(rfc('1 Jan 50 00:00 GMT')).toMatchObject({ ok: true, ms: Date.UTC(1950, 0, 1) });
    expect(rfc('1 Jan 00 00:00 GMT')).toMatchObject({ ok: true, ms: Date.UTC(2000, 0, 1) });
    expect(rfc('1 Jan 99 00:00 GMT')).toMatchObject({ ok: true, ms: Date.UTC(1999, 0, 1) });
    expect(rfc('1 Jan 124 00:00 GMT')).toMatchObject({ ok: true, ms: Date.UTC(2024, 0, 1) });
    expect(rfc('Sat, 1 Jan 0000 00:00 GMT')).toMatchObject({ ok: true, ms: refUtc(0, 1, 1) });
  });

  it('is case-insensitive, allows comments and missing zone (UTC)', () => {
    const expected = Date.UTC(2023, 10, 14, 22, 13, 20);
    for (const text of [
      'tue, 14 nov 2023 22:13:20 gmt',
      'TUE , 14 NOV 2023 22:13:20 +0000',
      '(sent) Tue,14 Nov 2023 22:13:20 GMT',
      'Tue, 14 Nov 2023 22:13:20',
      'Tue, 14 Nov 2023 22:13:20 -0000',
      'Tue, 14 Nov 2023 22:13:20 +0000 (UTC)',
      'Tue, 14 Nov 2023 22:13:20 (a (nested \\) comment)) GMT',
      'Tue, 14 Nov 2023 17:13:20 EST',
      'Tue,\t14\tNov\t2023\t22:13:20\tZ',
    ]) {
      expect(rfc(text), text).toMatchObject({ ok: true, ms: expected });
    }
  });

  it('names what is wrong and where', () => {
    const errors: [string, string][] = [
      ['Tuesday, 14 Nov 2023 22:13:20 GMT', `'Tuesday' at position 1 is not a day of the week (Mon–Sun)`],
      ['Tue 14 Nov 2023 22:13:20 GMT', `expected ',' after the day of the week, found '1' at position 5`],
      ['Tue, 14 Foo 2023 22:13:20 GMT', `'Foo' at position 9 is not a month (Jan–Dec)`],
      ['Tue, 14Nov 2023 22:13:20 GMT', `expected a space after the day, found 'N' at position 8`],
      ['Tue, 144 Nov 2023 22:13:20 GMT', `expected a 1- or 2-digit day of the month, found '1' at position 6`],
      ['30 Feb 2024 00:00 GMT', 'day 30 at position 1 does not exist: February 2024 has 29 days'],
      ['29 Feb 2100 00:00 GMT', 'day 29 at position 1 does not exist: February 2100 has 28 days'],
      [
        'Sun, 14 Nov 2023 22:13:20 GMT',
        `the day of the week 'Sun' at position 1 does not match the date: 14 Nov 2023 is a Tuesday`,
      ],
      ['14 Nov 2023 24:00:00 GMT', 'hour 24 at position 13 is not 00–23'],
      ['14 Nov 2023 23:59:60 GMT', 'second 60 at position 19 is a leap second, which Unix time cannot represent'],
      [
        '14 Nov 2023 22:13:20 A',
        `unknown zone 'A' at position 22; use a numeric offset such as +0100, or UT, GMT, UTC, Z, EST, EDT, CST, CDT, MST, MDT, PST or PDT`,
      ],
      ['14 Nov 2023 22:13:20 +01:00', `expected 4 digits for the zone (±HHMM), found ':' at position 25`],
      ['14 Nov 2023 22:13:20 +2400', 'offset hours 24 at position 23 are not 00–23'],
      ['14 Nov 2023 22:13:20 GMT extra', `expected the end of the input after the zone, found 'e' at position 26`],
      ['14 Nov 2023 22:13:20GMT', `expected a space before the zone, found 'G' at position 21`],
      ['14 Nov 2023 22', `expected ':' after the hour, found the end of the input`],
      ['14 Nov 2023 (open 22:13', 'the comment opened at position 13 is never closed'],
      ['14 Nov 1234567 22:13 GMT', 'the year at position 8 has 7 digits; the supported range ends at year 275760'],
      [
        'Jan 14 2023',
        `'Jan' at position 1 is not a day of the week (Mon–Sun); RFC 2822 puts the day before the month, as in 'Tue, 14 Nov 2023 22:13:20 GMT'`,
      ],
    ];
    for (const [text, error] of errors) expect(rfc(text), text).toEqual({ ok: false, error });
  });

  it('survives deeply nested and unclosed comments without recursion', () => {
    const deep = `14 Nov 2023 22:13:20 GMT ${'('.repeat(200000)}${')'.repeat(200000)}`;
    expect(rfc(deep)).toMatchObject({ ok: true, ms: Date.UTC(2023, 10, 14, 22, 13, 20) });
    expect(rfc(`14 Nov 2023 ${'('.repeat(200000)}`)).toMatchObject({
      ok: false,
      error: 'the comment opened at position 13 is never closed',
    });
  });
});

describe('relative', () => {
  const S = 1000;
  const M = 60 * S;
  const H = 60 * M;
  const D = 24 * H;
  const Y = 365.25 * D;
  /** The phrase for an instant `d` ms in the past and in the future. */
  const both = (d: number) => [relativeTime(NOW - d, NOW), relativeTime(NOW + d, NOW)];

  it.each([
    [0, 'just now', 'just now'],
    [44 * S + 999, 'just now', 'just now'],
    [45 * S, '1 minute ago', 'in 1 minute'],
    [89 * S + 999, '1 minute ago', 'in 1 minute'],
    [90 * S, '2 minutes ago', 'in 2 minutes'],
    [150 * S - 1, '2 minutes ago', 'in 2 minutes'],
    [150 * S, '3 minutes ago', 'in 3 minutes'], // 2.5 rounds half up
    [44 * M + 29 * S + 999, '44 minutes ago', 'in 44 minutes'],
    [44 * M + 30 * S, '45 minutes ago', 'in 45 minutes'],
    [45 * M - 1, '45 minutes ago', 'in 45 minutes'],
    [45 * M, 'about 1 hour ago', 'in about 1 hour'],
    [90 * M - 1, 'about 1 hour ago', 'in about 1 hour'],
    [90 * M, 'about 2 hours ago', 'in about 2 hours'],
    [150 * M - 1, 'about 2 hours ago', 'in about 2 hours'],
    [150 * M, 'about 3 hours ago', 'in about 3 hours'],
    [22 * H - 1, 'about 22 hours ago', 'in about 22 hours'],
    [22 * H, 'about 1 day ago', 'in about 1 day'],
    [36 * H - 1, 'about 1 day ago', 'in about 1 day'],
    [36 * H, '2 days ago', 'in 2 days'], // 1.5 days rounds half up
    [60 * H - 1, '2 days ago', 'in 2 days'],
    [60 * H, '3 days ago', 'in 3 days'],
    [344 * D + 12 * H - 1, '344 days ago', 'in 344 days'],
    [344 * D + 12 * H, '345 days ago', 'in 345 days'],
    [345 * D - 1, '345 days ago', 'in 345 days'],
    [345 * D, 'about 1 year ago', 'in about 1 year'],
    [1.5 * Y - 1, 'about 1 year ago', 'in about 1 year'],
    [1.5 * Y, 'about 2 years ago', 'in about 2 years'],
    [10 * Y, 'about 10 years ago', 'in about 10 years'],
    [1000.5 * Y, 'about 1001 years ago', 'in about 1001 years'],
    [1000.5 * Y - 1, 'about 1000 years ago', 'in about 1000 years'],
  ])('d = %d ms → %s / %s', (d, past, future) => {
    expect(both(d)).toEqual([past, future]);
  });

  it('is exact at the far ends of the range', () => {
    expect(relativeTime(-MAX_MS, NOW)).toBe(`about ${Math.round((NOW + MAX_MS) / Y)} years ago`);
    expect(relativeTime(MAX_MS, NOW)).toBe(`in about ${Math.round((MAX_MS - NOW) / Y)} years`);
  });

  it('floors a fractional clock to whole milliseconds', () => {
    // Unfloored, d would be 149999.1 ms (2 minutes); floored it is exactly 2.5 minutes.
    expect(relativeTime(NOW + 150 * S, NOW + 0.9)).toBe('in 3 minutes');
    expect(relativeTime(NOW - 45 * S, NOW + 0.9)).toBe('1 minute ago');
  });
});

describe('tool', () => {
  it('answers with every field, relative to the injected clock', async () => {
    expect(await run({ input: '1705320000' })).toEqual({
      status: 200,
      body: {
        unix_seconds: 1705320000,
        unix_ms: 1705320000000,
        iso8601: '2024-01-15T12:00:00.000Z',
        utc: 'Mon, 15 Jan 2024 12:00:00 UTC',
        relative: 'just now',
        valid: true,
        detected_unit: 'seconds',
      },
    });
    expect((await run({ input: '2024-01-15T09:30:00Z' })).body.relative).toBe('about 3 hours ago');
    expect((await run({ input: 'Wed, 17 Jan 2024 12:00:00 GMT' })).body.relative).toBe('in 2 days');
    expect((await run({ input: '1705319940000' })).body.relative).toBe('1 minute ago');
  });

  it('gives zeros, empty strings and an error for every kind of failure', async () => {
    for (const body of [
      { input: '2024-01-01', mode: 'to-date' },
      { input: '1700000000', mode: 'to-timestamp' },
      { input: '1e9', mode: 'to-timestamp' },
      { input: 'nope' },
      { input: '+275761-01-01' },
      { input: '-271821-04-19T23:59:59.999Z' },
      { input: '\n\t ' },
    ]) {
      const reply = await run(body);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        unix_seconds: 0,
        unix_ms: 0,
        iso8601: '',
        utc: '',
        relative: '',
        valid: false,
        error: expect.any(String),
      });
    }
  });

  it('counts positions from the field as sent, including trimmed whitespace and emoji', async () => {
    expect((await run({ input: '   2024-13-01' })).body.error).toMatch(/month 13 at position 9 /);
    expect((await run({ input: '😀' })).body.error).toBe(
      `'input' is not a valid ISO 8601 date: expected 4 digits for the year, found '😀' at position 1.`,
    );
    expect((await run({ input: '😀x', mode: 'to-date' })).body.error).toMatch(/'😀' at position 1/);
    expect((await run({ input: '\uD800' })).body.error).toMatch(/U\+D800 at position 1/);
  });

  it('round-trips its own iso8601 and utc strings', async () => {
    const rand = prng(7);
    for (let k = 0; k < 500; k++) {
      const ms = Math.floor((rand() * 2 - 1) * MAX_MS);
      const first = (await run({ input: String(BigInt(ms) * 1_000_000n) })).body;
      expect(first.unix_ms).toBe(ms);
      expect((await run({ input: first.iso8601 as string, mode: 'to-timestamp' })).body.unix_ms).toBe(ms);
      if (!(first.utc as string).includes(' -')) {
        expect((await run({ input: first.utc as string })).body.unix_ms).toBe(ms - (((ms % 1000) + 1000) % 1000));
      }
    }
  });

  it('never fails with a 500 on random date-like text', async () => {
    const rand = prng(8);
    const alphabet = '0123456789-+:.,TZtz WMonTueJanFebGMTESTUT()\\\t\r\n\u00e9😀';
    const chars = [...alphabet];
    for (let k = 0; k < 5000; k++) {
      let input = rand() < 0.5 ? '2024-01-02T03:04:05' : 'Tue, 14 Nov 2023 22:13:20 GMT';
      const edits = int(rand, 1, 4);
      for (let e = 0; e < edits; e++) {
        const at = int(rand, 0, input.length);
        input = input.slice(0, at) + chars[int(rand, 0, chars.length - 1)] + input.slice(at + (rand() < 0.5 ? 1 : 0));
      }
      for (const mode of ['auto', 'to-date', 'to-timestamp']) {
        const reply = await run({ input, mode });
        expect(reply.status, input).toBe(200);
        expect(tool.output.safeParse(reply.body).success, input).toBe(true);
        if (reply.body.valid === false) expect(reply.body.error, input).toMatch(/\.$/);
      }
    }
  });

  it('handles a 16 MiB date string', async () => {
    const reply = await run({ input: `2024-01-02T03:04:05.${'9'.repeat(16 * 1024 * 1024)}Z` });
    expect(reply.body).toMatchObject({ valid: true, unix_ms: Date.UTC(2024, 0, 2, 3, 4, 5, 999) });
  });
});
