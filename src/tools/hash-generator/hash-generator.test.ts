import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { digestText } from './digest';
import { ALGORITHMS, type Algorithm } from './schema';
import tool from './tool';
import { characterPosition } from '../../lib/text-position';
import { encodeUtf8, findLoneSurrogate } from './utf8';
import { prng } from '../../../tests/support/prng';
import { nodeContext } from '../../platform/node-context';

/** Random well-formed text mixing ASCII, controls, Latin-1, CJK, astral emoji, NUL and U+FFFD. */
function randomText(random: () => number, length: number): string {
  const pools = [
    () => String.fromCharCode(0x20 + Math.floor(random() * 95)),
    () => String.fromCharCode(Math.floor(random() * 0x20)),
    () => String.fromCharCode(0xa0 + Math.floor(random() * 0x60)),
    () => String.fromCharCode(0x4e00 + Math.floor(random() * 0x5000)),
    () => String.fromCodePoint(0x1f300 + Math.floor(random() * 0x300)),
    () => '\u0000',
    () => '\ufffd',
  ];
  let text = '';
  for (let i = 0; i < length; i++) text += pools[Math.floor(random() * pools.length)]!();
  return text;
}

/** node:crypto names of the algorithms Node implements itself. */
const NODE_NAME: Partial<Record<Algorithm, string>> = {
  md5: 'md5',
  sha1: 'sha1',
  sha224: 'sha224',
  sha256: 'sha256',
  sha384: 'sha384',
  sha512: 'sha512',
  'sha3-256': 'sha3-256',
  'sha3-384': 'sha3-384',
  'sha3-512': 'sha3-512',
  blake2b: 'blake2b512',
};
const NODE_ALGORITHMS = Object.keys(NODE_NAME) as Algorithm[];

const hash = async (body: Record<string, unknown>) => {
  const reply = await invoke(tool, body, nodeContext);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as {
    hash: string;
    algorithm: string;
    encoding: string;
    input_byte_length: number;
    digest_length: number;
  };
};

/** Bitwise CRC-32/ISO-HDLC (reflected 0xEDB88320, init and xorout 0xFFFFFFFF): the textbook form. */
function referenceCrc32(bytes: Uint8Array): string {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}

describe('digests agree with node:crypto', () => {
  const random = prng(1);
  const lengths = [1, 2, 3, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 135, 136, 137, 200, 1000, 5000];
  const texts = lengths.map((n) => randomText(random, n));

  it.each(NODE_ALGORITHMS)('%s through the tool, hex and base64', async (algorithm) => {
    for (const text of texts) {
      const hex = createHash(NODE_NAME[algorithm]!).update(text, 'utf8').digest('hex');
      const base64 = Buffer.from(hex, 'hex').toString('base64');
      expect(await hash({ input: text, algorithm })).toEqual({
        hash: hex,
        algorithm,
        encoding: 'hex',
        input_byte_length: Buffer.byteLength(text, 'utf8'),
        digest_length: hex.length,
      });
      const b64 = await hash({ input: text, algorithm, encoding: 'base64' });
      expect(b64.hash).toBe(base64);
      expect(b64.digest_length).toBe(base64.length);
    }
  });

  it.each(NODE_ALGORITHMS)(
    '%s in WebAssembly and (where it applies) WebCrypto give the same digest',
    async (algorithm) => {
      for (const text of texts.slice(0, 8)) {
        const expected = createHash(NODE_NAME[algorithm]!).update(text, 'utf8').digest('hex');
        const viaWasm = await digestText(algorithm, text, { webCrypto: false });
        const viaDefault = await digestText(algorithm, text);
        expect(Buffer.from(viaWasm.bytes).toString('hex')).toBe(expected);
        expect(Buffer.from(viaDefault.bytes).toString('hex')).toBe(expected);
      }
    },
  );

  it('large inputs (2 MB, larger than one hash-wasm chunk and than the encode scratch reuse)', async () => {
    const big = randomText(prng(2), 700_000);
    for (const algorithm of ['sha256', 'md5', 'sha3-256', 'blake2b'] as const) {
      const expected = createHash(NODE_NAME[algorithm]!).update(big, 'utf8').digest('hex');
      expect((await hash({ input: big, algorithm })).hash).toBe(expected);
      expect(Buffer.from((await digestText(algorithm, big, { webCrypto: false })).bytes).toString('hex')).toBe(
        expected,
      );
    }
    // A short input right after a long one must not see stale scratch bytes.
    expect((await hash({ input: 'abc' })).hash).toBe(createHash('sha256').update('abc').digest('hex'));
  });

  it('an input beyond the scratch limit gets its own buffer', async () => {
    const huge = 'é'.repeat(4_500_000); // 13.5 M code units × 3 > 12 MiB scratch limit
    const reply = await hash({ input: huge, algorithm: 'md5' });
    expect(reply.input_byte_length).toBe(9_000_000);
    expect(reply.hash).toBe(createHash('md5').update(huge, 'utf8').digest('hex'));
  });
});

describe('HMAC agrees with node:crypto', () => {
  const random = prng(3);
  // Keys shorter than, equal to and longer than every block size (64, 128, 104…144 bytes).
  const keys = [
    '',
    'k',
    randomText(random, 10),
    'x'.repeat(64),
    'y'.repeat(65),
    'z'.repeat(128),
    'w'.repeat(200),
    randomText(random, 150),
  ];
  const inputs = [randomText(random, 1), randomText(random, 70), randomText(random, 1000)];

  it.each(NODE_ALGORITHMS)('HMAC-%s', async (algorithm) => {
    for (const key of keys) {
      for (const input of inputs) {
        const expected = createHmac(NODE_NAME[algorithm]!, Buffer.from(key, 'utf8'))
          .update(input, 'utf8')
          .digest('hex');
        const reply = await hash({ input, algorithm, hmac_key: key });
        expect(reply.hash, `key ${JSON.stringify(key).slice(0, 20)}`).toBe(expected);
        expect(reply.input_byte_length).toBe(Buffer.byteLength(input, 'utf8'));
      }
    }
  });

  it('HMAC differs from the plain digest and depends on the key', async () => {
    const plain = await hash({ input: 'abc' });
    const keyed = await hash({ input: 'abc', hmac_key: 'a' });
    const other = await hash({ input: 'abc', hmac_key: 'b' });
    expect(new Set([plain.hash, keyed.hash, other.hash]).size).toBe(3);
  });
});

describe('BLAKE3 and CRC-32', () => {
  it.each([
    // Official test_vectors.json, input_len 1 (the byte 0x00): first 32 bytes of the extended output.
    ['\u0000', '2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213'],
    ['a', '17762fddd969a453925d65717ac3eea21320b66b54342fde15128d6caf21215f'],
    ['abc', '6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85'],
    ['hello world', 'd74981efa70a0c880b8d8c1985d075dbcbf679b99a5f9914e5aaf96b831a9e24'],
  ])('BLAKE3 %j', async (input, expected) => {
    expect(await hash({ input, algorithm: 'blake3' })).toMatchObject({ hash: expected, digest_length: 64 });
  });

  it('CRC-32 check value and random texts against a bitwise reference', async () => {
    expect((await hash({ input: '123456789', algorithm: 'crc32' })).hash).toBe('cbf43926');
    const random = prng(4);
    for (let i = 0; i < 200; i++) {
      const text = randomText(random, 1 + Math.floor(random() * 300));
      const reply = await hash({ input: text, algorithm: 'crc32' });
      expect(reply.hash).toBe(referenceCrc32(new TextEncoder().encode(text)));
    }
  });

  it('CRC-32 as Base64 is the 4 big-endian bytes', async () => {
    // "The quick brown fox jumps over the lazy dog" → 414fa339 (published CRC-32 example).
    const reply = await hash({
      input: 'The quick brown fox jumps over the lazy dog',
      algorithm: 'crc32',
      encoding: 'base64',
    });
    expect(reply.hash).toBe(Buffer.from([0x41, 0x4f, 0xa3, 0x39]).toString('base64'));
  });

  it('digest lengths per algorithm (hex characters)', async () => {
    const bits: Record<Algorithm, number> = {
      md5: 128,
      sha1: 160,
      sha224: 224,
      sha256: 256,
      sha384: 384,
      sha512: 512,
      'sha3-256': 256,
      'sha3-384': 384,
      'sha3-512': 512,
      blake2b: 512,
      blake3: 256,
      crc32: 32,
    };
    for (const algorithm of ALGORITHMS) {
      const reply = await hash({ input: 'x', algorithm });
      expect(reply.digest_length, algorithm).toBe(bits[algorithm] / 4);
      expect(reply.hash).toMatch(/^[0-9a-f]+$/);
    }
  });
});

describe('shared state is safe under concurrency', () => {
  it('interleaved requests of every algorithm, with and without keys, each get their own answer', async () => {
    const random = prng(5);
    const jobs = Array.from({ length: 120 }, (_, i) => {
      const algorithm = NODE_ALGORITHMS[i % NODE_ALGORITHMS.length]!;
      const input = randomText(random, 1 + Math.floor(random() * 3000));
      const key = i % 3 === 0 ? randomText(random, 20) : undefined;
      const expected =
        key === undefined
          ? createHash(NODE_NAME[algorithm]!).update(input).digest('hex')
          : createHmac(NODE_NAME[algorithm]!, Buffer.from(key)).update(input).digest('hex');
      return { body: key === undefined ? { input, algorithm } : { input, algorithm, hmac_key: key }, expected };
    });
    const replies = await Promise.all(jobs.map((job) => invoke(tool, job.body, nodeContext)));
    replies.forEach((reply, i) => expect((reply.body as { hash: string }).hash, `job ${i}`).toBe(jobs[i]!.expected));
  });

  it('WebCrypto has copied its input before the scratch buffer is reused', async () => {
    const pending = digestText('sha256', 'first text');
    encodeUtf8('X'.repeat(50)); // overwrite the scratch buffer while the digest is pending
    expect(Buffer.from((await pending).bytes).toString('hex')).toBe(
      createHash('sha256').update('first text').digest('hex'),
    );
  });
});

describe('lone surrogates', () => {
  it('are refused with their position in characters, in the input and in the key', async () => {
    const cases: [string, number, string][] = [
      ['\ud800', 1, 'D800'],
      ['ab\udc00', 3, 'DC00'],
      ['😀😀\ud83d', 3, 'D83D'],
      ['x\udbff\udbffy', 2, 'DBFF'],
      ['\ude00\ud83d', 1, 'DE00'],
    ];
    for (const [text, position, code] of cases) {
      for (const field of ['input', 'hmac_key'] as const) {
        const body = field === 'input' ? { input: text } : { input: 'ok', hmac_key: text };
        const reply = await invoke(tool, body, nodeContext);
        expect(reply.status).toBe(400);
        expect(reply.body.error).toBe(
          `'${field}' contains a lone surrogate (U+${code}) at position ${position}, which is not valid Unicode and has no UTF-8 encoding.`,
        );
      }
    }
  });

  it('findLoneSurrogate agrees with a regular-expression reference on random strings', () => {
    const random = prng(6);
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (let i = 0; i < 2000; i++) {
      let text = '';
      const length = Math.floor(random() * 12);
      for (let j = 0; j < length; j++) {
        const r = random();
        text += r < 0.3 ? 'a' : r < 0.5 ? '😀' : String.fromCharCode(0xd800 + Math.floor(random() * 0x800));
      }
      const match = lone.exec(text);
      expect(findLoneSurrogate(text), JSON.stringify(text)).toBe(match ? match.index : -1);
    }
  });

  it('characterPosition counts code points', () => {
    expect(characterPosition('abc', 0)).toBe(1);
    expect(characterPosition('😀😀x', 4)).toBe(3);
    expect(characterPosition('\ud800\ud800x', 2)).toBe(3);
  });
});

describe('errors', () => {
  it('hmac_key with crc32 or blake3 is a 400 naming the field', async () => {
    for (const algorithm of ['crc32', 'blake3']) {
      const reply = await invoke(tool, { input: 'abc', algorithm, hmac_key: '' }, nodeContext);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(new RegExp(`^'hmac_key' cannot be used with ${algorithm}`));
    }
  });

  it('schema errors are 400 with issues', async () => {
    const reply = await invoke(tool, { input: 'abc', algorithm: 'SHA256' }, nodeContext);
    expect(reply.status).toBe(400);
    expect(reply.body.issues).toEqual([
      { path: ['algorithm'], message: expect.stringMatching(/^must be one of "md5"/) },
    ]);
  });
});
