// The limiter's logic (docs/contract.md §2) with an injected clock: the sliding-window log, the
// decisions and headers, API keys, and which address a request is counted against.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { BlockList } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseList } from 'structured-headers';
import { describe, expect, it } from 'vitest';
import { ApiKeys, parseKeys, presentedKey } from '../../src/server/api-keys';
import { addressBucket, createClientResolver } from '../../src/server/client-address';
import { MemoryStore, RateLimiter } from '../../src/server/rate-limit';

/** A clock the test moves by hand. */
function manualClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('MemoryStore: a sliding-window log', () => {
  it('is exact: no window ever holds more than the limit, and a refusal means the window was full', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 10, max: 5_000 }),
        fc.array(fc.integer({ min: 0, max: 2_000 }), { maxLength: 120 }),
        async (limit, windowMs, gaps) => {
          const clock = manualClock();
          const store = new MemoryStore(clock.now);
          const admitted: number[] = [];
          for (const gap of gaps) {
            clock.advance(gap);
            const t = clock.now();
            const state = await store.hit('b', limit, windowMs, 1);
            const inWindow = admitted.filter((a) => a > t - windowMs).length;
            if (state.allowed) admitted.push(t);
            // Safety: every window (t − windowMs, t] holds at most `limit` admitted requests.
            expect(admitted.filter((a) => a > t - windowMs).length).toBeLessThanOrEqual(limit);
            // Maximality: a request is refused only when its window is already full.
            expect(state.allowed).toBe(inWindow < limit);
            // Reported state: the count in the window and the time until its oldest leaves.
            const window = admitted.filter((a) => a > t - windowMs);
            expect(state.count).toBe(window.length);
            expect(state.resetMs).toBe(window.length ? window[0]! + windowMs - t : 0);
          }
          await store.close();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a peek (cost 0) reports without recording', async () => {
    const clock = manualClock();
    const store = new MemoryStore(clock.now);
    expect(await store.hit('b', 2, 1000, 0)).toMatchObject({ allowed: true, count: 0, resetMs: 0 });
    await store.hit('b', 2, 1000, 1);
    clock.advance(400);
    expect(await store.hit('b', 2, 1000, 0)).toMatchObject({ allowed: true, count: 1, resetMs: 600 });
    expect(await store.hit('b', 2, 1000, 1)).toMatchObject({ allowed: true, count: 2 });
    expect(await store.hit('b', 2, 1000, 0)).toMatchObject({ allowed: true, count: 2 });
    await store.close();
  });

  it('a cost of several is recorded whole or not at all', async () => {
    const store = new MemoryStore(manualClock().now);
    expect(await store.hit('b', 5, 1000, 3)).toMatchObject({ allowed: true, count: 3 });
    expect(await store.hit('b', 5, 1000, 3)).toMatchObject({ allowed: false, count: 3 });
    expect(await store.hit('b', 5, 1000, 2)).toMatchObject({ allowed: true, count: 5 });
    await store.close();
  });

  it('forgets buckets whose requests have all aged out', async () => {
    const clock = manualClock();
    const store = new MemoryStore(clock.now);
    for (let i = 0; i < 100; i++) await store.hit(`client-${i}`, 30, 60_000, 1);
    clock.advance(30_000);
    await store.hit('late', 30, 60_000, 1);
    expect(store.size).toBe(101);
    clock.advance(30_000);
    store.sweep();
    expect(store.size).toBe(1);
    await store.close();
  });
});

describe('RateLimiter: decisions and headers', () => {
  const keys = { bucketOf: (key: string) => (key === 'good-key' ? 'key:good' : undefined) };

  it('admits exactly 30 anonymous requests per rolling minute; the 31st is a 429 with Retry-After', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(new MemoryStore(clock.now), keys);
    for (let i = 1; i <= 30; i++) {
      const decision = await limiter.decide('1.2.3.4', { kind: 'none' });
      expect(decision.refusal).toBeUndefined();
      expect(decision.headers['RateLimit-Remaining']).toBe(String(30 - i));
      clock.advance(1_000); // request i at second i−1
    }
    // Now at 30 s: the first request leaves the window at 60 s.
    const refused = await limiter.decide('1.2.3.4', { kind: 'none' });
    expect(refused.refusal).toEqual({
      status: 429,
      body: { error: 'Too many requests. Retry after 30 seconds.' },
      headers: { 'Retry-After': '30' },
    });
    expect(refused.headers).toEqual({
      'RateLimit-Policy': '"anonymous";q=30;w=60',
      RateLimit: '"anonymous";r=0;t=30',
      'RateLimit-Limit': '30',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '30',
      'X-RateLimit-Limit': '30',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil((clock.now() + 30_000) / 1000)),
    });
    // Another address has its own budget.
    expect((await limiter.decide('5.6.7.8', { kind: 'none' })).refusal).toBeUndefined();
    clock.advance(30_000); // the first request leaves: exactly one frees up
    expect((await limiter.decide('1.2.3.4', { kind: 'none' })).refusal).toBeUndefined();
    expect((await limiter.decide('1.2.3.4', { kind: 'none' })).refusal?.status).toBe(429);
  });

  it('Retry-After is at least 1 second and rounds up', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(new MemoryStore(clock.now), keys, { anonymousLimit: 1 });
    await limiter.decide('a', { kind: 'none' });
    clock.advance(59_999);
    const refused = await limiter.decide('a', { kind: 'none' });
    expect(refused.refusal?.headers['Retry-After']).toBe('1');
    expect(refused.headers['RateLimit-Reset']).toBe('1');
  });

  it('a known key gets 300 of its own, wherever it comes from', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(new MemoryStore(clock.now), keys);
    for (let i = 0; i < 300; i++) {
      const decision = await limiter.decide(`10.0.0.${i % 7}`, { kind: 'key', key: 'good-key' });
      expect(decision.refusal).toBeUndefined();
      expect(decision.headers['RateLimit-Limit']).toBe('300');
    }
    expect((await limiter.decide('10.0.0.1', { kind: 'key', key: 'good-key' })).refusal?.status).toBe(429);
    // The key's use did not touch the addresses' anonymous budgets.
    expect((await limiter.decide('10.0.0.1', { kind: 'none' })).headers['RateLimit-Remaining']).toBe('29');
  });

  it('an unknown key is a 401 that costs the anonymous budget; once it is spent, a 429', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(new MemoryStore(clock.now), keys);
    for (let i = 0; i < 30; i++) {
      const decision = await limiter.decide(
        '9.9.9.9',
        i % 2 ? { kind: 'invalid' } : { kind: 'key', key: `guess-${i}` },
      );
      expect(decision.refusal).toEqual({
        status: 401,
        body: { error: 'Invalid API key' },
        headers: { 'WWW-Authenticate': 'Bearer realm="devtoolbox", error="invalid_token"' },
      });
      expect(decision.headers['RateLimit-Remaining']).toBe(String(29 - i));
    }
    expect((await limiter.decide('9.9.9.9', { kind: 'key', key: 'guess' })).refusal?.status).toBe(429);
    expect((await limiter.decide('9.9.9.9', { kind: 'none' })).refusal?.status).toBe(429);
  });

  it("RateLimit and RateLimit-Policy parse as the draft's Structured Fields (RFC 9651 lists, checked with structured-headers)", async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(new MemoryStore(clock.now), keys);
    await limiter.decide('1.2.3.4', { kind: 'none' });
    clock.advance(12_345);
    const anonymous = (await limiter.decide('1.2.3.4', { kind: 'none' })).headers;
    expect(parseList(anonymous['RateLimit-Policy']!)).toEqual([
      [
        'anonymous',
        new Map([
          ['q', 30],
          ['w', 60],
        ]),
      ],
    ]);
    // 28 left; the first request leaves the window in 60 − 12.345 s, rounded up.
    expect(parseList(anonymous.RateLimit!)).toEqual([
      [
        'anonymous',
        new Map([
          ['r', 28],
          ['t', 48],
        ]),
      ],
    ]);
    const keyed = (await limiter.decide('1.2.3.4', { kind: 'key', key: 'good-key' })).headers;
    expect(parseList(keyed['RateLimit-Policy']!)).toEqual([
      [
        'api-key',
        new Map([
          ['q', 300],
          ['w', 60],
        ]),
      ],
    ]);
    expect(parseList(keyed.RateLimit!)).toEqual([
      [
        'api-key',
        new Map([
          ['r', 299],
          ['t', 60],
        ]),
      ],
    ]);
    // The WWW-Authenticate of a refused key parses as RFC 9110 §11.6.1 auth-params.
    const refused = await limiter.decide('1.2.3.4', { kind: 'key', key: 'wrong' });
    const challenge = refused.refusal!.headers['WWW-Authenticate']!;
    const match = /^Bearer ((?:[a-z_]+="[^"]*"(?:, )?)+)$/.exec(challenge);
    expect(Object.fromEntries([...match![1]!.matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))).toEqual({
      realm: 'devtoolbox',
      error: 'invalid_token',
    });
  });

  it('an uncounted request (preflight) reports the anonymous state without spending it', async () => {
    const limiter = new RateLimiter(new MemoryStore(manualClock().now), keys);
    for (let i = 0; i < 50; i++) expect((await limiter.decide('a', { kind: 'none' }, 0)).refusal).toBeUndefined();
    const decision = await limiter.decide('a', { kind: 'none' }, 0);
    expect(decision.headers['RateLimit-Remaining']).toBe('30');
    expect(decision.headers['RateLimit-Reset']).toBe('0');
  });
});

describe('API keys', () => {
  it.each([
    [{}, { kind: 'none' }],
    [{ authorization: 'Bearer abc' }, { kind: 'key', key: 'abc' }],
    [{ authorization: 'bearer  abc ' }, { kind: 'key', key: 'abc' }],
    [{ 'x-api-key': ' abc ' }, { kind: 'key', key: 'abc' }],
    [
      { authorization: 'Bearer abc', 'x-api-key': 'abc' },
      { kind: 'key', key: 'abc' },
    ],
    [{ authorization: 'Bearer abc', 'x-api-key': 'xyz' }, { kind: 'invalid' }],
    [{ authorization: 'Basic dXNlcjpwYXNz' }, { kind: 'invalid' }],
    [{ authorization: 'Bearer' }, { kind: 'invalid' }],
    [{ authorization: 'Bearer a b' }, { kind: 'invalid' }],
    [{ 'x-api-key': '' }, { kind: 'invalid' }],
  ])('%j presents %j', (headers, expected) => {
    expect(presentedKey(headers)).toEqual(expected);
  });

  it('reads API_KEYS and API_KEYS_FILE, ignoring blanks and comments', () => {
    expect(parseKeys(' a, b ,,', '# ops team\nc\n\n  d  \r\n#e\n')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('knows keys only by digest, and a reload revokes removed keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    try {
      const file = join(dir, 'keys.txt');
      writeFileSync(file, 'file-key-1\nfile-key-2\n');
      const keys = new ApiKeys('env-key', file);
      expect(keys.size).toBe(3);
      const bucket = keys.bucketOf('file-key-1');
      expect(bucket).toMatch(/^key:[0-9a-f]{32}$/);
      expect(bucket).not.toContain('file-key-1');
      expect(keys.bucketOf('file-key-2')).not.toBe(bucket);
      expect(keys.bucketOf('unknown')).toBeUndefined();
      writeFileSync(file, 'file-key-2\n');
      expect(keys.reload()).toBe(2);
      expect(keys.bucketOf('file-key-1')).toBeUndefined();
      expect(keys.bucketOf('env-key')).toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set', () => {
    for (const setting of [undefined, '', 'false', '0']) {
      const resolve = createClientResolver(setting);
      expect(resolve('127.0.0.1', '6.6.6.6')).toBe('127.0.0.1');
      expect(resolve('::ffff:10.1.2.3', undefined)).toBe('10.1.2.3');
    }
  });

  it('refuses to trust every hop', () => {
    expect(() => createClientResolver('true')).toThrow(/hop count/);
    expect(() => createClientResolver('not-an-address')).toThrow(/TRUST_PROXY/);
  });

  it('with a hop count, skips that many proxies from the right', () => {
    const one = createClientResolver('1');
    expect(one('10.0.0.1', '1.1.1.1')).toBe('1.1.1.1');
    // A client that sends its own X-Forwarded-For cannot choose its address: the proxy appended the real one.
    expect(one('10.0.0.1', '6.6.6.6, 1.1.1.1')).toBe('1.1.1.1');
    expect(one('10.0.0.1', ['6.6.6.6', '1.1.1.1'])).toBe('1.1.1.1');
    expect(one('10.0.0.1', undefined)).toBe('10.0.0.1');
    const two = createClientResolver('2');
    expect(two('10.0.0.1', '6.6.6.6, 1.1.1.1, 10.0.0.2')).toBe('1.1.1.1');
    // Garbage is never an identity: stop at the last real address.
    expect(two('10.0.0.1', 'garbage, 10.0.0.2')).toBe('10.0.0.2');
  });

  it('with a list of proxies, takes the right-most address that is not a proxy', () => {
    const resolve = createClientResolver('loopback, 10.0.0.0/8, 2001:db8::/32');
    expect(resolve('127.0.0.1', '1.1.1.1')).toBe('1.1.1.1');
    expect(resolve('127.0.0.1', '6.6.6.6, 1.1.1.1, 10.2.3.4')).toBe('1.1.1.1');
    expect(resolve('::1', '2001:db8::5, 2a00:1450::1')).toBe('2a00:1450::1');
    // An untrusted peer is the client, whatever it claims.
    expect(resolve('8.8.8.8', '1.1.1.1')).toBe('8.8.8.8');
    // Only proxies all the way: the left-most address.
    expect(resolve('127.0.0.1', '10.0.0.9')).toBe('10.0.0.9');
    expect(resolve('127.0.0.1', 'junk')).toBe('127.0.0.1');
  });

  const group = fc.integer({ min: 0, max: 0xffff });
  const ipv6 = fc.array(group, { minLength: 8, maxLength: 8 });
  /** The canonical (compressed) text of an address, by the URL parser: an independent formatter. */
  const canonical = (groups: number[]) =>
    new URL(`http://[${groups.map((g) => g.toString(16)).join(':')}]/`).hostname.slice(1, -1);

  it('counts an IPv6 client by its /64, whatever the spelling (checked against net.BlockList)', () => {
    fc.assert(
      fc.property(ipv6, ipv6, fc.boolean(), (a, b, share) => {
        if (share) b.splice(0, 4, ...a.slice(0, 4));
        const full = a.map((g) => g.toString(16).padStart(4, '0')).join(':');
        expect(addressBucket(canonical(a))).toBe(addressBucket(full));
        const subnet = new BlockList();
        subnet.addSubnet(canonical(a), 64, 'ipv6');
        expect(addressBucket(canonical(a)) === addressBucket(canonical(b))).toBe(subnet.check(canonical(b), 'ipv6'));
      }),
      { numRuns: 500 },
    );
    expect(addressBucket('64:ff9b::1.2.3.4')).toBe(addressBucket('64:ff9b::102:304'));
    expect(addressBucket('1.2.3.4')).toBe('1.2.3.4');
  });
});
