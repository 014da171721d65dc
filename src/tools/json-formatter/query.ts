// `jsonpath`: the matches of an RFC 9535 query as one JSON array text, as lossless as the
// formatter. The query runs on a plain-value copy of the document (what the query engine reads);
// each match is then found again, by its location, in the lossless tree and printed from there,
// so numbers keep their exact text (`12345678901234567890`, `1.0`) and keys their order.
import { JsonObject, type JsonNode } from '../../lib/json-tree';
import { printTree } from './print';
import { memberOrder, normalizedPath, runQuery, type compileQuery } from '../../lib/jsonpath';
import { MAX_OUTPUT_CHARS, OutputTooLargeError, type OutputWriter } from './writer';

type Query = Extract<ReturnType<typeof compileQuery>, { query: unknown }>['query'];
type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

/** A string literal in JSON.stringify's spelling → its value. */
const unquote = (literal: string): string =>
  literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);

/** Keys JavaScript puts first in an object, whatever their position: canonical array indices. */
const INDEX_LIKE = /^(?:0|[1-9]\d{0,9})$/;
const isIndexLike = (key: string) => INDEX_LIKE.test(key) && Number(key) < 2 ** 32 - 1;

/**
 * The plain value of a lossless node. Numbers become doubles, as filters compare them (RFC 9535
 * §2.3.5.2.2); only the printed matches must be exact, and those come from the lossless tree.
 * Objects have no prototype, so `$.constructor` finds nothing and `__proto__` is a plain key.
 * Recursive: the nesting is at most MAX_NESTING levels, well within the stack.
 */
function plain(node: JsonNode): Plain {
  if (typeof node === 'string') {
    const c = node.charCodeAt(0);
    if (c === 34) return unquote(node); // "
    if (c === 116) return true;
    if (c === 102) return false;
    if (c === 110) return null;
    return Number(node);
  }
  if (Array.isArray(node)) return node.map(plain);
  const object = Object.create(null) as { [key: string]: Plain };
  const keys = node.keys.map(unquote);
  for (let i = 0; i < keys.length; i++) object[keys[i]!] = plain(node.values[i]!);
  if (keys.some(isIndexLike)) memberOrder.set(object, keys);
  return object;
}

/** The lossless node at a match's location (every step exists: the query engine just went there). */
function nodeAt(root: JsonNode, location: readonly (string | number)[]): JsonNode {
  let node = root;
  for (const step of location) {
    if (typeof step === 'number') node = (node as JsonNode[])[step]!;
    else {
      const object = node as JsonObject;
      node = object.values[object.indexOf(JSON.stringify(step))]!;
    }
  }
  return node;
}

/**
 * Writes the matches of `query` on `root` to `out` as a JSON array in the writer's layout
 * (`[]` when nothing matches), and returns their paths. Throws QueryError when the query is too costly and
 * OutputTooLargeError when the matches would print past the output cap; both stop the query
 * where they happen.
 */
export function writeMatches(
  root: JsonNode,
  query: Query,
  steps: number,
  out: OutputWriter,
  sortKeys: boolean,
): string[] {
  let count = 0;
  /** Each match's normalized path (RFC 9535 §2.7), counted against the output cap too. */
  const paths: string[] = [];
  let pathChars = 0;
  out.char(91); // [
  runQuery(query, plain(root), steps, (location) => {
    if (count++ > 0) out.char(44); // ,
    out.lineBreak(1);
    printTree(nodeAt(root, location), out, sortKeys, 1);
    const path = normalizedPath(location);
    pathChars += path.length;
    if (pathChars > MAX_OUTPUT_CHARS) throw new OutputTooLargeError();
    paths.push(path);
  });
  if (count > 0) out.lineBreak(0);
  out.char(93); // ]
  return paths;
}
