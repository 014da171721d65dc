import type { z } from 'zod';
import { defineTool } from '../define';
import type { Counts } from './coverage';
import { parseLcov } from './parser';
import { percent } from './percent';
import { CoverageRecord, Input, Output } from './schema';

const EXAMPLE = [
  'TN:',
  'SF:src/math.js',
  'FN:1,add',
  'FN:5,divide',
  'FNF:2',
  'FNH:1',
  'FNDA:3,add',
  'FNDA:0,divide',
  'DA:1,1',
  'DA:2,3',
  'DA:5,1',
  'DA:6,0',
  'DA:7,0',
  'LF:5',
  'LH:3',
  'BRDA:6,0,0,0',
  'BRDA:6,0,1,0',
  'BRF:2',
  'BRH:0',
  'end_of_record',
  '',
].join('\n');

export default defineTool({
  slug: 'lcov-viewer',
  name: 'LCOV Coverage Viewer',
  summary: 'Parses an LCOV tracefile (lcov.info) into line, function and branch coverage per file and overall.',
  tag: 'validation',
  category: 'data',
  icon: 'list-checks',
  blurb: 'Line, function and branch coverage.',
  keywords: ['lcov', 'coverage', 'code coverage', 'lcov.info', 'tracefile', 'istanbul', 'c8', 'nyc', 'gcov', 'branches', 'tests'],
  paste: [{ kind: 'lcov', field: 'lcov' }],
  input: Input,
  output: Output,
  // LCOV has no registered MIME type; the extensions are what platforms match on.
  accepts: { types: { 'text/x-lcov': ['.info', '.lcov'] }, read: 'text', field: 'lcov' },
  examples: [{ summary: 'Coverage of one file written by c8/istanbul', input: { lcov: EXAMPLE } }],
  run({ lcov }) {
    const files = parseLcov(lcov).map((file) => ({ path: file.path, counts: file.counts() }));
    // The summary comes from the summed counts, never from averaged percentages.
    const total: Counts = { lines: { hit: 0, found: 0 }, functions: { hit: 0, found: 0 }, branches: { hit: 0, found: 0 } };
    for (const { counts } of files) {
      for (const category of ['lines', 'functions', 'branches'] as const) {
        total[category].hit += counts[category].hit;
        total[category].found += counts[category].found;
      }
    }
    return { summary: record(total), files: files.map(({ path, counts }) => ({ path, ...record(counts) })) };
  },
});

/** Counts and percentages under the field names of docs/spec.md §2. */
function record({ lines, functions, branches }: Counts): z.input<typeof CoverageRecord> {
  return {
    linesCoverage: percent(lines.hit, lines.found),
    functionsCoverage: percent(functions.hit, functions.found),
    branchesCoverage: percent(branches.hit, branches.found),
    linesHit: lines.hit,
    linesFound: lines.found,
    functionsHit: functions.hit,
    functionsFound: functions.found,
    branchesHit: branches.hit,
    branchesFound: branches.found,
  };
}
