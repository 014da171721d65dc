// The formatter's tree out as YAML 1.2 in block style. Written here rather than by the `yaml`
// library so that numbers come out exactly as written (`1.0`, `12345678901234567890`), memory
// stays that of the output, and the output limit holds as for JSON. Strings are plain only where
// no YAML 1.2 or 1.1 reader could take them for anything else, double-quoted (JSON's escapes, which
// YAML shares) otherwise.
import { codePointOrder } from './print';
import type { JsonNode, JsonObject } from '../../lib/json-tree';
import { YAML_SPELLING } from './special';
import { OutputWriter } from './writer';

/** Plain scalars: a letter or `_` first, then letters, digits and a few marks that mean nothing in YAML. */
const PLAIN = /^[\p{L}_][\p{L}\p{N}_ ./+@()-]*$/u;
/** Words YAML 1.2's core schema (or 1.1, still widely read) would resolve to null or a boolean. */
const RESERVED = /^(?:null|true|false|yes|no|on|off|y|n)$/i;
/**
 * Characters to escape in a double-quoted scalar that JSON.stringify leaves as they are: those
 * YAML does not allow in a document, and NEL, LS and PS, which YAML 1.1 readers take as line breaks.
 */
const NOT_PRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g;
/** YAML's implicit keys are at most 1024 characters; longer ones are written as `? key`. */
const MAX_IMPLICIT_KEY = 1000;

/** A string (JSON string literal in JSON.stringify's spelling) as a YAML scalar. */
function yamlString(spelled: string): string {
  if (!spelled.includes('\\')) {
    const text = spelled.slice(1, -1);
    if (PLAIN.test(text) && !text.endsWith(' ') && !RESERVED.test(text)) return text;
  }
  return spelled.replace(NOT_PRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function scalar(node: string): string {
  if (node.startsWith('"')) return yamlString(node);
  return YAML_SPELLING[node] ?? node; // numbers as written, true, false, null
}

const isEmpty = (node: JsonNode) =>
  Array.isArray(node) ? node.length === 0 : typeof node !== 'string' && node.keys.length === 0;

class YamlWriter {
  readonly out: OutputWriter;
  private readonly indent: number;
  private readonly sortKeys: boolean;

  constructor(indent: number, sortKeys: boolean, inputLength: number) {
    this.out = new OutputWriter({ char: 32, width: 1 }, inputLength);
    this.indent = indent;
    this.sortKeys = sortKeys;
  }

  /** A value after `key:` (collections on the lines below, `indent` further in). */
  private afterKey(node: JsonNode, col: number): void {
    if (typeof node === 'string' || isEmpty(node)) {
      this.out.char(32);
      this.leaf(node);
    } else {
      this.collection(node, col + this.indent, false);
    }
  }

  /** A scalar or an empty collection, on the current line. */
  private leaf(node: JsonNode): void {
    this.out.text(typeof node === 'string' ? scalar(node) : Array.isArray(node) ? '[]' : '{}');
  }

  /** The members of a non-empty collection at column `col`, the first on this line when `inline`. */
  collection(node: JsonNode[] | JsonObject, col: number, inline: boolean): void {
    const out = this.out;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (i > 0 || !inline) out.lineBreak(col);
        out.text('- ');
        const item = node[i]!;
        if (typeof item === 'string' || isEmpty(item)) this.leaf(item);
        else this.collection(item, col + 2, true);
      }
      return;
    }
    const order = this.sortKeys && node.keys.length > 1 ? codePointOrder(node.keys) : undefined;
    for (let i = 0; i < node.keys.length; i++) {
      if (i > 0 || !inline) out.lineBreak(col);
      const k = order?.[i] ?? i;
      const key = yamlString(node.keys[k]!);
      if (key.length > MAX_IMPLICIT_KEY) {
        out.text('? ');
        out.text(key);
        out.lineBreak(col);
      } else {
        out.text(key);
      }
      out.char(58); // :
      this.afterKey(node.values[k]!, col);
    }
  }
}

/** `root` as a YAML document (with a final line break); OutputTooLargeError past the output limit. */
export function writeYaml(root: JsonNode, indent: number, sortKeys: boolean, inputLength: number): string {
  const writer = new YamlWriter(indent, sortKeys, inputLength);
  if (typeof root === 'string' || isEmpty(root)) {
    writer.out.text(typeof root === 'string' ? scalar(root) : Array.isArray(root) ? '[]' : '{}');
  } else {
    writer.collection(root, 0, true);
  }
  writer.out.char(10);
  return writer.out.toString();
}
