// A form read from a tool's input JSON Schema (z.toJSONSchema with io: 'input'), for the
// generic page of a tool that has no page of its own (SchemaPage.svelte). Plain data in,
// plain data out: which control each field gets, its label, hint and starting value.

/** The part of JSON Schema a tool's input uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface FieldBase {
  /** The property's name in the request body. */
  name: string;
  /** "sort_keys" → "Sort keys". */
  label: string;
  description?: string;
  required: boolean;
  /** Never written to the URL, and shown as a placeholder in the request snippet. */
  secret: boolean;
  /** The schema's default, if it has one (zod fills it in when the field is left out). */
  default?: unknown;
}

export type Field = FieldBase &
  /** `base64`: the field takes a file's bytes as Base64 (its description says so). */
  (
    | { kind: 'text'; base64: boolean }
    | { kind: 'select'; options: (string | number | boolean | null)[] }
    | { kind: 'checkbox' }
    | { kind: 'number'; integer: boolean; min?: number; max?: number }
    /** Anything else (a union, an object, an array): typed as JSON, or taken as text. */
    | { kind: 'json' }
  );

/** Names of fields that hold keys or passwords: `secret`, `hmac_key`, `apiKey`… */
const SECRET = /(^|_)(secret|password|passphrase|key)$|[a-z](Secret|Password|Passphrase|Key)$/;

/** Words written in capitals in a label. */
const ACRONYMS = new Set([
  'api',
  'csv',
  'css',
  'hmac',
  'html',
  'id',
  'json',
  'jwt',
  'lcov',
  'uri',
  'url',
  'utc',
  'utf8',
  'uuid',
]);

/** "sort_keys" → "Sort keys", "cropX" → "Crop X", "hmac_key" → "HMAC key". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean);
  const text = words
    .map((word, i) =>
      ACRONYMS.has(word.toLowerCase())
        ? word.toUpperCase()
        : i === 0 || /^[A-Z]+$/.test(word)
          ? word
          : word.toLowerCase(),
    )
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isScalar = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function fieldOf(name: string, schema: JsonSchema, required: boolean): Field {
  const base: FieldBase = {
    name,
    label: labelOf(name),
    description: schema.description,
    required,
    secret: SECRET.test(name),
    ...('default' in schema ? { default: schema.default } : {}),
  };
  const type = Array.isArray(schema.type) ? undefined : schema.type;
  if (schema.enum && schema.enum.every(isScalar)) return { ...base, kind: 'select', options: schema.enum };
  if (schema.const !== undefined && isScalar(schema.const)) return { ...base, kind: 'select', options: [schema.const] };
  if (type === 'string') return { ...base, kind: 'text', base64: /^base64\b/i.test(schema.description ?? '') };
  if (type === 'boolean') return { ...base, kind: 'checkbox' };
  if (type === 'number' || type === 'integer') {
    return {
      ...base,
      kind: 'number',
      integer: type === 'integer',
      min: schema.minimum ?? schema.exclusiveMinimum,
      max: schema.maximum ?? schema.exclusiveMaximum,
    };
  }
  return { ...base, kind: 'json' };
}

/** The fields of an object schema, in the schema's order. */
export function formFields(schema: JsonSchema): Field[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => fieldOf(name, property, required.has(name)));
}

/**
 * Where a field starts: its default, else the first option of a required choice, else empty
 * ('' for text, undefined for the rest, which the request then leaves out).
 */
function initialValue(field: Field): unknown {
  if ('default' in field) return field.default;
  if (field.kind === 'text') return '';
  if (field.kind === 'select' && field.required) return field.options[0];
  return undefined;
}

/** The starting input of a form: every field present (so a shared link may set any of them). */
export function initialInput(fields: readonly Field[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, initialValue(field)]));
}

/** What a JSON field's text means: the JSON value it spells, else the text itself; empty is unset. */
export function parseJsonField(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** How a JSON field shows a value: strings as they are, the rest as JSON. */
export function showJsonField(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A description's `code` spans, for rendering: alternating text and code, starting with text. */
export function codeSpans(text: string): { text: string; code: boolean }[] {
  return text
    .split('`')
    .map((part, i) => ({ text: part, code: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/** How a select shows an option: as written, or as JSON when it is blank or has control characters (a tab). */
export function optionLabel(option: string | number | boolean | null): string {
  return typeof option === 'string' && /^\s*$|\p{Cc}/u.test(option) ? JSON.stringify(option) : String(option);
}
