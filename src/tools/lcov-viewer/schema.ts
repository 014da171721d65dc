import { z } from 'zod';
import { pure } from '../pure';

/**
 * The coverage record of docs/spec.md §2, shared by `summary` and every `files` entry. Exported so that
 * OpenAPI can register it once under `components/schemas`.
 */
export const CoverageRecord = pure(() => z
  .object({
    linesCoverage: z.number().min(0).max(100).describe('Line coverage in percent (0–100, at most one decimal; 100 when no line is instrumented).'),
    functionsCoverage: z.number().min(0).max(100).describe('Function coverage in percent (0–100, at most one decimal; 100 when no function is found).'),
    branchesCoverage: z.number().min(0).max(100).describe('Branch coverage in percent (0–100, at most one decimal; 100 when no branch is found).'),
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
  .meta({ id: 'CoverageRecord' }));

/** A coverage record for one source file (all records naming the same path merged). */
export const FileCoverageRecord = pure(() => CoverageRecord.extend({
  path: z.string().describe('Source file path as written on its SF line.'),
})
  .describe('Coverage of one source file; records that name the same path are merged as `lcov -a` merges them.')
  .meta({ id: 'FileCoverageRecord' }));

export const Input = pure(() => z.object({
  lcov: z
    .string()
    .describe(
      'Raw LCOV tracefile content (lcov.info) as written by lcov/geninfo, c8/istanbul, grcov or llvm-cov: TN, SF, FN/FNDA, FNL/FNA, FNF/FNH, DA, BRDA, BRF/BRH, LF/LH, end_of_record.',
    ),
}));

export const Output = pure(() => z.object({
  // The shared instances themselves (not re-described copies), so OpenAPI can reference them.
  summary: CoverageRecord,
  files: z.array(FileCoverageRecord).describe('One entry per source file, in order of first appearance.'),
}));
