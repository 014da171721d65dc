// The formatter's tree out as TOML 1.0. Written here rather than by smol-toml's stringify, which
// takes JavaScript numbers: `1.0` would become the integer 1 and 12345678901234567890 a rounded
// float. Numbers are written as written when TOML can hold them; what it cannot hold (null, a
// document that is not a table, integers beyond 64 bits, floats beyond a double's range) is
// refused with the path of the value.
import { codePointOrder } from './print';
import type { JsonNode, JsonObject } from '../../lib/json-tree';
import { keyText, pointer } from './special';
import { OutputWriter } from './writer';

/** What TOML cannot hold, with the sentence that says where. */
export class TomlWriteError extends Error {
  override name = 'TomlWriteError';
}

const INT_MIN = -(2n ** 63n);
const INT_MAX = 2n ** 63n - 1n;
const BARE_KEY = /^[A-Za-z0-9_-]+$/;
const LONE_SURROGATE_ESCAPE = /\\ud[89a-f][0-9a-f]{2}/i;

type Path = (string | number)[];

const at = (path: Path) => (path.length === 0 ? 'the top' : `'${pointer(path)}'`);

/** A JSON string literal (JSON.stringify's spelling) as a TOML basic string. */
function tomlString(spelled: string, path: Path): string {
  // JSON.stringify escapes lone surrogates only, and TOML strings hold Unicode scalar values.
  if (LONE_SURROGATE_ESCAPE.test(spelled))
    throw new TomlWriteError(`TOML strings cannot hold a lone surrogate, as the string at ${at(path)} does`);
  // JSON's escapes are TOML's, but TOML also wants DEL escaped.
  return spelled.replaceAll('\u007f', '\\u007F');
}

function tomlKey(key: string, path: Path): string {
  const text = keyText(key);
  return BARE_KEY.test(text) ? text : tomlString(key, path);
}

function tomlScalar(node: string, path: Path): string {
  if (node.startsWith('"')) return tomlString(node, path);
  if (node === 'null')
    throw new TomlWriteError(`TOML has no null, and the value at ${at(path)} is null; leave the member out or use ""`);
  if (node === 'true' || node === 'false') return node;
  if (node === 'Infinity') return 'inf';
  if (node === '-Infinity') return '-inf';
  if (node === 'NaN') return 'nan';
  if (/^-?\d+$/.test(node)) {
    const value = BigInt(node);
    if (value < INT_MIN || value > INT_MAX)
      throw new TomlWriteError(
        `TOML integers are 64-bit, and the value at ${at(path)} (${node}) is beyond them; write it as a string or a float (1.2345e19)`,
      );
    return node;
  }
  if (!Number.isFinite(Number(node)))
    throw new TomlWriteError(
      `TOML floats are 64-bit (IEEE 754 doubles), and the value at ${at(path)} (${node}) is beyond their range`,
    );
  return node;
}

/** An object member that becomes a `[table]`, or an array that becomes `[[tables]]`. */
const isTable = (node: JsonNode): node is JsonObject => typeof node !== 'string' && !Array.isArray(node);
const isTableArray = (node: JsonNode): node is JsonObject[] =>
  Array.isArray(node) && node.length > 0 && node.every(isTable);

class TomlWriter {
  readonly out: OutputWriter;
  private readonly sortKeys: boolean;

  constructor(sortKeys: boolean, inputLength: number) {
    this.out = new OutputWriter(null, inputLength);
    this.sortKeys = sortKeys;
  }

  private order(node: JsonObject): number[] {
    const order = this.sortKeys && node.keys.length > 1 ? codePointOrder(node.keys) : undefined;
    return order ?? node.keys.map((_, i) => i);
  }

  /** A value on one line: scalars, arrays and inline tables. */
  private inline(node: JsonNode, path: Path): void {
    const out = this.out;
    if (typeof node === 'string') {
      out.text(tomlScalar(node, path));
    } else if (Array.isArray(node)) {
      out.char(91); // [
      node.forEach((item, i) => {
        if (i > 0) out.text(', ');
        this.inline(item, [...path, i]);
      });
      out.char(93);
    } else if (node.keys.length === 0) {
      out.text('{}');
    } else {
      out.text('{ ');
      this.order(node).forEach((k, i) => {
        if (i > 0) out.text(', ');
        out.text(tomlKey(node.keys[k]!, path));
        out.text(' = ');
        this.inline(node.values[k]!, [...path, keyText(node.keys[k]!)]);
      });
      out.text(' }');
    }
  }

  /** A table's own key/value lines, then its sub-tables and arrays of tables under their headers. */
  table(node: JsonObject, header: string[], path: Path): void {
    const out = this.out;
    const order = this.order(node);
    for (const k of order) {
      const value = node.values[k]!;
      if (isTable(value) || isTableArray(value)) continue;
      out.text(tomlKey(node.keys[k]!, path));
      out.text(' = ');
      this.inline(value, [...path, keyText(node.keys[k]!)]);
      out.char(10);
    }
    for (const k of order) {
      const value = node.values[k]!;
      const name = [...header, tomlKey(node.keys[k]!, path)];
      const where = [...path, keyText(node.keys[k]!)];
      if (isTable(value)) {
        // A table of nothing but tables needs no header of its own: theirs define it.
        const onlyTables = value.keys.length > 0 && value.values.every((v) => isTable(v) || isTableArray(v));
        if (!onlyTables) this.header(`[${name.join('.')}]`);
        this.table(value, name, where);
      } else if (isTableArray(value)) {
        value.forEach((item, i) => {
          this.header(`[[${name.join('.')}]]`);
          this.table(item, name, [...where, i]);
        });
      }
    }
  }

  private header(text: string): void {
    this.out.char(10);
    this.out.text(text);
    this.out.char(10);
  }
}

/** `root` as a TOML document; TomlWriteError for what TOML cannot hold, OutputTooLargeError past the limit. */
export function writeToml(root: JsonNode, sortKeys: boolean, inputLength: number): string {
  if (!isTable(root)) {
    const kind =
      typeof root !== 'string'
        ? 'an array'
        : root.startsWith('"')
          ? 'a string'
          : root === 'null'
            ? 'null'
            : /^[tf]/.test(root)
              ? 'a boolean'
              : 'a number';
    throw new TomlWriteError(`a TOML document is a table (a JSON object), and this document is ${kind}`);
  }
  const writer = new TomlWriter(sortKeys, inputLength);
  writer.table(root, [], []);
  // A document that starts with a table header has a blank line before it.
  const text = writer.out.toString();
  return text.startsWith('\n') ? text.slice(1) : text;
}
