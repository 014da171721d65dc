// Known answers: FIPS 180-4 and FIPS 202 ("abc"), RFC 1321 (MD5 suite), RFC 7693 Appendix A
// (BLAKE2b-512 "abc"), the official BLAKE3 test_vectors.json (input_len 1: one 0x00 byte, first
// 32 bytes of the extended output) and the widely published BLAKE3("abc"), the CRC-32/ISO-HDLC
// check value, RFC 4231 and RFC 2202 HMAC test cases 1–2. The few values that are not in a
// standard (Base64 forms, multi-byte text, empty HMAC key) were computed with node:crypto, as
// were the digests of binary input: a real 65-byte PNG (tests/fixtures/images/bomb-30000.png,
// `createHash(...).update(readFileSync(...))`) and bytes that are not UTF-8.
import type { ToolCase } from '../vectors';

/** tests/fixtures/images/bomb-30000.png, a complete PNG, as Base64 and hex. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAdTAAAHUwCAYAAABmJ/i6AAAACElEQVR4nAMAAAAAAUgGidIAAAAASUVORK5CYII=';
const PNG_HEX =
  '89504e470d0a1a0a0000000d49484452000075300000753008060000006627f8ba0000000849444154789c030000000001480689d20000000049454e44ae426082';
const PNG_SHA256 = '190b77a975d141bcd5fd0246ab1cbc23fb0d9d3bfff3ca0db7ca8b5b4da1b091';
const SHA256_ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

type Vector = [algorithm: string, input: string, hex: string];

const digests: [source: string, vectors: Vector[]][] = [
  [
    'FIPS 180-4',
    [
      ['sha1', 'abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
      ['sha224', 'abc', '23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7'],
      [
        'sha384',
        'abc',
        'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7',
      ],
      [
        'sha512',
        'abc',
        'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
      ],
    ],
  ],
  [
    'RFC 1321',
    [
      ['md5', 'a', '0cc175b9c0f1b6a831c399e269772661'],
      ['md5', 'abc', '900150983cd24fb0d6963f7d28e17f72'],
      ['md5', 'message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
      ['md5', 'abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
      ['md5', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
      ['md5', '1234567890'.repeat(8), '57edf4a22be3c955ac49da2e2107b67a'],
    ],
  ],
  [
    'FIPS 202',
    [
      ['sha3-256', 'abc', '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532'],
      [
        'sha3-384',
        'abc',
        'ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25',
      ],
      [
        'sha3-512',
        'abc',
        'b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0',
      ],
    ],
  ],
  [
    'RFC 7693',
    [
      [
        'blake2b',
        'abc',
        'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
      ],
    ],
  ],
  [
    'BLAKE3 test vectors',
    [
      ['blake3', '\u0000', '2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213'],
      ['blake3', 'abc', '6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85'],
    ],
  ],
  ['CRC-32/ISO-HDLC check value', [['crc32', '123456789', 'cbf43926']]],
];

type HmacVector = [algorithm: string, key: string, input: string, hex: string];

const TC1_KEY_20 = '\u000b'.repeat(20);
const TC1 = 'Hi There';
const TC2_KEY = 'Jefe';
const TC2 = 'what do ya want for nothing?';

const hmacs: [source: string, vectors: HmacVector[]][] = [
  [
    'RFC 4231 test case 1',
    [
      ['sha224', TC1_KEY_20, TC1, '896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22'],
      ['sha256', TC1_KEY_20, TC1, 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
      [
        'sha384',
        TC1_KEY_20,
        TC1,
        'afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6',
      ],
      [
        'sha512',
        TC1_KEY_20,
        TC1,
        '87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854',
      ],
    ],
  ],
  [
    'RFC 4231 test case 2',
    [
      ['sha224', TC2_KEY, TC2, 'a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44'],
      ['sha256', TC2_KEY, TC2, '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
      [
        'sha384',
        TC2_KEY,
        TC2,
        'af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649',
      ],
      [
        'sha512',
        TC2_KEY,
        TC2,
        '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
      ],
    ],
  ],
  [
    'RFC 2202',
    [
      ['md5', '\u000b'.repeat(16), TC1, '9294727a3638bb1c13f48ef8158bfc9d'],
      ['md5', TC2_KEY, TC2, '750c783e6ab0b503eaa86e310a5db738'],
      ['sha1', TC1_KEY_20, TC1, 'b617318655057264e28bc0b6fb378c8ef146be00'],
      ['sha1', TC2_KEY, TC2, 'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79'],
    ],
  ],
];

const hexAnswer = (algorithm: string, bytes: number, hex: string) => ({
  hash: hex,
  algorithm,
  encoding: 'hex',
  input_byte_length: bytes,
  digest_length: hex.length,
});

// Password hashes with a fixed salt, each made by an independent implementation: Debian's `argon2`
// (`printf '<pw>' | argon2 saltsaltsalt1234 -id -t 2 -k 256 -p 1 -l 32 -e`), Python's
// hashlib.scrypt (OpenSSL) written in passlib's PHC form, and python3-bcrypt's hashpw with the
// same 16 salt bytes in bcrypt's Base64. Their costs are small: the cases run through every door.
const SALT = 'saltsaltsalt1234';
const ARGON2ID_256 = '$argon2id$v=19$m=256,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$J+g5kai/vKtMPuLtjs1bzuUSyYZAXaaIbLxctiLrzLo';
const ARGON2ID_64_P2 = '$argon2id$v=19$m=64,t=1,p=2$c2FsdHNhbHRzYWx0MTIzNA$voXKik+05TZVTcXQzt6bl98DiRaObR7YdLSduP4B5yU';
const SCRYPT_10 = '$scrypt$ln=10,r=8,p=1$c2FsdHNhbHRzYWx0MTIzNA$ScCLLLz7xGa/feGr7dTo+kzDv333ayxxlEcw56Ji/5E';
const SCRYPT_4_HEX_SALT = '$scrypt$ln=4,r=1,p=2$ABEiM0RVZneImaq7zN3u/w$nmWqzzZjo/HsShcR7/rV02F0jYghBylikR0y66BJzHM';
const BCRYPT_5 = '$2b$05$a0DqbFLfZFPxWUvyKRGxL.aCpUfY6E5NPkezzndwdIbI6Du28hzjK';
const BCRYPT_4_UTF8 = '$2b$04$a0DqbFLfZFPxWUvyKRGxL.hY2abnyXQ5Jq91BK9S1Hup7CGJOUaTi';
const BCRYPT_2Y = '$2y$04$a0DqbFLfZFPxWUvyKRGxL.ryYe8CXGOaXmSXhHFjVMMsGN5i5y80y';

const encodedAnswer = (algorithm: string, bytes: number, hash: string, matches?: boolean) => ({
  hash,
  algorithm,
  encoding: 'encoded',
  input_byte_length: bytes,
  digest_length: hash.length,
  ...(matches !== undefined && { matches }),
});

const passwordCases: ToolCase[] = [
  {
    name: 'Argon2id with a fixed salt matches the reference argon2 tool',
    body: {
      input: 'correct horse battery staple',
      algorithm: 'argon2id',
      salt: SALT,
      memory_kib: 256,
      iterations: 2,
      parallelism: 1,
    },
    status: 200,
    expect: encodedAnswer('argon2id', 28, ARGON2ID_256),
  },
  {
    name: 'Argon2id with two lanes (p=2) matches the reference argon2 tool',
    body: {
      input: 'correct horse battery staple',
      algorithm: 'argon2id',
      salt: SALT,
      memory_kib: 64,
      iterations: 1,
      parallelism: 2,
    },
    status: 200,
    expect: encodedAnswer('argon2id', 28, ARGON2ID_64_P2),
  },
  {
    name: 'scrypt (PHC $scrypt$) of UTF-8 text matches hashlib.scrypt',
    body: { input: 'pässword', algorithm: 'scrypt', salt: SALT, log_n: 10, r: 8, p: 1 },
    status: 200,
    expect: encodedAnswer('scrypt', 9, SCRYPT_10),
  },
  {
    name: 'scrypt with a salt given as hex matches hashlib.scrypt',
    body: {
      input: 'pw',
      algorithm: 'scrypt',
      salt: '00112233445566778899aabbccddeeff',
      salt_encoding: 'hex',
      log_n: 4,
      r: 1,
      p: 2,
    },
    status: 200,
    expect: encodedAnswer('scrypt', 2, SCRYPT_4_HEX_SALT),
  },
  {
    name: 'bcrypt ($2b$) with a fixed salt matches python3-bcrypt',
    body: { input: 'hunter2', algorithm: 'bcrypt', salt: SALT, cost: 5 },
    status: 200,
    expect: encodedAnswer('bcrypt', 7, BCRYPT_5),
  },
  {
    name: 'bcrypt of UTF-8 text matches python3-bcrypt',
    body: { input: 'pässwörd', algorithm: 'bcrypt', salt: SALT, cost: 4 },
    status: 200,
    expect: encodedAnswer('bcrypt', 10, BCRYPT_4_UTF8),
  },
  {
    name: 'a random salt by default: a well-formed Argon2id string with the default costs',
    body: { input: 'pw', algorithm: 'argon2id', memory_kib: 64, iterations: 1 },
    status: 200,
    match: {
      hash: /^\$argon2id\$v=19\$m=64,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
      encoding: 'encoded',
      digest_length: 94,
    },
  },
  {
    name: 'verify: the right password against python3-bcrypt',
    body: { input: 'hunter2', algorithm: 'bcrypt', expected: BCRYPT_5 },
    status: 200,
    expect: encodedAnswer('bcrypt', 7, BCRYPT_5, true),
  },
  {
    name: 'verify: a wrong password against python3-bcrypt',
    body: { input: 'hunter3', algorithm: 'bcrypt', expected: BCRYPT_5 },
    status: 200,
    match: { matches: false },
  },
  {
    name: 'verify: a $2y$ bcrypt hash (PHP) is read as $2b$',
    body: { input: 'hunter2', algorithm: 'bcrypt', expected: BCRYPT_2Y },
    status: 200,
    match: { matches: true },
  },
  {
    name: "verify: the reference argon2 tool's hash",
    body: { input: 'correct horse battery staple', algorithm: 'argon2id', expected: ARGON2ID_256 },
    status: 200,
    match: { matches: true },
  },
  {
    name: 'verify: Argon2id, wrong password',
    body: { input: 'correct horse battery stapler', algorithm: 'argon2id', expected: ARGON2ID_256 },
    status: 200,
    match: { matches: false },
  },
  {
    name: "verify: hashlib.scrypt's hash",
    body: { input: 'pässword', algorithm: 'scrypt', expected: SCRYPT_10 },
    status: 200,
    match: { matches: true },
  },
  {
    name: 'verify: scrypt, wrong password',
    body: { input: 'password', algorithm: 'scrypt', expected: SCRYPT_10 },
    status: 200,
    match: { matches: false },
  },
  {
    name: 'bcrypt cost over the bound is a schema error',
    body: { input: 'pw', algorithm: 'bcrypt', cost: 13 },
    status: 400,
    expect: {
      error: "Invalid request: 'cost' must be at most 12.",
      issues: [{ path: ['cost'], message: 'must be at most 12' }],
    },
  },
  {
    name: 'scrypt over 64 MiB is refused naming log_n',
    body: { input: 'pw', algorithm: 'scrypt', log_n: 16, r: 16 },
    status: 400,
    expect: { error: "'log_n' asks scrypt for more than 64 MiB (128·2^log_n·r bytes)." },
  },
  {
    name: 'a cost of another algorithm is refused',
    body: { input: 'pw', algorithm: 'bcrypt', memory_kib: 1024 },
    status: 400,
    expect: { error: "'memory_kib' is a cost of argon2id, not of bcrypt." },
  },
  {
    name: 'a password field with a digest is refused',
    body: { input: 'pw', salt: 'x' },
    status: 400,
    expect: { error: "'salt' is only for the password hashes (bcrypt, scrypt, argon2id), not sha256." },
  },
  {
    name: 'bcrypt salt of the wrong length is refused',
    body: { input: 'pw', algorithm: 'bcrypt', salt: 'short' },
    status: 400,
    expect: { error: "'salt' must be 16 bytes for bcrypt, not 5." },
  },
  {
    name: 'bcrypt reads at most 72 bytes',
    body: { input: 'x'.repeat(73), algorithm: 'bcrypt' },
    status: 400,
    expect: { error: "'input' is 73 bytes; bcrypt reads at most 72." },
  },
  {
    name: 'expected of another password algorithm is refused',
    body: { input: 'pw', algorithm: 'bcrypt', expected: ARGON2ID_256 },
    status: 400,
    expect: { error: "'expected' is a argon2id hash, but 'algorithm' is bcrypt." },
  },
  {
    name: 'expected over the bounds is refused before any work',
    body: {
      input: 'pw',
      algorithm: 'argon2id',
      expected: '$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHRzYWx0MTIzNA$J+g5kai/vKtMPuLtjs1bzuUSyYZAXaaIbLxctiLrzLo',
    },
    status: 400,
    expect: { error: "'expected' has m=4194304, outside the bounds of this tool (8 to 65536)." },
  },
  {
    name: 'expected that is no encoded hash is refused',
    body: { input: 'pw', algorithm: 'scrypt', expected: SHA256_ABC },
    status: 400,
    expect: {
      error: "'expected' is not a bcrypt ($2b$), scrypt ($scrypt$ln=…) or Argon2id ($argon2id$v=19$…) encoded hash.",
    },
  },
  {
    name: 'a salt with expected is refused (the hash carries its own)',
    body: { input: 'pw', algorithm: 'bcrypt', salt: SALT, expected: BCRYPT_5 },
    status: 400,
    expect: { error: "'salt' cannot be used with 'expected': the encoded hash carries its own salt and costs." },
  },
  {
    name: 'hmac_key with a password hash is refused',
    body: { input: 'pw', algorithm: 'scrypt', hmac_key: 'k' },
    status: 400,
    expect: { error: "'hmac_key' cannot be used with scrypt: a password hash takes no HMAC key." },
  },
];

const cases: ToolCase[] = [
  {
    name: 'FIPS 180-4 SHA-256 "abc" with the defaults (sha256, hex)',
    body: { input: 'abc' },
    status: 200,
    expect: hexAnswer('sha256', 3, 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'),
  },
  ...digests.flatMap(([source, vectors]) =>
    vectors.map(([algorithm, input, hex]): ToolCase => ({
      name: `${source} ${algorithm} ${JSON.stringify(input.length > 20 ? `${input.slice(0, 20)}…` : input)}`,
      body: { input, algorithm },
      status: 200,
      expect: hexAnswer(algorithm, input.length, hex),
    })),
  ),
  ...hmacs.flatMap(([source, vectors]) =>
    vectors.map(([algorithm, hmac_key, input, hex]): ToolCase => ({
      name: `${source} HMAC-${algorithm}${hmac_key === TC2_KEY ? ' (key "Jefe")' : ''}`,
      body: { input, algorithm, hmac_key },
      status: 200,
      expect: hexAnswer(algorithm, input.length, hex),
    })),
  ),
  {
    name: 'Base64 encoding of SHA-256 "abc" (standard alphabet, padded)',
    body: { input: 'abc', encoding: 'base64' },
    status: 200,
    expect: {
      hash: 'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=',
      algorithm: 'sha256',
      encoding: 'base64',
      input_byte_length: 3,
      digest_length: 44,
    },
  },
  {
    name: 'Base64 of CRC-32 check value: the 4 big-endian bytes cb f4 39 26',
    body: { input: '123456789', algorithm: 'crc32', encoding: 'base64' },
    status: 200,
    expect: { hash: 'y/Q5Jg==', algorithm: 'crc32', encoding: 'base64', input_byte_length: 9, digest_length: 8 },
  },
  {
    name: 'multi-byte text: UTF-8 bytes are hashed and counted',
    body: { input: 'héllo 👋' },
    status: 200,
    expect: hexAnswer('sha256', 11, '241bff4036211b66e25dc44c43c7305feb99e7a62b953f03c3597ad0593c508f'),
  },
  {
    name: 'HMAC with an empty key is an HMAC, not a plain digest',
    body: { input: 'abc', hmac_key: '' },
    status: 200,
    expect: hexAnswer('sha256', 3, 'fd7adb152c05ef80dccf50a1fa4c05d5a3ec6da95575fc312ae7c5d091836351'),
  },
  {
    name: 'binary input as Base64: a real PNG hashes as its bytes (node:crypto)',
    body: { input: PNG_BASE64, input_encoding: 'base64' },
    status: 200,
    expect: hexAnswer('sha256', 65, PNG_SHA256),
  },
  {
    name: 'binary input as hex (upper case, spaced): the same PNG, SHA3-256 (node:crypto)',
    body: { input: PNG_HEX.toUpperCase().replace(/(.{8})/g, '$1 '), input_encoding: 'hex', algorithm: 'sha3-256' },
    status: 200,
    expect: hexAnswer('sha3-256', 65, '98c28f60b04bb11b8b6cf76ef308cceebaf65bfa5b6f1352d92c1973a3317b41'),
  },
  {
    name: 'bytes that are not UTF-8 (ff 00 fe), digest as Base64 (node:crypto)',
    body: { input: 'ff00fe', input_encoding: 'hex', encoding: 'base64' },
    status: 200,
    expect: {
      hash: 'r5zt3J2LCKwJ4ZlL/SBFm143dCXfc1TfzjUBmSgopbc=',
      algorithm: 'sha256',
      encoding: 'base64',
      input_byte_length: 3,
      digest_length: 44,
    },
  },
  {
    name: 'RFC 4231 test case 1 with the key as hex (0x0b × 20)',
    body: { input: 'Hi There', hmac_key: '0b'.repeat(20), hmac_key_encoding: 'hex' },
    status: 200,
    expect: hexAnswer('sha256', 8, 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'),
  },
  {
    name: 'HMAC-SHA-512 with a binary Base64 key over binary input (node:crypto)',
    body: {
      input: '/wD+',
      input_encoding: 'base64',
      algorithm: 'sha512',
      hmac_key: 'AAEC//6A',
      hmac_key_encoding: 'base64',
    },
    status: 200,
    expect: hexAnswer(
      'sha512',
      3,
      '628e80fd6989a0372e82d8ec15325dd61da4bdae937bae4a0a6a0c211ce48a4e7280debd1f6da0f6112000ce5d643626f17c4f67d988c194a405e49cb5fd60c0',
    ),
  },
  {
    name: 'expected as a sha256sum line (upper-case hex) matches',
    body: { input: 'abc', expected: `${SHA256_ABC.toUpperCase()}  abc.txt` },
    status: 200,
    expect: { ...hexAnswer('sha256', 3, SHA256_ABC), matches: true },
  },
  {
    name: 'expected as a BSD-style line for the PNG matches',
    body: { input: PNG_BASE64, input_encoding: 'base64', expected: `SHA256 (bomb-30000.png) = ${PNG_SHA256}` },
    status: 200,
    expect: { ...hexAnswer('sha256', 65, PNG_SHA256), matches: true },
  },
  {
    name: 'expected as a Base64 digest (binary mode line) matches',
    body: {
      input: PNG_BASE64,
      input_encoding: 'base64',
      expected: 'GQt3qXXRQbzV/QJGqxy8I/sNnTv/88oNt8qLW02hsJE= *bomb-30000.png',
    },
    status: 200,
    match: { matches: true },
  },
  {
    name: 'expected: another digest does not match',
    body: { input: 'abd', expected: SHA256_ABC },
    status: 200,
    match: { matches: false },
  },
  {
    name: 'malformed hex input is a 400 naming the field',
    body: { input: 'abc', input_encoding: 'hex' },
    status: 400,
    expect: { error: "'input' is not valid hex: it has an odd number of digits (3); each byte takes two." },
  },
  {
    name: 'malformed Base64 key is a 400 naming the field',
    body: { input: 'abc', hmac_key: 'AB$C', hmac_key_encoding: 'base64' },
    status: 400,
    match: { error: /^'hmac_key' is not valid Base64: Invalid character '\$' at position 3/ },
  },
  {
    name: 'expected that is not a checksum is a 400 naming the field',
    body: { input: 'abc', expected: 'hello' },
    status: 400,
    expect: { error: "'expected' is neither a hex nor a Base64 digest, nor a sha256sum or BSD-style checksum line." },
  },
  {
    name: 'expected tagged for another algorithm is a 400',
    body: { input: 'abc', algorithm: 'md5', expected: `SHA256 (abc.txt) = ${SHA256_ABC}` },
    status: 400,
    expect: { error: "'expected' is a SHA256 checksum line, but 'algorithm' is md5." },
  },
  {
    name: 'unknown input_encoding names the choices',
    body: { input: 'abc', input_encoding: 'latin1' },
    status: 400,
    match: { error: /'input_encoding' must be one of "utf8", "hex", "base64"/ },
  },
  {
    name: 'hmac_key with crc32 is refused',
    body: { input: 'abc', algorithm: 'crc32', hmac_key: 'k' },
    status: 400,
    expect: { error: "'hmac_key' cannot be used with crc32: HMAC is available for md5, the SHA families and blake2b." },
  },
  {
    name: 'hmac_key with blake3 is refused',
    body: { input: 'abc', algorithm: 'blake3', hmac_key: 'k' },
    status: 400,
    match: { error: /^'hmac_key' cannot be used with blake3/ },
  },
  {
    name: 'a lone surrogate is refused with its position',
    body: { input: 'a👋\ud800b' },
    status: 400,
    expect: {
      error:
        "'input' contains a lone surrogate (U+D800) at position 3, which is not valid Unicode and has no UTF-8 encoding.",
    },
  },
  {
    name: 'a lone surrogate in the key is refused',
    body: { input: 'abc', hmac_key: '\udc00' },
    status: 400,
    match: { error: /^'hmac_key' contains a lone surrogate \(U\+DC00\) at position 1/ },
  },
  {
    name: 'empty input is a schema error',
    body: { input: '' },
    status: 400,
    match: { error: /'input' must not be empty/, issues: [{ path: ['input'], message: 'must not be empty' }] },
  },
  {
    name: 'missing input is a schema error',
    body: { algorithm: 'md5' },
    status: 400,
    match: { error: /'input' is required/, issues: [{ path: ['input'], message: 'is required' }] },
  },
  {
    name: 'unknown algorithm names the choices',
    body: { input: 'abc', algorithm: 'keccak256' },
    status: 400,
    match: { error: /'algorithm' must be one of "md5", "sha1", "sha256", "sha384", "sha512", "sha224", "sha3-256"/ },
  },
  {
    name: 'unknown encoding and a non-string key are both named',
    body: { input: 'abc', encoding: 'base32', hmac_key: 42 },
    status: 400,
    match: { error: /'encoding' must be one of "hex", "base64".*'hmac_key' must be a string \(got a number\)/ },
  },
  ...passwordCases,
];

export default cases;
