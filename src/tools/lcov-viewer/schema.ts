import { z } from 'zod';
import { pure } from '../pure';

/**
 * The coverage record of docs/spec.md §2, shared by `summary` and every `files` entry. Exported so that
 * OpenAPI can register it once under `components/schemas`.
 */
export const CoverageRecord = pure(() =>
  z
    .object({
      linesCoverage: z
        .number()
        .min(0)
        .max(100)
        .describe('Line coverage in percent (0–100, at most one decimal; 100 when no line is instrumented).'),
      functionsCoverage: z
        .number()
        .min(0)
        .max(100)
        .describe('Function coverage in percent (0–100, at most one decimal; 100 when no function is found).'),
      branchesCoverage: z
        .number()
        .min(0)
        .max(100)
        .describe('Branch coverage in percent (0–100, at most one decimal; 100 when no branch is found).'),
      linesHit: z.number().int().min(0).describe('Instrumented lines executed at least once.'),
      linesFound: z.number().int().min(0).describe('Instrumented lines.'),
      functionsHit: z.number().int().min(0).describe('Functions executed at least once.'),
      functionsFound: z.number().int().min(0).describe('Functions found.'),
      branchesHit: z.number().int().min(0).describe('Branches taken at least once.'),
      branchesFound: z.number().int().min(0).describe('Branches found.'),
    })
    .describe(
      'Line, function and branch coverage: counts and percentages rounded to one decimal, half away from zero. As `summary`, the coverage of all files from their summed counts.',
    )
    .meta({ id: 'CoverageRecord' }),
);

/** One function of a file, as its FN/FNDA (or lcov 2 FNL/FNA) lines give it. */
export const FunctionCoverage = pure(() =>
  z
    .object({
      name: z
        .string()
        .describe(
          'The name on its FN line (mangled names as written); for lcov 2 FNL/FNA, the first alias in the input.',
        ),
      line: z
        .number()
        .int()
        .min(0)
        .nullable()
        .describe('The line the function starts on; null when only an FNDA line names it.'),
      hits: z
        .number()
        .int()
        .min(0)
        .describe('Times the function was called, summed over the records of the file (capped at 2^53 − 1).'),
    })
    .describe('A function and how often it ran.')
    .meta({ id: 'FunctionCoverage' }),
);

/** A coverage record for one source file (all records naming the same path merged). */
export const FileCoverageRecord = pure(() =>
  CoverageRecord.extend({
    path: z.string().describe('Source file path as written on its SF line.'),
    uncoveredLines: z
      .string()
      .describe(
        'Instrumented lines with no hits (DA count 0) as ranges of consecutive line numbers in ascending order, e.g. "3-5,9"; empty when every instrumented line ran or the file has no DA lines. A line without a DA line (not instrumented) ends a range, as genhtml marks lines: uncovered lines 3 and 5 with no DA for 4 are "3,5".',
      ),
    functions: z
      .array(FunctionCoverage)
      .describe(
        'The functions of the file by start line (those without one last), then name; empty when the tracefile names none (FNF/FNH only).',
      ),
  })
    .describe('Coverage of one source file; records that name the same path are merged as `lcov -a` merges them.')
    .meta({ id: 'FileCoverageRecord' }),
);

/** The three percentages of a coverage record: what a comparison shows. */
export const CoveragePercentages = pure(() =>
  z
    .object({
      linesCoverage: z.number().min(0).max(100).describe('Line coverage in percent, as in the coverage record.'),
      functionsCoverage: z
        .number()
        .min(0)
        .max(100)
        .describe('Function coverage in percent, as in the coverage record.'),
      branchesCoverage: z.number().min(0).max(100).describe('Branch coverage in percent, as in the coverage record.'),
    })
    .describe("A file's line, function and branch coverage in percent (one decimal; 100 when nothing was found).")
    .meta({ id: 'CoveragePercentages' }),
);

/** Per-file change between a baseline and the tracefile. */
export const FileDiff = pure(() =>
  z
    .object({
      path: z.string().describe('Source file path, matched exactly between the two tracefiles.'),
      before: CoveragePercentages.nullable().describe("The file's coverage in `baseline`; null when the file is new."),
      after: CoveragePercentages.nullable().describe("The file's coverage in `lcov`; null when the file was removed."),
    })
    .describe('A file whose coverage changed, that was added, or that was removed.')
    .meta({ id: 'FileCoverageDiff' }),
);

const Delta = (what: string) =>
  z
    .number()
    .min(-100)
    .max(100)
    .describe(
      `${what} coverage of \`lcov\` minus that of \`baseline\`, in percentage points, one decimal: the difference of the two rounded percentages of \`summary\`, so it matches what both reports show.`,
    );

export const Input = pure(() =>
  z.object({
    lcov: z
      .string()
      .describe(
        'Raw LCOV tracefile content (lcov.info) as written by lcov/geninfo, c8/istanbul, grcov or llvm-cov: TN, SF, FN/FNDA, FNL/FNA, FNF/FNH, DA, BRDA, BRF/BRH, LF/LH, end_of_record.',
      ),
    baseline: z
      .string()
      .optional()
      .describe(
        'Optional second LCOV tracefile, the coverage of the base branch, read like `lcov`. When given, the answer has `diff`: the change from this baseline to `lcov`. Files are matched by their SF path as written.',
      ),
  }),
);

export const Output = pure(() =>
  z.object({
    // The shared instances themselves (not re-described copies), so OpenAPI can reference them.
    summary: CoverageRecord,
    files: z.array(FileCoverageRecord).describe('One entry per source file, in order of first appearance.'),
    diff: z
      .object({
        summary: z
          .object({
            linesCoverage: Delta('Line'),
            functionsCoverage: Delta('Function'),
            branchesCoverage: Delta('Branch'),
          })
          .describe('Change of the overall coverage.'),
        files: z
          .array(FileDiff)
          .describe(
            'Files whose line, function or branch percentage changed, or that are new, in the order of `lcov`; then the removed files in the order of `baseline`. Files whose three percentages are unchanged are left out (even if lines were added). Percentages only, to keep the answer small: `files` has the counts of the tracefile.',
          ),
      })
      .optional()
      .describe('Only when `baseline` is sent: how coverage changed from the baseline to `lcov`.'),
  }),
);
