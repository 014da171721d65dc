// The JSONPath Compliance Test Suite (RFC 9535), every case through the json-formatter's core:
// a valid query's `query_result` must equal one of the results the suite allows (several where
// object member order is not defined), an invalid one must be a 400 naming `jsonpath`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { nodeContext } from '../../platform/node-context';
import tool from './tool';

interface CtsCase {
  name: string;
  selector: string;
  document?: unknown;
  result?: unknown[];
  results?: unknown[][];
  result_paths?: string[];
  results_paths?: string[][];
  invalid_selector?: true;
}

const suite = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../tests/fixtures/jsonpath-cts/cts.json'), 'utf8'),
) as { tests: CtsCase[] };
const context = nodeContext;

describe('RFC 9535 compliance test suite through invoke()', () => {
  it('has the whole suite', () => {
    expect(suite.tests.length).toBeGreaterThanOrEqual(700);
  });

  const valid = suite.tests.filter((t) => !t.invalid_selector);
  const invalid = suite.tests.filter((t) => t.invalid_selector);

  it.each(valid.map((t) => [t.name, t] as const))('%s', async (_, t) => {
    const reply = await invoke(
      tool,
      { json: JSON.stringify(t.document), jsonpath: t.selector, mode: 'minify' },
      context,
    );
    expect(reply.status).toBe(200);
    const body = reply.body as { query_result: string };
    const got = JSON.parse(body.query_result) as unknown;
    const allowed = t.result ? [t.result] : t.results!;
    expect(allowed).toContainEqual(got);
    // The suite's normalized paths: the same order as the values (one of its orders, where several are allowed).
    const paths = (reply.body as { query_paths: string[] }).query_paths;
    const allowedPaths = t.result_paths ? [t.result_paths] : t.results_paths!;
    expect(allowedPaths).toContainEqual(paths);
    if (t.results)
      expect(allowedPaths.findIndex((p) => JSON.stringify(p) === JSON.stringify(paths))).toBe(
        t.results.findIndex((r) => JSON.stringify(r) === JSON.stringify(got)),
      );
  });

  it.each(invalid.map((t) => [t.name, t] as const))('%s is refused', async (_, t) => {
    const reply = await invoke(tool, { json: '{}', jsonpath: t.selector }, context);
    expect(reply.status).toBe(400);
    expect((reply.body as { error: string }).error).toMatch(/^'jsonpath' is not a valid JSONPath query \(RFC 9535\): /);
  });
});
