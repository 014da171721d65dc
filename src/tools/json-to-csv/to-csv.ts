// JSON → CSV (docs/contract.md §4 json-to-csv). The input is a JSON array (a row per element),
// a JSON object (one row), or JSON Lines (a row per line).
//
// Speed: JSON.parse is several times faster than any parser written in JS, so it is tried
// first; its result is used when it cannot have lost anything. It loses three things, and then
// the text is parsed again with the ordered parser (json-parse.ts):
// - key order: objects list integer-like keys ("1", "20") first, which would reorder columns,
//   so a text with such a key (a cheap regex over the text, with false positives only) goes
//   the ordered way;
// - digits: integers beyond 2^53 and numbers beyond the double range (seen while converting);
// - nesting deeper than MAX_DEPTH (seen while converting; the ordered parser reports where).
//
// Decisions where docs/contract.md is silent:
// - JSON Lines is recognised when the text is not one JSON document but its first non-blank
//   line is one on its own (so `{"a":1}\n{"a":2}`, never a broken array, whose error stays the
//   JSON parser's). Then every non-blank line must hold one JSON value (https://jsonlines.org),
//   a line ends at LF (a CR before it is JSON whitespace), and an error names the line. A value
//   spread over several lines is not JSON Lines. Each line is a row as an array element is.
// - A single top-level value that is not an array or an object (`42`, `"x"`) is an error: a
//   one-cell table of it is more likely a mistake than a wish.
// - A non-object element (string, number, boolean, null, array) is a row whose column `value`
//   holds it; that column joins the others in first-seen order, shared with objects that have
//   a `value` key. `null` and missing keys give empty cells.
// - Leaves: strings as they are, numbers as JSON.stringify writes them (1.50 → 1.5), except
//   numbers a double cannot hold, which keep the digits of the text; booleans `true`/`false`.
// - flatten: an empty nested object is a cell `{}` in its own column, so nothing vanishes and
//   csv-to-json reads it back as `{}`. When two key paths give one column name ({"a":{"b":1}}
//   and {"a.b":2}), rows share that column; within one row it is an error naming the row and
//   both paths, since one cell cannot hold two values (a suffixed column would be read back by
//   csv-to-json as yet another key, so the data would not survive the round trip either way).
// - A document without any column ([{}, {}]) gives an empty output with 0 rows: CSV cannot
//   show rows without fields.
// - A leading byte order mark is ignored (positions in messages still count it).
import { fieldQuoter, writeCsv, type Cells, type Delimiter } from './csv-write';
import { JsonNumberText, parseJson, type JsonValue } from './json-parse';
import { MAX_CELLS, MAX_COLUMNS, MAX_DEPTH, MAX_HEADER_CHARS } from './limits';
import { compactJson, entries, NeedsOrderedParse, numberText } from './json-write';
import { lineColumnText } from '../../lib/text-position';
import { findRecords, selectRecords } from './records';

/** `recordsPath`: where the rows were found, when not the document itself (records.ts). */
export type ConversionResult =
  | { ok: true; output: string; columns: string[]; rowCount: number; recordsPath?: string }
  | { ok: false; error: string };

export { MAX_CELLS, MAX_COLUMNS, MAX_HEADER_CHARS } from './limits';

/** A key that JS objects enumerate first: digits only, possibly written with \u escapes. */
const INTEGER_LIKE_KEY = /"(?:\d|\\u003\d)+"\s*:/;

/** `recordsPath`: a JSONPath to the rows (records.ts); undefined: found as records.ts says. */
export function jsonToCsv(
  input: string,
  delimiter: Delimiter,
  flatten: boolean,
  recordsPath?: string,
): ConversionResult {
  const start = input.charCodeAt(0) === 0xfeff ? 1 : 0;
  const ordered = INTEGER_LIKE_KEY.test(input);
  let fastValue: unknown;
  let fast = true;
  try {
    fastValue = JSON.parse(start ? input.slice(1) : input);
  } catch {
    fast = false; // the ordered parser says what is wrong, the same way on every engine
  }
  if (!fast) {
    const lines = jsonLines(input, start);
    if (lines !== undefined) {
      if (recordsPath !== undefined)
        return { ok: false, error: 'records_path needs one JSON document; JSON Lines are already one record a line.' };
      return convertLines(input, lines, delimiter, flatten, ordered);
    }
  }
  if (fast && !ordered) {
    try {
      return convert(fastValue, true, input, start, delimiter, flatten, recordsPath);
    } catch (error) {
      if (!(error instanceof NeedsOrderedParse)) throw error;
    }
  }
  const parsed = parseJson(input, start);
  if (!parsed.ok)
    return { ok: false, error: `Invalid JSON: ${parsed.message} at ${lineColumnText(input, parsed.index)}.` };
  return convert(parsed.value, false, input, start, delimiter, flatten, recordsPath);
}

/** Start and end (LF excluded) of each non-blank line when the text is JSON Lines (see the header), else undefined. */
function jsonLines(input: string, start: number): number[] | undefined {
  const bounds: number[] = [];
  for (let from = start; from < input.length;) {
    let end = input.indexOf('\n', from);
    if (end < 0) end = input.length;
    if (!isBlank(input, from, end)) {
      // The first non-blank line decides: one JSON value on its own, or this is not JSON Lines.
      if (bounds.length === 0) {
        try {
          JSON.parse(input.slice(from, end));
        } catch {
          return undefined;
        }
      }
      bounds.push(from, end);
    }
    from = end + 1;
  }
  return bounds.length >= 4 ? bounds : undefined;
}

/** Whether input[from … end - 1] holds only spaces, tabs and CRs. */
function isBlank(input: string, from: number, end: number): boolean {
  for (let i = from; i < end; i++) {
    const c = input.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** Converts JSON Lines: each line's value is a row; the fast parser first, as for a document. */
function convertLines(
  input: string,
  bounds: number[],
  delimiter: Delimiter,
  flatten: boolean,
  ordered: boolean,
): ConversionResult {
  if (!ordered) {
    try {
      const values: unknown[] = [];
      for (let k = 0; k < bounds.length; k += 2) values.push(JSON.parse(input.slice(bounds[k], bounds[k + 1])));
      return table(values, 1, true, delimiter, flatten);
    } catch (error) {
      // A line JSON.parse refuses, or a value it has read lossily: the ordered parser redoes it.
      if (!(error instanceof NeedsOrderedParse || error instanceof SyntaxError || error instanceof RangeError))
        throw error;
    }
  }
  const values: JsonValue[] = [];
  for (let k = 0; k < bounds.length; k += 2) {
    const from = bounds[k]!;
    const parsed = parseJson(input.slice(from, bounds[k + 1]));
    if (!parsed.ok)
      return {
        ok: false,
        error: `Invalid JSON Lines: ${parsed.message} at ${lineColumnText(input, from + parsed.index)}.`,
      };
    values.push(parsed.value);
  }
  return table(values, 1, false, delimiter, flatten);
}

function convert(
  parsed: unknown,
  fast: boolean,
  input: string,
  start: number,
  delimiter: Delimiter,
  flatten: boolean,
  recordsPath?: string,
): ConversionResult {
  if (recordsPath !== undefined) {
    const records = selectRecords(parsed, fast, recordsPath, input.length);
    if ('error' in records) return { ok: false, error: records.error };
    const result = table(records.rows, records.depths, fast, delimiter, flatten);
    return result.ok ? { ...result, recordsPath: records.path } : result;
  }
  if (Array.isArray(parsed)) return table(parsed, 2, fast, delimiter, flatten);
  if (isObject(parsed)) {
    // An API answer's records array, when the object has one; else the object is one row (it
    // sits one level higher than an array's elements).
    const records = findRecords(parsed);
    if (records === undefined) return table([parsed], 1, fast, delimiter, flatten);
    const result = table(records.rows, records.depths, fast, delimiter, flatten);
    return result.ok ? { ...result, recordsPath: records.path } : result;
  }
  let at = start;
  while (at < input.length && ' \t\r\n'.includes(input[at]!)) at++;
  return {
    ok: false,
    error: `Invalid input: expected a JSON array, a JSON object or JSON Lines, found ${kind(parsed)} at ${lineColumnText(input, at)}.`,
  };
}

/** The CSV of rows whose values nest from `depth` (2 inside a document's array, else 1; or one per row). */
function table(
  rows: unknown[],
  depth: number | number[],
  fast: boolean,
  delimiter: Delimiter,
  flatten: boolean,
): ConversionResult {
  const builder = new TableBuilder(fast, fieldQuoter(delimiter), flatten);
  try {
    for (let i = 0; i < rows.length; i++) builder.addRow(rows[i], typeof depth === 'number' ? depth : depth[i]!);
  } catch (error) {
    if (error instanceof KeyCollision) return { ok: false, error: error.message };
    if (!(error instanceof TooManyColumns)) throw error;
    return { ok: false, error: `Output too large: ${error.message}.` };
  }
  const { columns } = builder;
  if (columns.length === 0) return { ok: true, output: '', columns, rowCount: 0 };
  if (columns.length * rows.length > MAX_CELLS) {
    return {
      ok: false,
      error: `Output too large: ${rows.length} rows × ${columns.length} columns exceed the limit of ${MAX_CELLS} cells.`,
    };
  }
  const header = columns.map(builder.quote);
  return { ok: true, output: writeCsv(header, builder.cells, delimiter), columns, rowCount: rows.length };
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' || value instanceof JsonNumberText) return 'a number';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** One key path of the flattened objects; its column is created when a leaf first lands here. */
interface PathNode {
  /** The column name: the keys joined by `.`. */
  path: string;
  key: string;
  parent: PathNode | undefined;
  column: number;
  children: Map<string, PathNode> | undefined;
}

/** The node's keys as a JSON Pointer (RFC 6901): `/a/b` is key b in key a, unlike `/a.b`. */
function pointer(node: PathNode): string {
  let text = '';
  for (let at: PathNode | undefined = node; at?.parent !== undefined; at = at.parent) {
    text = '/' + at.key.replaceAll('~', '~0').replaceAll('/', '~1') + text;
  }
  return text;
}

/** Collects rows of quoted cells and the union of columns in first-seen order. */
class TableBuilder {
  readonly columns: string[] = [];
  readonly cells: Cells = { column: [], text: [], rowEnd: [] };
  private readonly columnOf = new Map<string, number>();
  private readonly root: PathNode = { path: '', key: '', parent: undefined, column: -1, children: new Map() };
  private headerChars = 0;
  /** For each column, the last row with a cell in it and the key path of that cell. */
  private readonly filledRow: number[] = [];
  private readonly filledBy: PathNode[] = [];

  constructor(
    private readonly fast: boolean,
    readonly quote: (field: string) => string,
    private readonly flatten: boolean,
  ) {}

  /** Adds one row; `depth` is the nesting level of the element in the document. */
  addRow(element: unknown, depth: number): void {
    if (isObject(element)) this.addObject(this.root, element, depth);
    else this.add(this.column('value'), this.cell(element, depth));
    this.cells.rowEnd.push(this.cells.text.length);
  }

  private add(column: number, text: string): void {
    this.cells.column.push(column);
    this.cells.text.push(text);
  }

  private addObject(node: PathNode, object: object, depth: number): void {
    if (depth > MAX_DEPTH) throw new NeedsOrderedParse();
    for (const [key, value] of entries(object)) {
      const child = this.child(node, key);
      if (this.flatten && isObject(value) && !isEmpty(value)) {
        this.addObject(child, value, depth + 1);
      } else {
        if (child.column < 0) child.column = this.column(child.path);
        this.claim(child);
        this.add(child.column, this.cell(value, depth + 1));
      }
    }
  }

  private child(node: PathNode, key: string): PathNode {
    const children = (node.children ??= new Map());
    let child = children.get(key);
    if (child === undefined) {
      child = {
        path: node === this.root ? key : node.path + '.' + key,
        key,
        parent: node,
        column: -1,
        children: undefined,
      };
      children.set(key, child);
    }
    return child;
  }

  /**
   * Takes the node's column for a cell of the current row. Keys are unique within an object, so
   * a column already taken in this row means two key paths flatten to one name.
   */
  private claim(node: PathNode): void {
    const row = this.cells.rowEnd.length;
    const column = node.column;
    if (this.filledRow[column] === row) throw new KeyCollision(row + 1, this.filledBy[column]!, node);
    this.filledRow[column] = row;
    this.filledBy[column] = node;
  }

  private column(name: string): number {
    let index = this.columnOf.get(name);
    if (index === undefined) {
      this.headerChars += name.length;
      if (this.headerChars > MAX_HEADER_CHARS)
        throw new TooManyColumns(
          `the column names exceed ${MAX_HEADER_CHARS} characters in total (flatten: false keeps nested objects as JSON text)`,
        );
      if (this.columns.length === MAX_COLUMNS) throw new TooManyColumns(`more than ${MAX_COLUMNS} columns`);
      index = this.columns.length;
      this.columns.push(name);
      this.columnOf.set(name, index);
    }
    return index;
  }

  /** The quoted CSV field of a leaf value. */
  private cell(value: unknown, depth: number): string {
    if (value === null || value === undefined) return '';
    switch (typeof value) {
      case 'string':
        return this.quote(value);
      case 'number':
        return numberText(value, this.fast);
      case 'boolean':
        return value ? 'true' : 'false';
    }
    return this.quote(compactJson(value, this.fast, depth));
  }
}

class TooManyColumns extends Error {}

class KeyCollision extends Error {
  constructor(row: number, first: PathNode, second: PathNode) {
    super(
      `Row ${row} has two keys that flatten to the column ${JSON.stringify(second.path)}: ${pointer(first)} and ${pointer(second)} (as JSON Pointers); rename one of them or set flatten to false.`,
    );
  }
}

/** A JSON object from either parser (a Map or a plain object; not an array or JsonNumberText). */
const isObject = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonNumberText);

function isEmpty(object: object): boolean {
  if (object instanceof Map) return object.size === 0;
  for (const _ in object) return false;
  return true;
}
