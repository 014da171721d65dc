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

/**
 * The deepest nesting a YAML input may have. The `yaml` library composes nested collections
 * recursively and overflowed the call stack near 800 levels in Node (a browser's worker has a
 * stack of about the same size), and its parser's work per token grows with the depth; a quarter
 * of that keeps every door far from the edge. JSON and TOML keep MAX_NESTING.
 */
export const MAX_YAML_NESTING = 200;

/**
 * The most characters of YAML read in one request (`json`, and `compare_with` apart). The `yaml`
 * library keeps its syntax tree and its document model of the whole text at once: 3 MB of API
 * records grew the process by 325 MB, 16 MB by 1.7 GB (bench/worst-inputs.mjs), past the server
 * pool's memory cap and far past what a phone's page can spare. At 4 Mi characters it stays
 * under about 450 MB. TOML and JSON are not limited this way.
 */
export const MAX_YAML_CHARS = 4 * 1024 * 1024;

/**
 * The most values a YAML document may stand for once its aliases are expanded: a million plus one
 * per character. An alias shares its anchor's tree (memory stays linear), but printing, querying
 * and comparing expand it, and ten nested aliases of ten (the "billion laughs") would stand for
 * 10^10 values; this bound is what the yaml library's own maxAliasCount guards against.
 */
export const maxExpandedValues = (chars: number) => 1_000_000 + chars;

export {
  MAX_NESTING,
  QUERY_BASE_STEPS,
  QUERY_NODE_STEPS,
  QUERY_STEPS_PER_CHAR,
  queryBudget,
} from '../../lib/jsonpath-limits';
