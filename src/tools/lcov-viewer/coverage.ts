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

const ZERO: Tally = { hit: 0, found: 0 };

export class FileCoverage {
  /** Line number → hits (DA). */
  readonly lines = new Map<number, number>();
  /** Function key → hits (FN/FNDA or FNL/FNA); keys are made by the record reader. */
  readonly functions = new Map<string, number>();
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
      lines: this.lines.size ? tally(this.lines) : this.summaries.lines,
      functions: this.functions.size ? tally(this.functions) : this.summaries.functions,
      branches: this.branches.size ? tally(this.branches) : this.summaries.branches,
    };
  }
}

/** Found = entries, hit = entries with a count above zero. */
function tally(hits: Map<unknown, number>): Tally {
  let hit = 0;
  for (const n of hits.values()) if (n > 0) hit++;
  return { hit, found: hits.size };
}
