// TOML 1.0 in, the formatter's tree out. smol-toml reads the text; integers come as BigInt (TOML's
// are 64-bit, so every one is kept exactly), floats as doubles (which is what TOML says they are),
// dates and times as strings in RFC 3339 form. Loaded only when a request reads TOML.
import { parse, TomlError } from 'smol-toml';
import { JsonObject, JsonSyntaxError, type JsonNode } from './parse';
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

/** `src` (TOML 1.0) as a tree. Throws JsonSyntaxError with an offset. */
export function readToml(src: string): JsonNode {
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
