// The conversion's size limits, in a module of their own with no imports: schema.ts (and so the
// page) reads them without pulling in the converters and the JSONPath engine.

/** Deepest nesting of arrays and objects accepted (the document's outer array counts as 1). */
export const MAX_DEPTH = 1000;
/** Rows × columns beyond which the CSV would be too large to build (hostile sparse keys). */
export const MAX_CELLS = 2 ** 25;
/** Columns (a hostile document can give every row new keys). */
export const MAX_COLUMNS = 2 ** 20;
/** Total length of the flattened column names (deep paths repeat their prefixes). */
export const MAX_HEADER_CHARS = 2 ** 24;
/** Characters of JSON output beyond which it is not built (keys repeat on every row). */
export const MAX_OUTPUT_CHARS = 2 ** 28;
