// Known answers from RFC 4648 §10 and hand-checked edge cases; the hex and data: URL answers
// are Node's (Buffer.from(hex, 'hex').toString('base64'), and fetch(dataUrl): its Content-Type
// and bytes, from undici's WHATWG data: URL processor).
import type { ToolCase } from '../vectors';

const rfc4648: [string, string][] = [
  ['f', 'Zg=='],
  ['fo', 'Zm8='],
  ['foo', 'Zm9v'],
  ['foob', 'Zm9vYg=='],
  ['fooba', 'Zm9vYmE='],
  ['foobar', 'Zm9vYmFy'],
];

const cases: ToolCase[] = [
  ...rfc4648.map(([text, b64]): ToolCase => ({
    name: `RFC 4648 encode "${text}"`,
    body: { input: text },
    status: 200,
    expect: { output: b64, valid: true, encoding: 'standard', byte_length: text.length },
  })),
  ...rfc4648.map(([text, b64]): ToolCase => ({
    name: `RFC 4648 decode "${b64}"`,
    body: { input: b64, mode: 'decode' },
    status: 200,
    expect: { output: text, valid: true, encoding: 'standard', byte_length: text.length },
  })),
  {
    name: 'UTF-8 multi-byte text',
    body: { input: 'héllo 👋' },
    status: 200,
    expect: { output: 'aMOpbGxvIPCfkYs=', valid: true, encoding: 'standard', byte_length: 11 },
  },
  {
    name: 'url-safe alphabet without padding',
    body: { input: '??>>', charset: 'url-safe', padding: false },
    status: 200,
    expect: { output: 'Pz8-Pg', valid: true, encoding: 'url-safe', byte_length: 4 },
  },
  {
    name: 'standard alphabet uses + and /',
    body: { input: '??>>' },
    status: 200,
    expect: { output: 'Pz8+Pg==', valid: true, encoding: 'standard', byte_length: 4 },
  },
  {
    name: 'decode url-safe input is detected',
    body: { input: 'Pz8-Pg', mode: 'decode' },
    status: 200,
    expect: { output: '??>>', valid: true, encoding: 'url-safe', byte_length: 4 },
  },
  {
    name: 'decode ignores whitespace and line breaks',
    body: { input: 'Zm9v\r\nYmFy\n', mode: 'decode' },
    status: 200,
    expect: { output: 'foobar', valid: true, encoding: 'standard', byte_length: 6 },
  },
  {
    name: 'decode invalid character names it and its position',
    body: { input: 'Zm9v!mFy', mode: 'decode' },
    status: 200,
    match: { output: '', valid: false, byte_length: 0, error: /'!' at position 5/ },
  },
  {
    name: 'decode impossible length',
    body: { input: 'Zm9vY', mode: 'decode' },
    status: 200,
    match: { output: '', valid: false, byte_length: 0, error: /length/i },
  },
  {
    name: 'decode padding in the middle',
    body: { input: 'Zg==Zm8=', mode: 'decode' },
    status: 200,
    match: { valid: false, error: /position 3/ },
  },
  {
    name: 'decode wrong amount of padding',
    body: { input: 'Zg=', mode: 'decode' },
    status: 200,
    match: { valid: false, error: /padding/i },
  },
  {
    name: 'decode bytes that are not UTF-8',
    body: { input: '/w==', mode: 'decode' },
    status: 200,
    expect: { output: '\uFFFD', valid: true, encoding: 'standard', byte_length: 1, is_utf8: false },
  },
  {
    name: 'hex: encode bytes given as hex',
    body: { input: 'deadbeef', data_format: 'hex' },
    status: 200,
    expect: { output: '3q2+7w==', valid: true, encoding: 'standard', byte_length: 4 },
  },
  {
    name: 'hex: whitespace, line breaks, either case and 0x prefixes are read',
    body: { input: '0x89504E47\r\n0d 0a\t1A 0X0a', data_format: 'hex' },
    status: 200,
    expect: { output: 'iVBORw0KGgo=', valid: true, encoding: 'standard', byte_length: 8 },
  },
  {
    name: 'hex: url-safe, no padding',
    body: { input: 'fbff', data_format: 'hex', charset: 'url-safe', padding: false },
    status: 200,
    expect: { output: '-_8', valid: true, encoding: 'url-safe', byte_length: 2 },
  },
  {
    name: 'hex: a NUL byte',
    body: { input: '00', data_format: 'hex' },
    status: 200,
    expect: { output: 'AA==', valid: true, encoding: 'standard', byte_length: 1 },
  },
  {
    name: 'hex: a character that is not hex is a 400 naming input and position',
    body: { input: 'de ad bx ef', data_format: 'hex' },
    status: 400,
    expect: {
      error:
        "'input' is not hex: 'x' at position 8. Hex takes 0–9, a–f, A–F and whitespace, with an optional 0x before each group.",
    },
  },
  {
    name: 'hex: an odd number of digits is a 400',
    body: { input: 'abc', data_format: 'hex' },
    status: 400,
    expect: { error: "'input' has an odd number of hex digits (3): every byte takes two." },
  },
  {
    name: 'hex: a bare 0x is a 400',
    body: { input: 'ff 0x', data_format: 'hex' },
    status: 400,
    match: { error: /^'input' has a '0x' at position 4/ },
  },
  {
    name: 'hex: an unknown data_format is named',
    body: { input: 'ff', data_format: 'binary' },
    status: 400,
    match: { error: /'data_format' must be one of "text", "hex"/ },
  },
  {
    name: 'hex: decode returns lowercase hex',
    body: { input: '3q2+7w==', mode: 'decode', data_format: 'hex' },
    status: 200,
    expect: { output: 'deadbeef', valid: true, encoding: 'standard', byte_length: 4, is_utf8: false },
  },
  {
    name: 'hex: decode of UTF-8 text has no is_utf8',
    body: { input: 'SGVsbG8sIFdvcmxkIQ==', mode: 'decode', data_format: 'hex' },
    status: 200,
    expect: { output: '48656c6c6f2c20576f726c6421', valid: true, encoding: 'standard', byte_length: 13 },
  },
  {
    name: 'hex: decode keeps reporting malformed Base64',
    body: { input: 'Zm9v!mFy', mode: 'decode', data_format: 'hex' },
    status: 200,
    match: { output: '', valid: false, byte_length: 0, error: /'!' at position 5/ },
  },
  {
    name: 'data URL: the prefix is skipped and its type returned',
    body: { input: 'data:image/png;base64,iVBORw0KGgo=', mode: 'decode', data_format: 'hex' },
    status: 200,
    expect: {
      output: '89504e470d0a1a0a',
      valid: true,
      encoding: 'standard',
      byte_length: 8,
      is_utf8: false,
      mime: 'image/png',
    },
  },
  {
    name: 'data URL: no type means text/plain;charset=US-ASCII',
    body: { input: 'data:;base64,aGk=', mode: 'decode' },
    status: 200,
    expect: { output: 'hi', valid: true, encoding: 'standard', byte_length: 2, mime: 'text/plain;charset=US-ASCII' },
  },
  {
    name: 'data URL: a bare charset means text/plain',
    body: { input: 'data:;charset=utf-8;base64,aGk=', mode: 'decode' },
    status: 200,
    expect: { output: 'hi', valid: true, encoding: 'standard', byte_length: 2, mime: 'text/plain;charset=utf-8' },
  },
  {
    name: 'data URL: case and spaces are normalised as fetch does',
    body: { input: '  DATA:Text/HTML ; Charset=UTF-8 ;BASE64,aGk=', mode: 'decode' },
    status: 200,
    expect: { output: 'hi', valid: true, encoding: 'standard', byte_length: 2, mime: 'text/html;charset=UTF-8' },
  },
  {
    name: 'data URL: parameters are kept',
    body: { input: 'data:application/octet-stream;name=a.bin;base64,/w==', mode: 'decode' },
    status: 200,
    expect: {
      output: '\uFFFD',
      valid: true,
      encoding: 'standard',
      byte_length: 1,
      is_utf8: false,
      mime: 'application/octet-stream;name=a.bin',
    },
  },
  {
    name: 'data URL: positions of errors count from the start of the input',
    body: { input: 'data:text/plain;base64,aG!k', mode: 'decode' },
    status: 200,
    match: { valid: false, error: /'!' at position 26/, mime: 'text/plain' },
  },
  {
    name: 'data URL: one that is not Base64 is explained',
    body: { input: 'data:text/plain,hello%20world', mode: 'decode' },
    status: 200,
    match: { output: '', valid: false, byte_length: 0, error: /not Base64 \(no ';base64'/ },
  },
  {
    name: 'data URL: text encode leaves a data: prefix alone (it is text)',
    body: { input: 'data:;base64,' },
    status: 200,
    expect: { output: 'ZGF0YTo7YmFzZTY0LA==', valid: true, encoding: 'standard', byte_length: 13 },
  },
  {
    name: 'empty input is a schema error',
    body: { input: '' },
    status: 400,
    match: { error: /'input' must not be empty/, issues: [{ path: ['input'], message: 'must not be empty' }] },
  },
  {
    name: 'missing input and a bad mode are both named',
    body: { mode: 'encrypt' },
    status: 400,
    match: { error: /'input' is required.*'mode' must be one of "encode", "decode"/ },
  },
  {
    name: 'wrong type is named',
    body: { input: 42 },
    status: 400,
    match: { error: "Invalid request: 'input' must be a string (got a number)." },
  },
];

export default cases;
