// YAML and TOML have infinities and NaN; JSON has not. The tree holds them as these texts (never
// valid JSON numbers, so they cannot be mistaken for one), the YAML and TOML writers spell them
// in their own way, and anything that would write JSON refuses a document that holds one.
import type { JsonNode } from '../../lib/json-tree';

export const SPECIAL_FLOATS = { inf: 'Infinity', minusInf: '-Infinity', nan: 'NaN' } as const;

const SPECIAL = new Set<string>(Object.values(SPECIAL_FLOATS));

export const isSpecialFloat = (scalar: string) => SPECIAL.has(scalar);

/** Each special float as YAML writes it. */
export const YAML_SPELLING: Record<string, string> = { Infinity: '.inf', '-Infinity': '-.inf', NaN: '.nan' };

/** A JSON Pointer (RFC 6901) of path segments. */
export const pointer = (path: readonly (string | number)[]) =>
  path.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** The JSON key (a JSON string literal) as its text. */
export const keyText = (key: string): string => (key.includes('\\') ? (JSON.parse(key) as string) : key.slice(1, -1));

/** Where the first special float of `root` is (a JSON Pointer) and how YAML spells it, or undefined. */
export function findSpecialFloat(root: JsonNode): { at: string; spelled: string } | undefined {
  // Iterative (the tree may be a thousand levels deep), each shared subtree (an alias) looked at
  // once, and each entry linked to its parent so that only the path found is ever built.
  type Entry = { node: JsonNode; parent: Entry | undefined; part: string | number };
  const seen = new Set<object>();
  const stack: Entry[] = [{ node: root, parent: undefined, part: '' }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const node = entry.node;
    if (typeof node === 'string') {
      if (!SPECIAL.has(node)) continue;
      const path: (string | number)[] = [];
      for (let at: Entry | undefined = entry; at?.parent; at = at.parent) path.unshift(at.part);
      return { at: pointer(path), spelled: YAML_SPELLING[node]! };
    }
    if (seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i]!, parent: entry, part: i });
    } else {
      for (let i = node.keys.length - 1; i >= 0; i--)
        stack.push({ node: node.values[i]!, parent: entry, part: keyText(node.keys[i]!) });
    }
  }
  return undefined;
}
