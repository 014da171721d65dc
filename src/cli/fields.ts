// A tool's command-line options, derived from the same JSON Schemas as OpenAPI and MCP
// (src/core/describe.ts): no per-tool code here (docs/architecture.md principle 1).
import { toolJsonSchemas } from '../core/describe';
import { imageFields } from '../lib/images/image-field';

type JsonSchema = Record<string, unknown>;

/** How a value typed on the command line becomes the JSON the core validates. */
export type FieldKind = 'string' | 'image' | 'integer' | 'number' | 'boolean' | 'json';

export interface Field {
  /** The request's field name, as in the API (`data_format`, `cropX`). */
  name: string;
  /** The option without dashes: kebab case of `name` (`data-format`, `crop-x`). */
  flag: string;
  kind: FieldKind;
  /** Allowed values (strings and numbers, as the schema lists them), when it is an enum. */
  choices?: readonly (string | number)[];
  default?: unknown;
  required: boolean;
  description: string;
  /** A union (json-formatter's `indent`: 0–10 or "tab"): a number when the text is one. */
  numberOrString?: boolean;
}

export interface ToolFields {
  fields: Field[];
  /** The field stdin fills when it is not given: the first required string (or image) field. */
  main?: Field;
  /** Set when the main field is required only in the default mode: the option and value that leave it. */
  mainUnless?: { name: string; value: unknown };
  /** The answer's Base64 image field, which `-o` writes to a file (the schema marks it). */
  imageOutput?: string;
  /** What `--raw` prints: `output`, else the image, else the answer's first field. */
  mainOutput: string;
  /** The answer's fields, in the schema's order. */
  outputs: string[];
}

/** `data_format` → `data-format`, `cropX` → `crop-x`. */
export const kebab = (name: string) => name.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Image fields take a file path and are sent as Base64. The schemas mark them (contentEncoding
 * base64 + an image/* contentMediaType, lib/images/image-field.ts), as MCP's stdio file paths
 * read them.
 */
function kindOf(schema: JsonSchema, isImage: boolean): Pick<Field, 'kind' | 'choices' | 'numberOrString'> {
  if (isImage) return { kind: 'image' };
  if (Array.isArray(schema.enum)) {
    const choices = schema.enum as (string | number)[];
    return { kind: choices.every((c) => typeof c === 'number') ? 'number' : 'string', choices };
  }
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const types = new Set(
      branches.map((b) => (b.type === 'integer' ? 'number' : Array.isArray(b.enum) ? typeof b.enum[0] : b.type)),
    );
    if (types.size === 2 && types.has('number') && types.has('string')) return { kind: 'string', numberOrString: true };
    return { kind: 'json' };
  }
  switch (schema.type) {
    case 'string':
      return { kind: 'string' };
    case 'integer':
      return { kind: 'integer' };
    case 'number':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    default:
      return { kind: 'json' };
  }
}

const cache = new Map<string, ToolFields>();

/** The options of one tool (`slug` must be registered). */
export function toolFields(slug: string): ToolFields {
  let found = cache.get(slug);
  if (found) return found;
  const { input, output } = toolJsonSchemas(slug);
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  // A field required only in the default mode (JSON Schema `if`/`then`/`else`, the `else` branch:
  // jwt-decoder's `token`, not needed to sign) counts as required here, so it stays the main field.
  const byDefault = ((input.else as JsonSchema | undefined)?.required ?? []) as string[];
  const [switchName, switchSchema] =
    Object.entries(((input.if as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>)[0] ?? [];
  const required = new Set([...((input.required ?? []) as string[]), ...byDefault]);
  const images = new Set(imageFields(input));
  const fields = Object.entries(properties).map(([name, schema]): Field => ({
    name,
    flag: kebab(name),
    ...kindOf(schema, images.has(name)),
    default: schema.default,
    required: required.has(name),
    description: typeof schema.description === 'string' ? schema.description : '',
  }));
  const main = fields.find((f) => f.required && (f.kind === 'string' || f.kind === 'image') && !f.choices);
  const outputs = Object.keys((output.properties ?? {}) as object);
  const imageOutput = imageFields(output)[0];
  const mainOutput = outputs.includes('output') ? 'output' : (imageOutput ?? outputs[0] ?? 'output');
  // The main field required only by default is not read from stdin when an option switches the mode.
  const mainUnless =
    main && byDefault.includes(main.name) && switchName ? { name: switchName, value: switchSchema?.const } : undefined;
  found = { fields, main, mainUnless, imageOutput, mainOutput, outputs };
  cache.set(slug, found);
  return found;
}
