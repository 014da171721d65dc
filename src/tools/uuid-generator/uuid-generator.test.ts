import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import type { ToolContext } from '../define';
import tool from './tool';
import { formatUuid, uuidsV7, validateUuid } from './uuid';

const hexBytes = (hex: string) => Uint8Array.from(hex.replace(/-/g, '').match(/../g)!, (h) => parseInt(h, 16));

/** A context whose randomness replays `bytes` (repeated as needed) and whose clock is fixed. */
function fixedContext(bytes: Uint8Array, nowMs = 0): ToolContext & { draws: number[] } {
  const draws: number[] = [];
  return {
    draws,
    now: () => nowMs,
    randomBytes(target) {
      draws.push(target.length);
      for (let i = 0; i < target.length; i++) target[i] = bytes[i % bytes.length]!;
      return target;
    },
  };
}

/** mulberry32: seeded bytes that look random but are the same every run. */
function seededContext(seed: number, nowMs: number): ToolContext {
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  return { now: () => nowMs, randomBytes: (target) => target.map(() => next() & 255) };
}

async function generate(body: Record<string, unknown>, ctx: ToolContext) {
  const reply = await invoke(tool, body, ctx);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as {
    uuids: string[];
    count: number;
    format: string;
    is_valid?: boolean;
    validated_version?: string;
  };
}

describe('version 4', () => {
  it('the bytes of RFC 9562 A.3 give back its example UUID', async () => {
    const ctx = fixedContext(hexBytes('919108f7-52d1-4320-9bac-f847db4148a8'));
    expect(await generate({}, ctx)).toEqual({
      uuids: ['919108f7-52d1-4320-9bac-f847db4148a8'],
      count: 1,
      format: 'hyphenated',
    });
    expect(ctx.draws).toEqual([16]);
  });

  it('overwrites exactly the version nibble and the two variant bits', async () => {
    expect((await generate({}, fixedContext(new Uint8Array(16).fill(0xff)))).uuids).toEqual([
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    ]);
    expect((await generate({}, fixedContext(new Uint8Array(16)))).uuids).toEqual([
      '00000000-0000-4000-8000-000000000000',
    ]);
    expect((await generate({ format: 'compact' }, fixedContext(new Uint8Array(16).fill(0xff)))).uuids).toEqual([
      'ffffffffffff4fffbfffffffffffffff',
    ]);
  });

  it('each UUID takes its own 16 bytes from one draw', async () => {
    const bytes = Uint8Array.from({ length: 48 }, (_, i) => i);
    const ctx = fixedContext(bytes);
    const reply = await generate({ count: 3 }, ctx);
    expect(reply.uuids).toEqual([
      '00010203-0405-4607-8809-0a0b0c0d0e0f',
      '10111213-1415-4617-9819-1a1b1c1d1e1f',
      '20212223-2425-4627-a829-2a2b2c2d2e2f',
    ]);
    expect(ctx.draws).toEqual([48]);
  });

  it('random bytes give distinct, well-formed UUIDs that validate as v4', async () => {
    const reply = await generate({ count: 100 }, seededContext(1, 0));
    expect(new Set(reply.uuids).size).toBe(100);
    for (const uuid of reply.uuids) {
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(validateUuid(uuid)).toBe('v4');
    }
  });
});

describe('version 7', () => {
  const RFC_MS = 0x017f22e279b0; // RFC 9562 A.6: Tuesday, 22 February 2022 14:22:22 -05:00

  it('the clock and bytes of RFC 9562 A.6 give its example, with the counter rollover guard bit cleared', async () => {
    const ctx = fixedContext(hexBytes('017F22E2-79B0-7CC3-98C4-DC0C0C07398F'), RFC_MS);
    expect(RFC_MS).toBe(1645557742000);
    // rand_a seeds the counter with 11 bits: 0xCC3 becomes 0x4C3; everything else is the example.
    expect((await generate({ version: 7 }, ctx)).uuids).toEqual(['017f22e2-79b0-74c3-98c4-dc0c0c07398f']);
  });

  it('the first 48 bits are ctx.now() in milliseconds, big-endian', async () => {
    for (const ms of [0, 1, 255, 256, 1645557742000, Date.UTC(2026, 0, 1), 2 ** 48 - 1]) {
      const [uuid] = (await generate({ version: 7 }, fixedContext(new Uint8Array(16), ms))).uuids;
      expect(parseInt(uuid!.replace(/-/g, '').slice(0, 12), 16), String(ms)).toBe(ms);
      expect(uuid!.slice(14, 15)).toBe('7');
      expect('89ab').toContain(uuid!.slice(19, 20));
    }
  });

  it('a clock outside the 48-bit field is clamped, not wrapped', () => {
    const format = (ms: number) => formatUuid(uuidsV7(new Uint8Array(16), 1, ms)[0]!, false).slice(0, 12);
    expect(format(-5)).toBe('000000000000');
    expect(format(2 ** 50)).toBe('ffffffffffff');
    expect(format(1234.9)).toBe('0000000004d2');
  });

  it('UUIDs of one request strictly increase: rand_a counts up from its seed', async () => {
    const reply = await generate({ version: 7, count: 100 }, seededContext(7, 1_700_000_000_000));
    const sorted = [...reply.uuids].sort();
    expect(sorted).toEqual(reply.uuids);
    expect(new Set(reply.uuids).size).toBe(100);
    const counters = reply.uuids.map((uuid) => parseInt(uuid.slice(15, 18), 16));
    expect(counters[0]).toBeLessThan(0x800); // seeded with the leftmost counter bit 0
    counters.forEach((counter, i) => expect(counter).toBe(counters[0]! + i));
    for (const uuid of reply.uuids) expect(validateUuid(uuid)).toBe('v7');
  });

  it('the largest seed plus 99 increments still fits 12 bits', async () => {
    // Bytes 6–7 of the first UUID give the largest seed, 0x7FF; 0x7FF + 99 = 0x862.
    const bytes = new Uint8Array(1600).fill(0xff);
    const reply = await generate({ version: 7, count: 100, format: 'compact' }, fixedContext(bytes, 5));
    expect(reply.uuids[0]).toBe('000000000005' + '77ff' + 'bfff' + 'ffffffffffff');
    expect(reply.uuids[99]).toBe('000000000005' + '7862' + 'bfff' + 'ffffffffffff');
    expect([...reply.uuids].sort()).toEqual(reply.uuids);
  });
});

describe('validation', () => {
  // Timestamps: RFC 9562 A.1/A.5 give "Tuesday, February 22, 2022 2:22:22.000000 PM GMT-05:00"
  // for v1/v6, A.6 the same second for v7; nil is variant NCS and max `future` (§4.1 Table 1).
  it.each([
    ['C232AB00-9414-11EC-B3C8-9F6BDECED846', 'v1', 'RFC 9562', '2022-02-22T19:22:22.0000000Z'],
    ['5df41881-3aed-3515-88a7-2f4a814cf09e', 'v3', 'RFC 9562', undefined],
    ['919108f7-52d1-4320-9bac-f847db4148a8', 'v4', 'RFC 9562', undefined],
    ['2ed6657d-e927-568b-95e1-2665a8aea6a2', 'v5', 'RFC 9562', undefined],
    ['1EC9414C-232A-6B00-B3C8-9F6BDECED846', 'v6', 'RFC 9562', '2022-02-22T19:22:22.0000000Z'],
    ['017F22E2-79B0-7CC3-98C4-DC0C0C07398F', 'v7', 'RFC 9562', '2022-02-22T19:22:22.000Z'],
    ['2489E9AD-2EE2-8E00-8EC9-32D5F69181C0', 'v8', 'RFC 9562', undefined],
    ['5c146b14-3c52-8afd-938a-375d0df1fbf6', 'v8', 'RFC 9562', undefined],
    ['00000000-0000-0000-0000-000000000000', 'nil', 'NCS', undefined],
    ['ffffffff-ffff-ffff-ffff-ffffffffffff', 'max', 'future', undefined],
  ])('RFC 9562 example %s is %s, in every accepted spelling', async (uuid, version, variant, timestamp) => {
    const compact = uuid.replace(/-/g, '');
    for (const spelling of [
      uuid,
      uuid.toLowerCase(),
      uuid.toUpperCase(),
      compact,
      `{${uuid}}`,
      `urn:uuid:${uuid}`,
      `URN:UUID:${compact}`,
      `  ${uuid}\r\n`,
    ]) {
      const reply = await generate({ validate: spelling }, fixedContext(new Uint8Array(16)));
      const expected = {
        uuids: ['00000000-0000-4000-8000-000000000000'],
        count: 1,
        format: 'hyphenated',
        is_valid: true,
        validated_version: version,
        variant,
      };
      expect(reply, spelling).toEqual(timestamp === undefined ? expected : { ...expected, timestamp });
    }
  });

  it('a UUID of the wrong version or variant is not valid, and its variant is still reported', async () => {
    for (const [uuid, variant] of [
      ['00000000-0000-0000-0000-000000000001', 'NCS'], // neither nil nor a version/variant
      ['919108f7-52d1-4320-7bac-f847db4148a8', 'NCS'],
      ['919108f7-52d1-4320-cbac-f847db4148a8', 'Microsoft'],
      ['919108f7-52d1-4320-ebac-f847db4148a8', 'future'],
      ['919108f7-52d1-0320-9bac-f847db4148a8', 'RFC 9562'], // version 0
      ['919108f7-52d1-9320-9bac-f847db4148a8', 'RFC 9562'], // version 9
    ]) {
      const reply = await generate({ validate: uuid }, fixedContext(new Uint8Array(16)));
      expect(reply, uuid).toEqual({
        uuids: ['00000000-0000-4000-8000-000000000000'],
        count: 1,
        format: 'hyphenated',
        is_valid: false,
        variant,
      });
    }
  });

  it('every version digit and variant digit', () => {
    for (let version = 0; version < 16; version++) {
      for (let variant = 0; variant < 16; variant++) {
        const uuid = `919108f7-52d1-${version.toString(16)}320-${variant.toString(16)}bac-f847db4148a8`;
        const valid = version >= 1 && version <= 8 && variant >= 8 && variant <= 11;
        expect(validateUuid(uuid), uuid).toBe(valid ? `v${version}` : undefined);
      }
    }
  });

  it.each([
    '',
    '   ',
    '919108f7-52d1-4320-9bac-f847db4148a',
    '919108f7-52d1-4320-9bac-f847db4148a80',
    '919108f752d1-4320-9bac-f847db4148a8',
    '919108f7_52d1_4320_9bac_f847db4148a8',
    '{919108f7-52d1-4320-9bac-f847db4148a8',
    '(919108f7-52d1-4320-9bac-f847db4148a8)',
    'uuid:919108f7-52d1-4320-9bac-f847db4148a8',
    '{urn:uuid:919108f7-52d1-4320-9bac-f847db4148a8}',
    '919108f7-52d1-4320-9bac-f847db4148a8 trailing',
    '９１９１08f7-52d1-4320-9bac-f847db4148a8',
    '00000000-0000-0000-0000-00000000000g',
    'x'.repeat(1_000_000),
  ])('%j is not valid, and generation still happens', async (text) => {
    const reply = await generate({ validate: text, count: 2 }, fixedContext(new Uint8Array(32)));
    expect(reply).toEqual({
      uuids: ['00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000'],
      count: 2,
      format: 'hyphenated',
      is_valid: false,
    });
  });
});

describe('schema', () => {
  it('version accepts 1, 3, 4, 5, 6, 7, 8 as numbers and nil, max, ulid, nanoid as strings', async () => {
    for (const version of [2, 9, '7', '8', 4.5, null, 'v4', 'NIL', 'NanoID']) {
      const reply = await invoke(tool, { version }, fixedContext(new Uint8Array(16)));
      expect(reply.status, String(version)).toBe(400);
      expect(reply.body.issues).toEqual([
        { path: ['version'], message: 'must be one of 1, 3, 4, 5, 6, 7, "nil", "max", "ulid", 8, "nanoid"' },
      ]);
    }
  });

  it('count bounds', async () => {
    for (const [count, message] of [
      [0, 'must be at least 1'],
      [101, 'must be at most 100'],
      [1.5, 'must be an integer (got a fractional number)'],
      ['3', 'must be a number (got a string)'],
    ] as const) {
      const reply = await invoke(tool, { count }, fixedContext(new Uint8Array(16)));
      expect(reply.body.issues, String(count)).toEqual([{ path: ['count'], message }]);
    }
  });
});
