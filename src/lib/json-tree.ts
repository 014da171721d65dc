// The general path's parser: strict (RFC 8259), lossless, and precise about errors. It keeps
// what JSON.parse throws away: numbers as written (`1.0`, `1e400`, `-0`, `12345678901234567890`)
// and the input's key order, integer-like keys included. The grammar is src/lib/json-strict.ts
// (iterative, so no nesting depth can overflow the call stack; nesting beyond MAX_NESTING is an
// error all the same); this file is the JSON formatter's tree and its words for syntax errors,
// here on the shared floor because the JWT page's editors point at a mistake in the same words.
import {
  STRING_NOT_CANONICAL,
  decodeJsonString,
  parseStrictJson,
  type JsonBuilder,
  type JsonProblem,
  type ValuePlace,
} from './json-strict';
import { describeAt } from './text-position';
import { MAX_NESTING } from './jsonpath-limits';

/**
 * A parsed value. Scalars are their output text: numbers and literals as written, strings in
 * JSON.stringify's spelling. Objects are JsonObject, never plain JS objects (which would move
 * integer-like keys first and treat `__proto__` specially).
 */
export type JsonNode = string | JsonNode[] | JsonObject;

/** A JSON object: unique keys (as JSON string literals) in first-seen order, with their values. */
export class JsonObject {
  keys: string[] = [];
  values: JsonNode[] = [];
  /** Key → position, built only once an object is large enough for linear search to cost. */
  private index: Map<string, number> | undefined;

  /** Duplicate keys: the last value wins, at the position of the first occurrence. */
  set(key: string, value: JsonNode): void {
    const at = this.find(key);
    if (at >= 0) {
      this.values[at] = value;
      return;
    }
    this.index?.set(key, this.keys.length);
    this.keys.push(key);
    this.values.push(value);
  }

  /** Drops the room that pushing left in small objects (see closed()). */
  shrink(): void {
    if (this.keys.length > SMALL_CONTAINER) return;
    this.keys = this.keys.slice();
    this.values = this.values.slice();
  }

  /** The position of `key` (a JSON string literal in JSON.stringify's spelling), or -1. */
  indexOf(key: string): number {
    return this.find(key);
  }

  private find(key: string): number {
    if (this.index === undefined) {
      if (this.keys.length < 16) return this.keys.indexOf(key);
      this.index = new Map(this.keys.map((k, i) => [k, i]));
    }
    return this.index.get(key) ?? -1;
  }
}

/**
 * Containers with at most this many members are copied to their exact size when they close:
 * an array that grew by push keeps room for 17 elements, which made the tree of 16 MB of
 * one-element arrays take 1.5 GB instead of under 0.5 GB (bench/worst-inputs.mjs). Larger
 * ones waste at most half their size, so they are kept as they are.
 */
const SMALL_CONTAINER = 16;

/** A closed container at (about) its exact size. */
function closed(node: JsonNode[] | JsonObject): JsonNode[] | JsonObject {
  if (Array.isArray(node)) return node.length <= SMALL_CONTAINER ? node.slice() : node;
  node.shrink();
  return node;
}

/**
 * Empty containers are never changed once read (only open ones get members), so every `{}` and
 * `[]` of a document is one of these: 16 MB of `{},` would otherwise be 5.6 million objects.
 */
const EMPTY_ARRAY: JsonNode[] = Object.freeze([]) as unknown as JsonNode[];
const EMPTY_OBJECT = new JsonObject();
Object.freeze(EMPTY_OBJECT.keys);
Object.freeze(EMPTY_OBJECT.values);

/** A syntax error at a UTF-16 offset of the input; the message lacks the position. */
export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

/** Nesting deeper than MAX_NESTING, at the offset of the bracket that went too deep. */
export class NestingTooDeepError extends JsonSyntaxError {
  override name = 'NestingTooDeepError';
  constructor(offset: number) {
    super(`Nesting is deeper than ${MAX_NESTING} levels`, offset);
  }
}

// Module-local copies of what the builder calls per value: under a dev or test module runner
// (vitest), every read of an imported binding is a getter call.
const NOT_CANONICAL = STRING_NOT_CANONICAL;
const decode = decodeJsonString;

/** A string literal in JSON.stringify's spelling: as written when it already is. */
const spelled = (src: string, start: number, end: number, flags: number): string =>
  flags & NOT_CANONICAL ? JSON.stringify(decode(src, start, end)) : src.slice(start, end);

const TREE: JsonBuilder<JsonNode, JsonNode[], JsonObject> = {
  string: spelled,
  key: spelled,
  number: (src, start, end) => src.slice(start, end),
  literal: (word) => word,
  emptyArray: () => EMPTY_ARRAY,
  array: () => [],
  push: (array, value) => {
    array.push(value);
  },
  closeArray: (array) => closed(array),
  emptyObject: () => EMPTY_OBJECT,
  object: () => new JsonObject(),
  set: (object, key, value) => object.set(key, value),
  closeObject: (object) => closed(object),
};

/** Parses one JSON text. Throws JsonSyntaxError naming what was expected and what was found. */
export function parseJson(src: string): JsonNode {
  const parsed = parseStrictJson(src, TREE, MAX_NESTING);
  if (parsed.ok) return parsed.value;
  throw syntaxError(src, parsed.problem);
}

/** What each place wants when something else than a value stands there. */
const WANTED_VALUE: Record<ValuePlace, string> = {
  top: 'a JSON value',
  'array-first': `a JSON value or ']'`,
  'array-next': `a JSON value after ','`,
  property: 'a property value',
};

const NUMBER_WANTED = {
  'digit-after-minus': `a digit after '-'`,
  'digit-after-dot': `a digit after '.'`,
  'digit-in-exponent': 'a digit in the exponent',
  'leading-zero': `'.', 'e' or the end of the number after a leading '0' (leading zeros are not allowed)`,
} as const;

/** The formatter's sentence for a problem: "Expected … but found …" (the tool adds where). */
function syntaxError(src: string, problem: JsonProblem): JsonSyntaxError {
  const at = problem.at;
  const expected = (what: string, inString = false) =>
    new JsonSyntaxError(`Expected ${what} but found ${describeAt(src, at, inString)}`, at);
  switch (problem.kind) {
    case 'value':
      return expected(WANTED_VALUE[problem.place]);
    case 'key':
      return expected(
        problem.first ? `a double-quoted property name or '}'` : `a double-quoted property name after ','`,
      );
    case 'colon':
      return expected(`':' after a property name`);
    case 'separator':
      return expected(problem.inObject ? `',' or '}' after a property value` : `',' or ']' after an array element`);
    case 'end':
      return expected('end of input after the JSON value');
    case 'depth':
      return new NestingTooDeepError(at);
    case 'number':
      return expected(NUMBER_WANTED[problem.reason]);
    case 'string':
      switch (problem.reason) {
        case 'unterminated':
          return expected(`'"' to end the string`);
        case 'control': {
          const c = src.charCodeAt(at);
          return expected(
            c === 10 || c === 13
              ? `'"' to end the string`
              : 'an escape sequence (control characters must be escaped in strings)',
            true,
          );
        }
        case 'escape':
          return expected(`an escape character (\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u) after '\\'`, true);
        case 'unicode-escape':
          return expected(`4 hex digits after '\\u'`, true);
      }
  }
}
