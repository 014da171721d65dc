// Limits of the JSON tools' shared parts (the JSONPath engine, src/lib/jsonpath.ts, and the
// documents it runs on); json-formatter's limits.ts re-exports them, docs/limits.md measures them.

/**
 * Deepest nesting of arrays and objects accepted; the outermost container is level 1, and an
 * empty `[]` or `{}` counts like any other. The same limit as json-to-csv's parser
 * (json-to-csv's json-parse.ts); RFC 8259 §9 lets parsers set one. Real documents stay
 * far below it, and without it a text of nothing but `[` costs a tree node per character.
 */
export const MAX_NESTING = 1000;

/**
 * The work a `jsonpath` query may do, in steps (src/lib/jsonpath.ts counts them: each node a selector
 * tests, visits or returns costs QUERY_NODE_STEPS plus its depth, because the query engine
 * creates a node and copies its path for each). The budget grows with the document, so every
 * query whose work grows linearly with it passes: `$..*` on 16 MB of API records uses about a
 * half of it. What it stops are queries whose work grows with the square of the document,
 * such as a filter that runs a descendant query from the root for each node (`$..[?$..x]`),
 * after about as long as a few dozen linear passes would take. Measured in docs/limits.md.
 */
export const QUERY_STEPS_PER_CHAR = 16;
export const QUERY_BASE_STEPS = 1_000_000;
export const QUERY_NODE_STEPS = 8;

/** The steps a query may take on a document of `chars` characters. */
export const queryBudget = (chars: number) => QUERY_BASE_STEPS + QUERY_STEPS_PER_CHAR * chars;
