// Checks a value against the subset of JSON Schema that the tools' zod input schemas produce
// (src/build/input-fields.ts): types, enums and constants, bounds, lengths, patterns, unions,
// arrays and objects, and references to the schema's own $defs. A keyword it does not know
// does not refuse a value. Used on the fields of a shared link before a page sees them: a
// field of the wrong type (`#{"input":1}`) would otherwise reach controls that expect text and
// blank the page. tests/unit/field-check.test.ts holds it to zod's own verdicts.

import type { FieldSchemas, JsonSchema } from '../build/shapes';

export type { FieldSchemas, JsonSchema };

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function hasType(value: unknown, type: string): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeOf(value) === type;
}

/** JSON equality, for enum and const (the values here are plain JSON). */
const same = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

export function matches(
  schema: JsonSchema,
  value: unknown,
  defs: Readonly<Record<string, JsonSchema>> = {},
  depth = 0,
): boolean {
  if (depth > 32) return false; // a value nested deeper than any tool's input is not one
  const check = (inner: unknown, v: unknown) => matches(inner as JsonSchema, v, defs, depth + 1);
  const s = schema;
  if (typeof s.$ref === 'string') {
    const def = s.$ref.startsWith('#/$defs/') ? defs[s.$ref.slice('#/$defs/'.length)] : undefined;
    if (!def || !check(def, value)) return false;
  }
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((type) => hasType(value, type))) return false;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((option) => same(option, value))) return false;
  if ('const' in s && !same(s.const, value)) return false;
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) return false;
    if (typeof s.maximum === 'number' && value > s.maximum) return false;
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return false;
  }
  if (typeof value === 'string') {
    // zod counts UTF-16 code units, as .length does.
    if (typeof s.minLength === 'number' && value.length < s.minLength) return false;
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) return false;
    if (typeof s.pattern === 'string') {
      try {
        if (!new RegExp(s.pattern, 'u').test(value)) return false;
      } catch {
        // A pattern this engine cannot compile decides nothing.
      }
    }
  }
  if (Array.isArray(s.anyOf) && !s.anyOf.some((option) => check(option, value))) return false;
  if (Array.isArray(s.oneOf) && !s.oneOf.some((option) => check(option, value))) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((part) => check(part, value))) return false;
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return false;
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false;
    const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : [];
    for (let i = 0; i < value.length; i++) {
      const item = i < prefix.length ? prefix[i] : s.items;
      if (item === false) return false;
      if (item && typeof item === 'object' && !check(item, value[i])) return false;
    }
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    if (Array.isArray(s.required) && !s.required.every((name) => typeof name === 'string' && name in object))
      return false;
    for (const [name, item] of Object.entries(object)) {
      const inner = Object.hasOwn(properties, name) ? properties[name] : s.additionalProperties;
      if (inner === false) return false;
      if (inner && typeof inner === 'object' && !check(inner, item)) return false;
    }
  }
  return true;
}

/**
 * The fields of `given` that a page may take: those of the tool's schema whose value it
 * accepts, and the page's own fields (`own`, JSON Schema too: choices the tool has no field for,
 * or a wider one than the tool's). Any other field, and any value of the wrong kind, is dropped;
 * the rest are kept.
 */
export function checkFields(
  given: Record<string, unknown>,
  schemas: FieldSchemas | undefined,
  own: Readonly<Record<string, JsonSchema>> = {},
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    const schema = Object.hasOwn(own, name)
      ? own[name]
      : schemas && Object.hasOwn(schemas.fields, name)
        ? schemas.fields[name]
        : undefined;
    if (schema && matches(schema, value, schemas?.defs)) kept[name] = value;
  }
  return kept;
}
