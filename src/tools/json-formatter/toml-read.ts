// TOML 1.0 in, the formatter's tree out. smol-toml reads the text; integers come as BigInt (TOML's
// are 64-bit, so every one is kept exactly), floats as doubles (which is what TOML says they are),
// dates and times as strings in RFC 3339 form. Loaded only when a request reads TOML.
import { parse, TomlError } from 'smol-toml';
import { JsonObject, JsonSyntaxError, type JsonNode } from '../../lib/json-tree';
import { MAX_NESTING } from './limits';
import { SPECIAL_FLOATS } from './special';

/** A TOML float as JSON number text: shortest round trip, and always a float (`1.0`, `-0.0`). */
export function floatText(value: number): string {
  if (Number.isNaN(value)) return SPECIAL_FLOATS.nan;
  if (!Number.isFinite(value)) return value > 0 ? SPECIAL_FLOATS.inf : SPECIAL_FLOATS.minusInf;
  if (Object.is(value, -0)) return '-0.0';
  const text = String(value);
  return /^-?\d+$/.test(text) ? `${text}.0` : text;
}

/** The UTF-16 offset of a 1-based line and column as smol-toml counts them (`\n` ends a line). */
function offsetOf(src: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = src.indexOf('\n', at);
    if (next < 0) return src.length;
    at = next + 1;
  }
  return Math.min(src.length, at + column - 1);
}

const isNumberChar = (c: number) => (c >= 48 && c <= 57) || c === 95 || c === 101 || c === 69 || c === 43 || c === 45; // 0-9 _ e E + -

/**
 * The offset of a line whose keys have more than MAX_NESTING dots, or -1. smol-toml builds the
 * tables of a dotted key (`a.a.a…`, or a header `[a.a.a…]`) before anything could stop it: one key
 * of 4 million parts took 40 s and 3.5 GB (bench/worst-inputs.mjs). Counted per line, outside
 * strings and comments; a float's one dot (`1.5`) does not count, a run like `1.1.1` does.
 */
function tooDeepKeyLine(src: string): number {
  let lineStart = 0;
  let dots = 0;
  let quote = 0; // the quote character of the string the scan is in, or 0
  let comment = false;
  let runDots = 0; // dots in the current run of number characters
  let runStart = true;
  for (let i = 0; i <= src.length; i++) {
    const c = i < src.length ? src.charCodeAt(i) : 10;
    if (c === 10) {
      if (dots > MAX_NESTING) return lineStart;
      lineStart = i + 1;
      dots = 0;
      quote = 0;
      comment = false;
      runDots = 0;
      continue;
    }
    if (comment) continue;
    if (quote !== 0) {
      if (c === 92 && quote === 34) i++;
      else if (c === quote) quote = 0;
      continue;
    }
    if (c === 34 || c === 39) quote = c;
    else if (c === 35) comment = true;
    else if (c === 46) {
      // A dot between number characters is a float's until a second one joins the run.
      const prev = src.charCodeAt(i - 1);
      const next = src.charCodeAt(i + 1);
      if (isNumberChar(prev) && isNumberChar(next) && !runStart) {
        runDots++;
        if (runDots === 2) dots += 2;
        else if (runDots > 2) dots++;
      } else dots++;
      continue;
    }
    if (isNumberChar(c)) {
      runStart = false;
    } else {
      runStart = true;
      runDots = 0;
    }
  }
  return -1;
}

/** `src` (TOML 1.0) as a tree. Throws JsonSyntaxError with an offset. */
export function readToml(src: string): JsonNode {
  const deep = tooDeepKeyLine(src);
  if (deep >= 0) throw new JsonSyntaxError(`Nesting is deeper than ${MAX_NESTING} levels (TOML)`, deep);
  let table: Record<string, unknown>;
  try {
    table = parse(src, { integersAsBigInt: true, maxDepth: MAX_NESTING });
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const first = error.message.split('\n', 1)[0]!.replace(/^Invalid TOML document:\s*/, '');
    throw new JsonSyntaxError(`Invalid TOML: ${first}`, offsetOf(src, error.line, error.column));
  }
  return convert(table, 1);
}

function convert(value: unknown, depth: number): JsonNode {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return floatText(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  // Dotted keys and table headers nest without the parser's depth bound (`[a.b.c…]`).
  if (depth > MAX_NESTING) throw new JsonSyntaxError(`Nesting is deeper than ${MAX_NESTING} levels (TOML)`, 0);
  if (Array.isArray(value)) return value.map((item) => convert(item, depth + 1));
  const object = new JsonObject();
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    object.set(JSON.stringify(key), convert(member, depth + 1));
  }
  return object;
}
