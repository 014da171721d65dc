// Which part of a JSON document holds the rows (docs/contract.md §4 json-to-csv `records_path`).
// An API answer wraps its records: `{"data":[…],"page":2}`. Read as one row, that is a table of
// one line holding the records as JSON text; the rows the user wants are the array inside.
//
// - Without `records_path`: an array document is the rows and a document that is an object is
//   searched for its records array: an array, non-empty, of objects only, reached through
//   object members (not through arrays). One named `data`, `items`, `results` or `records`
//   wins, the shallowest first; else the longest; ties go to the first in document order. No
//   such array: the object is one row, as before.
// - With `records_path` (an RFC 9535 JSONPath, src/lib/jsonpath.ts, the formatter's engine too): a query that
//   selects one array makes its elements the rows; otherwise every node selected is a row
//   (`$.data[*]`, `$..user`). Selecting nothing is an error that names the query.
import { compileQuery, memberOrder, normalizedPath, QueryError, runQuery } from '../../lib/jsonpath';
import { queryBudget } from '../../lib/jsonpath-limits';
import { JsonNumberText } from './json-parse';

/** Names under which an API answer usually puts its records. */
const RECORD_NAMES = new Set(['data', 'items', 'results', 'records']);

export type Location = readonly (string | number)[];

/** The rows, each with its nesting depth in the document (a top-level array's elements: 2). */
export interface Records {
  rows: unknown[];
  depths: number | number[];
  /** The path to show in the answer: a normalized path (RFC 9535 §2.7), or the query as sent. */
  path: string;
}

const isArray = Array.isArray;
const isObject = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !isArray(value) && !(value instanceof JsonNumberText);

function members(object: object): Iterable<[string, unknown]> {
  return object instanceof Map ? (object as Map<string, unknown>).entries() : Object.entries(object);
}

/** The records array of an object document (see the header), or undefined when it has none. */
export function findRecords(root: object): Records | undefined {
  let best: { location: Location; array: unknown[]; named: boolean } | undefined;
  // Breadth first, so that of two named arrays the shallower is met first.
  let level: { object: object; location: Location }[] = [{ object: root, location: [] }];
  while (level.length > 0) {
    const next: typeof level = [];
    for (const { object, location } of level) {
      for (const [key, value] of members(object)) {
        const at = [...location, key];
        if (isObject(value)) next.push({ object: value, location: at });
        else if (isArray(value) && value.length > 0 && value.every(isObject)) {
          const named = RECORD_NAMES.has(key);
          if (
            best === undefined ||
            (named && !best.named) ||
            (named === best.named && !named && value.length > best.array.length)
          ) {
            best = { location: at, array: value, named };
          }
        }
      }
    }
    level = next;
  }
  if (best === undefined) return undefined;
  return { rows: best.array, depths: best.location.length + 2, path: normalizedPath(best.location) };
}

/** The rows `query` selects in `root`, or a sentence saying why it selects none. */
export function selectRecords(
  root: unknown,
  fast: boolean,
  query: string,
  inputChars: number,
): Records | { error: string } {
  const compiled = compileQuery(query);
  if ('problem' in compiled)
    return { error: `records_path ${JSON.stringify(query)} is not a JSONPath query: ${compiled.problem}.` };
  const locations: Location[] = [];
  try {
    runQuery(compiled.query, fast ? (root as Plain) : plain(root), queryBudget(inputChars), (location) =>
      locations.push(location),
    );
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    return { error: `records_path ${JSON.stringify(query)} cannot be run: ${error.message}.` };
  }
  if (locations.length === 0) return { error: `records_path ${JSON.stringify(query)} selects nothing.` };
  if (locations.length === 1) {
    const location = locations[0]!;
    const node = nodeAt(root, location);
    if (isArray(node)) return { rows: node, depths: location.length + 2, path: normalizedPath(location) };
    return { rows: [node], depths: location.length + 1, path: normalizedPath(location) };
  }
  return {
    rows: locations.map((location) => nodeAt(root, location)),
    depths: locations.map((location) => location.length + 1),
    path: query,
  };
}

/** The value at a location the query engine reported (every step exists). */
function nodeAt(root: unknown, location: Location): unknown {
  let node = root;
  for (const step of location) {
    node = node instanceof Map ? node.get(step as string) : (node as Record<string | number, unknown>)[step];
  }
  return node;
}

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

/**
 * The document as the query engine reads it. JSON.parse's values are used as they are; the
 * ordered parser's Maps become objects without a prototype (their key order kept for the engine
 * by memberOrder) and its exact number texts doubles. Nesting is bounded by the parsers.
 */
function plain(value: unknown): Plain {
  if (value instanceof JsonNumberText) return Number(value.text);
  if (value instanceof Map) {
    const object = Object.create(null) as { [key: string]: Plain };
    for (const [key, item] of value as Map<string, unknown>) object[key] = plain(item);
    memberOrder.set(object, [...(value as Map<string, unknown>).keys()]);
    return object;
  }
  return isArray(value) ? value.map(plain) : (value as Plain);
}
