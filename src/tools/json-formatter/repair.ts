// `repair: true` (docs/contract.md §4 json-formatter): jsonrepair turns malformed JSON into JSON.
import { jsonrepair } from 'jsonrepair';

/**
 * The repaired text of `json`, or undefined when jsonrepair cannot repair it. Any failure of
 * jsonrepair means "cannot repair", including a RangeError from its recursion on deeply nested
 * input. Callers keep `json` within MAX_REPAIR_CHARS (limits.ts): beyond it, repair can take
 * seconds to minutes.
 */
export function repairJson(json: string): string | undefined {
  try {
    return jsonrepair(json);
  } catch {
    return undefined;
  }
}
