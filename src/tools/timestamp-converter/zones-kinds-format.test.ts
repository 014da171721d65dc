// Wall clocks read in a zone (`input_timezone`, `disambiguation`), the other kinds of input and
// the output `format`, each against Python as an independent reference: zoneinfo (the system's
// tzdata, not the runtime's ICU) with `fold` for gaps and overlaps, datetime arithmetic for the
// epochs of FILETIME, .NET ticks, Excel, ObjectIds and Snowflakes, and C strftime for the tokens.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import type { ToolContext } from '../define';
import tool from './tool';
import { prng } from '../../../tests/support/prng';

const ctx: ToolContext = { now: () => Date.UTC(2024, 0, 15, 12), randomBytes: (b) => b.fill(7) };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field against Python's, any shape
type Answer = { status: number; body: Record<string, any> };
const run = async (body: Record<string, unknown>) => (await invoke(tool, body, ctx)) as Answer;

/** Runs `script` with `data` as JSON on stdin; the script prints JSON. */
function python<T>(script: string, data: unknown): T {
  const out = spawnSync('python3', ['-c', script], {
    input: JSON.stringify(data),
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (out.status !== 0) throw new Error(`python3 failed: ${out.stderr}`);
  return JSON.parse(out.stdout) as T;
}

// Zones whose rules changed little lately (the runtime's ICU and the system's tzdata may be a
// release apart): spring-forward and fall-back at several hours, half-hour DST (Lord Howe),
// -03:30 (St John's), DST at midnight (São Paulo until 2019) and a whole day skipped (Apia, 2011).
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'America/Sao_Paulo',
  'Pacific/Apia',
  'Europe/London',
  'Asia/Kathmandu',
];

const ZONE_SCRIPT = `
import json, sys, random
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo
zones, seed = json.load(sys.stdin)
rnd = random.Random(seed)
UTC = timezone.utc
out = []
def case(z, wall):
    tz = ZoneInfo(z)
    a = wall.replace(tzinfo=tz, fold=0)
    b = wall.replace(tzinfo=tz, fold=1)
    ua, ub = a.astimezone(UTC), b.astimezone(UTC)
    ms = lambda u: round(u.timestamp() * 1000)
    # fold=0 takes the offset before a change, fold=1 the one after (PEP 495).
    kind = 'unique'
    if ua != ub:
        kind = 'overlap' if ua.astimezone(tz).replace(tzinfo=None) == wall else 'gap'
    out.append({'zone': z, 'wall': wall.strftime('%Y-%m-%dT%H:%M:%S'), 'fold0': ms(ua), 'fold1': ms(ub), 'kind': kind})
for z in zones:
    tz = ZoneInfo(z)
    # Every change of offset 1990-2024, found hour by hour; the wall clock inside each gap or overlap.
    t = datetime(1990, 1, 1, tzinfo=UTC)
    prev = t.astimezone(tz).utcoffset()
    found = 0
    while t.year < 2025:
        t2 = t + timedelta(hours=1)
        off = t2.astimezone(tz).utcoffset()
        if off != prev:
            # the exact change, by minutes
            c = t
            while c.astimezone(tz).utcoffset() == prev: c += timedelta(minutes=15)
            width = abs(off - prev)
            local_before = (c + prev).replace(tzinfo=None)
            # a gap starts at the old wall clock, an overlap at the new one
            start = local_before if off > prev else (c + off).replace(tzinfo=None)
            if found % 3 == 0 or z in ('Pacific/Apia', 'Australia/Lord_Howe', 'America/Sao_Paulo'):
                case(z, start + width / 2)
                case(z, start)
                case(z, start + width - timedelta(seconds=1))
            found += 1
        prev = off
        t = t2
    for _ in range(40):
        case(z, datetime(1990, 1, 1) + timedelta(seconds=rnd.randrange(35 * 365 * 86400)))
print(json.dumps(out))
`;

interface ZoneCase {
  zone: string;
  wall: string;
  fold0: number;
  fold1: number;
  kind: 'unique' | 'gap' | 'overlap';
}

describe('input_timezone against Python zoneinfo', () => {
  const cases = python<ZoneCase[]>(ZONE_SCRIPT, [ZONES, 3]);

  it('covers gaps and overlaps in every zone with changes', () => {
    for (const kind of ['gap', 'overlap'] as const) {
      expect(cases.filter((c) => c.kind === kind).length, kind).toBeGreaterThan(100);
    }
    expect(cases.some((c) => c.zone === 'Pacific/Apia' && c.kind === 'gap' && c.wall.startsWith('2011-12-30'))).toBe(
      true,
    );
  });

  it('reads each wall clock as zoneinfo does, with each disambiguation', async () => {
    for (const c of cases) {
      const [earlier, later] = [Math.min(c.fold0, c.fold1), Math.max(c.fold0, c.fold1)];
      // compatible = fold 0 (the offset before a change); earlier/later as Temporal defines them.
      const want = {
        compatible: c.fold0,
        earlier: c.kind === 'gap' ? c.fold1 : earlier,
        later: c.kind === 'gap' ? c.fold0 : later,
      };
      for (const [disambiguation, ms] of Object.entries(want)) {
        const reply = await run({ input: c.wall, input_timezone: c.zone, disambiguation });
        const label = `${c.wall} ${c.zone} ${disambiguation}`;
        expect(reply.body.unix_ms, label).toBe(ms);
        expect(reply.body.wall_clock?.transition, label).toBe(c.kind === 'unique' ? undefined : c.kind);
        // The offset reported is the one the wall clock was read with.
        expect(Date.parse(`${c.wall}Z`) - ms, label).toBe(offsetMs(reply.body.wall_clock.offset));
      }
      const rejected = await run({ input: c.wall, input_timezone: c.zone, disambiguation: 'reject' });
      expect(rejected.body.valid, `${c.wall} ${c.zone} reject`).toBe(c.kind === 'unique');
      if (c.kind !== 'unique')
        expect(rejected.body.error).toMatch(c.kind === 'gap' ? /never happened in / : /happened twice in /);
    }
  });

  it('reads every form without an offset in the zone, and leaves inputs with one alone', async () => {
    for (const input of [
      '2024-03-31 10:00',
      '2024-03-31T10:00:00',
      '2024/03/31 10:00',
      'Mar 31 2024 10:00 AM',
      'Sun, 31 Mar 2024 10:00:00',
    ]) {
      const reply = await run({ input, input_timezone: 'europe/berlin' });
      expect(reply.body.unix_ms, input).toBe(Date.UTC(2024, 2, 31, 8));
      expect(reply.body.wall_clock, input).toEqual({ timezone: 'Europe/Berlin', offset: '+02:00' });
    }
    expect((await run({ input: '2024-03-31', input_timezone: 'Asia/Tokyo' })).body.iso8601).toBe(
      '2024-03-30T15:00:00.000Z',
    );
    for (const input of [
      '2024-03-31T10:00:00Z',
      '2024-03-31 10:00 +00:00',
      'Sun, 31 Mar 2024 10:00:00 GMT',
      '1711879200',
      'Mar 31 2024 10:00 UTC',
    ]) {
      const reply = await run({ input, input_timezone: 'Europe/Berlin' });
      expect(reply.body.unix_ms, input).toBe(Date.UTC(2024, 2, 31, 10));
      expect(reply.body.wall_clock, input).toBeUndefined();
    }
  });

  it('refuses a bad zone with a 400 naming the field, and keeps the old answers without one', async () => {
    const bad = await run({ input: '2024-03-31 10:00', input_timezone: 'Berlin' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      `'input_timezone' "Berlin" is not a known IANA time zone; use an IANA time zone name such as Europe/Berlin, America/New_York or UTC. Did you mean Europe/Berlin?`,
    );
    const old = await run({ input: '2024-03-31 02:30', disambiguation: 'reject' });
    expect(old.body.iso8601).toBe('2024-03-31T02:30:00.000Z');
    expect(old.body.wall_clock).toBeUndefined();
  });
});

const offsetMs = (offset: string) => {
  const m = /^([+-])(\d\d):(\d\d)(?::(\d\d))?$/.exec(offset)!;
  return (m[1] === '-' ? -1 : 1) * ((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4] ?? 0)) * 1000;
};

const KIND_SCRIPT = `
import json, sys
from datetime import datetime, timedelta, timezone
from decimal import Decimal, ROUND_HALF_UP
UTC = timezone.utc
def iso(d): return '%04d' % d.year + d.strftime('-%m-%dT%H:%M:%S.') + '%03d' % (d.microsecond // 1000) + 'Z'
out = []
for kind, value in json.load(sys.stdin):
    if kind == 'filetime': d = datetime(1601, 1, 1, tzinfo=UTC) + timedelta(microseconds=int(value) // 10)
    elif kind == 'dotnet-ticks': d = datetime(1, 1, 1, tzinfo=UTC) + timedelta(microseconds=int(value) // 10)
    elif kind == 'snowflake-twitter': d = datetime(2010, 11, 4, 1, 42, 54, 657000, tzinfo=UTC) + timedelta(milliseconds=int(value) >> 22)
    elif kind == 'snowflake-discord': d = datetime(2015, 1, 1, tzinfo=UTC) + timedelta(milliseconds=int(value) >> 22)
    elif kind == 'objectid': d = datetime.fromtimestamp(int(value[:8], 16), UTC)
    else:
        days = Decimal(value)
        # Microsoft: 1900 system day 1 = 1900-01-01 and a phantom 1900-02-29 (day 60); 1904 system day 0 = 1904-01-01.
        if kind == 'excel-1904': epoch = datetime(1904, 1, 1, tzinfo=UTC)
        else: epoch = datetime(1899, 12, 31 if days < 60 else 30, tzinfo=UTC)
        ms = (days * 86400000).quantize(Decimal(1), rounding=ROUND_HALF_UP)
        d = epoch + timedelta(milliseconds=int(ms))
    out.append(iso(d))
print(json.dumps(out))
`;

describe('kind against Python datetime', () => {
  it('reads random values of every kind as Python computes them', async () => {
    const rand = prng(30);
    const big = (digits: number) =>
      Array.from({ length: digits }, (_, i) => String(Math.floor(rand() * 10) || (i === 0 ? 1 : 0))).join('');
    const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(rand() * 16)]).join('');
    const inputs: [string, string][] = [];
    for (let k = 0; k < 60; k++) {
      inputs.push(['filetime', String(BigInt(big(18)) + 116444736000000000n)]);
      inputs.push(['dotnet-ticks', big(18)]);
      inputs.push(['snowflake-twitter', big(19)]);
      inputs.push(['snowflake-discord', big(18)]);
      inputs.push(['objectid', `${(0x40000000 + Math.floor(rand() * 0x3fffffff)).toString(16)}${hex(16)}`]);
      inputs.push(['excel-1900', `${1 + Math.floor(rand() * 2958000)}.${big(1 + Math.floor(rand() * 12))}`]);
      inputs.push(['excel-1900', `${1 + Math.floor(rand() * 59)}.${big(6)}`]);
      inputs.push(['excel-1904', `${Math.floor(rand() * 2957000)}.${big(9)}`]);
    }
    inputs.push(
      ['excel-1900', '59'],
      ['excel-1900', '61'],
      ['excel-1900', '2958465.99999999'],
      ['dotnet-ticks', '3155378975999999999'],
      ['filetime', '0'],
    );
    const expected = python<string[]>(KIND_SCRIPT, inputs);
    for (const [k, [kind, input]] of inputs.entries()) {
      const reply = await run({ input, kind });
      expect(reply.body.iso8601, `${kind} ${input}`).toBe(expected[k]);
      expect(reply.body.detected_unit).toBe(kind);
    }
  });

  it('detects an ObjectId by its form only when it has a letter', async () => {
    expect((await run({ input: ' 507F1F77BCF86CD799439011 ' })).body).toMatchObject({
      iso8601: '2012-10-17T21:13:27.000Z',
      detected_unit: 'objectid',
    });
    // 24 decimal digits stay a Unix timestamp (out of range, as before).
    expect((await run({ input: '650000000000000000000000' })).body).toMatchObject({
      valid: false,
      error: /nanoseconds is out of range/,
    });
    expect((await run({ input: '650000000000000000000000', kind: 'objectid' })).body.iso8601).toBe(
      '2023-09-12T06:06:56.000Z',
    ); // 0x65000000 s
  });

  it('explains what is wrong with a value of a named kind', async () => {
    const error = async (body: Record<string, unknown>) => (await run(body)).body.error as string;
    expect(await error({ input: '60', kind: 'excel-1900' })).toMatch(
      /is 60, Excel's 29 February 1900, a day that never existed/,
    );
    expect(await error({ input: '0.5', kind: 'excel-1900' })).toMatch(/below 1 \(1900-01-01\)/);
    expect(await error({ input: '2958466', kind: 'excel-1900' })).toMatch(/past 2958465, Excel's last day/);
    expect(await error({ input: '-1', kind: 'excel-1904' })).toBe(
      `'input' read as an Excel serial day (1904 date system) must be a non-negative number of days (digits, optionally a fraction), but has '-' at position 1.`,
    );
    expect(await error({ input: '12x', kind: 'filetime' })).toBe(
      `'input' read as a Windows FILETIME must be a whole number of decimal digits, but has 'x' at position 3.`,
    );
    expect(await error({ input: '18446744073709551616', kind: 'snowflake-discord' })).toMatch(/exceeds 64 bits/);
    expect(await error({ input: '3155378976000000000', kind: 'dotnet-ticks' })).toMatch(
      /exceeds DateTime\.MaxValue\.Ticks/,
    );
    expect(await error({ input: '507f1f77bcf86cd79943901', kind: 'objectid' })).toMatch(
      /must be 24 hex digits, but has 23\.$/,
    );
    expect(await error({ input: '507f1f77bcf86cd79943901g', kind: 'objectid' })).toMatch(
      /but has 'g' at position 24\.$/,
    );
    const refused = await run({ input: '45000', kind: 'excel-1900', mode: 'to-timestamp' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(
      /^'kind' "excel-1900" reads a number or an identifier, which mode 'to-timestamp' refuses/,
    );
  });

  it('reads an Excel serial as a wall clock in input_timezone', async () => {
    const reply = await run({ input: '45382.5', kind: 'excel-1900', input_timezone: 'America/New_York' });
    expect(reply.body.iso8601).toBe('2024-03-31T16:00:00.000Z'); // 2024-03-31 12:00 EDT
    expect(reply.body.wall_clock).toEqual({ timezone: 'America/New_York', offset: '-04:00' });
  });
});

const FORMAT =
  'YYYY-MM-DD HH:mm:ss.SSS Z ZZ|YY M D H h hh m s A a|MMM MMMM ddd dddd|DDDD E d WW GGGG|X x [YYYY] [MM]DD';
const STRFTIME = `
import json, sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo
out = []
for ms, z in json.load(sys.stdin):
    d = datetime.fromtimestamp(ms // 1000, timezone.utc).replace(microsecond=(ms % 1000) * 1000).astimezone(ZoneInfo(z))
    off = d.strftime('%z'); colon = off[:3] + ':' + off[3:5]
    out.append(d.strftime('%Y-%m-%d %H:%M:%S.') + '%03d' % (d.microsecond // 1000) + ' ' + colon + ' ' + off
        + d.strftime('|%y %-m %-d %-H %-I %I %-M %-S %p ') + d.strftime('%p').lower()
        + d.strftime('|%b %B %a %A|%j %u %w %V %G|') + str(ms // 1000) + ' ' + str(ms) + ' YYYY MM' + d.strftime('%d'))
print(json.dumps(out))
`;

describe('format against Python strftime', () => {
  it('writes every token as strftime does, in the output zone', async () => {
    const rand = prng(2024);
    const points: [number, string][] = [];
    for (let k = 0; k < 200; k++) {
      points.push([
        Math.floor(rand() * Date.UTC(2099, 0, 1)),
        ['UTC', 'Asia/Kathmandu', 'America/St_Johns', 'Europe/Berlin', 'Pacific/Chatham'][k % 5]!,
      ]);
    }
    points.push(
      [Date.UTC(2021, 0, 3, 12), 'UTC'],
      [Date.UTC(2020, 11, 31, 12), 'UTC'],
      [Date.UTC(2024, 11, 30), 'UTC'],
    ); // ISO week-years
    const expected = python<string[]>(STRFTIME, points);
    for (const [k, [ms, zone]] of points.entries()) {
      const reply = await run({ input: new Date(ms).toISOString(), timezone: zone, format: FORMAT });
      expect(reply.body.formatted, `${ms} ${zone}`).toBe(expected[k]);
    }
  });

  it('writes UTC without a timezone, ordinals, quarters and escapes', async () => {
    const body = (await run({ input: '2024-01-02T03:04:05.006Z', format: 'Do [of] MMMM, [Q]Q, S SS SSS, [[x]] Z' }))
      .body;
    expect(body.formatted).toBe('2nd of January, Q1, 0 00 006, [x] +00:00');
    const days = ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st'];
    for (const d of days) {
      const day = d.replace(/\D+$/, '').padStart(2, '0');
      expect((await run({ input: `2024-01-${day}`, format: 'Do' })).body.formatted).toBe(d);
    }
    expect((await run({ input: '-000001-06-01T00:00:00Z', format: 'YYYY YY' })).body.formatted).toBe('-000001 99');
  });

  it('refuses an empty or over-long format with a 400 naming it', async () => {
    expect((await run({ input: '0', format: '' })).body.error).toBe(`Invalid request: 'format' must not be empty.`);
    const long = await run({ input: '0', format: 'Y'.repeat(257) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(`Invalid request: 'format' must be at most 256 characters long.`);
  });
});
