// Coverage of one source file, accumulated over every record that names it. Hits are summed per
// line, per function and per branch, which is how `lcov -a` merges tracefiles; the counts and
// percentages are only derived at the end.

/** Hit and found counts of one category (lines, functions or branches). */
export interface Tally {
  hit: number;
  found: number;
}

export interface Counts {
  lines: Tally;
  functions: Tally;
  branches: Tally;
}

/** One function: its name, start line (null when only an FNDA line names it) and hits. */
export interface FunctionHits {
  name: string;
  line: number | null;
  hits: number;
}

const ZERO: Tally = { hit: 0, found: 0 };

export class FileCoverage {
  /** Line number → hits (DA). */
  readonly lines = new Map<number, number>();
  /** Function key → the function (FN/FNDA or FNL/FNA); keys are made by the record reader. */
  readonly functions = new Map<string, FunctionHits>();
  /** "line,block,branch" → times taken (BRDA, '-' counting 0). */
  readonly branches = new Map<string, number>();
  /**
   * The summary lines (LF/LH, FNF/FNH, BRF/BRH) of this file's records, used only for a
   * category no record gave details for. Two such records cannot be merged line by line, so
   * the best of them stands (the merged coverage is at least that).
   */
  private readonly summaries: Counts = { lines: ZERO, functions: ZERO, branches: ZERO };

  constructor(readonly path: string) {}

  addSummary(category: keyof Counts, tally: Tally): void {
    const best = this.summaries[category];
    this.summaries[category] = { hit: Math.max(best.hit, tally.hit), found: Math.max(best.found, tally.found) };
  }

  /** Counts from the detail lines where there are any, else from the summary lines. */
  counts(): Counts {
    return {
      lines: this.lines.size ? tally(this.lines, (n) => n) : this.summaries.lines,
      functions: this.functions.size ? tally(this.functions, (fn) => fn.hits) : this.summaries.functions,
      branches: this.branches.size ? tally(this.branches, (n) => n) : this.summaries.branches,
    };
  }

  /**
   * Lines with no hits (DA count 0) as ranges of consecutive line numbers, "3-5,9". A line
   * that is not instrumented (no DA line) ends a range, as genhtml marks only DA lines: lines
   * 3 and 5 uncovered with no DA for 4 give "3,5". Each range is shorter than the DA lines it
   * stands for, so the text never outgrows the input.
   */
  uncoveredLines(): string {
    const zero: number[] = [];
    for (const [line, hits] of this.lines) if (hits === 0) zero.push(line);
    zero.sort((a, b) => a - b);
    const parts: string[] = [];
    for (let i = 0; i < zero.length;) {
      let j = i;
      while (j + 1 < zero.length && zero[j + 1] === zero[j]! + 1) j++;
      parts.push(j > i ? `${zero[i]}-${zero[j]}` : `${zero[i]}`);
      i = j + 1;
    }
    return parts.join(',');
  }

  /** The functions by start line (those without one last), then by name. */
  functionList(): FunctionHits[] {
    return [...this.functions.values()]
      .map(({ name, line, hits }) => ({ name, line, hits: Math.min(hits, Number.MAX_SAFE_INTEGER) }))
      .sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

/** Found = entries, hit = entries with a count above zero. */
function tally<T>(entries: Map<unknown, T>, hitsOf: (entry: T) => number): Tally {
  let hit = 0;
  for (const entry of entries.values()) if (hitsOf(entry) > 0) hit++;
  return { hit, found: entries.size };
}
