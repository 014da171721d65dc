// A shared link's fields are checked in the page without zod (it stays out of the pages'
// bundles), against JSON Schema generated from each tool's zod input schema. Here the two are
// held to each other: for every field of every tool (the registry's list) and a battery of
// values of every JSON type, the page's verdict is zod's own, except where zod refuses through a
// refinement that JSON Schema cannot state (then the tool answers with a 400, the page is fine).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { inputFields } from '../../src/build/input-fields';
import { tools } from '../../src/tools/index';
import { checkFields, matches } from '../../src/ui/field-check';

const BATTERY: unknown[] = [
  1,
  0,
  -1,
  2.5,
  8,
  10,
  16,
  36,
  37,
  100,
  101,
  1e300,
  '',
  'x',
  'all',
  'tab',
  'png',
  'decode',
  'lanczos3',
  '#ff0000',
  true,
  false,
  null,
  [],
  [1],
  ['a'],
  {},
  { a: 1 },
];

/** Values worth trying for one field: the battery, each worked example's value, and each enum member. */
function candidates(slug: string, field: string, schema: Record<string, unknown>): unknown[] {
  const tool = tools.find((t) => t.slug === slug)!;
  const fromExamples = tool.examples
    .map((example) => (example.input as Record<string, unknown>)[field])
    .filter((value) => value !== undefined);
  const fromEnum = Array.isArray(schema.enum) ? schema.enum : [];
  return [...BATTERY, ...fromExamples, ...fromEnum];
}

describe('fields of a shared link, checked against the tools’ input schemas', () => {
  for (const tool of tools) {
    const shape = (tool.input as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    const { fields, defs } = inputFields(tool);
    it(`${tool.slug}: every field is described`, () => {
      expect(Object.keys(fields).sort()).toEqual(Object.keys(shape).sort());
    });
    it(`${tool.slug}: the page's verdict is zod's`, () => {
      for (const [field, schema] of Object.entries(fields)) {
        for (const value of candidates(tool.slug, field, schema)) {
          const zod = shape[field]!.safeParse(value);
          const page = matches(schema, value, defs);
          if (zod.success) expect(page, `${field} = ${JSON.stringify(value)} (zod accepts)`).toBe(true);
          else if (zod.error.issues.some((issue) => issue.code !== 'custom'))
            expect(page, `${field} = ${JSON.stringify(value)} (zod: ${zod.error.issues[0]!.message})`).toBe(false);
        }
      }
    });
  }

  it('keeps the good fields of a link and drops the bad ones', () => {
    const fields = inputFields(tools.find((tool) => tool.slug === 'text-case-converter')!);
    expect(checkFields({ input: 1, to: 'snake_case' }, fields)).toEqual({ to: 'snake_case' });
    expect(checkFields({ input: 'a b', to: 'shout' }, fields)).toEqual({ input: 'a b' });
    expect(checkFields({ input: 'a b', unknown: 1 }, fields)).toEqual({ input: 'a b' });
    // A page's own field, or a wider one than the tool's.
    expect(
      checkFields({ to: 'same', percent: 25 }, fields, { to: { enum: ['same'] }, percent: { type: 'number' } }),
    ).toEqual({ to: 'same', percent: 25 });
  });
});
