// The golden-vector type of every tool's cases.ts: test metadata, above the ground floor.

/**
 * A golden vector (docs/architecture.md principle 7): one request and the answer every door must
 * give. Cases are plain data so the same list runs through invoke(), the Node server over
 * HTTP and the service worker in Chromium.
 *
 * - `expect`: the whole response body, compared exactly.
 * - `match`: a pattern for the parts that matter (see tests/match.ts): objects match the keys
 *   they name (a key set to `undefined` must be absent), arrays match element by element with
 *   the same length, a RegExp matches a string, anything else must be equal.
 */
export interface ToolCase {
  name: string;
  body: unknown;
  status: number;
  expect?: unknown;
  match?: unknown;
}
