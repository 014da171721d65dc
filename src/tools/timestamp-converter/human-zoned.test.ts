// Issue 16: the forms developers paste (human.ts) and time zones (zoned.ts), against independent
// references: ECMAScript's own Date.toString()/Date.parse/Date.UTC, and Intl's offsets, which the
// runtime takes from ICU's tz database (a separate path from our formatToParts arithmetic).
import { afterAll, describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import type { ToolContext } from '../define';
import { MONTHS, MONTH_NAMES, WEEKDAYS } from '../../lib/civil';
import { parseHuman } from './human';
import { canonicalZone, formatOffset, instantAt, zonedTime } from './zoned';
import { ZONE_LINKS, ZONE_NAMES } from './tz-names';
import tool from './tool';
import { prng } from '../../../tests/support/prng';

const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);
const ctx: ToolContext = { now: () => NOW, randomBytes: (b) => b.fill(7) };
const run = async (body: Record<string, unknown>) =>
  (await invoke(tool, body, ctx)) as { status: number; body: Record<string, unknown> };
const int = (rand: () => number, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const human = (text: string) => parseHuman(text, 0, text.length);
const floorSecond = (ms: number) => ms - (((ms % 1000) + 1000) % 1000);

const savedTz = process.env.TZ;
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('Date.prototype.toString() output', () => {
  // Node reads TZ again when it changes, so toString() writes each zone's offset and name.
  it.each([
    'UTC',
    'Europe/Berlin',
    'America/New_York',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'America/St_Johns',
    'Pacific/Chatham',
  ])('reads what toString() writes in %s, as Date.parse does', async (zone) => {
    process.env.TZ = zone;
    const rand = prng(zone.length * 7919);
    for (let k = 0; k < 300; k++) {
      // From 1970: before, local mean times have seconds that toString() drops (GMT+0541 for +05:41:16).
      const ms = int(rand, 0, Date.UTC(2100, 0, 1));
      const text = new Date(ms).toString();
      expect(text).toMatch(/GMT[+-]\d{4} \(/); // the form under test, not some other
      const reply = await run({ input: text });
      expect(reply.body.unix_ms, text).toBe(Date.parse(text));
      expect(reply.body.unix_ms, text).toBe(floorSecond(ms));
    }
  });

  it('reads toDateString() as midnight UTC of that date', () => {
    const rand = prng(3);
    for (let k = 0; k < 300; k++) {
      const text = new Date(int(rand, -2e12, 4e12)).toDateString();
      const parsed = human(text);
      expect(parsed, text).toMatchObject({ ok: true, ms: Date.parse(`${text} 00:00:00 GMT+0000`) });
    }
  });
});

describe('month-name and slashed dates (against Date.UTC)', () => {
  it('reads every month, short and full, in either order, with optional weekday, comma, time and offset', () => {
    const rand = prng(11);
    for (let k = 0; k < 3000; k++) {
      const y = int(rand, 1000, 9999);
      const m = int(rand, 1, 12);
      const d = int(rand, 1, new Date(Date.UTC(2000, m, 0)).getUTCDate() - (m === 2 ? 1 : 0)); // Feb: 28 always exists
      const name = rand() < 0.5 ? MONTHS[m - 1]! : MONTH_NAMES[m - 1]!;
      const cased = rand() < 0.3 ? name.toUpperCase() : rand() < 0.5 ? name.toLowerCase() : name;
      const date = rand() < 0.5 ? `${cased} ${d}${rand() < 0.5 ? ',' : ''} ${y}` : `${d} ${cased} ${y}`;
      const full = new Date(0);
      full.setUTCFullYear(y, m - 1, d); // Date.UTC would read years 0–99 as 1900s; these are 1000+ anyway
      let expected = full.getTime();
      let text = date;
      if (rand() < 0.3) text = `${WEEKDAYS[(full.getUTCDay() + 6) % 7]}, ${text}`;
      if (rand() < 0.6) {
        const h = int(rand, 0, 23);
        const mi = int(rand, 0, 59);
        const s = int(rand, 0, 59);
        text += ` ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
        expected += ((h * 60 + mi) * 60 + s) * 1000;
        if (rand() < 0.5) {
          const sign = rand() < 0.5 ? -1 : 1;
          const oh = int(rand, 0, 14);
          const om = [0, 30, 45][int(rand, 0, 2)]!;
          const offset = `${sign < 0 ? '-' : '+'}${String(oh).padStart(2, '0')}${rand() < 0.5 ? ':' : ''}${String(om).padStart(2, '0')}`;
          text += rand() < 0.5 ? ` GMT${offset}` : ` ${offset}`;
          expected -= sign * (oh * 60 + om) * 60_000;
        }
      }
      expect(human(text), text).toMatchObject({ ok: true, ms: expected });
    }
  });

  it('reads YYYY/MM/DD like ISO 8601 with slashes', () => {
    const rand = prng(12);
    for (let k = 0; k < 1000; k++) {
      const ms = int(rand, Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31));
      const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ
      const text = `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 23)}`;
      expect(human(text), text).toMatchObject({ ok: true, ms });
    }
  });

  it('reads 12-hour clocks: 12 AM is midnight, 12 PM is noon', () => {
    expect(human('Jan 5 2024 12:00 AM')).toMatchObject({ ok: true, ms: Date.UTC(2024, 0, 5, 0) });
    expect(human('Jan 5 2024 12:30 pm')).toMatchObject({ ok: true, ms: Date.UTC(2024, 0, 5, 12, 30) });
    expect(human('5 January 2024 1:05:09 PM')).toMatchObject({ ok: true, ms: Date.UTC(2024, 0, 5, 13, 5, 9) });
    expect(human('Jan 5 2024 13:00 PM')).toEqual({
      ok: false,
      error: 'hour 13 at position 12 is not 1–12, as a 12-hour clock needs',
    });
  });

  it('names what is wrong and where', async () => {
    const error = async (input: string) => (await run({ input })).body.error;
    expect(await error('Feb 29 2023')).toBe(
      `'input' is not a valid date: day 29 at position 5 does not exist: February 2023 has 28 days.`,
    );
    expect(await error('Jan 5 2024 25:00')).toBe(`'input' is not a valid date: hour 25 at position 12 is not 00–23.`);
    expect(await error('Jan 5 2024 10:00 +2500')).toBe(
      `'input' is not a valid date: offset hours 25 at position 19 are not 00–23.`,
    );
    expect(await error('Jan 5 2024 10:00 (CET')).toMatch(
      /the parenthesis at position 18 must enclose a zone name at the end of the input/,
    );
    expect(await error('Jan 5 2024 10:00 CET')).toMatch(/expected the end of the input, found 'C' at position 18/);
    expect(await error('2024/01')).toMatch(/expected '\/' after the month, found the end of the input/);
  });

  it('never fails with a 500 on random edits of these forms', async () => {
    const rand = prng(13);
    const chars = [...'0123456789-+:/.,() JanFebGMTUTCamPMFriday\t😀'];
    const seeds = [
      'Fri Jan 05 2024 10:00:00 GMT+0200 (CET)',
      'January 5, 2024 3:04 PM',
      '2024/01/05 10:00 +02:00',
      '5 Jan 2024',
      'now',
    ];
    for (let k = 0; k < 3000; k++) {
      let input = seeds[k % seeds.length]!;
      for (let e = int(rand, 1, 3); e > 0; e--) {
        const at = int(rand, 0, input.length);
        input = input.slice(0, at) + chars[int(rand, 0, chars.length - 1)] + input.slice(at + (rand() < 0.5 ? 1 : 0));
      }
      const reply = await run({ input, timezone: 'Europe/Berlin' });
      expect(reply.status, input).toBe(200);
      expect(tool.output.safeParse(reply.body).success, input).toBe(true);
      if (reply.body.valid === false) expect(reply.body.error, input).toMatch(/\.$/);
      else expect(reply.body.zoned, input).toBeDefined();
    }
  });

  it('reads a 16 MiB input without running out of time or stack', async () => {
    const big = 'Jan 5 2024 ' + ' '.repeat(16 * 1024 * 1024) + '10:00';
    expect((await run({ input: big })).body).toMatchObject({ valid: true, unix_ms: Date.UTC(2024, 0, 5, 10) });
    const junk = 'Jan ' + '5'.repeat(16 * 1024 * 1024);
    expect((await run({ input: junk })).body).toMatchObject({ valid: false });
    const zone = await run({ input: '0', timezone: 'Europe/' + 'x'.repeat(16 * 1024 * 1024) });
    expect(zone.status).toBe(400);
    expect(String(zone.body.error).length).toBeLessThan(300);
  });
});

describe('now', () => {
  it('is the injected clock, in any letter case and mode, with surrounding blanks', async () => {
    for (const input of ['now', 'NOW', ' Now\n']) {
      for (const mode of ['auto', 'to-date', 'to-timestamp']) {
        expect((await run({ input, mode })).body).toMatchObject({
          unix_ms: NOW,
          relative: 'just now',
          valid: true,
          detected_unit: 'date',
        });
      }
    }
  });
});

describe('time zones (against Intl and tzdata facts)', () => {
  /** Offset in seconds east of UTC by Intl's own `longOffset` name, e.g. `GMT+05:45`. */
  function intlOffset(zone: string, ms: number): number {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(ms)
      .find((p) => p.type === 'timeZoneName')!.value;
    const m = /^GMT(?:([+-])(\d\d):(\d\d)(?::(\d\d))?)?$/.exec(name)!;
    return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0)) : 0;
  }

  it('agrees with Intl on the offset and the wall clock for every zone since 1970', () => {
    const rand = prng(21);
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length).toBeGreaterThan(300);
    const wall = (zone: string) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
    for (const zone of zones) {
      const f = wall(zone);
      for (let k = 0; k < 20; k++) {
        const ms = int(rand, 0, Date.UTC(2037, 0, 1));
        const z = zonedTime(ms, canonicalZone(zone));
        expect(z.offset, `${zone} at ${ms}`).toBe(formatOffset(intlOffset(zone, ms)));
        expect(z.local.slice(0, 19), `${zone} at ${ms}`).toBe(f.format(ms).replace(' ', 'T'));
      }
    }
  });

  it('follows every tzdata link to a zone with the same rules (per Intl)', () => {
    const instants = [Date.UTC(1980, 0, 1), Date.UTC(2000, 6, 1), Date.UTC(2024, 0, 15), Date.UTC(2024, 6, 15)];
    for (const pair of ZONE_LINKS.split(' ').filter(Boolean)) {
      const [link] = pair.split('>') as [string];
      const zone = canonicalZone(link);
      for (const ms of instants) expect(intlOffset(zone, ms), `${link} → ${zone}`).toBe(intlOffset(link, ms));
    }
  });

  it('accepts every zone Intl knows, and every tzdata name, in any letter case', () => {
    for (const zone of Intl.supportedValuesOf('timeZone'))
      expect(() => canonicalZone(zone.toUpperCase()), zone).not.toThrow();
    for (const zone of ZONE_NAMES.split(' ').filter(Boolean))
      expect(canonicalZone(zone.toLowerCase())).toBe(zone === 'Etc/UTC' || zone === 'Etc/GMT' ? 'UTC' : zone);
  });

  it('canonicalises UTC, aliases and renamed zones to tzdata names', () => {
    for (const name of [
      'utc',
      'UTC',
      'Etc/UTC',
      'etc/utc',
      'GMT',
      'Etc/GMT',
      'Zulu',
      'UCT',
      'Universal',
      'Etc/GMT+0',
      'Greenwich',
    ])
      expect(canonicalZone(name), name).toBe('UTC');
    expect(canonicalZone('US/Eastern')).toBe('America/New_York');
    expect(canonicalZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalZone('Asia/Katmandu')).toBe('Asia/Kathmandu');
    expect(canonicalZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalZone('america/port-au-prince')).toBe('America/Port-au-Prince');
    expect(canonicalZone('Europe/Amsterdam')).toBe('Europe/Amsterdam'); // its own zone in the backzone build
    expect(canonicalZone(' Europe/Berlin ')).toBe('Europe/Berlin');
  });

  it('refuses unknown zones and offsets with a sentence naming them', () => {
    for (const name of ['Mars/Olympus_Mons', '', '+02:00', 'UTC+2', 'CET-1CEST', 'Europe/Berlin/x', '../etc/passwd']) {
      expect(() => canonicalZone(name), name).toThrow(
        new RegExp(`^'timezone' ${JSON.stringify(name).replace(/[.+/()[\]\\]/g, '\\$&')} is not`),
      );
    }
  });

  it('knows the tzdata facts: DST switches, quarter and half hours, seconds in old offsets', () => {
    const at = (iso: string, zone: string) => zonedTime(Date.parse(iso), zone);
    expect(at('2024-03-31T00:59:59.999Z', 'Europe/Berlin')).toEqual({
      timezone: 'Europe/Berlin',
      local: '2024-03-31T01:59:59.999+01:00',
      offset: '+01:00',
    });
    expect(at('2024-03-31T01:00:00Z', 'Europe/Berlin').local).toBe('2024-03-31T03:00:00+02:00');
    expect(at('2024-11-03T05:59:59Z', 'America/New_York').local).toBe('2024-11-03T01:59:59-04:00');
    expect(at('2024-11-03T06:00:00Z', 'America/New_York').local).toBe('2024-11-03T01:00:00-05:00');
    expect(at('2024-01-01T00:00:00Z', 'Asia/Kathmandu').offset).toBe('+05:45');
    // Lord Howe moves by half an hour: +10:30 standard, +11:00 summer (first Sunday of October, 02:00 local).
    expect(at('2024-10-05T15:29:59Z', 'Australia/Lord_Howe').local).toBe('2024-10-06T01:59:59+10:30');
    expect(at('2024-10-05T15:30:00Z', 'Australia/Lord_Howe').local).toBe('2024-10-06T02:30:00+11:00');
    // Liberia kept Monrovia Mean Time, −0:44:30, until 1972-01-07 (tzdata africa file).
    expect(at('1972-01-07T00:44:29Z', 'Africa/Monrovia').offset).toBe('-00:44:30');
    expect(at('1972-01-07T00:44:30Z', 'Africa/Monrovia').local).toBe('1972-01-07T00:44:30+00:00');
    // Amsterdam Mean Time +00:19:32 until 1937-07-01, then +00:20 (tzdata backzone); ICU has it only with backzone data.
    const amsterdam = at('1937-01-01T12:00:00Z', 'Europe/Amsterdam').offset;
    expect(['+00:19:32', '+00:00']).toContain(amsterdam);
  });

  it('finds the instant of a wall clock (for the picker): inverse of zonedTime, gaps forward, overlaps earlier', () => {
    const rand = prng(22);
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Apia']) {
      for (let k = 0; k < 300; k++) {
        const ms = int(rand, 0, Date.UTC(2037, 0, 1) / 1000) * 1000;
        const local = zonedTime(ms, zone).local.slice(0, 19);
        const back = instantAt(Date.parse(`${local}Z`), zone);
        expect(zonedTime(back, zone).local.slice(0, 19), `${zone} ${local}`).toBe(local); // same wall clock
      }
    }
    // Gap: 02:30 on 2024-03-31 does not exist in Berlin; read as 02:30+01:00 = 03:30+02:00.
    expect(instantAt(Date.UTC(2024, 2, 31, 2, 30), 'Europe/Berlin')).toBe(Date.parse('2024-03-31T02:30:00+01:00'));
    // Overlap: 02:30 on 2024-10-27 happens twice; the earlier is +02:00.
    expect(instantAt(Date.UTC(2024, 9, 27, 2, 30), 'Europe/Berlin')).toBe(Date.parse('2024-10-27T02:30:00+02:00'));
    expect(instantAt(Date.UTC(2024, 10, 3, 1, 30), 'America/New_York')).toBe(Date.parse('2024-11-03T01:30:00-04:00'));
  });

  it('writes years outside 0000–9999 as ±YYYYYY, and BC years as negative', () => {
    expect(zonedTime(-8.64e15, 'UTC').local).toBe('-271821-04-20T00:00:00+00:00');
    expect(zonedTime(8.64e15, 'UTC').local).toBe('+275760-09-13T00:00:00+00:00');
    expect(zonedTime(Date.parse('0000-06-01T00:00:00Z'), 'UTC').local).toBe('0000-06-01T00:00:00+00:00');
    // Across the era boundary (1 BC is year 0000, 2 BC is -000001), with fixed-offset zones.
    expect(zonedTime(Date.parse('-000001-12-31T23:00:00Z'), 'Etc/GMT-14').local).toBe('0000-01-01T13:00:00+14:00');
    expect(zonedTime(Date.parse('0000-01-01T05:00:00Z'), 'Etc/GMT+12').local).toBe('-000001-12-31T17:00:00-12:00');
  });

  it('adds zoned only when asked and the input is valid; the zone never changes how input is read', async () => {
    expect((await run({ input: '2024-01-05 10:00' })).body.zoned).toBeUndefined();
    const berlin = await run({ input: '2024-01-05 10:00', timezone: 'Europe/Berlin' });
    expect(berlin.body).toMatchObject({
      unix_ms: Date.UTC(2024, 0, 5, 10),
      zoned: { local: '2024-01-05T11:00:00+01:00' },
    });
    expect((await run({ input: 'junk', timezone: 'Europe/Berlin' })).body.zoned).toBeUndefined();
    expect((await run({ input: 'junk', timezone: 'Nowhere/Land' })).status).toBe(400);
  });
});
