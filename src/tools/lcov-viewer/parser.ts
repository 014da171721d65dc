// Reads LCOV tracefiles (geninfo(1) "tracefile format", lcov 1.x and 2.x) into per-file coverage.
//
// Decisions where the format and docs/contract.md leave room (a demanding user's expectations):
// - Lines end with LF, CRLF or a lone CR; each line is trimmed; a leading BOM is ignored.
// - Unknown lines (comments, MCDC/MCF/MCH, KF, tool-specific additions) are ignored; so are
//   TN and VER, which carry no counts, and an end_of_record outside a record.
// - A record ends at end_of_record, at the next SF, or at the end of the input (a truncated last
//   record still counts).
// - A count line (DA, FN, FNDA, FNL, FNA, BRDA, and the summaries) outside a record is an error,
//   not silently dropped coverage. So are malformed numbers and negative counts (gcov's
//   negative-count bug; lcov refuses them too). Hits may be arbitrarily large.
// - Functions: each FN line is a function, identified by name and line, so that two functions
//   with one name (two `render` methods in a file, as istanbul writes them) both count, as in
//   the tool's own FNF. The n-th FNDA of a name gives the hits of the n-th function of that
//   name; extra FNDA lines add to the last one; an FNDA without any FN still counts a function.
//   lcov 2.x FNL/FNA: the FNL index is one function (found once), its FNA aliases add hits,
//   and functions are matched across records by start line, as lcov 2 matches them.
// - BRDA: the block may carry lcov 2's 'e' (exception) prefix; lcov 2's 'U' marks a branch
//   excluded from BRF/BRH and is skipped; the branch id may be an expression holding commas.
// - Paths are compared exactly as written (no case folding or separator normalisation).
import { ToolInputError } from '../define';
import { FileCoverage, type Counts, type Tally } from './coverage';

const NO_RECORDS =
  "No LCOV records found: the input has no 'SF:<source file>' line. Paste the content of an LCOV tracefile " +
  '(such as coverage/lcov.info), whose records start with SF:<path> and end with end_of_record.';

/** lcov 2.x block ids: optional exception marker, optional exclusion marker, a number. */
const BLOCK = /^([ef]?)(U?)\d+$/;

const SUMMARY = new Map<string, [keyof Counts, keyof Tally]>([
  ['LF', ['lines', 'found']],
  ['LH', ['lines', 'hit']],
  ['FNF', ['functions', 'found']],
  ['FNH', ['functions', 'hit']],
  ['BRF', ['branches', 'found']],
  ['BRH', ['branches', 'hit']],
]);

/** The lines that carry counts: what each must look like (for the error message). */
const SHAPE = new Map<string, string>([
  ['DA', "'line,hits' with whole numbers"],
  ['FN', "'line,name' or 'start,end,name' with whole line numbers"],
  ['FNDA', "'hits,name' with a whole number of hits"],
  ['FNL', "'index,start[,end]' with whole numbers"],
  ['FNA', "'index,hits,name' with whole numbers"],
  ['BRDA', "'line,block,branch,taken' with whole numbers (taken may be '-')"],
  ...[...SUMMARY.keys()].map((kind): [string, string] => [kind, 'a whole number']),
]);

/** Parses a tracefile; returns one entry per path, in order of first appearance. */
export function parseLcov(text: string): FileCoverage[] {
  // The contract's error for input that is not LCOV at all comes before any line-level error.
  // (Blanks before SF are allowed as lines are trimmed; the class excludes line breaks so the
  // search stays linear on input made of blank lines.)
  if (!/(?:^|[\r\n])[^\S\r\n]*SF:/.test(text)) throw new ToolInputError(NO_RECORDS);

  const files = new Map<string, FileCoverage>();
  let record: RecordReader | undefined;
  let lineNo = 0;
  // Line by line without an array of all lines (16 MiB of input is ~2 million of them). Both
  // break positions are looked up ahead and reused, which keeps the walk linear.
  let cr = text.indexOf('\r');
  let lf = text.indexOf('\n');
  for (let start = 0; start <= text.length;) {
    if (cr >= 0 && cr < start) cr = text.indexOf('\r', start);
    if (lf >= 0 && lf < start) lf = text.indexOf('\n', start);
    const end = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf >= 0 ? lf : text.length;
    const line = text.slice(start, end).trim();
    start = end + (end === cr && lf === cr + 1 ? 2 : 1);
    lineNo++;
    const colon = line.indexOf(':');
    if (colon < 0) {
      if (line === 'end_of_record') {
        record?.finish();
        record = undefined;
      }
      continue;
    }
    const kind = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (kind === 'SF') {
      record?.finish();
      const path = value.trim();
      if (path === '') throw new ToolInputError(`Line ${lineNo}: SF expects the path of a source file, got 'SF:'.`);
      let file = files.get(path);
      if (!file) files.set(path, (file = new FileCoverage(path)));
      record = new RecordReader(file);
    } else if (SHAPE.has(kind)) {
      if (!record)
        throw new ToolInputError(
          `Line ${lineNo}: ${kind} appears outside a record; each record starts with an SF line and ends with end_of_record.`,
        );
      record.read(kind, value, lineNo, line);
    }
  }
  record?.finish();
  return [...files.values()];
}

function malformed(lineNo: number, kind: string, line: string): ToolInputError {
  // Long lines are cut, never inside a surrogate pair.
  const cut = 80 - (/[\uD800-\uDBFF]/.test(line.charAt(79)) ? 1 : 0);
  const shown = line.length > 80 ? `${line.slice(0, cut)}…` : line;
  return new ToolInputError(`Line ${lineNo}: ${kind} expects ${SHAPE.get(kind)}, got '${shown}'.`);
}

/** The FN/FNDA and FNL/FNA lines of one record, resolved when the record ends. */
interface PendingFunctions {
  /** FN: name → distinct start lines, in order (a Set: hostile input may repeat a name a lot). */
  declared: Map<string, Set<number>>;
  /** FNDA, in order. */
  hits: { name: string; hits: number }[];
  /** FNL: index → start line. */
  leaders: Map<number, number>;
  /** FNA, in order, with their line for an error. */
  aliases: { index: number; hits: number; name: string; lineNo: number }[];
}

/** Reads the lines of one record (SF … end_of_record) into the coverage of its file. */
class RecordReader {
  private readonly fn: PendingFunctions = { declared: new Map(), hits: [], leaders: new Map(), aliases: [] };
  private readonly summary: Counts = {
    lines: { hit: 0, found: 0 },
    functions: { hit: 0, found: 0 },
    branches: { hit: 0, found: 0 },
  };

  constructor(private readonly file: FileCoverage) {}

  /** Reads one count line; fields are cut by index (this runs for every line of the input). */
  read(kind: string, value: string, lineNo: number, line: string): void {
    const bad = () => malformed(lineNo, kind, line);
    const c1 = value.indexOf(',');
    const c2 = c1 < 0 ? -1 : value.indexOf(',', c1 + 1);
    const end2 = c2 < 0 ? value.length : c2;
    switch (kind) {
      case 'DA': {
        // DA:<line>,<hits>[,<checksum>]
        const at = whole(value, 0, c1);
        const hits = count(value, c1 + 1, end2);
        if (c1 < 0 || at < 0 || hits < 0) throw bad();
        this.file.lines.set(at, (this.file.lines.get(at) ?? 0) + hits);
        return;
      }
      case 'FN': {
        // FN:<line>,<name> or lcov 2's FN:<start>,<end>,<name> (a name never starts "digits,").
        const at = whole(value, 0, c1);
        const name = value.slice(c2 >= 0 && whole(value, c1 + 1, c2) >= 0 ? c2 + 1 : c1 + 1);
        if (c1 < 0 || at < 0 || name === '') throw bad();
        const lines = this.fn.declared.get(name);
        if (lines) lines.add(at);
        else this.fn.declared.set(name, new Set([at]));
        return;
      }
      case 'FNDA': {
        // FNDA:<hits>,<name>: the name may hold commas (C++ signatures).
        const hits = count(value, 0, c1);
        const name = value.slice(c1 + 1);
        if (c1 < 0 || hits < 0 || name === '') throw bad();
        this.fn.hits.push({ name, hits });
        return;
      }
      case 'FNL': {
        // FNL:<index>,<start>[,<end>]
        const index = whole(value, 0, c1);
        const at = whole(value, c1 + 1, end2);
        if (c1 < 0 || index < 0 || at < 0 || (c2 >= 0 && whole(value, c2 + 1, value.length) < 0)) throw bad();
        this.fn.leaders.set(index, at);
        return;
      }
      case 'FNA': {
        // FNA:<index>,<hits>,<alias name>
        const index = whole(value, 0, c1);
        const hits = count(value, c1 + 1, end2);
        if (c2 < 0 || index < 0 || hits < 0 || c2 + 1 === value.length) throw bad();
        this.fn.aliases.push({ index, hits, name: value.slice(c2 + 1), lineNo });
        return;
      }
      case 'BRDA': {
        // BRDA:<line>,<block>,<branch>,<taken>: the branch (lcov 2: an expression) may hold
        // commas, so <taken> is after the last comma.
        const last = value.lastIndexOf(',');
        const at = whole(value, 0, c1);
        const block = BLOCK.exec(value.slice(c1 + 1, end2));
        const taken = value.slice(last + 1);
        const times = taken === '-' ? 0 : count(value, last + 1, value.length);
        if (c2 < 0 || last <= c2 + 1 || at < 0 || !block || times < 0) throw bad();
        if (block[2] === 'U') return; // excluded by lcov 2: not part of BRF/BRH
        const key = `${at},${block[0]},${value.slice(c2 + 1, last)}`;
        this.file.branches.set(key, (this.file.branches.get(key) ?? 0) + times);
        return;
      }
      default: {
        // LF, LH, FNF, FNH, BRF, BRH
        const n = whole(value, 0, value.length);
        if (n < 0) throw bad();
        const [category, which] = SUMMARY.get(kind)!;
        this.summary[category] = { ...this.summary[category], [which]: n };
      }
    }
  }

  /** Resolves the record's functions and hands its summary lines to the file. */
  finish(): void {
    const { declared, hits, leaders, aliases } = this.fn;
    const functions = this.file.functions;
    // The first name and line a function is seen with stay (records merge into one function).
    const add = (key: string, name: string, line: number | null, n: number) => {
      const fn = functions.get(key);
      if (fn) fn.hits += n;
      else functions.set(key, { name, line, hits: n });
    };

    const byName = new Map<string, number[]>();
    for (const [name, lines] of declared) {
      byName.set(name, [...lines]);
      for (const at of lines) add(functionKey(name, at), name, at, 0);
    }
    const seen = new Map<string, number>();
    for (const { name, hits: n } of hits) {
      const lines = byName.get(name);
      const nth = seen.get(name) ?? 0;
      seen.set(name, nth + 1);
      if (lines) {
        const at = lines[Math.min(nth, lines.length - 1)]!;
        add(functionKey(name, at), name, at, n);
      } else add(functionKey(name), name, null, n);
    }

    // An lcov 2 function is named by its first alias (FNA) in the input; one without aliases
    // has an empty name.
    const names = new Map<number, string>();
    for (const { index, name } of aliases) if (!names.has(index)) names.set(index, name);
    for (const [index, at] of leaders) add(leaderKey(at), names.get(index) ?? '', at, 0);
    for (const { index, hits: n, lineNo } of aliases) {
      const at = leaders.get(index);
      if (at === undefined)
        throw new ToolInputError(
          `Line ${lineNo}: FNA refers to function index ${index}, which no FNL line of this record declares.`,
        );
      add(leaderKey(at), '', at, n);
    }

    for (const category of ['lines', 'functions', 'branches'] as const) {
      const { hit, found } = this.summary[category];
      this.file.addSummary(category, { hit: Math.min(hit, found), found });
    }
  }
}

// Function keys: FN functions by name and line; FNDA-only functions by name; FNL functions by
// start line. The prefixes keep the three kinds apart.
const functionKey = (name: string, line?: number) => (line === undefined ? `d:${name}` : `n:${line}:${name}`);
const leaderKey = (line: number) => `l:${line}`;

/**
 * The value of text[from, to) when it is one or more ASCII digits, else -1. Hit counts may be
 * arbitrarily large (gcov's wrapped counters): only "zero or not" and sums matter for them.
 */
function count(text: string, from: number, to: number): number {
  if (to <= from) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Like count, for numbers that must stay exact: line numbers, indices, summary counts. */
function whole(text: string, from: number, to: number): number {
  const n = count(text, from, to);
  return n <= Number.MAX_SAFE_INTEGER ? n : -1;
}
