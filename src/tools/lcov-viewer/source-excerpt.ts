// The parts of a source file worth reading next to its coverage: each uncovered range with a few
// lines around it, ranges that come close merged into one excerpt.

export interface ExcerptLine {
  number: number;
  text: string;
  uncovered: boolean;
}

/** "3-5,9" (the tool's uncoveredLines) → the line numbers, 1-based. */
export function uncoveredSet(ranges: string): Set<number> {
  const lines = new Set<number>();
  for (const range of ranges.split(',')) {
    const [from, to = from] = range.split('-').map(Number) as [number, number?];
    if (!Number.isInteger(from) || !Number.isInteger(to)) continue;
    for (let line = from; line <= to && line - from < 100_000; line++) lines.add(line);
  }
  return lines;
}

/**
 * Excerpts of `source` around its uncovered lines, `context` lines each side; consecutive
 * excerpts that touch are one. Lines past the end of the source (a tracefile of another
 * version) are left out; `beyond` says whether any were.
 */
export function excerpts(source: string, ranges: string, context = 2): { blocks: ExcerptLine[][]; beyond: boolean } {
  const lines = source.split(/\r?\n/);
  const misses = uncoveredSet(ranges);
  const wanted = new Set<number>();
  let beyond = false;
  for (const line of misses) {
    if (line > lines.length) beyond = true;
    for (let n = Math.max(1, line - context); n <= Math.min(lines.length, line + context); n++) wanted.add(n);
  }
  const blocks: ExcerptLine[][] = [];
  let block: ExcerptLine[] = [];
  for (const number of [...wanted].sort((a, b) => a - b)) {
    if (block.length > 0 && block.at(-1)!.number !== number - 1) {
      blocks.push(block);
      block = [];
    }
    block.push({ number, text: lines[number - 1]!, uncovered: misses.has(number) });
  }
  if (block.length > 0) blocks.push(block);
  return { blocks, beyond };
}
