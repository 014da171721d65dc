// What a shared link may put in each field of a tool's input: the tool's zod input schema as
// JSON Schema (io 'input'), one schema per field, with only the keywords that validate (no
// descriptions or examples), so every page can check a link's fields (src/ui/field-check.ts)
// without zod, which stays out of the pages' bundles (src/tools/pure.ts). Built into
// `virtual:input-fields` by src/build/toolbox-plugin.ts.
import { z } from 'zod';
import type { ToolDefinition } from '../tools/define';
import type { FieldSchemas, JsonSchema } from './shapes';

/** The JSON Schema keywords that src/ui/field-check.ts reads; everything else is dropped. */
const VALIDATING = new Set([
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'anyOf',
  'oneOf',
  'allOf',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
  '$ref',
]);

function validating(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(validating);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!VALIDATING.has(key)) continue;
    // A map of names to schemas: every name is kept.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, schema]) => [name, validating(schema)]))
        : validating(value);
  }
  return out;
}

export function inputFields(tool: Pick<ToolDefinition, 'input'>): FieldSchemas {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema & {
    properties?: Record<string, JsonSchema>;
    $defs?: Record<string, JsonSchema>;
  };
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, field]) => [name, validating(field) as JsonSchema]),
  );
  const defs = schema.$defs
    ? (Object.fromEntries(
        Object.entries(schema.$defs).map(([name, def]) => [name, validating(def) as JsonSchema]),
      ) as Record<string, JsonSchema>)
    : undefined;
  return defs ? { fields, defs } : { fields };
}
