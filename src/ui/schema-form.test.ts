import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { findTool } from '../tools/index';
import {
  codeSpans,
  formFields,
  initialInput,
  labelOf,
  optionLabel,
  parseJsonField,
  showJsonField,
  type JsonSchema,
} from './schema-form';

/** The form of a real tool, from its input schema as the generic page reads it. */
function formOf(slug: string) {
  const tool = findTool(slug)!;
  return formFields(z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

describe('formFields', () => {
  it('gives each JSON Schema type its control, in the schema order', () => {
    const fields = formOf('json-formatter');
    expect(fields.map((field) => [field.name, field.kind])).toEqual([
      ['json', 'text'],
      ['mode', 'select'],
      ['indent', 'json'], // an integer or "tab"
      ['sort_keys', 'checkbox'],
      ['repair', 'checkbox'],
      ['jsonpath', 'text'],
      ['compare_with', 'text'],
      ['array_diff', 'select'],
      ['input_format', 'select'],
      ['output_format', 'select'],
    ]);
    expect(fields[0]).toMatchObject({ label: 'JSON', required: true, secret: false });
    expect(fields[1]).toMatchObject({ options: ['pretty', 'minify'], default: 'pretty', required: false });
  });

  it('reads numbers with their bounds, and choices of numbers', () => {
    const fields = formOf('uuid-generator');
    expect(fields.find((field) => field.name === 'count')).toMatchObject({
      kind: 'number',
      integer: true,
      min: 1,
      max: 100,
      default: 1,
    });
    expect(fields.find((field) => field.name === 'version')).toMatchObject({
      kind: 'select',
      options: [1, 3, 4, 5, 6, 7, 'nil', 'max', 'ulid', 8, 'nanoid'],
      default: 4,
    });
    expect(formOf('image-resizer').find((field) => field.name === 'rotate')).toMatchObject({
      kind: 'number',
      integer: false,
      min: undefined,
    });
  });

  it('marks keys and secrets, which never go into the URL', () => {
    expect(
      formOf('hash-generator')
        .filter((field) => field.secret)
        .map((field) => field.name),
    ).toEqual(['hmac_key']);
    expect(
      formOf('jwt-decoder')
        .filter((field) => field.secret)
        .map((field) => field.name),
    ).toEqual(['secret']);
  });

  it('knows a field that takes a file as Base64', () => {
    expect(formOf('image-converter').find((field) => field.name === 'image')).toMatchObject({
      kind: 'text',
      base64: true,
    });
    expect(formOf('base64').find((field) => field.name === 'input')).toMatchObject({ kind: 'text', base64: false });
  });

  it('keeps the descriptions as hints', () => {
    expect(formOf('base64').find((field) => field.name === 'padding')?.description).toBe(
      'Keep `=` padding when encoding.',
    );
  });

  it('reads every tool of the registry', () => {
    for (const slug of [
      'jwt-decoder',
      'image-converter',
      'lcov-viewer',
      'color-converter',
      'number-base-converter',
      'text-case-converter',
    ]) {
      expect(formOf(slug).length, slug).toBeGreaterThan(0);
    }
  });
});

describe('initialInput', () => {
  it('starts from the defaults, the first option of a required choice, and empty otherwise', () => {
    expect(initialInput(formOf('text-case-converter'))).toEqual({ input: '', to: 'camelCase', extended: false });
    expect(initialInput(formOf('hash-generator'))).toEqual({
      input: '',
      input_encoding: 'utf8',
      algorithm: 'sha256',
      encoding: 'hex',
      hmac_key: '',
      hmac_key_encoding: 'utf8',
      expected: '',
      salt: '',
      salt_encoding: 'utf8',
    });
    const resizer = initialInput(formOf('image-resizer'));
    expect(resizer).toMatchObject({ image: '', fit: 'inside', format: 'png', quality: 85 });
    expect('width' in resizer && resizer.width === undefined).toBe(true);
    expect(initialInput(formOf('number-base-converter'))).toEqual({ input: '', from_base: undefined });
  });
});

describe('labels, JSON fields and hints', () => {
  it('labels names in words', () => {
    expect(labelOf('sort_keys')).toBe('Sort keys');
    expect(labelOf('cropX')).toBe('Crop X');
    expect(labelOf('flipHorizontal')).toBe('Flip horizontal');
    expect(labelOf('from_base')).toBe('From base');
    expect(labelOf('hmac_key')).toBe('HMAC key');
  });

  it('reads a JSON field as JSON when it is, else as text', () => {
    expect(parseJsonField('4')).toBe(4);
    expect(parseJsonField('tab')).toBe('tab');
    expect(parseJsonField('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonField('  ')).toBeUndefined();
    expect(showJsonField(4)).toBe('4');
    expect(showJsonField('tab')).toBe('tab');
    expect(showJsonField(undefined)).toBe('');
  });

  it('splits `code` out of a description', () => {
    expect(codeSpans('Keep `=` padding')).toEqual([
      { text: 'Keep ', code: false },
      { text: '=', code: true },
      { text: ' padding', code: false },
    ]);
    expect(codeSpans('`a`')).toEqual([{ text: 'a', code: true }]);
  });
});

describe('optionLabel', () => {
  it('shows options as written, and blank ones as JSON', () => {
    expect(optionLabel('sha256')).toBe('sha256');
    expect(optionLabel(4)).toBe('4');
    expect(optionLabel('\t')).toBe('"\\t"');
    expect(optionLabel(',')).toBe(',');
    expect(optionLabel('Title Case')).toBe('Title Case');
  });
});
