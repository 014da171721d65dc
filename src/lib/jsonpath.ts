// RFC 9535 JSONPath for the JSON tools (the formatter's `jsonpath`, json-to-csv's `records_path`),
// on json-p3 (it passes the whole compliance test suite), with two things the
// library lacks for an API that anyone can call: a bound on the work a query may do, and object
// members visited in the document's order even where JavaScript would move integer-like keys.
import { JSONPathEnvironment, JSONPathError, JSONPathNode, type JSONPathQuery, type JSONValue } from 'json-p3';
import { MAX_NESTING, QUERY_NODE_STEPS } from './jsonpath-limits';

/** A query that cannot be answered: over its budget of steps (limits.ts), or the library's own refusal. */
export class QueryError extends Error {
  override name = 'QueryError';
}

/**
 * The input order of the members of objects whose keys JavaScript would reorder (integer-like
 * keys come first in a plain object). Only such objects are listed, so most cost nothing.
 */
export const memberOrder = new WeakMap<object, readonly string[]>();

type Json = JSONValue;
type Obj = Record<string, Json>;

/**
 * The environment of one compiled query, holding that query's meter: every selector and segment
 * of a query reaches its environment (`this.environment`), so the meter is the query's own and
 * no state is shared between queries. The descendant segment may go as deep as the document
 * nests (MAX_NESTING containers and a scalar inside the deepest); the library's default stops at 50.
 */
class Environment extends JSONPathEnvironment {
  /** Steps left to the run in progress (queries are synchronous); undefined outside a run, when nothing is counted. */
  stepsLeft: number | undefined;
  budget = 0;

  constructor() {
    super({ maxRecursionDepth: MAX_NESTING + 2 });
    guardRegexFunctions(this);
  }

  /** Counts `steps` against the running query's budget. */
  charge(steps: number): void {
    if (this.stepsLeft === undefined) return;
    this.stepsLeft -= steps;
    if (this.stepsLeft < 0) {
      throw new QueryError(
        `it needs more than ${this.budget} steps of work on this document (its work grows faster than the document; a filter that runs a descendant query for each node is the usual cause)`,
      );
    }
  }

  /** Members in input order; each member read is a step (wildcards, filters, descendants). */
  override entries(obj: Obj): [string, Json][] {
    const order = memberOrder.get(obj);
    const members: [string, Json][] = order ? order.map((key) => [key, obj[key]]) : Object.entries(obj);
    this.charge(QUERY_NODE_STEPS * members.length);
    return members;
  }
}

/**
 * Whether an I-Regexp pattern repeats a group that holds a repetition or an alternation, as in
 * `(a+)+b` or `(a|aa)*`: the shapes on which JavaScript's backtracking regex engine can take time
 * exponential in the length of the string, so one short query could stop a door that cannot be
 * interrupted (a service worker). Some such groups are harmless (`(foo|bar)*`), but telling them
 * apart needs an automaton; they are rare in filters and have rewrites (`(?:foo|bar)` → a class,
 * or the repetition outside). Escapes and character classes are skipped; I-Regexp has no other
 * group syntax.
 */
export function hasNestedQuantifier(pattern: string): boolean {
  const groups: boolean[] = []; // per open group: whether it holds a quantifier or a `|` yet
  let quantifiable = false; // whether the previous item was a closed group holding one
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      const end = pattern[i + 1] === 'p' || pattern[i + 1] === 'P' ? pattern.indexOf('}', i) : i + 1;
      i = end === -1 ? pattern.length : end;
      quantifiable = false;
    } else if (char === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
      quantifiable = false;
    } else if (char === '(') {
      groups.push(false);
      quantifiable = false;
    } else if (char === ')') {
      const held = groups.pop() ?? false;
      if (held && groups.length > 0) groups[groups.length - 1] = true;
      quantifiable = held;
    } else if (char === '|') {
      if (groups.length > 0) groups[groups.length - 1] = true;
      quantifiable = false;
    } else if (char === '*' || char === '+' || char === '?' || char === '{') {
      if (quantifiable) return true;
      if (groups.length > 0) groups[groups.length - 1] = true;
      if (char === '{') i = Math.max(i, pattern.indexOf('}', i));
      quantifiable = false;
    } else {
      quantifiable = false;
    }
  }
  return false;
}

/** match() and search() refuse patterns that may take exponential time (hasNestedQuantifier), on every door alike. */
function guardRegexFunctions(env: JSONPathEnvironment): void {
  for (const name of ['match', 'search']) {
    const fn = env.functionRegister.get(name)!;
    const call = fn.call.bind(fn) as (value: unknown, pattern: unknown) => boolean;
    fn.call = (value: unknown, pattern: unknown) => {
      if (typeof pattern === 'string' && hasNestedQuantifier(pattern)) {
        throw new QueryError(
          `the ${name}() pattern ${JSON.stringify(pattern)} repeats a group that holds a repetition or an alternation, which can take exponential time; rewrite it without that nesting`,
        );
      }
      return call(value, pattern);
    };
  }
}

/** The patched methods below serve every query of the library; only ours carry a meter. */
const charge = (environment: JSONPathEnvironment, steps: number) => {
  if (environment instanceof Environment) environment.charge(steps);
};

type Node = JSONPathNode;
type Resolver = {
  environment: JSONPathEnvironment;
  resolve(node: Node): Node[];
  lazyResolve(node: Node): Iterable<Node>;
};

/**
 * Meters the library's selectors and descendant segment. They are not exported, so their
 * prototypes are reached through a compiled query that holds one of each. Every node a selector
 * yields costs one step plus the length of its location (the library copies it per node); a
 * filter also pays for each child it tests (objects through entries(), arrays here), each to
 * the meter of its own query's environment. Installed once: the methods hold no state.
 */
function meterSelectors(): void {
  const query = new Environment().compile("$..['a',0,0:1,*,?@]");
  const descendant = query.segments[0]! as unknown as {
    selectors: Resolver[];
    constructor: { prototype: { visit: unknown } };
  };
  for (const selector of descendant.selectors) {
    const proto = Object.getPrototypeOf(selector) as Resolver;
    const isFilter = proto === Object.getPrototypeOf(descendant.selectors[4]);
    const resolve = proto.resolve;
    const lazyResolve = proto.lazyResolve;
    proto.resolve = function (this: Resolver, node: Node): Node[] {
      if (isFilter && Array.isArray(node.value)) charge(this.environment, QUERY_NODE_STEPS * node.value.length);
      const found = resolve.call(this, node);
      charge(this.environment, found.length * (node.location.length + 1 + QUERY_NODE_STEPS));
      return found;
    };
    proto.lazyResolve = function* (this: Resolver, node: Node): Generator<Node> {
      if (isFilter && Array.isArray(node.value)) charge(this.environment, QUERY_NODE_STEPS * node.value.length);
      for (const found of lazyResolve.call(this, node)) {
        charge(this.environment, node.location.length + 1 + QUERY_NODE_STEPS);
        yield found;
      }
    };
  }
  // The library's visit is a recursive generator: each node passes through one generator per
  // level above it. This one walks with a stack, in the same (document) order, and is metered.
  descendant.constructor.prototype.visit = function* (
    this: { environment: JSONPathEnvironment },
    node: Node,
  ): Generator<Node> {
    const { environment } = this;
    const stack: Node[] = [node];
    while (stack.length > 0) {
      const current = stack.pop()!;
      const { value, location, root } = current;
      charge(environment, location.length + 1 + QUERY_NODE_STEPS);
      yield current;
      // Children go on the stack last first, so they come off in document order.
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push(new JSONPathNode(value[i]!, location.concat(i), root));
      } else if (value !== null && typeof value === 'object') {
        const members = environment.entries(value as Obj);
        for (let i = members.length - 1; i >= 0; i--)
          stack.push(new JSONPathNode(members[i]![1], location.concat(members[i]![0]), root));
      }
    }
  };
}
meterSelectors();

/** A compiled query, or a ToolInputError-ready sentence saying why the text is not one. */
export function compileQuery(text: string): { query: JSONPathQuery } | { problem: string } {
  try {
    return { query: new Environment().compile(text) };
  } catch (error) {
    if (!(error instanceof JSONPathError)) throw error;
    return { problem: error.message };
  }
}

/**
 * Runs `query` on `root` (a document made of plain values, see query.ts), calling `onMatch` with
 * each match's location in document order. Throws QueryError past `steps` steps of work.
 */
export function runQuery(
  query: JSONPathQuery,
  root: Json,
  steps: number,
  onMatch: (location: readonly (string | number)[]) => void,
): void {
  const environment = query.environment as Environment;
  environment.stepsLeft = environment.budget = steps;
  try {
    for (const node of query.lazyQuery(root)) onMatch(node.location);
  } catch (error) {
    // Errors of evaluation (not of syntax, which compile reports) are the library's words.
    if (error instanceof JSONPathError) throw new QueryError(error.message);
    throw error;
  } finally {
    environment.stepsLeft = undefined;
  }
}

const HEX = '0123456789abcdef';

/** One child segment of a normalized path: `[0]` or `['name']` (RFC 9535 §2.7 escaping). */
export function segment(step: string | number): string {
  if (typeof step === 'number') return `[${step}]`;
  let out = "['";
  for (const ch of step) {
    const c = ch.codePointAt(0)!;
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (c === 8) out += '\\b';
    else if (c === 12) out += '\\f';
    else if (c === 10) out += '\\n';
    else if (c === 13) out += '\\r';
    else if (c === 9) out += '\\t';
    else if (c < 0x20) out += `\\u00${HEX[c >> 4]}${HEX[c & 15]}`;
    else out += ch;
  }
  return out + "']";
}

/** The normalized path (RFC 9535 §2.7) of a node's location: `$['users'][0]`. */
export const normalizedPath = (location: readonly (string | number)[]): string => '$' + location.map(segment).join('');
