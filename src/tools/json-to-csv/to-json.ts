// CSV → JSON array (docs/contract.md §4 json-to-csv). The JSON text is written directly from the
// rows, so keys keep header order even when they look like integers ("1", "2"), which a JS
// object would move to the front.
//
// Decisions where docs/contract.md is silent:
// - Blank lines are skipped (a lone empty field is written `""` and is a row). A leading byte
//   order mark is ignored.
// - Ragged rows: a short row gets "" for its missing cells (every object has every key); a
//   long row keeps its extra cells under generated names `column_<n>` (n = 1-based position),
//   which join the header, so no data is dropped.
// - Duplicate header names: the second `x` becomes `x_1`, the third `x_2`, skipping names the
//   header already uses (papaparse's convention). `columns` lists the names as used.
// - Values: exactly `true`/`false` are booleans (not `TRUE`, not `null`, which stay strings);
//   numbers as in docs/contract.md, where "survive a round trip" means the number prints back
//   to exactly the cell's text (JavaScript's Number → String, which is JSON.stringify's form):
//   `1.5`, `-2`, `0`, `1e+21`, `1e-7` are numbers; `1.50`, `2.0`, `1e5`, `1E-7`, `-0`, `007`,
//   `+1`, `1.` stay strings, so a price or a version string never changes. Plain integers
//   beyond ±2^53 stay strings too, although some print back (2^54): a reader's double could
//   not tell them from their neighbours. A cell holding a JSON array or object (first
//   character `[`/`{`, last `]`/`}`, valid JSON) becomes that value, keys in order, its
//   numbers written as JSON numbers (JSON's own rules apply inside JSON); anything else is a
//   string, spaces kept. With `infer_types: false` every cell is a string.
// - flatten: `a.b` columns nest; a column whose name continues another column's name (`a`
//   and `a.b`, or `a.b` and `a.b.c`) cannot nest inside a value, so the rest of its name stays
//   one key beside it: {"a": 1, "a.b": 2} and {"a": {"b": 1, "b.c": 2}}. Empty segments are
//   keys "" (as json-to-csv writes them).
import { parseCsv } from './csv-parse';
import { parseJson } from './json-parse';
import { MAX_DEPTH, MAX_OUTPUT_CHARS } from './limits';
import { prettyJson } from './json-write';
import { lineColumnText } from '../../lib/text-position';
import { MAX_COLUMNS } from './limits';
import type { ConversionResult } from './to-csv';

export { MAX_OUTPUT_CHARS } from './limits';

/** Rows whose texts are joined into one flat string at a time. */
const ROWS_PER_BATCH = 4096;

/** The JSON text of a cell (indent: of the line its value starts on). */
type CellWriter = (cell: string, indent: string) => string;
const stringCell: CellWriter = (cell) => JSON.stringify(cell);

/** `decimalComma`: numbers are written with a decimal comma (`0,15`), as European spreadsheets export them. */
export function csvToJson(
  input: string,
  delimiter: string,
  flatten: boolean,
  inferTypes = true,
  decimalComma = false,
): ConversionResult {
  const cellWriter = !inferTypes ? stringCell : decimalComma ? commaCellJson : cellJson;
  const start = input.charCodeAt(0) === 0xfeff ? 1 : 0;
  const parsed = parseCsv(input, start, delimiter);
  if (!parsed.ok)
    return { ok: false, error: `Invalid CSV: ${parsed.message} at ${lineColumnText(input, parsed.index)}.` };
  const { fields, rowEnd } = parsed;
  if (rowEnd.length === 0) return { ok: true, output: '[]', columns: [], rowCount: 0 };

  const headerEnd = rowEnd[0]!;
  let width = headerEnd;
  for (let r = 1; r < rowEnd.length; r++) width = Math.max(width, rowEnd[r]! - rowEnd[r - 1]!);
  if (width > MAX_COLUMNS) return { ok: false, error: `Output too large: more than ${MAX_COLUMNS} columns.` };
  const columns = columnNames(fields.slice(0, headerEnd), width);

  const tree = flatten ? nestedKeys(columns) : flatKeys(columns);
  if (typeof tree === 'string') return { ok: false, error: tree };
  const rowCount = rowEnd.length - 1;
  if (objectChars(tree) * rowCount > MAX_OUTPUT_CHARS) {
    return {
      ok: false,
      error: `Output too large: ${rowCount} rows with these columns exceed ${MAX_OUTPUT_CHARS} characters of JSON.`,
    };
  }
  if (rowCount === 0) return { ok: true, output: '[]', columns, rowCount };

  // Each row's text is a rope of small concatenations. Joining the rows in batches turns the
  // ropes into flat text early instead of keeping millions of them alive until the end, which
  // took 1.2 GB and 11 s for 16 MB of one-cell rows (bench/worst-inputs.mjs).
  const batches: string[] = [];
  let batch: string[] = [];
  for (let r = 1; r < rowEnd.length; r++) {
    batch.push(writeObject(tree, fields, rowEnd[r - 1]!, rowEnd[r]!, cellWriter));
    if (batch.length === ROWS_PER_BATCH) {
      batches.push(batch.join(',\n  '));
      batch = [];
    }
  }
  if (batch.length > 0) batches.push(batch.join(',\n  '));
  return { ok: true, output: '[\n  ' + batches.join(',\n  ') + '\n]', columns, rowCount };
}

/** Header names made unique, plus generated names for cells beyond the header. */
function columnNames(header: string[], width: number): string[] {
  const used = new Set<string>();
  const inHeader = new Set(header);
  const nextSuffix = new Map<string, number>();
  const names: string[] = [];
  for (let i = 0; i < width; i++) {
    const base = i < header.length ? header[i]! : `column_${i + 1}`;
    let name = base;
    if (used.has(name) || (i >= header.length && inHeader.has(name))) {
      let k = nextSuffix.get(base) ?? 1;
      while (used.has(`${base}_${k}`) || inHeader.has(`${base}_${k}`)) k++;
      name = `${base}_${k}`;
      nextSuffix.set(base, k + 1);
    }
    used.add(name);
    names.push(name);
  }
  return names;
}

/**
 * The keys of the output objects: a leaf names its column, a branch nests an object. Indents
 * and quoted keys are laid out once here rather than on every row.
 */
interface KeyNode {
  key: string;
  column: number;
  children: KeyNode[];
  /** Indentation of the key's line. */
  indent: string;
  /** `<indent>"key": ` */
  lead: string;
}

const keyNode = (key: string, column: number, indent: string): KeyNode => ({
  key,
  column,
  children: [],
  indent,
  lead: indent + JSON.stringify(key) + ': ',
});

/** Objects of rows start at indent 2; their keys at 4. */
const ROW_KEY_INDENT = '    ';

function flatKeys(columns: string[]): KeyNode[] {
  return columns.map((key, column) => keyNode(key, column, ROW_KEY_INDENT));
}

/** Splits `a.b` names into nested keys (see the header comment), or says why it cannot. */
function nestedKeys(columns: string[]): KeyNode[] | string {
  const paths: string[][] = [];
  // Column names as paths of segments, to find "a column name continues another" in one pass.
  const trie = new TrieNode();
  for (let c = 0; c < columns.length; c++) {
    const segments = columns[c]!.split('.');
    if (segments.length > MAX_DEPTH)
      return `Invalid CSV: column ${c + 1}'s name has more than ${MAX_DEPTH - 1} dots; use flatten: false to keep it as one key.`;
    paths.push(segments);
    trie.insert(segments, c);
  }

  const root = keyNode('', -1, '  ');
  const childIndex = new Map<KeyNode, Map<string, KeyNode>>();
  for (let c = 0; c < columns.length; c++) {
    const segments = paths[c]!;
    const stop = trie.firstColumnPrefix(segments);
    const keys = stop < 0 ? segments : [...segments.slice(0, stop), segments.slice(stop).join('.')];
    let node = root;
    for (let k = 0; k < keys.length - 1; k++) {
      let index = childIndex.get(node);
      if (index === undefined) childIndex.set(node, (index = new Map()));
      let next = index.get(keys[k]!);
      if (next === undefined) {
        next = keyNode(keys[k]!, -1, node.indent + '  ');
        index.set(keys[k]!, next);
        node.children.push(next);
      }
      node = next;
    }
    node.children.push(keyNode(keys[keys.length - 1]!, c, node.indent + '  '));
  }
  return root.children;
}

class TrieNode {
  column = -1;
  children: Map<string, TrieNode> | undefined; // created on demand: most names have no dot

  insert(segments: string[], column: number): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk down the trie starts here
    let node: TrieNode = this;
    for (const segment of segments) {
      node.children ??= new Map();
      let next = node.children.get(segment);
      if (next === undefined) node.children.set(segment, (next = new TrieNode()));
      node = next;
    }
    node.column = column;
  }

  /** Index of the last segment of the shortest proper prefix that is itself a column, or -1. */
  firstColumnPrefix(segments: string[]): number {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk down the trie starts here
    let node: TrieNode = this;
    for (let k = 0; k < segments.length - 1; k++) {
      node = node.children!.get(segments[k]!)!;
      if (node.column >= 0) return k;
    }
    return -1;
  }
}

/** Characters the keys and layout of one output object take: a lower bound of its size. */
function objectChars(nodes: KeyNode[]): number {
  let total = 8;
  for (const node of nodes)
    total += node.lead.length + 2 + (node.column < 0 ? objectChars(node.children) + node.indent.length : 0);
  return total;
}

/** The JSON object of one row (fields start … end - 1), keys in header order. */
function writeObject(nodes: KeyNode[], fields: string[], start: number, end: number, cell: CellWriter): string {
  if (nodes.length === 0) return '{}';
  let out = '{';
  for (let k = 0; k < nodes.length; k++) {
    const node = nodes[k]!;
    const at = start + node.column;
    const value =
      node.column < 0
        ? writeObject(node.children, fields, start, end, cell)
        : cell(at < end ? fields[at]! : '', node.indent);
    out += (k ? ',\n' : '\n') + node.lead + value;
  }
  return out + '\n' + nodes[0]!.indent.slice(2) + '}';
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The JSON text of one cell's value (docs/contract.md §4 csv-to-json values). */
export function cellJson(cell: string, indent: string): string {
  if (cell === 'true' || cell === 'false' || isShortInteger(cell)) return cell;
  const first = cell.charCodeAt(0);
  if ((first === 0x2d || (first >= 0x30 && first <= 0x39)) && JSON_NUMBER.test(cell)) {
    if (printsBack(cell)) return cell;
  } else if ((first === 0x5b || first === 0x7b) && cell.endsWith(first === 0x5b ? ']' : '}')) {
    const parsed = parseJson(cell);
    if (parsed.ok) return prettyJson(parsed.value, indent);
  }
  return JSON.stringify(cell);
}

const COMMA_DECIMAL = /^-?(?:0|[1-9]\d*),\d+$/;

/**
 * A cell's JSON text when numbers have a decimal comma: `0,15` is the number 0.15 when `0.15`
 * would be one (so `1,50` stays text, as `1.50` does); a number written with a point is text,
 * since in such a file `1.500` is as likely a thousand and five hundred as one and a half.
 * Everything else as cellJson.
 */
export function commaCellJson(cell: string, indent: string): string {
  if (COMMA_DECIMAL.test(cell)) {
    const dotted = cell.replace(',', '.');
    return printsBack(dotted) ? dotted : JSON.stringify(cell);
  }
  if (cell.includes('.') && JSON_NUMBER.test(cell)) return JSON.stringify(cell);
  return cellJson(cell, indent);
}

/** An integer of at most 15 digits in JSON form other than -0: its own JSON text (the common case). */
function isShortInteger(cell: string): boolean {
  const negative = cell.charCodeAt(0) === 0x2d ? 1 : 0;
  const digits = cell.length - negative;
  if (digits < 1 || digits > 15) return false;
  const first = cell.charCodeAt(negative);
  if (first === 0x30) return digits === 1 && !negative;
  for (let i = negative; i < cell.length; i++) {
    const c = cell.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * Whether the JSON number `text` reads as a double that prints back to exactly `text`, and is
 * not a plain integer beyond ±2^53 (see the header comment). The printed form is the text
 * the output holds, so the JSON says what the cell said, digit for digit.
 */
function printsBack(text: string): boolean {
  const n = Number(text);
  if (String(n) !== text) return false;
  return Math.abs(n) <= 2 ** 53 || /[.e]/.test(text);
}
