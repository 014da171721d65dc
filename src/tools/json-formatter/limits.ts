// The json-formatter's input limits, shared by the parsers, the repair and the schema's
// descriptions (docs/limits.md has the measurements behind them).

/**
 * Deepest nesting of arrays and objects accepted; the outermost container is level 1, and an
 * empty `[]` or `{}` counts like any other. The same limit as json-to-csv's parser
 * (json-to-csv's json-parse.ts); RFC 8259 §9 lets parsers set one. Real documents stay
 * far below it, and without it a text of nothing but `[` costs a tree node per character.
 */
export const MAX_NESTING = 1000;

/**
 * The most characters `repair` reads. jsonrepair's work grows with the square of its input on
 * some texts: each quote followed by a closing bracket inside a long string recounts the
 * brackets of the whole string so far, each quote followed by a block comment inside a string
 * rescans that comment, and each missing comma copies the output so far. Its streaming engine
 * shares the first two. The worst of these takes about half a second at this size, four times as
 * long at twice the size (bench/worst-inputs.mjs), so repair stops here.
 */
export const MAX_REPAIR_CHARS = 16 * 1024;
