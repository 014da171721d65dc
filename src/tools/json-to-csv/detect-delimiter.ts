// Delimiter detection for `delimiter: "auto"` (docs/contract.md §4 json-to-csv). The rule is the
// one papaparse 5.7 uses, so that a file opens the same way here and in the many tools built on
// it; the tests compare both on a corpus of files. Each candidate reads the first rows of the
// text with the real CSV reader (quotes respected); among the candidates that give at least two
// fields a row on average, the one whose field count varies least from row to row wins, then
// the one giving more fields, then the first in CANDIDATES.
//
// Where it differs from papaparse, on purpose (the tests pin each):
// - blank lines are not rows (csv-to-json skips them), so they neither count nor break a run;
//   papaparse counts a blank line as a row of one field unless asked to skip them;
// - a candidate under which the sample's quoting is malformed (`"a,b";c` read with `,`: text
//   after a closing quote) is out: it cannot be the delimiter of a readable file. Papaparse
//   reads on leniently and may still pick it;
// - line endings may be mixed, as everywhere in this tool.
import { parseCsv } from './csv-parse';

/** The delimiters `auto` chooses from, in the order ties are broken. */
export const CANDIDATES = [',', ';', '\t', '|'] as const;
export type Candidate = (typeof CANDIDATES)[number];

/** Rows of the sample, as papaparse's guess reads (blank lines excluded here). */
export const SAMPLE_ROWS = 10;

interface Score {
  delimiter: Candidate;
  /** Sum over consecutive rows of the change in field count. */
  delta: number;
  /** Mean field count of the sample's rows. */
  average: number;
}

/** Every candidate's score on the sample; a candidate is missing when its reading fails. */
export function scoreDelimiters(text: string, start: number): Score[] {
  const scores: Score[] = [];
  for (const delimiter of CANDIDATES) {
    // Cost: each candidate reads SAMPLE_ROWS rows, so at most 4 passes over the text even when
    // a wrong delimiter makes one quoted field run to the end.
    const parsed = parseCsv(text, start, delimiter, SAMPLE_ROWS);
    if (!parsed.ok || parsed.rowEnd.length === 0) continue;
    let delta = 0;
    let previous = parsed.rowEnd[0]!;
    for (let r = 1; r < parsed.rowEnd.length; r++) {
      const count = parsed.rowEnd[r]! - parsed.rowEnd[r - 1]!;
      delta += Math.abs(count - previous);
      previous = count;
    }
    scores.push({ delimiter, delta, average: parsed.fields.length / parsed.rowEnd.length });
  }
  return scores;
}

/** The best delimiter by the rule above, or undefined when no candidate splits the rows. */
export function detectDelimiter(text: string, start: number): Candidate | undefined {
  let best: Score | undefined;
  for (const score of scoreDelimiters(text, start)) {
    // papaparse's threshold: 1.99 rather than 2 tolerates no rounding, it is simply "about 2".
    if (score.average <= 1.99) continue;
    if (best === undefined || score.delta < best.delta || (score.delta === best.delta && score.average > best.average))
      best = score;
  }
  return best?.delimiter;
}
