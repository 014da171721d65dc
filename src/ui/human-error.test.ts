// The page's wording of the tools' errors, checked on the sentences the tools really give:
// each case asks the tool through the same invoker as the API, then rewords its answer.
import { describe, expect, it } from 'vitest';
import { call } from '../../tests/support/doors';
import { tools } from '../tools/index';
import { humanError, KNOWN_FIELDS } from './human-error';

/** The `error` of a real answer (a 400's, or the `error` field of a 200 that reports invalid input). */
async function errorOf(slug: string, body: unknown): Promise<string> {
  const reply = await call(slug, body as Record<string, unknown>);
  const error = (reply.body as { error?: unknown }).error;
  if (typeof error !== 'string') throw new Error(`${slug} gave no error for ${JSON.stringify(body)}`);
  return error;
}

describe('humanError on schema errors (400 "Invalid request: …")', () => {
  it('names the field by its label and drops the JSON type the form never chose', async () => {
    const api = await errorOf('uuid-generator', { count: null });
    expect(api).toBe("Invalid request: 'count' must be a number (got null).");
    expect(humanError(api, { count: 'How many' })).toBe('How many must be a number.');
    expect(humanError(api, { count: 'Count' })).toBe('Count must be a number.');
  });

  it('makes one sentence per bad field', async () => {
    const api = await errorOf('base64', { mode: 'sideways' });
    expect(api).toMatch(/^Invalid request: 'input' is required; 'mode' must be one of/);
    expect(humanError(api, { input: 'Text', mode: 'Mode' })).toBe(
      'Text is required. Mode must be one of "encode", "decode".',
    );
  });

  it('keeps the bound in a range error', async () => {
    const api = await errorOf('number-base-converter', { input: '1', from_base: 40 });
    expect(humanError(api, { from_base: 'Base' })).toBe('Base must be at most 36.');
    const token = await errorOf('jwt-decoder', { token: 'abc' });
    expect(humanError(token, { token: 'Token' })).toBe('Token must be at least 10 characters long.');
  });

  it('names an unlabelled field from its wire name', async () => {
    const api = await errorOf('number-base-converter', { input: '1', from_base: 2.5 });
    expect(humanError(api)).toBe('From base must be an integer.');
  });
});

describe('humanError on the tools’ own sentences', () => {
  it('rewords a field named at the start and keeps the position', async () => {
    const api = await errorOf('url-encoder', { input: 'a%2', mode: 'decode' });
    expect(api).toMatch(/^'input' has a malformed percent-encoding at position 2/);
    expect(humanError(api, { input: 'Percent-encoded text' })).toMatch(
      /^The percent-encoded text has a malformed percent-encoding at position 2: '%' must be followed by two hexadecimal digits/,
    );
  });

  it('keeps capitals of a label that starts with an acronym', async () => {
    const api = await errorOf('hash-generator', { input: 'x', algorithm: 'crc32', hmac_key: 'k' });
    expect(humanError(api, { hmac_key: 'HMAC key' })).toBe(
      'The HMAC key cannot be used with crc32: HMAC is available for md5, the SHA families and blake2b.',
    );
  });

  it('rewords a field named inside a sentence, and leaves quoted values alone', async () => {
    const api = await errorOf('timestamp-converter', { input: '2024-01-01', mode: 'to-date' });
    expect(api).toContain("but 'input' is a date string; use mode 'to-timestamp'");
    const human = humanError(api, { input: 'Timestamp or date' });
    expect(human).toContain("but the timestamp or date is a date string; use mode 'to-timestamp'");
    expect(human).toMatch(/^Mode 'to-date' expects/);
  });

  it('leaves quoted characters that are no field as they are', async () => {
    const api = await errorOf('number-base-converter', { input: '12g', from_base: 10 });
    expect(humanError(api, { input: 'Number' })).toBe(api);
    const lcov = await errorOf('lcov-viewer', { lcov: 'SF:a.js\nDA:abc,1\nend_of_record' });
    expect(humanError(lcov, { lcov: 'LCOV tracefile' })).toBe(lcov);
  });

  it('rewords an image tool’s sentence without labels from the page', async () => {
    expect(humanError("'image' is not an image in a supported format (PNG, JPEG, WebP, AVIF, TIFF, GIF or SVG).")).toBe(
      'The image is not an image in a supported format (PNG, JPEG, WebP, AVIF, TIFF, GIF or SVG).',
    );
    expect(humanError("Invalid request: 'image' is required.")).toBe('Image is required.');
  });

  it('passes sentences without a field through, and explains an internal error', async () => {
    const json = await errorOf('json-to-csv', { input: '[1,' });
    expect(humanError(json, { input: 'JSON' })).toBe(json);
    expect(humanError('The worker stopped.')).toBe('The worker stopped.');
    expect(humanError('Internal error')).toMatch(/^Something went wrong/);
  });
});

describe('the known field names', () => {
  it("include every top-level field of every tool's request schema", () => {
    for (const tool of tools) {
      const shape = (tool.input as unknown as { shape?: Record<string, unknown> }).shape;
      expect(shape, tool.slug).toBeDefined();
      for (const field of Object.keys(shape!)) expect(KNOWN_FIELDS.has(field), `${tool.slug}.${field}`).toBe(true);
    }
  });
});
