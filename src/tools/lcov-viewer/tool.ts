import type { z } from 'zod';
import { defineTool, ToolInputError } from '../define';
import type { Counts, FileCoverage } from './coverage';
import { parseLcov } from './parser';
import { percent } from './percent';
import { delta } from './view';
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

/** The same file on the base branch, where line 5 had not run yet. */
const BASELINE = [
  'TN:',
  'SF:src/math.js',
  'FN:1,add',
  'FN:5,divide',
  'FNDA:3,add',
  'FNDA:0,divide',
  'DA:1,1',
  'DA:2,3',
  'DA:5,0',
  'DA:6,0',
  'DA:7,0',
  'BRDA:6,0,0,0',
  'BRDA:6,0,1,0',
  'end_of_record',
  '',
].join('\n');

export default defineTool({
  slug: 'lcov-viewer',
  name: 'LCOV Coverage Viewer',
  summary:
    'Parses an LCOV tracefile (lcov.info) into line, function and branch coverage per file and overall; lists uncovered lines and compares with a baseline.',
  tag: 'validation',
  category: 'data',
  icon: 'list-checks',
  blurb: 'Line, function and branch coverage.',
  keywords: [
    'lcov',
    'coverage',
    'code coverage',
    'lcov.info',
    'tracefile',
    'istanbul',
    'c8',
    'nyc',
    'gcov',
    'branches',
    'tests',
  ],
  paste: [{ kind: 'lcov', field: 'lcov' }],
  input: Input,
  output: Output,
  // LCOV has no registered MIME type; the extensions are what platforms match on.
  accepts: { types: { 'text/x-lcov': ['.info', '.lcov'] }, read: 'text', field: 'lcov' },
  examples: [
    { summary: 'Coverage of one file written by c8/istanbul', input: { lcov: EXAMPLE } },
    { summary: 'Compare with the base branch', input: { lcov: EXAMPLE, baseline: BASELINE } },
  ],
  run({ lcov, baseline }) {
    const head = report(parseLcov(lcov));
    // A baseline's errors name the field: the page shows two tracefiles, and "Line 4" alone
    // would point at the wrong one.
    const base = baseline === undefined ? undefined : report(parseOrName(baseline, 'baseline'));
    return {
      summary: record(head.total),
      files: head.files.map(({ file, counts }) => ({
        path: file.path,
        ...record(counts),
        uncoveredLines: file.uncoveredLines(),
        functions: file.functionList(),
      })),
      ...(base && { diff: diff(base, head) }),
    };
  },
});

interface Report {
  files: { file: FileCoverage; counts: Counts }[];
  total: Counts;
}

/** Each file's counts and the summed total (never averaged percentages). */
function report(parsed: FileCoverage[]): Report {
  const files = parsed.map((file) => ({ file, counts: file.counts() }));
  const total: Counts = {
    lines: { hit: 0, found: 0 },
    functions: { hit: 0, found: 0 },
    branches: { hit: 0, found: 0 },
  };
  for (const { counts } of files) {
    for (const category of CATEGORIES) {
      total[category].hit += counts[category].hit;
      total[category].found += counts[category].found;
    }
  }
  return { files, total };
}

function parseOrName(text: string, field: string): FileCoverage[] {
  try {
    return parseLcov(text);
  } catch (error) {
    if (!(error instanceof ToolInputError)) throw error;
    throw new ToolInputError(`'${field}', ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`);
  }
}

const CATEGORIES = ['lines', 'functions', 'branches'] as const;

/**
 * The change from `base` to `head`: the summary's percentages subtracted as shown (in tenths,
 * so 66.7 − 50 is 16.7, not 16.700000000000003), and the files that differ.
 */
function diff(base: Report, head: Report) {
  const before = record(base.total);
  const after = record(head.total);
  const change = (key: 'linesCoverage' | 'functionsCoverage' | 'branchesCoverage') => delta(after[key], before[key]);
  const old = new Map(base.files.map(({ file, counts }) => [file.path, percentages(counts)]));
  const files: { path: string; before: Percentages | null; after: Percentages | null }[] = [];
  for (const { file, counts } of head.files) {
    const was = old.get(file.path);
    const now = percentages(counts);
    if (!was) files.push({ path: file.path, before: null, after: now });
    else if (!samePercentages(was, now)) files.push({ path: file.path, before: was, after: now });
  }
  const now = new Set(head.files.map(({ file }) => file.path));
  for (const { file, counts } of base.files)
    if (!now.has(file.path)) files.push({ path: file.path, before: percentages(counts), after: null });
  return {
    summary: {
      linesCoverage: change('linesCoverage'),
      functionsCoverage: change('functionsCoverage'),
      branchesCoverage: change('branchesCoverage'),
    },
    files,
  };
}

type Coverage = z.input<typeof CoverageRecord>;
type Percentages = Pick<Coverage, 'linesCoverage' | 'functionsCoverage' | 'branchesCoverage'>;

const percentages = ({ lines, functions, branches }: Counts): Percentages => ({
  linesCoverage: percent(lines.hit, lines.found),
  functionsCoverage: percent(functions.hit, functions.found),
  branchesCoverage: percent(branches.hit, branches.found),
});

const samePercentages = (a: Percentages, b: Percentages) =>
  a.linesCoverage === b.linesCoverage &&
  a.functionsCoverage === b.functionsCoverage &&
  a.branchesCoverage === b.branchesCoverage;

/** Counts and percentages under the field names of docs/spec.md §2. */
function record({ lines, functions, branches }: Counts): Coverage {
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
