// Known answers from RFC 4648 §10 and hand-checked edge cases.
import type { ToolCase } from '../define';

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
