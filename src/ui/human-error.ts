// The tools' error sentences, reworded for the person on the page. The API keeps its own words
// (they name wire fields, which is what a caller of /api needs); a page names its fields by the
// labels it shows: "Invalid request: 'count' must be a number (got null)." → "Count must be a
// number." Positions, line numbers and reasons are kept: they are what makes an error useful.

/** The page's field labels by wire name, e.g. `{ input: 'Text', from_base: 'Base' }`. */
export type FieldLabels = Readonly<Record<string, string>>;

const SCHEMA_PREFIX = 'Invalid request: ';
/** A quoted wire field name: 'input', 'hmac_key', 'from_base', 'list[2]', 'a.b'. */
const QUOTED_FIELD = /'([a-z][a-z0-9_]*)((?:\.[a-z0-9_]+|\[\d+\])*)'/g;

/**
 * Rewords `message` (an API `error`) with `labels`. Sentences without a field name pass
 * through unchanged; a field the page does not label is named from its wire name
 * (`from_base` → "from base").
 */
export function humanError(message: string, labels: FieldLabels = {}): string {
  const text = message.trim();
  if (text === 'Internal error')
    return 'Something went wrong inside the tool (an internal error). Try again, or change the input.';
  if (text.startsWith(SCHEMA_PREFIX)) {
    // The schema's clauses, "'field' rest" joined with "; ", become one sentence each.
    const clauses = text.slice(SCHEMA_PREFIX.length).replace(/\.$/, '').split('; ');
    return clauses.map((clause) => schemaClause(clause, labels)).join(' ');
  }
  return nameFields(text, labels);
}

/** "'count' must be a number (got null)" → "Count must be a number." */
function schemaClause(clause: string, labels: FieldLabels): string {
  const match = /^'([^']+)' (.*)$/.exec(clause);
  if (!match) return sentence(clause);
  const [, path, rest] = match as unknown as [string, string, string];
  // "(got a string)" speaks of JSON types, which a form's user never chose.
  const reason = rest.replace(/ \(got [^)]*\)$/, '');
  return sentence(`${capitalise(labelOf(path, labels))} ${reason}`);
}

/** Replaces each quoted field name with its label: capitalised at a sentence's start, else "the …". */
function nameFields(text: string, labels: FieldLabels): string {
  return text.replace(QUOTED_FIELD, (quoted, name: string, rest: string, offset: number) => {
    if (!(name in labels) && !KNOWN_FIELDS.has(name)) return quoted; // a quoted value ('to-date', '+'), not a field
    const label = labelOf(name + rest, labels);
    const atStart = offset === 0 || /[.:;!?]\s+$/.test(text.slice(0, offset));
    return atStart ? `The ${lowerFirst(label)}` : `the ${lowerFirst(label)}`;
  });
}

/**
 * The wire fields of the tools that pages show (src/tools/*\/schema.ts), so that a quoted word
 * is known to be a field even when a page passes no labels (the image pages). Kept here rather
 * than read from the schemas so that pages do not load them; a unit test checks it against them.
 */
export const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  'input',
  'json',
  'token',
  'secret',
  'algorithm',
  'image',
  'color',
  'lcov',
  'count',
  'format',
  'version',
  'validate',
  'hmac_key',
  'encoding',
  'from_base',
  'mode',
  'charset',
  'padding',
  'to',
  'from',
  'delimiter',
  'flatten',
  'indent',
  'sort_keys',
  'repair',
  'quality',
  'width',
  'height',
  'rotate',
  'crop',
  'fit',
  'lossless',
  'cropX',
  'cropY',
  'cropWidth',
  'cropHeight',
  'flipHorizontal',
  'flipVertical',
  'data_format',
  'input_encoding',
  'hmac_key_encoding',
  'expected',
  'secret_encoding',
  'jsonpath',
  'infer_types',
  'bom',
  'baseline',
  'contrast_with',
  'namespace',
  'name',
  'to_base',
  'bit_width',
  'timezone',
  'background',
  'kernel',
  'output',
  'records_path',
  'decimal_separator',
  'salt',
  'salt_encoding',
  'cost',
  'log_n',
  'r',
  'p',
  'memory_kib',
  'iterations',
  'parallelism',
  'data',
  'size',
  'alphabet',
  'extended',
  'include',
  'input_timezone',
  'disambiguation',
  'kind',
  'compare_with',
  'array_diff',
  'input_format',
  'output_format',
  'header',
  'payload',
]);

function labelOf(path: string, labels: FieldLabels): string {
  const name = /^[a-z0-9_]+/i.exec(path)?.[0] ?? path;
  const label = labels[name] ?? name.replaceAll('_', ' ');
  const rest = path.slice(name.length);
  return rest ? `${label} (${rest.replace(/^\./, '')})` : label;
}

/** "HMAC key", "JSON", "LCOV tracefile" keep their capitals; "Count" becomes "count". */
function lowerFirst(label: string): string {
  return /^[A-Z][A-Z0-9]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => capitalise(/[.!?]$/.test(text) ? text : `${text}.`);
