// Request ids (src/server/request-id.ts): the caller's X-Request-Id when a log can carry it as
// it is, a fresh UUID otherwise. End to end (echoed, logged, /mcp) in tests/server/ops.test.ts.
import { describe, expect, it } from 'vitest';
import { MAX_LENGTH, requestId } from '../../src/server/request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestId', () => {
  it.each([
    ['a UUID', '0b7c6a3e-2f4d-4d0e-9a57-0c5e7b1d2a99'],
    ['a ULID', '01ARZ3NDEKTSV4RRFFQ69G5FAV'],
    ['a W3C trace id with its span', '4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7'],
    ["haproxy's unique-id-format", '7F000001:C8A2_7F000001:1F90_65A1B2C3_0001:1A2B'],
    ['base64', 'aGVsbG8gd29ybGQ+/w=='],
    ['one character', 'x'],
    ['the longest kept', 'a'.repeat(MAX_LENGTH)],
  ])('keeps %s', (_name, id) => {
    expect(requestId(id)).toBe(id);
  });

  it.each([
    ['none', undefined],
    ['empty', ''],
    ['one character too long', 'a'.repeat(MAX_LENGTH + 1)],
    ['a space', 'abc def'],
    ['two ids joined by Node', 'abc, def'],
    ['a quote (log injection)', 'abc"},"level":"info'],
    ['a newline', 'abc\ndef'],
    ['a control character', 'abc\u0000'],
    ['non-ASCII', 'café'],
    ['HTML', '<script>'],
    ['an array', ['abc', 'def']],
  ])('replaces %s with a fresh UUID', (_name, given) => {
    const id = requestId(given);
    expect(id).toMatch(UUID);
    expect(requestId(given)).not.toBe(id);
  });
});
