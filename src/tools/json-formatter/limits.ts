// The json-formatter's input limits, shared by the parsers, the repair and the schema's
// descriptions (docs/limits.md has the measurements behind them).

/**
 * The most characters `repair` reads. jsonrepair's work grows with the square of its input on
 * some texts: each quote followed by a closing bracket inside a long string recounts the
 * brackets of the whole string so far, each quote followed by a block comment inside a string
 * rescans that comment, and each missing comma copies the output so far. Its streaming engine
 * shares the first two. The worst of these takes about half a second at this size, four times as
 * long at twice the size (bench/worst-inputs.mjs), so repair stops here.
 */
export const MAX_REPAIR_CHARS = 16 * 1024;

/**
 * The most element pairs `array_diff: "lcs"` may compare in one request, summed over the arrays
 * it compares (the elements both arrays start and end with cost nothing). Its table holds two
 * bytes a pair, so this bounds both its time and its memory (32 MB); docs/limits.md.
 */
export const MAX_LCS_CELLS = 16 * 1024 * 1024;

export {
  MAX_NESTING,
  QUERY_BASE_STEPS,
  QUERY_NODE_STEPS,
  QUERY_STEPS_PER_CHAR,
  queryBudget,
} from '../../lib/jsonpath-limits';
