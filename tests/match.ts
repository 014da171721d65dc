// The pattern language of ToolCase.match (src/tools/define.ts), and the check used by every door.
import { isDeepStrictEqual } from 'node:util';
import type { ToolCase } from '../src/tools/vectors';

/** Returns the first mismatch as a readable path and reason, or undefined when it matches. */
export function mismatch(actual: unknown, pattern: unknown, path = '$'): string | undefined {
  if (pattern instanceof RegExp) {
    return typeof actual === 'string' && pattern.test(actual)
      ? undefined
      : `${path}: ${JSON.stringify(actual)} does not match ${pattern}`;
  }
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${JSON.stringify(actual)}`;
    if (actual.length !== pattern.length) return `${path}: expected ${pattern.length} items, got ${actual.length}`;
    for (let i = 0; i < pattern.length; i++) {
      const miss = mismatch(actual[i], pattern[i], `${path}[${i}]`);
      if (miss) return miss;
    }
    return undefined;
  }
  if (pattern !== null && typeof pattern === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return `${path}: expected an object, got ${JSON.stringify(actual)}`;
    for (const [key, value] of Object.entries(pattern)) {
      const has = Object.prototype.hasOwnProperty.call(actual, key);
      if (value === undefined) {
        if (has && (actual as Record<string, unknown>)[key] !== undefined)
          return `${path}.${key}: expected to be absent, got ${JSON.stringify((actual as Record<string, unknown>)[key])}`;
        continue;
      }
      if (!has) return `${path}.${key}: missing`;
      const miss = mismatch((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
      if (miss) return miss;
    }
    return undefined;
  }
  return Object.is(actual, pattern)
    ? undefined
    : `${path}: expected ${JSON.stringify(pattern)}, got ${JSON.stringify(actual)}`;
}

/** Checks one door's answer against a case; throws with a readable reason on mismatch. */
export function checkCase(tc: ToolCase, status: number, body: unknown): void {
  const problems: string[] = [];
  if (status !== tc.status) problems.push(`status ${status}, expected ${tc.status}`);
  if (tc.expect !== undefined && !isDeepStrictEqual(JSON.parse(JSON.stringify(body)), tc.expect)) {
    problems.push(`body ${JSON.stringify(body)}\n   expected ${JSON.stringify(tc.expect)}`);
  }
  if (tc.match !== undefined) {
    const miss = mismatch(body, tc.match);
    if (miss) problems.push(miss);
  }
  if (problems.length)
    throw new Error(`case "${tc.name}": ${problems.join('; ')}\n   body: ${JSON.stringify(body).slice(0, 2000)}`);
}

/**
 * Fields whose values depend on the clock or on randomness, so two doors may differ there
 * (jwt-decoder's `token` and `signature`: PS* and ES* signatures are randomised).
 */
export const VARYING_FIELDS = new Set(['uuids', 'relative', 'expired', 'token', 'signature']);

/** A password hash's encoded string (hash-generator): its salt is random unless the request gave one. */
const ENCODED_PASSWORD_HASH = /^(\$2[aby]\$\d\d\$|\$scrypt\$[^$]+\$|\$argon2id\$v=19\$[^$]+\$)[^$]+(\$[^$]+)?$/;

/** The answer with varying fields replaced by their types: what two doors must agree on. */
export function comparable(value: unknown, key = ''): unknown {
  if (VARYING_FIELDS.has(key)) return Array.isArray(value) ? value.map((item) => typeof item) : typeof value;
  // Only the algorithm and costs of an encoded password hash must agree (the fixed-salt vectors check the rest).
  if (key === 'hash' && typeof value === 'string' && ENCODED_PASSWORD_HASH.test(value))
    return ENCODED_PASSWORD_HASH.exec(value)![1];
  if (Array.isArray(value)) return value.map((item) => comparable(item));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v, k)]));
  return value;
}
