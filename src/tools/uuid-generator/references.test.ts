// Versions 1, 3, 5, 6, 8, nil, max, ULIDs and NanoIDs checked against references that share no code with
// the tool: RFC 9562 Appendix A, Python's `uuid` module (known answers), node:crypto's MD5 and
// SHA-1, the `uuid` npm package (v1/v3/v5/v6 from the same clock, clock sequence and node), and
// the `ulid` npm package (the spec's reference implementation: time decoding, validity and its
// monotonic increment), the `nanoid` package's customRandom fed the same random bytes, and for
// version 8 RFC 9562 Appendix B. The tool implements everything itself; these packages are test-only.
import { createHash } from 'node:crypto';
import { decodeTime, encodeTime, incrementBase32, isValid as isUlid } from 'ulid';
import { customRandom, urlAlphabet } from 'nanoid';
import {
  v1 as refV1,
  v1ToV6,
  v3 as refV3,
  v5 as refV5,
  v6 as refV6,
  validate as refValidate,
  version as refVersion,
} from 'uuid';
import { describe, expect, it } from 'vitest';
import { prng } from '../../../tests/support/prng';
import { invoke } from '../../core/invoke';
import type { ToolContext } from '../define';
import { NANOID_ALPHABET } from './nanoid';
import tool from './tool';

const hexBytes = (hex: string) => Uint8Array.from(hex.replace(/-/g, '').match(/../g)!, (h) => parseInt(h, 16));

/** Randomness replays `bytes` (repeated); the clock is fixed. */
function fixedContext(bytes: Uint8Array, nowMs = 0): ToolContext {
  return {
    now: () => nowMs,
    randomBytes(target) {
      for (let i = 0; i < target.length; i++) target[i] = bytes[i % bytes.length]!;
      return target;
    },
  };
}

function seededContext(seed: number, nowMs: number): ToolContext & { last: Uint8Array } {
  const next = prng(seed);
  const ctx = {
    last: new Uint8Array(0),
    now: () => nowMs,
    randomBytes(target: Uint8Array) {
      for (let i = 0; i < target.length; i++) target[i] = Math.floor(next() * 256);
      ctx.last = target.slice();
      return target;
    },
  };
  return ctx as ToolContext & { last: Uint8Array };
}

interface Reply {
  uuids: string[];
  count: number;
  format: string;
  is_valid?: boolean;
  validated_version?: string;
  variant?: string;
  timestamp?: string;
}

async function ok(body: Record<string, unknown>, ctx: ToolContext = fixedContext(new Uint8Array(16))): Promise<Reply> {
  const reply = await invoke(tool, body, ctx);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as unknown as Reply;
}

async function refused(body: Record<string, unknown>): Promise<string> {
  const reply = await invoke(tool, body, fixedContext(new Uint8Array(16)));
  expect(reply.status, JSON.stringify(body)).toBe(400);
  return (reply.body as { error: string }).error;
}

const NAMESPACE_UUIDS = {
  dns: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
  url: '6ba7b811-9dad-11d1-80b4-00c04fd430c8',
  oid: '6ba7b812-9dad-11d1-80b4-00c04fd430c8',
  x500: '6ba7b814-9dad-11d1-80b4-00c04fd430c8',
} as const;

/** RFC 9562 §5.3/§5.5 computed with node:crypto: hash(namespace ‖ UTF-8 name), version and variant set. */
function nodeNameBased(namespace: string, name: string, version: 3 | 5): string {
  const digest = createHash(version === 3 ? 'md5' : 'sha1')
    .update(Buffer.concat([Buffer.from(hexBytes(namespace)), Buffer.from(name, 'utf8')]))
    .digest();
  digest[6] = (digest[6]! & 0x0f) | (version << 4);
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = digest.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A name of 0–40 characters mixing ASCII, accented letters, CJK and astral characters. */
function randomName(next: () => number): string {
  const pool = ['a', 'Z', '0', '.', '/', ' ', 'é', 'ß', '中', '文', '😀', '𝄞', '\u0000', '\n'];
  return Array.from({ length: Math.floor(next() * 41) }, () => pool[Math.floor(next() * pool.length)]).join('');
}

describe('versions 3 and 5', () => {
  it('RFC 9562 A.2 and A.4: www.example.com in the DNS namespace', async () => {
    expect((await ok({ version: 3, namespace: 'dns', name: 'www.example.com' })).uuids).toEqual([
      '5df41881-3aed-3515-88a7-2f4a814cf09e',
    ]);
    expect((await ok({ version: 5, namespace: 'dns', name: 'www.example.com' })).uuids).toEqual([
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    ]);
  });

  it("Python's uuid3/uuid5(NAMESPACE_DNS, 'python.org')", async () => {
    expect((await ok({ version: 5, namespace: 'dns', name: 'python.org' })).uuids).toEqual([
      '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    ]);
    expect((await ok({ version: 3, namespace: 'dns', name: 'python.org' })).uuids).toEqual([
      '6fa459ea-ee8a-3ca4-894e-db77e160355e',
    ]);
  });

  it('every namespace, random Unicode names: node:crypto and the uuid package agree with the tool', async () => {
    const next = prng(3562);
    for (let round = 0; round < 40; round++) {
      const name = randomName(next);
      for (const [label, namespace] of Object.entries(NAMESPACE_UUIDS)) {
        for (const version of [3, 5] as const) {
          const [uuid] = (await ok({ version, namespace: label, name })).uuids;
          expect(uuid, `${version} ${label} ${JSON.stringify(name)}`).toBe(nodeNameBased(namespace, name, version));
          expect(uuid).toBe((version === 3 ? refV3 : refV5)(name, namespace));
        }
      }
    }
  });

  it('a UUID as namespace, in any accepted spelling; the well-known names in any case', async () => {
    const custom = 'C232AB00-9414-11EC-B3C8-9F6BDECED846';
    const expected = nodeNameBased(custom.toLowerCase(), 'hello', 5);
    for (const spelling of [
      custom,
      custom.toLowerCase(),
      custom.replace(/-/g, ''),
      `{${custom}}`,
      `urn:uuid:${custom}`,
      ` ${custom} `,
    ]) {
      expect((await ok({ version: 5, namespace: spelling, name: 'hello' })).uuids, spelling).toEqual([expected]);
    }
    expect((await ok({ version: 5, namespace: 'X500', name: 'cn=a' })).uuids).toEqual([
      refV5('cn=a', NAMESPACE_UUIDS.x500),
    ]);
    expect((await ok({ version: 3, namespace: NAMESPACE_UUIDS.url, name: 'https://example.com/' })).uuids).toEqual([
      (await ok({ version: 3, namespace: 'url', name: 'https://example.com/' })).uuids[0],
    ]);
  });

  it('an empty name is a name; count repeats the one UUID; compact format applies', async () => {
    expect((await ok({ version: 5, namespace: 'dns', name: '' })).uuids).toEqual([refV5('', NAMESPACE_UUIDS.dns)]);
    const reply = await ok({ version: 3, namespace: 'oid', name: '1.3.6.1', count: 3, format: 'compact' });
    const expected = refV3('1.3.6.1', NAMESPACE_UUIDS.oid).replace(/-/g, '');
    expect(reply).toEqual({ uuids: [expected, expected, expected], count: 3, format: 'compact' });
  });

  it('name and namespace are required for 3 and 5 and refused for every other version', async () => {
    expect(await refused({ version: 5, name: 'x' })).toBe(
      "'namespace' is required for version 5: dns, url, oid, x500 or a UUID.",
    );
    expect(await refused({ version: 3, namespace: 'dns' })).toBe(
      "'name' is required for version 3: the text to hash in the namespace.",
    );
    for (const namespace of ['DNS.', 'urn:uuid:', '6ba7b810-9dad-11d1-80b4-00c04fd430c', '', '{dns}']) {
      expect(await refused({ version: 5, namespace, name: 'x' }), namespace).toMatch(
        /^'namespace' must be dns, url, oid, x500 or a UUID \(got ".*"\)\.$/,
      );
    }
    for (const version of [undefined, 1, 4, 6, 7, 'nil', 'max', 'ulid']) {
      expect(await refused({ version, name: 'x' }), String(version)).toBe(
        "'name' applies to versions 3 and 5 only; leave it out or send version 3 or 5.",
      );
      expect(await refused({ version, namespace: 'dns' }), String(version)).toBe(
        "'namespace' applies to versions 3 and 5 only; leave it out or send version 3 or 5.",
      );
    }
    const long = await refused({ version: 5, namespace: 'x'.repeat(10_000), name: 'x' });
    expect(long.length).toBeLessThan(200); // the sentence quotes only the start of a long value
  });
});

describe('versions 1 and 6', () => {
  const RFC_MS = 1645557742000; // RFC 9562 A.1/A.5: 2022-02-22 14:22:22 -05:00

  it('the clock and bytes of RFC 9562 A.1 and A.5 give back their examples', async () => {
    // Bytes 8–9 carry the clock sequence 0x33C8 (under the variant bits), bytes 10–15 the node
    // 9F6BDECED846, whose multicast bit (0x01 of 0x9F) is already set.
    const bytes = hexBytes('00000000-0000-0000-b3c8-9f6bdeced846');
    expect((await ok({ version: 1 }, fixedContext(bytes, RFC_MS))).uuids).toEqual([
      'c232ab00-9414-11ec-b3c8-9f6bdeced846',
    ]);
    expect((await ok({ version: 6 }, fixedContext(bytes, RFC_MS))).uuids).toEqual([
      '1ec9414c-232a-6b00-b3c8-9f6bdeced846',
    ]);
  });

  it('the uuid package, given the same clock, clock sequence and node, gives the same UUIDs', async () => {
    for (let seed = 1; seed <= 30; seed++) {
      const ms = Math.floor(prng(seed)() * Date.UTC(2200, 0, 1));
      for (const version of [1, 6] as const) {
        const ctx = seededContext(seed, ms);
        const reply = await ok({ version, count: 5 }, ctx);
        const clockseq = ((ctx.last[8]! & 0x3f) << 8) | ctx.last[9]!;
        const node = ctx.last.slice(10, 16);
        node[0]! |= 0x01;
        const reference = version === 1 ? refV1 : refV6;
        expect(reply.uuids, `seed ${seed} v${version}`).toEqual(
          Array.from({ length: 5 }, (_, i) => reference({ msecs: ms, nsecs: i, clockseq, node })),
        );
        if (version === 6)
          expect(reply.uuids).toEqual(
            (await ok({ version: 1, count: 5 }, seededContext(seed, ms))).uuids.map((uuid) => v1ToV6(uuid)),
          );
      }
    }
  });

  it('the node has its multicast bit set, the clock sequence is random, version 6 sorts', async () => {
    const seen = new Set<string>();
    for (let seed = 100; seed < 140; seed++) {
      const reply = await ok({ version: 6, count: 100 }, seededContext(seed, 1_700_000_000_000));
      const hex = reply.uuids[0]!.replace(/-/g, '');
      expect(parseInt(hex.slice(20, 22), 16) & 0x01, hex).toBe(1);
      expect(hex[12]).toBe('6');
      expect('89ab').toContain(hex[16]);
      seen.add(hex.slice(16, 20));
      expect([...reply.uuids].sort()).toEqual(reply.uuids);
      expect(new Set(reply.uuids).size).toBe(100);
    }
    expect(seen.size).toBeGreaterThan(35); // 40 draws of 14 bits: a constant would give 1
  });

  it('validation reads the time back to 100 ns; the epoch and dates before 1970 come out right', async () => {
    const reply = await ok({ version: 1, count: 3 }, seededContext(9, Date.UTC(2024, 1, 29, 23, 59, 59, 999)));
    const times = await Promise.all(reply.uuids.map(async (uuid) => (await ok({ validate: uuid })).timestamp));
    expect(times).toEqual([
      '2024-02-29T23:59:59.9990000Z',
      '2024-02-29T23:59:59.9990001Z',
      '2024-02-29T23:59:59.9990002Z',
    ]);
    expect((await ok({ validate: '00000000-0000-1000-8000-000000000000' })).timestamp).toBe(
      '1582-10-15T00:00:00.0000000Z',
    );
    expect((await ok({ validate: '00000000-0000-6000-8000-000000000001' })).timestamp).toBe(
      '1582-10-15T00:00:00.0000000Z',
    );
    // Random 60-bit timestamps against Date arithmetic from the Gregorian epoch (Date.UTC, not the tool's constant).
    const next = prng(60);
    for (let i = 0; i < 200; i++) {
      const ticks = BigInt(Math.floor(next() * 2 ** 30)) * 2n ** 30n + BigInt(Math.floor(next() * 2 ** 30));
      const hex = ticks.toString(16).padStart(15, '0');
      const v1 = `${hex.slice(7, 15)}-${hex.slice(3, 7)}-1${hex.slice(0, 3)}-8000-000000000001`;
      const v6 = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-6${hex.slice(12, 15)}-8000-000000000001`;
      const ms = Date.UTC(1582, 9, 15) + Number(ticks / 10_000n);
      const expected = new Date(ms).toISOString().replace('Z', `${(ticks % 10_000n).toString().padStart(4, '0')}Z`);
      expect((await ok({ validate: v1 })).timestamp, v1).toBe(expected);
      expect((await ok({ validate: v6 })).timestamp, v6).toBe(expected);
    }
  });
});

describe('nil and max', () => {
  it('are the all-zeros and all-ones UUIDs, in both formats', async () => {
    expect(await ok({ version: 'nil', count: 2 })).toEqual({
      uuids: ['00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000'],
      count: 2,
      format: 'hyphenated',
    });
    expect(await ok({ version: 'max', format: 'compact' })).toEqual({
      uuids: ['ffffffffffffffffffffffffffffffff'],
      count: 1,
      format: 'compact',
    });
  });
});

describe('ULIDs', () => {
  it('the spec example 01ARZ3NDEKTSV4RRFFQ69G5FAV is 2016-07-30T23:54:10.259Z, in either case', async () => {
    for (const text of ['01ARZ3NDEKTSV4RRFFQ69G5FAV', '01arz3ndektsv4rrffq69g5fav', ' 01ARZ3NDEKTSV4RRFFQ69G5FAV\n']) {
      expect(await ok({ validate: text }), text).toEqual({
        uuids: ['00000000-0000-4000-8000-000000000000'],
        count: 1,
        format: 'hyphenated',
        is_valid: true,
        validated_version: 'ulid',
        timestamp: '2016-07-30T23:54:10.259Z',
      });
    }
    expect(decodeTime('01ARZ3NDEKTSV4RRFFQ69G5FAV')).toBe(Date.parse('2016-07-30T23:54:10.259Z'));
  });

  it('generated ULIDs: the ulid package reads their time, finds them valid, and each is the previous one incremented', async () => {
    for (let seed = 1; seed <= 30; seed++) {
      const ms = Math.floor(prng(seed)() * 2 ** 48);
      const reply = await ok({ version: 'ulid', count: 100, format: 'compact' }, seededContext(seed, ms));
      expect(reply.format).toBe('compact');
      for (const [i, id] of reply.uuids.entries()) {
        expect(isUlid(id), id).toBe(true);
        expect(id).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
        expect(id.slice(0, 10)).toBe(encodeTime(ms, 10));
        expect(decodeTime(id)).toBe(ms);
        if (i > 0) expect(id.slice(10)).toBe(incrementBase32(reply.uuids[i - 1]!.slice(10)));
      }
      expect([...reply.uuids].sort()).toEqual(reply.uuids);
      const check = await ok({ validate: reply.uuids[0]! });
      expect(check.timestamp).toBe(new Date(ms).toISOString());
    }
  });

  it('the largest random start plus 99 increments still fits 80 bits', async () => {
    const reply = await ok({ version: 'ulid', count: 100 }, fixedContext(new Uint8Array(16).fill(0xff), 2 ** 48 - 1));
    expect(reply.uuids[0]).toBe('7ZZZZZZZZZ' + 'FZZZZZZZZZZZZZZZ');
    let random = 'FZZZZZZZZZZZZZZZ'; // 2^79 - 1: the top bit cleared, all the others set
    for (let i = 0; i < 99; i++) random = incrementBase32(random);
    expect(random).toBe('G000000000000032');
    expect(reply.uuids[99]).toBe('7ZZZZZZZZZ' + random);
    expect(isUlid(reply.uuids[99]!)).toBe(true);
  });

  it.each([
    '01ARZ3NDEKTSV4RRFFQ69G5FA', // 25 characters
    '01ARZ3NDEKTSV4RRFFQ69G5FAVX', // 27
    '81ARZ3NDEKTSV4RRFFQ69G5FAV', // above the largest ULID, 7ZZZZZZZZZZZZZZZZZZZZZZZZZ
    '01ARZ3NDEKTSV4RRFFQ69G5FAI',
    '01ARZ3NDEKTSV4RRFFQ69G5FAL',
    '01ARZ3NDEKTSV4RRFFQ69G5FAO',
    '01ARZ3NDEKTSV4RRFFQ69G5FAU',
    '01ARZ3NDEK-TSV4RRFFQ69G5FAV',
  ])('%s is not a ULID', async (text) => {
    // The ulid package's isValid checks the alphabet only; the spec rejects a value above 7ZZZ….
    if (!text.startsWith('8')) expect(isUlid(text)).toBe(false);
    expect(await ok({ validate: text })).toEqual({
      uuids: ['00000000-0000-4000-8000-000000000000'],
      count: 1,
      format: 'hyphenated',
      is_valid: false,
    });
  });
});

describe('version 8 (RFC 9562 §5.8, Appendix B)', () => {
  it.each([
    ['B.1, time-based', '2489E9AD-2EE2-8E00-8EC9-32D5F69181C0'],
    ['B.2, name-based', '5c146b14-3c52-8afd-938a-375d0df1fbf6'],
  ])("%s: the example's bits give the example back", async (_, example) => {
    const reply = await ok({ version: 8, data: example });
    expect(reply.uuids).toEqual([example.toLowerCase()]);
  });

  it('any 128 bits become a UUID the uuid package reads as version 8', async () => {
    const next = prng(8);
    for (let i = 0; i < 200; i++) {
      const hex = Array.from({ length: 16 }, () =>
        Math.floor(next() * 256)
          .toString(16)
          .padStart(2, '0'),
      ).join('');
      const [uuid] = (await ok({ version: 8, data: hex })).uuids;
      expect(refValidate(uuid!), uuid).toBe(true);
      expect(refVersion(uuid!)).toBe(8);
      // Only the 4 version bits and the 2 variant bits differ from what was given.
      const given = BigInt(`0x${hex}`);
      const got = BigInt(`0x${uuid!.replace(/-/g, '')}`);
      const fixed = (0xfn << 76n) | (0x3n << 62n);
      expect(got & ~fixed).toBe(given & ~fixed);
    }
  });
});

describe('NanoID', () => {
  /** The same seeded bytes for ours and for nanoid's customRandom. */
  function twinSources(seed: number) {
    const a = prng(seed);
    const b = prng(seed);
    const draw = (next: () => number) => (n: number) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256));
    return { ours: draw(a), theirs: draw(b) };
  }

  it("the default alphabet is nanoid's, in reading order", () => {
    expect([...NANOID_ALPHABET].sort()).toEqual([...urlAlphabet].sort());
  });

  it.each([
    [NANOID_ALPHABET, 21],
    ['0123456789abcdef', 32],
    ['0123456789', 6],
    ['ab', 40],
    ['ABCDEFGHJKMNPQRSTVWXYZ23456789', 12], // 30 characters: a mask of 31, so some bytes are rejected
    [Array.from({ length: 256 }, (_, i) => String.fromCharCode(0x100 + i)).join(''), 16],
    ['xyz', 1],
  ])('alphabet %s, size %i: the same IDs as nanoid from the same bytes', async (alphabet, size) => {
    const { ours, theirs } = twinSources(size * 7919 + alphabet.length);
    const reference = customRandom(alphabet, size, theirs);
    const ctx: ToolContext = { now: () => 0, randomBytes: (target) => (target.set(ours(target.length)), target) };
    const body =
      alphabet === NANOID_ALPHABET
        ? { version: 'nanoid', count: 20 }
        : { version: 'nanoid', count: 20, size, alphabet };
    const reply = await ok(body, ctx);
    expect(reply.uuids).toEqual(Array.from({ length: 20 }, () => reference()));
  });

  it('draws each character uniformly (chi-squared over 1,000 IDs of a 30-character alphabet)', async () => {
    const alphabet = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
    const counts = new Map<string, number>();
    for (let round = 0; round < 10; round++) {
      const reply = await ok({ version: 'nanoid', count: 100, size: 30, alphabet }, seededContext(round + 1, 0));
      for (const id of reply.uuids) for (const char of id) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    const expected = 30_000 / alphabet.length;
    const chi2 = [...alphabet].reduce((sum, char) => sum + ((counts.get(char) ?? 0) - expected) ** 2 / expected, 0);
    // 29 degrees of freedom: 58.3 is the 0.1 % tail; a skewed mapping (byte % 30) scores about 100.
    expect(chi2).toBeLessThan(58.3);
  });
});
