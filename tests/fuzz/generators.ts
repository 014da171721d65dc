// Request generators for the fuzz suite: valid requests derived from each tool's OpenAPI input
// schema (and its documented examples), then mutations a hostile or broken client might send.
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

export interface Operation {
  slug: string;
  schema: Schema;
  examples: Record<string, unknown>[];
}

/** Each tool's request schema and examples, read from the served OpenAPI document. */
export function operations(document: {
  paths: Record<
    string,
    {
      post?: {
        requestBody?: {
          content?: Record<string, { schema: Schema; examples?: Record<string, { value: Record<string, unknown> }> }>;
        };
      };
    }
  >;
  components: { schemas: Record<string, Schema> };
}): { operations: Operation[]; components: Record<string, Schema> } {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const content = item.post?.requestBody?.content?.['application/json'];
    if (!content || !path.startsWith('/api/')) continue;
    found.push({
      slug: path.slice('/api/'.length),
      schema: content.schema,
      examples: Object.values(content.examples ?? {}).map((e) => e.value),
    });
  }
  return { operations: found, components: document.components.schemas };
}

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uFEFF{}',
  '\uFFFF\uFFFE',
  '\uD800',
  '\uDFFF\uD800',
  '👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\u202Eevil\u202C',
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '\\u0000',
  'null',
  'NaN',
  '-0',
  '1e999999',
  '9'.repeat(400),
  '0x' + 'f'.repeat(300),
  '['.repeat(2000),
  '{"a":'.repeat(2000),
  '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>',
  'data:image/png;base64,',
  '====',
  'eyJhbGciOiJub25lIn0.e30.',
  'SF:x\nDA:1,99999999999999999999999\nend_of_record',
  'TN:\nSF:a\nDA:-1,-1\nBRDA:1,0,0,-\nend_of_record',
];

/** Strings a tool field might choke on: edge cases, unicode of every plane, lone surrogates, JSON text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EDGE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
  fc.json({ maxDepth: 4 }),
  fc.base64String({ maxLength: 200 }),
  fc.integer({ min: 1, max: 200_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1, max: 50_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc
    .tuple(fc.constantFrom('a', 'é', '€', '😀', '0', ' '), fc.integer({ min: 10_000, max: 2_000_000 }))
    .map(([c, n]) => c.repeat(n)),
);

/** Any JSON value, including the awkward numbers and structures. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, 0, -0, 1e308, -1e308, 5e-324, 2 ** 53 + 1, -(2 ** 63), [], {}, [[]], { '': '' }),
  hostileString,
  fc.double(),
  fc.integer({ min: 1, max: 100_000 }).map((n) => Array(n).fill(0)),
);

function resolveRef(schema: Schema, components: Record<string, Schema>): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  return components[ref.replace('#/components/schemas/', '')] ?? {};
}

/** A value valid for `schema` (the subset the tool schemas use: type, enum, const, anyOf, min/max, properties, required). */
export function fromSchema(input: Schema, components: Record<string, Schema>): fc.Arbitrary<unknown> {
  const schema = resolveRef(input, components);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return fc.oneof(...variants.map((v) => fromSchema(v, components)));
  switch (schema.type) {
    case 'string': {
      const min = (schema.minLength as number | undefined) ?? 0;
      return fc.oneof(
        fc.string({ minLength: min, maxLength: Math.max(min, 40) }),
        hostileString.filter((s) => s.length >= min),
      );
    }
    case 'integer':
      return fc.integer({
        min: Math.max((schema.minimum as number | undefined) ?? -1e6, -1e9),
        max: Math.min((schema.maximum as number | undefined) ?? 1e6, 1e9),
      });
    case 'number':
      return fc.double({
        min: (schema.minimum as number | undefined) ?? -1e6,
        max: (schema.maximum as number | undefined) ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fromSchema((schema.items as Schema) ?? {}, components), { maxLength: 4 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) model[name] = fromSchema(property, components);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      return hostileValue;
  }
}

/** Changes one field of a request: a wrong type, a huge or hostile value, or removes it. */
export function mutateField(request: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(request);
  const name = names.length ? fc.constantFrom(...names, 'unknown_field') : fc.constant('input');
  return fc.tuple(name, fc.oneof(hostileValue, fc.constant(undefined))).map(([field, value]) => {
    const copy = { ...request };
    if (value === undefined) delete copy[field];
    else copy[field] = value;
    return copy;
  });
}

/** A body as the bytes on the wire, with the JSON-text-level attacks a parser sees. */
export function encodeBody(request: Record<string, unknown>): fc.Arbitrary<Buffer> {
  const text = JSON.stringify(request);
  const inner = text.slice(1, -1);
  const comma = inner ? ',' : '';
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(Buffer.from(text)) },
    // Prototype keys: written as JSON text, since a JS object literal would not keep them as keys.
    fc
      .constantFrom('__proto__', 'constructor', 'prototype')
      .map((key) =>
        Buffer.from(`{"${key}":{"polluted":true,"input":"x","prototype":{"polluted":true}}${comma}${inner}}`),
      ),
    fc.constant(Buffer.from(`{${inner}${comma}"__proto__":{"toString":1,"valueOf":"x","hasOwnProperty":null}}`)),
    // Duplicate keys, BOM, trailing garbage, truncation.
    fc.constant(Buffer.from(`{${inner}${comma}${inner}}`)),
    fc.constant(Buffer.from('\uFEFF' + text)),
    fc.constant(Buffer.from(text + ' x')),
    fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => Buffer.from(text.slice(0, cut))),
    // Invalid UTF-8 somewhere inside the body: a stray byte, an overlong '/', a lone surrogate, a cut sequence.
    fc
      .tuple(
        fc.nat({ max: text.length }),
        fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0x80]),
      )
      .map(([at, bytes]) => {
        const raw = Buffer.from(text);
        return Buffer.concat([raw.subarray(0, at), Buffer.from(bytes), raw.subarray(at)]);
      }),
    // Numbers no double holds.
    fc
      .constantFrom('1'.repeat(100_000), '1e999999', '-1e-999999', '0.' + '0'.repeat(10_000) + '1')
      .map((n) => Buffer.from(`{${inner}${comma}"count":${n},"indent":${n},"width":${n}}`)),
  );
}

/** Whole bodies that are bombs rather than requests. */
export const bombBody: fc.Arbitrary<Buffer> = fc.oneof(
  fc.integer({ min: 1_000, max: 500_000 }).map((depth) => Buffer.from('['.repeat(depth) + ']'.repeat(depth))),
  fc
    .integer({ min: 1_000, max: 300_000 })
    .map((depth) => Buffer.from('{"input":'.repeat(depth) + '"x"' + '}'.repeat(depth))),
  fc.integer({ min: 1_000, max: 1_000_000 }).map((n) => Buffer.from('[' + Array(n).fill('0').join(',') + ']')),
  fc
    .integer({ min: 1_000, max: 200_000 })
    .map((n) => Buffer.from('{' + Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',') + ',"input":"x"}')),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => Buffer.from(`{"input":"${'\\u0000'.repeat(n)}"}`)),
  fc
    .integer({ min: 1, max: 5_000_000 })
    .map((n) => Buffer.from(`{"input":"${'\\ud83d\\ude00'.repeat(Math.ceil(n / 12))}"}`)),
  fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes)),
);

export const contentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/octet-stream',
  '*/*; q=0.1, ;;;',
  undefined,
);
