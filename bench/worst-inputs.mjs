// Worst inputs of the light tools near the server's 16 MiB body cap (docs/contract.md §1): for each
// case, the time of one invoke() (schema validation included, as every door runs it) and how
// much the process's peak memory grew during it. docs/limits.md records the figures and the
// input limits chosen from them.
//
// Each case runs in a child process of its own, so that one case's garbage and peak memory do
// not fall on the next. The tool code is loaded from the TypeScript sources through Vite's module
// runner (like bench/text-tools.mjs), which makes it somewhat slower than the built server: the
// times are upper bounds.
//
//   node bench/worst-inputs.mjs                 (every case, one after another)
//   ONLY=json-formatter node bench/worst-inputs.mjs
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** The request body cap of the Node server (docs/contract.md §1), in bytes of UTF-8 JSON. */
const CAP = 16 * 1024 * 1024;
/** Room left for the rest of the body, so that every case stays under the cap. */
const MARGIN = 256;

const utf8Length = (text) => Buffer.byteLength(text, 'utf8');

/**
 * `body(text)` with `text` made of as many `unit`s (between `prefix` and `suffix`) as fit in
 * the body cap, counting the JSON escaping of the request.
 */
function fill(body, unit, prefix = '', suffix = '') {
  const base = utf8Length(JSON.stringify(body(prefix + suffix)));
  const per = utf8Length(JSON.stringify(unit)) - 2;
  const count = Math.floor((CAP - MARGIN - base) / per);
  return body(prefix + unit.repeat(count) + suffix);
}

/** As many generated pieces as fit, joined by `separator`, between `prefix` and `suffix`. */
function fillWith(body, piece, separator = '', prefix = '', suffix = '', cap = CAP) {
  const parts = [];
  let bytes = utf8Length(JSON.stringify(body(prefix + suffix)));
  for (let i = 0; ; i++) {
    const part = piece(i);
    const cost = utf8Length(JSON.stringify(part + separator)) - 2;
    if (bytes + cost > cap - MARGIN) break;
    parts.push(part);
    bytes += cost;
  }
  return body(prefix + parts.join(separator) + suffix);
}

const base64url = (text) => Buffer.from(text).toString('base64url');

/**
 * json-formatter's `compare_with`: two arrays of records of `bytes` each, the second's record i
 * made from `id(i)` (every record changed when it differs from i), with one extra record in its
 * middle when `insert`, or shifted by `shift` records.
 */
function diffPair(bytes, id, array_diff = 'index', insert = false, shift = 0) {
  const first = [];
  let size = 2;
  for (let i = 0; size < bytes - MARGIN; i++) {
    first.push(record(i));
    size += first[first.length - 1].length + 1;
  }
  first.pop();
  const second = first.map((_, i) => record(id(i + shift)));
  if (insert) second.splice(second.length >> 1, 0, record(-1));
  return { json: `[${first.join(',')}]`, compare_with: `[${second.join(',')}]`, array_diff };
}

/** A record shaped like real API data, with escapes and non-ASCII text in some strings. */
function record(i) {
  return JSON.stringify({
    id: i,
    name: `item ${i}`,
    price: (i * 7.31) % 1000,
    active: i % 2 === 0,
    tags: ['alpha', 'beta', 'gamma'].slice(0, 1 + (i % 3)),
    owner: {
      id: i * 31,
      email: `user${i}@example.com`,
      note: i % 4 === 0 ? `Said "hi" from São Paulo — ✓ ${i}\n\tsee C:\\data\\${i}.json` : null,
    },
  });
}

/** record(i) as a YAML block sequence item (strings in double quotes, YAML's superset of JSON's). */
function yamlRecord(i) {
  const r = JSON.parse(record(i));
  const o = r.owner;
  return [
    `- id: ${r.id}`,
    `  name: ${JSON.stringify(r.name)}`,
    `  price: ${r.price}`,
    `  active: ${r.active}`,
    `  tags: [${r.tags.join(', ')}]`,
    '  owner:',
    `    id: ${o.id}`,
    `    email: ${o.email}`,
    `    note: ${o.note === null ? 'null' : JSON.stringify(o.note)}`,
  ].join('\n');
}

/** record(i) as a TOML array-of-tables entry (TOML has no null: the note is left out then). */
function tomlRecord(i) {
  const r = JSON.parse(record(i));
  const o = r.owner;
  return [
    '[[items]]',
    `id = ${r.id}`,
    `name = ${JSON.stringify(r.name)}`,
    `price = ${r.price}`,
    `active = ${r.active}`,
    `tags = ${JSON.stringify(r.tags)}`,
    '[items.owner]',
    `id = ${o.id}`,
    `email = ${JSON.stringify(o.email)}`,
    ...(o.note === null ? [] : [`note = ${JSON.stringify(o.note)}`]),
  ].join('\n');
}

/** YAML's "billion laughs": `levels` anchors, each a list of ten aliases of the one before. */
const yamlBomb = (levels) =>
  ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]']
    .concat(Array.from({ length: levels }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`))
    .join('\n');

/** A JWT with `payload` (JSON text) filling the body, and optionally a secret. */
function jwt(payloadFor, extra = {}) {
  const header = base64url('{"alg":"HS256","typ":"JWT"}');
  const signature = 'c2lnbmF0dXJl';
  const room = Math.floor(((CAP - MARGIN - utf8Length(JSON.stringify({ token: '', ...extra }))) * 3) / 4) - 64;
  return { token: `${header}.${base64url(payloadFor(room))}.${signature}`, ...extra };
}

/** A JSON object text of about `bytes` bytes with many short keys. */
const manyKeys = (bytes) =>
  '{' + Array.from({ length: Math.floor(bytes / 14) }, (_, i) => `"k${String(i).padStart(7, '0')}":1`).join(',') + '}';

const rsaPkcs8 = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' });

const nest = (depth, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth);

// [tool, case, body]; bodies are built in the child that runs the case.
const CASES = [
  ['jwt-decoder', 'payload: 12 MB JSON object of short keys', () => jwt(manyKeys)],
  ['jwt-decoder', 'payload 12 MB, HS256 verification', () => jwt(manyKeys, { secret: 'secret', algorithm: 'HS256' })],
  [
    'jwt-decoder',
    'payload: 12 MB of 500-deep nests',
    () =>
      jwt(
        (bytes) =>
          '[' +
          Array(Math.floor(bytes / 1000))
            .fill(nest(499))
            .join(',') +
          ']',
      ),
  ],
  [
    'jwt-decoder',
    '16 MB of base64url, bad character at the end',
    () => fill((t) => ({ token: t }), 'A', 'eyJhbGciOiJIUzI1NiJ9.', '!.x'),
  ],
  [
    'jwt-decoder',
    'encode: payload 16 MB object of short keys, HS256',
    () => ({ mode: 'encode', secret: 'secret', payload: JSON.parse(manyKeys(CAP - 4096)) }),
  ],
  [
    'jwt-decoder',
    'encode: payload 16 MB object of short keys, RS256 (PKCS#8)',
    () => ({ mode: 'encode', algorithm: 'RS256', secret: rsaPkcs8(), payload: JSON.parse(manyKeys(CAP - 8192)) }),
  ],

  ['json-formatter', 'pretty, 16 MB of API records', () => fillWith((t) => ({ json: t }), record, ',', '[', ']')],
  [
    'json-formatter',
    'pretty + sort_keys, 16 MB of API records',
    () => fillWith((t) => ({ json: t, sort_keys: true }), record, ',', '[', ']'),
  ],
  [
    'json-formatter',
    'sort_keys, one object of 1.2M keys',
    () =>
      fillWith(
        (t) => ({ json: t, sort_keys: true }),
        (i) => `"k${(i * 7919) % 10000019}":${i}`,
        ',',
        '{',
        '}',
      ),
  ],
  [
    'json-formatter',
    'minify, 16 MB of numbers, sort_keys (a tree of 8M nodes)',
    () => fill((t) => ({ json: t, mode: 'minify', sort_keys: true }), '1,', '[', '1]'),
  ],
  [
    'json-formatter',
    'sort_keys, 16 MB of empty objects',
    () => fill((t) => ({ json: t, sort_keys: true }), '{},', '[', '{}]'),
  ],
  [
    'json-formatter',
    'sort_keys, 16 MB of 1000-deep objects',
    () =>
      fillWith(
        (t) => ({ json: t, sort_keys: true, mode: 'minify' }),
        () => '{"a":'.repeat(999) + '1' + '}'.repeat(999),
        ',',
        '[',
        ']',
      ),
  ],
  [
    'json-formatter',
    'pretty, 16 MB of \\u escapes (general path)',
    () => fill((t) => ({ json: t }), '"\\u00e9\\ud83d\\ude00",', '[', '1]'),
  ],
  [
    'json-formatter',
    'pretty, duplicate keys (general path)',
    () => fill((t) => ({ json: t }), '"a":1,', '{', '"a":2}'),
  ],
  [
    'json-formatter',
    'pretty indent 10, 16 MB of 999-deep nests (output too large)',
    () =>
      fillWith(
        (t) => ({ json: t, indent: 10 }),
        () => nest(999),
        ',',
        '[',
        ']',
      ),
  ],
  [
    'json-formatter',
    'minify, 16 MB of 1000-deep nests',
    () =>
      fillWith(
        (t) => ({ json: t, mode: 'minify' }),
        () => nest(999),
        ',',
        '[',
        ']',
      ),
  ],
  ['json-formatter', "16 MB of '[' (nesting error)", () => fill((t) => ({ json: t }), '[')],
  ['json-formatter', "16 MB of '[' with repair", () => fill((t) => ({ json: t, repair: true }), '[')],
  [
    'json-formatter',
    'repair, 16 MB missing commas (over the repair limit)',
    () => fill((t) => ({ json: t, repair: true }), ' 1', '['),
  ],
  [
    'json-formatter',
    'repair, 16384 chars: quote+bracket in a string (worst known)',
    () => ({ json: '"' + '['.repeat(4095) + 'a"]'.repeat(4096), repair: true }),
  ],
  [
    'json-formatter',
    'repair, 16384 chars: quote+comment in a string',
    () => ({ json: '"a' + '"/*x'.repeat(4094) + '*/b"', repair: true }),
  ],
  [
    'json-formatter',
    'YAML → JSON, 3 MB of API records',
    () => fillWith((t) => ({ json: t, input_format: 'yaml' }), yamlRecord, '\n', '', '', 3_000_000),
  ],
  [
    'json-formatter',
    'YAML → JSON, 16 MB of API records',
    () => fillWith((t) => ({ json: t, input_format: 'yaml' }), yamlRecord, '\n'),
  ],
  [
    'json-formatter',
    'YAML → TOML, 16 MB of API records (under items)',
    () =>
      fillWith(
        (t) => ({ json: t, input_format: 'yaml', output_format: 'toml' }),
        (i) => yamlRecord(i).replace(/^/gm, '  '),
        '\n',
        'items:\n',
      ),
  ],
  [
    'json-formatter',
    'TOML → JSON, 3 MB of API records',
    () => fillWith((t) => ({ json: t, input_format: 'toml' }), tomlRecord, '\n', '', '', 3_000_000),
  ],
  [
    'json-formatter',
    'TOML → JSON, 16 MB of API records',
    () => fillWith((t) => ({ json: t, input_format: 'toml' }), tomlRecord, '\n'),
  ],
  [
    'json-formatter',
    'auto → YAML, 16 MB of TOML API records',
    () => fillWith((t) => ({ json: t, input_format: 'auto', output_format: 'yaml' }), tomlRecord, '\n'),
  ],
  [
    'json-formatter',
    'JSON → YAML, 16 MB of API records',
    () => fillWith((t) => ({ json: t, output_format: 'yaml' }), record, ',', '[', ']'),
  ],
  [
    'json-formatter',
    'JSON → TOML, 16 MB of API records (null notes as "")',
    () =>
      fillWith(
        (t) => ({ json: t, output_format: 'toml' }),
        (i) => record(i).replace('"note":null', '"note":""'),
        ',',
        '{"items":[',
        ']}',
      ),
  ],
  [
    'json-formatter',
    'YAML → JSON, 4 Mi characters of API records (the YAML limit)',
    () => fillWith((t) => ({ json: t, input_format: 'yaml' }), yamlRecord, '\n', '', '', 4 * 1024 * 1024),
  ],
  [
    'json-formatter',
    'JSON → YAML, 16 MB of 1000-deep nests',
    () =>
      fillWith(
        (t) => ({ json: t, output_format: 'yaml' }),
        () => nest(999, '1'),
        ',',
        '[',
        ']',
      ),
  ],
  [
    'json-formatter',
    'YAML, 16 MB of 200-deep flow nests',
    () =>
      fillWith(
        (t) => ({ json: t, input_format: 'yaml' }),
        () => '- ' + nest(200, '1'),
        '\n',
      ),
  ],
  [
    'json-formatter',
    "YAML, 16 MB of '- ' (nesting error)",
    () => fill((t) => ({ json: t, input_format: 'yaml' }), '- '),
  ],
  [
    'json-formatter',
    'YAML billion laughs (10^10 values), with JSON output',
    () => ({ json: yamlBomb(9), input_format: 'yaml' }),
  ],
  [
    'json-formatter',
    'YAML, 16 MB of aliases of one 1000-element list',
    () =>
      fillWith(
        (t) => ({ json: t, input_format: 'yaml' }),
        () => '- *a',
        '\n',
        `- &a [${Array(1000).fill(1).join(',')}]\n`,
      ),
  ],
  [
    'json-formatter',
    'TOML, one dotted key 4M parts deep (nesting error)',
    () => fill((t) => ({ json: t, input_format: 'toml' }), 'a.', '', 'a = 1'),
  ],
  ['json-formatter', 'repair, 16384 chars: missing commas', () => ({ json: '[1' + ' 1'.repeat(8191), repair: true })],
  [
    'json-formatter',
    'compare_with, two 6.7 MB documents of API records, every record changed',
    () => diffPair(CAP * 0.4, (i) => i + 1),
  ],
  [
    'json-formatter',
    'compare_with, two 16 MB documents, every record changed (page and CLI: over the body cap)',
    () => diffPair(CAP, (i) => i + 1),
  ],
  [
    'json-formatter',
    'compare_with lcs, two 6.7 MB documents, one record inserted in the middle',
    () => diffPair(CAP * 0.4, (i) => i, 'lcs', true),
  ],
  [
    'json-formatter',
    'compare_with lcs, two 16 MB documents, one record inserted (over the body cap)',
    () => diffPair(CAP, (i) => i, 'lcs', true),
  ],
  [
    'json-formatter',
    'compare_with lcs, 4096 × 4096 different numbers (the whole budget)',
    () => ({
      json: JSON.stringify(Array.from({ length: 4096 }, (_, i) => i)),
      compare_with: JSON.stringify(Array.from({ length: 4096 }, (_, i) => -i - 1)),
      array_diff: 'lcs',
    }),
  ],
  [
    'json-formatter',
    'compare_with lcs, 4096 numbers reversed (4095 moves)',
    () => ({
      json: JSON.stringify(Array.from({ length: 4096 }, (_, i) => i)),
      compare_with: JSON.stringify(Array.from({ length: 4096 }, (_, i) => 4095 - i)),
      array_diff: 'lcs',
    }),
  ],
  [
    'json-formatter',
    'compare_with lcs, 6.7 MB documents shifted by one record (over the budget)',
    () => diffPair(CAP * 0.4, (i) => i, 'lcs', false, 1),
  ],

  [
    'lcov-viewer',
    'one file, 16 MB of DA lines',
    () =>
      fillWith(
        (t) => ({ lcov: t }),
        (i) => `DA:${i + 1},${i % 7}`,
        '\n',
        'SF:src/a.ts\n',
        '\nend_of_record',
      ),
  ],
  [
    'lcov-viewer',
    '16 MB of one-line records, distinct files',
    () =>
      fillWith(
        (t) => ({ lcov: t }),
        (i) => `SF:src/f${i}.ts\nDA:1,1\nend_of_record`,
        '\n',
      ),
  ],
  [
    'lcov-viewer',
    'one file, 16 MB of DA lines, every other line uncovered',
    () =>
      fillWith(
        (t) => ({ lcov: t }),
        (i) => `DA:${i + 1},${i % 2}`,
        '\n',
        'SF:src/a.ts\n',
        '\nend_of_record',
      ),
  ],
  [
    'lcov-viewer',
    'one file, 16 MB of FN lines (every function listed)',
    () =>
      fillWith(
        (t) => ({ lcov: t }),
        (i) => `FN:${i + 1},f`,
        '\n',
        'SF:src/a.ts\n',
        '\nend_of_record',
      ),
  ],
  [
    'lcov-viewer',
    '7.6 MB of files against a 7.6 MB baseline of other files',
    () => {
      const half = (prefix) =>
        fillWith(
          (t) => ({ lcov: t, baseline: t }),
          (i) => `SF:${prefix}${i}.ts\nDA:1,${i % 2}\nend_of_record`,
          '\n',
        ).lcov;
      return {
        lcov: half('src/new')
          .slice(0, 7_600_000)
          .replace(/\n[^\n]*$/, ''),
        baseline: half('src/old')
          .slice(0, 7_600_000)
          .replace(/\n[^\n]*$/, ''),
      };
    },
  ],
  [
    'lcov-viewer',
    '16 MB of records of one file (merged)',
    () =>
      fillWith(
        (t) => ({ lcov: t }),
        (i) =>
          `SF:a.ts\nFN:${i % 50},f${i % 50}\nFNDA:1,f${i % 50}\nBRDA:${i % 100},0,${i % 3},1\nDA:${i % 1000},1\nend_of_record`,
        '\n',
      ),
  ],

  ['base64', 'encode 16 MB of ASCII', () => fill((t) => ({ input: t }), 'a')],
  ['base64', "encode 16 MB of UTF-8 ('é', 8M characters)", () => fill((t) => ({ input: t }), 'é')],
  ['base64', 'decode 16 MB', () => fill((t) => ({ input: t, mode: 'decode' }), 'QUJD')],
  [
    'base64',
    'decode 16 MB to invalid UTF-8 (U+FFFD output)',
    () => fill((t) => ({ input: t, mode: 'decode' }), '//79'),
  ],
  [
    'base64',
    'decode 16 MB, bad character at the end',
    () => fill((t) => ({ input: t, mode: 'decode' }), 'QUJD', '', '!'),
  ],
  ['base64', 'encode 16 MB of hex (8 MB of bytes)', () => fill((t) => ({ input: t, data_format: 'hex' }), 'ab')],
  ['base64', "encode 16 MB of '0xab ' groups", () => fill((t) => ({ input: t, data_format: 'hex' }), '0xab ')],
  [
    'base64',
    'encode 16 MB of hex, bad character at the end',
    () => fill((t) => ({ input: t, data_format: 'hex' }), 'ab', '', 'x'),
  ],
  [
    'base64',
    'decode 16 MB to hex (24 MB of output)',
    () => fill((t) => ({ input: t, mode: 'decode', data_format: 'hex' }), '//79'),
  ],
  [
    'base64',
    'decode 16 MB after a data: URL prefix',
    () => fill((t) => ({ input: t, mode: 'decode' }), 'QUJD', 'data:application/octet-stream;base64,'),
  ],

  ['hash-generator', 'sha256 of 16 MB', () => fill((t) => ({ input: t, algorithm: 'sha256' }), 'a')],
  ['hash-generator', "sha3-512 of 16 MB of '€'", () => fill((t) => ({ input: t, algorithm: 'sha3-512' }), '€')],
  ['hash-generator', 'blake2b of 16 MB', () => fill((t) => ({ input: t, algorithm: 'blake2b' }), 'a')],
  [
    'hash-generator',
    'HMAC-SHA512, 8 MB key and 8 MB input',
    () =>
      fill((t) => ({ input: t.slice(0, t.length / 2), hmac_key: t.slice(t.length / 2), algorithm: 'sha512' }), 'aa'),
  ],
  // Password hashes at their highest costs (src/tools/hash-generator/password-params.ts BOUNDS).
  [
    'hash-generator',
    'bcrypt cost 12, a 72-byte password',
    () => ({ input: 'a'.repeat(72), algorithm: 'bcrypt', cost: 12 }),
  ],
  [
    'hash-generator',
    'scrypt log_n 16, r 8, p 4 (64 MiB, 4 passes), 16 MB password',
    () => fill((t) => ({ input: t, algorithm: 'scrypt', log_n: 16, r: 8, p: 4 }), 'a'),
  ],
  [
    'hash-generator',
    'argon2id 64 MiB, t 3, p 4, 16 MB password',
    () => fill((t) => ({ input: t, algorithm: 'argon2id', memory_kib: 65536, iterations: 3, parallelism: 4 }), 'a'),
  ],
  [
    'hash-generator',
    'argon2id 64 MiB, t 3, p 1: verify against such a hash',
    () => ({
      input: 'pw',
      algorithm: 'argon2id',
      expected: '$argon2id$v=19$m=65536,t=3,p=1$c2FsdHNhbHRzYWx0MTIzNA$J+g5kai/vKtMPuLtjs1bzuUSyYZAXaaIbLxctiLrzLo',
    }),
  ],

  ['url-encoder', "encode-component 16 MB of ' ' (3× output)", () => fill((t) => ({ input: t }), ' ')],
  [
    'url-encoder',
    'encode-component, every BMP and astral character (1.1M table entries)',
    () => {
      const chars = [];
      for (let cp = 0x80; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) chars.push(String.fromCodePoint(cp));
      return { input: chars.join('') };
    },
  ],
  ['url-encoder', 'decode 16 MB of %C3%A9', () => fill((t) => ({ input: t, mode: 'decode' }), '%C3%A9')],
  [
    'url-encoder',
    'decode 16 MB, malformed at the end',
    () => fill((t) => ({ input: t, mode: 'decode' }), '%41', '', '%4'),
  ],

  ['timestamp-converter', '16 MB of digits', () => fill((t) => ({ input: t }), '9')],
  [
    'timestamp-converter',
    'ISO date with a 16 MB fraction',
    () => fill((t) => ({ input: t }), '1', '2024-02-29T12:00:00.', 'Z'),
  ],
  [
    'timestamp-converter',
    'RFC 2822 with 16 MB of spaces',
    () => fill((t) => ({ input: t }), ' ', 'Tue, 14 Nov 2023', '22:13:20 GMT'),
  ],
  ['timestamp-converter', '16 MB of letters (invalid)', () => fill((t) => ({ input: t }), 'x')],
  [
    'timestamp-converter',
    'wall clock with a 16 MB fraction in input_timezone',
    () =>
      fill(
        (t) => ({ input: t, input_timezone: 'Europe/Berlin', disambiguation: 'reject' }),
        '1',
        '2024-03-31T02:30:00.',
      ),
  ],
  [
    'timestamp-converter',
    'kind excel-1900 with a 16 MB fraction',
    () => fill((t) => ({ input: t, kind: 'excel-1900' }), '9', '45000.'),
  ],
  [
    'timestamp-converter',
    'kind snowflake-discord, 16 MB of digits (invalid)',
    () => fill((t) => ({ input: t, kind: 'snowflake-discord' }), '9'),
  ],
  [
    'timestamp-converter',
    'kind objectid, 16 MB of hex (invalid)',
    () => fill((t) => ({ input: t, kind: 'objectid' }), 'a'),
  ],
  [
    'timestamp-converter',
    "format of 64 × 'dddd' in a zone",
    () => ({ input: '1700000000', timezone: 'Asia/Kathmandu', format: 'dddd'.repeat(64) }),
  ],

  [
    'uuid-generator',
    'validate 16 MB, count 100 v7',
    () => fill((t) => ({ validate: t, count: 100, version: 7 }), 'a', 'urn:uuid:'),
  ],
  // 129 characters: a mask of 255 rejects half the bytes, the most any alphabet does.
  [
    'uuid-generator',
    'NanoID: count 100, size 1024, a 129-character alphabet',
    () => ({
      version: 'nanoid',
      count: 100,
      size: 1024,
      alphabet: Array.from({ length: 129 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join(''),
    }),
  ],
  [
    'uuid-generator',
    'NanoID: count 100, size 1024, a 16 MB alphabet (refused)',
    () => fill((t) => ({ version: 'nanoid', count: 100, size: 1024, alphabet: t }), 'a'),
  ],

  [
    'text-case-converter',
    "16 MB of 'a_' (8M words)",
    () => fill((t) => ({ input: t, to: 'Title Case' }), 'a_', '', 'A'),
  ],
  ['text-case-converter', "16 MB of 'aB' (camel humps)", () => fill((t) => ({ input: t, to: 'snake_case' }), 'aB')],
  [
    'text-case-converter',
    '16 MB of mixed scripts and marks',
    () => fill((t) => ({ input: t, to: 'PascalCase' }), 'Ǆe\u0301東-ß '),
  ],
  [
    'text-case-converter',
    "all, extended: 1 MiB of 'aB' (the cap)",
    () => ({ input: 'aB'.repeat(512 * 1024), to: 'all', extended: true }),
  ],
  ['text-case-converter', "all: 1 MiB of 'aB' (the cap)", () => ({ input: 'aB'.repeat(512 * 1024), to: 'all' })],

  ['json-to-csv', '16 MB of API records', () => fillWith((t) => ({ input: t }), record, ',', '[', ']')],
  ['json-to-csv', '16 MB of numbers (8M rows of one cell)', () => fill((t) => ({ input: t }), '1,', '[', '1]')],
  [
    'json-to-csv',
    'sparse: 1000 rows × 32k columns (32M cells)',
    () => ({
      input: JSON.stringify(
        Array.from({ length: 1000 }, (_, r) =>
          Object.fromEntries(Array.from({ length: 32 }, (_, k) => [`c${r * 32 + k}`, 1])),
        ),
      ),
    }),
  ],
  [
    'json-to-csv',
    'flatten: 16 MB of rows with 500-deep paths',
    () =>
      fillWith(
        (t) => ({ input: t }),
        (i) => '{"x":'.repeat(500) + i + '}'.repeat(500),
        ',',
        '[',
        ']',
      ),
  ],
  [
    'json-to-csv',
    '16 MB with an integer-like key (ordered parser)',
    () =>
      fillWith(
        (t) => ({ input: t }),
        (i) => `{"1":${i},"b":"x"}`,
        ',',
        '[',
        ']',
      ),
  ],
  [
    'json-to-csv',
    'csv-to-json, 16 MB of one-cell rows (JSON output ~10×)',
    () => fill((t) => ({ input: t, mode: 'csv-to-json' }), '1\n', 'a\n', '1'),
  ],
  [
    'json-to-csv',
    'csv-to-json, one row of 16 MB of columns',
    () => fill((t) => ({ input: t, mode: 'csv-to-json' }), ',', 'a', '\n1'),
  ],
  [
    'json-to-csv',
    'csv-to-json, flatten, dotted columns',
    () =>
      fillWith(
        (t) => ({ input: t, mode: 'csv-to-json' }),
        (i) => `a${i % 1000}.b${i}.c`,
        ',',
        '',
        '\n1',
      ),
  ],

  ['color-converter', '16 MB of spaces inside rgb()', () => fill((t) => ({ color: t }), ' ', 'rgb(1,', '2,3)')],
  ['color-converter', '16 MB of hex digits', () => fill((t) => ({ color: t }), 'f', '#')],
  ['color-converter', '16 MB of letters (no such name)', () => fill((t) => ({ color: t }), 'a')],
  [
    'color-converter',
    '16 MB of spaces inside cmyk(), every extra',
    () => fill((t) => ({ color: t, include: ['cmyk', 'name', 'palette'] }), ' ', 'cmyk(1,', '2,3,4)'),
  ],
  [
    'color-converter',
    'every extra, a P3 colour far outside sRGB',
    () => ({ color: 'color(display-p3 8 -8 8)', include: ['cmyk', 'name', 'palette'] }),
  ],

  [
    'number-base-converter',
    '1,000,000 decimal digits to the other bases',
    () => ({ input: '7'.repeat(1_000_000), from_base: 10 }),
  ],
  ['number-base-converter', '1,000,000 base-36 digits', () => ({ input: 'z'.repeat(1_000_000), from_base: 36 })],
  [
    'number-base-converter',
    '16 MB of blanks between two digits',
    () => fill((t) => ({ input: t, from_base: 10 }), ' ', '1', '1'),
  ],
];

async function runCase(index) {
  const [slug, name, make] = CASES[index];
  const body = make();
  const { createServer } = await import('vite');
  // No project config: the tools need no plugin, and the config loads every tool (and the image
  // codecs) at start-up.
  const vite = await createServer({
    configFile: false,
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const { invoke } = await vite.ssrLoadModule('/src/core/invoke.ts');
  const { nodeContext } = await vite.ssrLoadModule('/src/platform/node-context.ts');
  const { default: tool } = await vite.ssrLoadModule(`/src/tools/${slug}/tool.ts`);
  // Warm up on the tool's first example, so that loading and compiling are not measured.
  await invoke(tool, tool.examples[0].input, nodeContext);
  const peakBefore = process.resourceUsage().maxRSS;
  const started = performance.now();
  const reply = await invoke(tool, body, nodeContext);
  const ms = performance.now() - started;
  const peakGrowth = (process.resourceUsage().maxRSS - peakBefore) / 1024;
  const outcome =
    reply.status !== 200
      ? `${reply.status} ${String(reply.body.error).slice(0, 60)}`
      : reply.body.error
        ? `200 error: ${String(reply.body.error).slice(0, 60)}`
        : reply.body.valid === false
          ? '200 valid:false'
          : '200';
  const inputChars = Object.values(body).reduce(
    (sum, value) => sum + (typeof value === 'string' ? value.length : 0),
    0,
  );
  const bodyBytes = utf8Length(JSON.stringify(body));
  const answerBytes = utf8Length(JSON.stringify(reply.body));
  console.log(JSON.stringify({ slug, name, inputChars, bodyBytes, answerBytes, ms, peakGrowth, outcome }));
  await vite.close();
}

if (process.argv[2] === '--case') {
  await runCase(Number(process.argv[3]));
} else {
  const only = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;
  const script = fileURLToPath(import.meta.url);
  const rows = [];
  for (let i = 0; i < CASES.length; i++) {
    const [slug, name] = CASES[i];
    if (only && !only.test(`${slug} ${name}`)) continue;
    const child = spawnSync(process.execPath, [script, '--case', String(i)], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    let row;
    try {
      row = JSON.parse(line);
    } catch {
      row = {
        slug,
        name,
        inputChars: NaN,
        bodyBytes: NaN,
        ms: NaN,
        peakGrowth: NaN,
        outcome: `crashed: ${(child.stderr || 'exit ' + child.status).trim().split('\n').pop()}`,
      };
    }
    if (row.bodyBytes > CAP) row.outcome += ' (body over the cap!)';
    rows.push(row);
    console.log(
      `${slug} | ${name} | ${row.inputChars} chars | ${Math.round(row.ms)} ms | +${Math.round(row.peakGrowth)} MB | answer ${row.answerBytes} bytes | ${row.outcome}`,
    );
  }
  console.log(
    '\n| Tool | Worst input | Input (chars) | Time | Peak memory growth | Answer |\n|---|---|---:|---:|---:|---|',
  );
  for (const r of rows) {
    console.log(
      `| ${r.slug} | ${r.name} | ${r.inputChars.toLocaleString('en')} | ${(r.ms / 1000).toFixed(2)} s | ${Math.round(r.peakGrowth)} MB | ${r.outcome.replaceAll('|', '\\|')} |`,
    );
  }
}
