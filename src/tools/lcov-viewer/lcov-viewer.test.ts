import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { markdownSummary } from './markdown';
import { percent } from './percent';
import { buildTree, initiallyOpen, visibleRows } from './tree';
import { commonBase } from './view';
import tool from './tool';
import { prng } from '../../../tests/support/prng';
import { nodeContext } from '../../platform/node-context';

async function run(lcov: string, baseline?: string) {
  return invoke(tool, baseline === undefined ? { lcov } : { lcov, baseline }, nodeContext);
}

type Body = {
  summary: Record<string, number>;
  files: (Record<string, number | string> & {
    uncoveredLines: string;
    functions: { name: string; line: number | null; hits: number }[];
  })[];
  diff?: {
    summary: Record<string, number>;
    files: { path: string; before: Record<string, number> | null; after: Record<string, number> | null }[];
  };
};

async function ok(lcov: string, baseline?: string) {
  const reply = await run(lcov, baseline);
  expect(reply.status, JSON.stringify(reply.body).slice(0, 500)).toBe(200);
  expect(tool.output.safeParse(reply.body).success).toBe(true);
  return reply.body as Body;
}

async function fails(lcov: string) {
  const reply = await run(lcov);
  expect(reply.status).toBe(400);
  return reply.body.error as string;
}

describe('percent', () => {
  it('rounds the examples of the spec and the contract', () => {
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(6, 8)).toBe(75);
    expect(percent(1999, 2000)).toBe(100);
    expect(percent(1, 8)).toBe(12.5);
    expect(percent(1, 16)).toBe(6.3);
    expect(percent(3, 16)).toBe(18.8); // 18.75
    expect(percent(1, 2000)).toBe(0.1); // 0.05
    expect(percent(1, 20001)).toBe(0); // 0.004999…
    expect(percent(0, 7)).toBe(0);
    expect(percent(7, 7)).toBe(100);
    expect(percent(0, 0)).toBe(100);
  });

  it('is exact where floating point is not', () => {
    // 0.145 × 100 = 14.499999999999998 in binary floating point; the exact value is 14.5.
    expect((29 / 200) * 100).toBeLessThan(14.5);
    expect(percent(29, 200)).toBe(14.5);
    // 50.25 % and 50.05 %: the naive Math.round(hit / found × 1000) / 10 rounds them down.
    expect(percent(201, 400)).toBe(50.3);
    expect(Math.round((201 / 400) * 1000) / 10).toBe(50.2);
    expect(percent(1001, 2000)).toBe(50.1);
    expect(Math.round((1001 / 2000) * 1000) / 10).toBe(50);
  });

  it('satisfies the definition of rounding half up on many random fractions', () => {
    const random = prng(7);
    for (let i = 0; i < 20000; i++) {
      const found = 1 + Math.floor(random() * (i % 2 ? 50 : 5_000_000));
      const hit = Math.floor(random() * (found + 1));
      const p = percent(hit, found);
      expect(String(p)).toMatch(/^\d{1,3}(\.\d)?$/);
      const t = BigInt(Math.round(p * 10));
      // t is round-half-up of x = 1000·hit/found  ⇔  (2t − 1)·found ≤ 2000·hit < (2t + 1)·found.
      const f = BigInt(found);
      const x2 = 2000n * BigInt(hit);
      expect((2n * t - 1n) * f <= x2 && x2 < (2n * t + 1n) * f, `${hit}/${found} → ${p}`).toBe(true);
    }
  });

  it('handles counts beyond 2^53 / 2000 without losing the tie', () => {
    // 2^52 + 1 … half of an odd count: exactly x.5 tenths would need care; here 1/2 = 50 exactly.
    expect(percent(2 ** 52, 2 ** 53)).toBe(50);
    expect(percent(Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER)).toBe(100);
  });
});

// ---------------------------------------------------------------------------------------------
// Property test: random coverage, written as several test runs in the styles of real producers,
// against an independent model (a line is hit when any run hit it, and so on).

interface Model {
  lines: number[][]; // per run: hits per line index
  functions: { name: string; line: number }[];
  fnHits: number[][]; // per run
  branches: { line: number; block: number; branch: number }[];
  brTaken: (number | '-')[][]; // per run
}

function randomModel(random: () => number): Model {
  const runs = 1 + Math.floor(random() * 3);
  const nLines = Math.floor(random() * 30);
  const nFns = Math.floor(random() * 6);
  const nBr = Math.floor(random() * 4) * 2;
  const functions = Array.from({ length: nFns }, (_, i) => ({
    name: random() < 0.2 ? 'dup' : `fn_${i}`,
    line: 1 + i * 10,
  }));
  const branches = Array.from({ length: nBr }, (_, i) => ({
    line: 3 + Math.floor(i / 2) * 7,
    block: Math.floor(i / 2),
    branch: i % 2,
  }));
  const hits = () => (random() < 0.5 ? 0 : Math.floor(random() * 5));
  return {
    functions,
    branches,
    lines: Array.from({ length: runs }, () => Array.from({ length: nLines }, hits)),
    fnHits: Array.from({ length: runs }, () => functions.map(hits)),
    brTaken: Array.from({ length: runs }, () => branches.map(() => (random() < 0.2 ? '-' : hits()))),
  };
}

function render(model: Model, path: string, run: number, style: number): string[] {
  const out: string[] = [`TN:run${run}`, `SF:${path}`];
  const fnLines = model.functions.map((f) =>
    style === 1 ? `FN:${f.line},${f.line + 5},${f.name}` : `FN:${f.line},${f.name}`,
  );
  const fndaLines = model.functions.map((f, i) => `FNDA:${model.fnHits[run]![i]},${f.name}`);
  // istanbul writes FNDA after FNF/FNH; style 2 even puts FNDA before FN (order must not matter).
  if (style === 2) out.push(...fndaLines, ...fnLines);
  // Summary lines that contradict the details (they must be ignored), or true ones where a
  // category has no details (they are then what counts).
  else out.push(...fnLines, model.functions.length ? 'FNF:999' : 'FNF:0', 'FNH:0', ...fndaLines);
  model.branches.forEach((b, i) => out.push(`BRDA:${b.line},${b.block},${b.branch},${model.brTaken[run]![i]}`));
  model.lines[run]!.forEach((h, i) =>
    out.push(style === 1 ? `DA:${i + 1},${h},abcdefghijklmnopqrstuv` : `DA:${i + 1},${h}`),
  );
  out.push(...(model.lines[run]!.length ? ['LF:999', 'LH:998'] : ['LF:0', 'LH:0']), 'end_of_record');
  return out;
}

function expected(model: Model) {
  const anyHit = (perRun: (number | '-')[][], i: number) =>
    perRun.some((run) => typeof run[i] === 'number' && (run[i] as number) > 0);
  const lines = model.lines[0]!.map((_, i) => anyHit(model.lines, i));
  const fns = model.functions.map((_, i) => anyHit(model.fnHits, i));
  const brs = model.branches.map((_, i) => anyHit(model.brTaken, i));
  const count = (xs: boolean[]) => [xs.filter(Boolean).length, xs.length] as const;
  // Lines 1…n are all instrumented: a run of unhit lines is one range, written out one by one.
  let uncovered = '';
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]) continue;
    let j = i;
    while (j + 1 < lines.length && !lines[j + 1]) j++;
    uncovered += `${uncovered ? ',' : ''}${i + 1}${j > i ? `-${j + 1}` : ''}`;
    i = j;
  }
  return { lines: count(lines), functions: count(fns), branches: count(brs), uncovered };
}

describe('lcov-viewer on generated tracefiles', () => {
  it('matches an independent model for many random multi-run files', async () => {
    const random = prng(42);
    for (let iteration = 0; iteration < 300; iteration++) {
      const models = [randomModel(random), randomModel(random)];
      const paths = ['src/a.js', 'src/b.js'];
      const style = iteration % 3;
      // Interleave the runs of both files: a.js run 0, b.js run 0, a.js run 1, …
      const blocks: string[] = [];
      for (let run = 0; run < 3; run++) {
        models.forEach((m, f) => {
          if (run < m.lines.length) blocks.push(...render(m, paths[f]!, run, style));
        });
      }
      const text = blocks.join(iteration % 2 ? '\r\n' : '\n');
      const body = await ok(text);

      const totals: Record<'lines' | 'functions' | 'branches', [number, number]> = {
        lines: [0, 0],
        functions: [0, 0],
        branches: [0, 0],
      };
      body.files.forEach((file, f) => {
        const e = expected(models[f]!);
        expect(file.path).toBe(paths[f]);
        expect([file.linesHit, file.linesFound]).toEqual([...e.lines]);
        expect([file.functionsHit, file.functionsFound]).toEqual([...e.functions]);
        expect([file.branchesHit, file.branchesFound]).toEqual([...e.branches]);
        expect(file.uncoveredLines).toBe(e.uncovered);
        for (const k of ['lines', 'functions', 'branches'] as const) {
          totals[k][0] += e[k][0];
          totals[k][1] += e[k][1];
        }
      });
      expect(body.files).toHaveLength(2);
      expect([body.summary.linesHit, body.summary.linesFound]).toEqual(totals.lines);
      expect([body.summary.functionsHit, body.summary.functionsFound]).toEqual(totals.functions);
      expect([body.summary.branchesHit, body.summary.branchesFound]).toEqual(totals.branches);
    }
  });
});

describe('lcov-viewer details', () => {
  const only = (body: Awaited<ReturnType<typeof ok>>) => body.files[0]!;

  it('accepts lone CR line endings and reports line numbers by any line ending', async () => {
    expect(only(await ok('SF:a.c\rDA:1,1\rDA:2,0\rend_of_record\r')).linesHit).toBe(1);
    expect(await fails('SF:a.c\r\nDA:1,1\rDA:2,0\nDA:x,1\r\n')).toMatch(/^Line 4: DA/);
  });

  it('reads FNDA before FN, FNDA without FN, and extra FNDA lines', async () => {
    const file = only(
      await ok(
        [
          'SF:a.c',
          'FNDA:2,late',
          'FN:1,late',
          'FNDA:1,orphan',
          'FN:5,twice',
          'FNDA:0,twice',
          'FNDA:3,twice',
          'end_of_record',
        ].join('\n'),
      ),
    );
    // late (hit), orphan (counted from its FNDA, hit), twice (0 + 3, hit)
    expect([file.functionsHit, file.functionsFound]).toEqual([3, 3]);
  });

  it('counts FNL functions once whatever their aliases, and merges them by start line', async () => {
    const text = [
      'SF:w.cpp',
      'FNL:0,10,20',
      'FNA:0,0,C1',
      'FNA:0,0,C2',
      'FNL:1,30',
      'FNA:1,0,draw',
      'end_of_record',
      'SF:w.cpp',
      'FNL:0,30',
      'FNA:0,4,draw',
      'FNL:1,10,20',
      'FNA:1,0,C1',
      'end_of_record',
    ].join('\n');
    const file = only(await ok(text));
    expect([file.functionsHit, file.functionsFound]).toEqual([1, 2]);
  });

  it('skips lcov 2 excluded (U) branches and keeps exception (e) branches apart', async () => {
    const file = only(
      await ok(
        [
          'SF:a.c',
          'BRDA:4,0,0,1',
          'BRDA:4,0,1,0',
          'BRDA:4,U1,0,-',
          'BRDA:4,e0,0,0',
          'BRDA:4,e0,1,2',
          'end_of_record',
        ].join('\n'),
      ),
    );
    expect([file.branchesHit, file.branchesFound]).toEqual([2, 4]);
  });

  it('merges summary-only records by taking the best of them, and clamps hit to found', async () => {
    let file = only(
      await ok(['SF:g.js', 'LF:10', 'LH:7', 'end_of_record', 'SF:g.js', 'LF:10', 'LH:4', 'end_of_record'].join('\n')),
    );
    expect([file.linesHit, file.linesFound, file.linesCoverage]).toEqual([7, 10, 70]);
    file = only(await ok(['SF:g.js', 'BRF:4', 'BRH:9', 'end_of_record'].join('\n')));
    expect([file.branchesHit, file.branchesFound, file.branchesCoverage]).toEqual([4, 4, 100]);
    // A record with details makes the summary-only records of that file irrelevant.
    file = only(
      await ok(['SF:g.js', 'LF:10', 'LH:9', 'end_of_record', 'SF:g.js', 'DA:1,0', 'end_of_record'].join('\n')),
    );
    expect([file.linesHit, file.linesFound]).toEqual([0, 1]);
  });

  it('sums duplicate DA lines and accepts huge hit counts (gcov wrap-around)', async () => {
    const file = only(
      await ok(
        ['SF:a.c', 'DA:1,0', 'DA:1,0', 'DA:2,18446744073709551615', 'DA:3,0', 'DA:3,2', 'end_of_record'].join('\n'),
      ),
    );
    expect([file.linesHit, file.linesFound]).toEqual([2, 3]);
  });

  it('ends a record at the next SF and at the end of the input', async () => {
    const body = await ok('SF:a.c\nDA:1,1\nSF:b.c\nDA:1,0');
    expect(body.files.map((f) => [f.path, f.linesHit, f.linesFound])).toEqual([
      ['a.c', 1, 1],
      ['b.c', 0, 1],
    ]);
  });

  it('keeps paths as written, trimmed, and in order of first appearance', async () => {
    const body = await ok(
      [
        'SF: b.c ',
        'end_of_record',
        'SF:A.c',
        'end_of_record',
        'SF:a.c',
        'end_of_record',
        'SF:b.c',
        'end_of_record',
      ].join('\n'),
    );
    expect(body.files.map((f) => f.path)).toEqual(['b.c', 'A.c', 'a.c']);
  });

  it('ignores lines whose kind is an Object.prototype name', async () => {
    const file = only(
      await ok(
        ['SF:a.c', 'constructor:1', '__proto__:x', 'toString:2', 'hasOwnProperty:,', 'DA:1,1', 'end_of_record'].join(
          '\n',
        ),
      ),
    );
    expect([file.linesHit, file.linesFound]).toEqual([1, 1]);
  });

  it('names every malformed kind of line', async () => {
    const bad: [string, RegExp][] = [
      ['DA:1', /^Line 2: DA expects 'line,hits' with whole numbers, got 'DA:1'\.$/],
      ['DA:1.5,1', /^Line 2: DA /],
      ['DA:1,1e3', /^Line 2: DA /],
      ['FN:x,main', /^Line 2: FN expects 'line,name' or 'start,end,name'/],
      ['FN:3,', /^Line 2: FN /],
      ['FNDA:1', /^Line 2: FNDA expects 'hits,name'/],
      ['FNDA:-1,f', /^Line 2: FNDA /],
      ['FNL:0', /^Line 2: FNL expects 'index,start\[,end\]'/],
      ['FNL:0,1,2,3', /^Line 2: FNL /],
      ['FNA:0,1', /^Line 2: FNA expects 'index,hits,name'/],
      ['BRDA:1,0,0', /^Line 2: BRDA expects/],
      ['BRDA:1,x,0,1', /^Line 2: BRDA /],
      ['BRDA:1,0,,1', /^Line 2: BRDA /],
      ['FNF:', /^Line 2: FNF expects a whole number/],
      ['BRH:99999999999999999999', /^Line 2: BRH /],
      ['SF:', /^Line 2: SF expects the path of a source file/],
    ];
    for (const [line, message] of bad) expect(await fails(`SF:a.c\n${line}\nend_of_record`)).toMatch(message);
  });

  it('cuts a long offending line in the message', async () => {
    const message = await fails(`SF:a.c\nDA:${'9'.repeat(500)}x,1`);
    expect(message.length).toBeLessThan(200);
    expect(message).toMatch(/…'\.$/);
  });

  it('refuses count lines after end_of_record and before the next SF', async () => {
    expect(await fails('SF:a.c\nDA:1,1\nend_of_record\nLH:1\nSF:b.c')).toBe(
      'Line 4: LH appears outside a record; each record starts with an SF line and ends with end_of_record.',
    );
  });

  it('needs an SF line, wherever blank space puts it', async () => {
    expect(await fails('\n\n   \n')).toMatch(/^No LCOV records found/);
    expect(await fails('DA:1,1\nend_of_record')).toMatch(/^No LCOV records found/);
    expect(only(await ok('\n  \tSF:x.c\nDA:1,1')).path).toBe('x.c');
  });

  it('parses a 16 MiB tracefile quickly and stays linear on blank input', async () => {
    const record = [
      'TN:',
      'SF:src/f.js',
      'FN:1,f',
      'FNDA:1,f',
      ...Array.from({ length: 200 }, (_, i) => `DA:${i + 1},${i % 3}`),
      'BRDA:1,0,0,1',
      'BRDA:1,0,1,-',
      'end_of_record',
    ].join('\n');
    const big = Array.from({ length: Math.ceil((16 * 1024 * 1024) / record.length) }, (_, i) =>
      record.replace('src/f.js', `src/f${i % 500}.js`),
    ).join('\n');
    const body = await ok(big);
    expect(body.files).toHaveLength(500);
    expect(body.files[0]).toMatchObject({
      linesHit: 133,
      linesFound: 200,
      linesCoverage: 66.5,
      branchesHit: 1,
      branchesFound: 2,
    });

    await fails('\n'.repeat(8 * 1024 * 1024) + ' '.repeat(8 * 1024 * 1024));
  }, 60_000); // no clock: quadratic parsing would take minutes, far past this timeout
});

// ---------------------------------------------------------------------------------------------
// Real tracefiles against independent tools. tests/fixtures/lcov/real: a C program built with
// gcc 12 --coverage, captured by lcov 1.16; reference.json holds `lcov --summary`'s counts (whole
// tracefile and per file) and gcov's JSON view of each file (uncovered lines, functions), written
// once by make-reference.mjs. c8.info and geninfo.info: `lcov --summary --rc
// lcov_branch_coverage=1` (lcov 1.16) printed the counts below.
const FIXTURES = new URL('../../../tests/fixtures/lcov/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');

interface Tally {
  hit: number;
  found: number;
}
interface Reference {
  lcov: Record<'lines' | 'functions' | 'branches', Tally>;
  files: Record<
    string,
    {
      lcov: Record<'lines' | 'functions' | 'branches', Tally>;
      gcov: { uncoveredLines: string; functions: { name: string; line: number; hits: number }[] };
    }
  >;
}
const reference = JSON.parse(fixture('real/reference.json')) as Record<'base' | 'head', Reference>;
const counts = (record: Record<string, unknown>) => ({
  lines: { hit: record.linesHit, found: record.linesFound },
  functions: { hit: record.functionsHit, found: record.functionsFound },
  branches: { hit: record.branchesHit, found: record.branchesFound },
});

describe('lcov-viewer on real tracefiles', () => {
  for (const version of ['base', 'head'] as const) {
    it(`${version}.info: counts as lcov --summary, uncovered lines and functions as gcov`, async () => {
      const body = await ok(fixture(`real/${version}.info`));
      const expected = reference[version];
      expect(counts(body.summary)).toEqual(expected.lcov);
      expect(body.files.map((file) => file.path).sort()).toEqual(Object.keys(expected.files).sort());
      for (const file of body.files) {
        const want = expected.files[file.path as string]!;
        expect(counts(file), file.path as string).toEqual(want.lcov);
        expect(file.uncoveredLines, file.path as string).toBe(want.gcov.uncoveredLines);
        expect(file.functions, file.path as string).toEqual(want.gcov.functions);
      }
    });
  }

  it('compares head with base: deltas of the rounded percentages, changed, added and removed files', async () => {
    const body = await ok(fixture('real/head.info'), fixture('real/base.info'));
    // lcov prints one decimal; the delta is taken between those printed values.
    const shown = ({ hit, found }: Tally) => Math.round((hit / found) * 1000);
    const { base, head } = reference;
    for (const category of ['lines', 'functions', 'branches'] as const) {
      expect(body.diff!.summary[`${category}Coverage`]).toBe(
        (shown(head.lcov[category]) - shown(base.lcov[category])) / 10,
      );
    }
    expect(body.diff!.summary).toEqual({ linesCoverage: 9.8, functionsCoverage: 0.6, branchesCoverage: 19.5 });
    const percentages = (file: Reference['files'][string] | undefined) =>
      file
        ? {
            linesCoverage: shown(file.lcov.lines) / 10,
            functionsCoverage: shown(file.lcov.functions) / 10,
            branchesCoverage: shown(file.lcov.branches) / 10,
          }
        : null;
    const changed = Object.keys(head.files).filter(
      (path) => JSON.stringify(percentages(base.files[path])) !== JSON.stringify(percentages(head.files[path])),
    );
    const removed = Object.keys(base.files).filter((path) => !head.files[path]);
    expect(body.diff!.files.map((file) => file.path).sort()).toEqual([...changed, ...removed].sort());
    expect(removed).toEqual(['/tmp/calc/src/legacy.c']);
    expect(body.diff!.files.map((file) => file.path)).not.toContain('/tmp/calc/src/util/strbuf.c');
    for (const { path, before, after } of body.diff!.files) {
      expect(before, path).toEqual(percentages(base.files[path]));
      expect(after, path).toEqual(percentages(head.files[path]));
    }
  });

  it('c8.info and geninfo.info: counts as lcov --summary', async () => {
    expect(counts((await ok(fixture('c8.info'))).summary)).toEqual({
      lines: { hit: 17, found: 27 },
      functions: { hit: 4, found: 6 },
      branches: { hit: 4, found: 8 },
    });
    expect(counts((await ok(fixture('geninfo.info'))).summary)).toEqual({
      lines: { hit: 10, found: 14 },
      functions: { hit: 2, found: 3 },
      branches: { hit: 3, found: 6 },
    });
  });
});

describe('lcov-viewer: size of the new fields', () => {
  it('keeps uncoveredLines shorter than the DA lines it comes from, whatever their order', async () => {
    // Every other line uncovered (the worst case for ranges), in reverse order.
    const da = Array.from({ length: 20000 }, (_, i) => `DA:${20000 - i},${(20000 - i) % 2}`);
    const file = (await ok(['SF:a.c', ...da, 'end_of_record'].join('\n'))).files[0]!;
    expect(file.uncoveredLines.length).toBeLessThan(da.join('\n').length / 2);
    expect(file.uncoveredLines.startsWith('2,4,6,')).toBe(true);
    expect(file.uncoveredLines.endsWith(',19998,20000')).toBe(true);
    // A solid block is one range.
    const block = (
      await ok(['SF:a.c', ...Array.from({ length: 50000 }, (_, i) => `DA:${i + 1},0`), 'end_of_record'].join('\n'))
    ).files[0]!;
    expect(block.uncoveredLines).toBe('1-50000');
  });

  it('lists a function once per FN line however many records repeat it', async () => {
    const records = Array.from({ length: 200 }, (_, i) => `SF:a.c\nFN:3,f\nFNDA:${i},f\nend_of_record`).join('\n');
    const file = (await ok(records)).files[0]!;
    expect(file.functions).toEqual([{ name: 'f', line: 3, hits: (199 * 200) / 2 }]);
  });

  it('a baseline error names the field; the head is read first', async () => {
    expect((await run('SF:a.c\nDA:1,1', 'nothing here')).body.error).toMatch(/^'baseline', no LCOV records found/);
    expect((await run('no records', 'nothing here')).body.error).toMatch(/^No LCOV records found/);
  });
});

// ---------------------------------------------------------------------------------------------
// The page's pure helpers: the folder tree and the Markdown summary.
describe('lcov-viewer page helpers', () => {
  it('rolls counts up into folders, joins single-folder chains and keeps deep paths off the stack', async () => {
    const body = await ok(fixture('real/head.info'));
    const files = body.files as unknown as Parameters<typeof buildTree>[0];
    const root = buildTree(files, commonBase(files.map((file) => file.path)));
    expect(root.children.map((node) => node.name)).toEqual(['parse', 'util', 'main.c']);
    const parse = root.children[0]!;
    // expr.c 30/36 + tokens.c 32/32 (lcov --summary per file, reference.json).
    expect([parse.linesHit, parse.linesFound, parse.linesCoverage, parse.files]).toEqual([62, 68, 91.2, 2]);
    expect([
      root.linesHit,
      root.linesFound,
      root.functionsHit,
      root.functionsFound,
      root.branchesHit,
      root.branchesFound,
    ]).toEqual([107, 118, 12, 13, 59, 76]);

    // No common base: /tmp/calc/src is one node, not three.
    const whole = buildTree(files, '');
    expect(whole.children.map((node) => node.name)).toEqual(['tmp/calc/src']);

    // 50,000 nested folders: no recursion over the depth.
    const deep = `${'d/'.repeat(50000)}f.c`;
    const tree = buildTree([{ ...files[0]!, path: deep }], '');
    expect(tree.children).toHaveLength(1);
    expect(tree.children[0]!.name.length).toBe(50000 * 2 - 1);
    expect(visibleRows(tree, new Set(), 10, (file) => file.path.endsWith('f.c')).rows).toHaveLength(2);
  });

  it('draws only open folders, at most a page of rows', () => {
    const row = (path: string) => ({
      path,
      linesCoverage: 100,
      functionsCoverage: 100,
      branchesCoverage: 100,
      linesHit: 1,
      linesFound: 1,
      functionsHit: 0,
      functionsFound: 0,
      branchesHit: 0,
      branchesFound: 0,
      uncoveredLines: '',
      functions: [],
    });
    const files = Array.from({ length: 5000 }, (_, i) => row(`src/m${i % 50}/f${i}.ts`));
    const root = buildTree(files, 'src/');
    expect(root.children).toHaveLength(50);
    expect(initiallyOpen(root).size).toBe(0); // over 200 files: folders start closed
    expect(visibleRows(root, new Set(), 300)).toEqual({ rows: expect.any(Array), more: false });
    expect(visibleRows(root, new Set(), 300).rows).toHaveLength(50);
    const all = visibleRows(root, initiallyOpen(root, Infinity), 300);
    expect([all.rows.length, all.more]).toEqual([300, true]);
  });

  it('writes the Markdown summary with escaped paths', () => {
    const record = (lines: number) => ({ linesCoverage: lines, functionsCoverage: 100, branchesCoverage: 100 });
    const summary = {
      ...record(50),
      linesHit: 1,
      linesFound: 2,
      functionsHit: 0,
      functionsFound: 0,
      branchesHit: 0,
      branchesFound: 0,
    };
    const text = markdownSummary({
      summary,
      files: [],
      diff: {
        summary: { linesCoverage: -1.5, functionsCoverage: 0, branchesCoverage: 0 },
        files: [
          { path: 'a|b.js', before: record(60), after: record(50) },
          { path: 'x`y.js', before: record(10), after: record(90) },
        ],
      },
    });
    expect(text).toContain('| Lines | 50.0 % | 1 / 2 | ▼ −1.5 |');
    expect(text).toContain('| Functions | — | 0 / 0 | ±0.0 |');
    // Largest change first; a pipe is escaped, a backtick widens the fence.
    expect(text.split('\n').slice(-3)).toEqual([
      '| ``x`y.js`` | 90.0 % (▲ +80.0) | 100.0 % (±0.0) | 100.0 % (±0.0) |',
      '| `a\\|b.js` | 50.0 % (▼ −10.0) | 100.0 % (±0.0) | 100.0 % (±0.0) |',
      '',
    ]);
  });
});
