// Golden vectors: tracefiles shaped as c8/istanbul, lcov/geninfo (gcc, lcov 1.x and 2.x), grcov
// and llvm-cov write them; every count and percentage below was worked out by hand from the
// lines shown (the arithmetic is in the comments).
import type { ToolCase } from '../vectors';

const lcov = (...lines: string[]) => `${lines.join('\n')}\n`;

/** A coverage record: [hit, found, percent] for lines, functions and branches, in that order. */
function cov(lines: [number, number, number], functions: [number, number, number], branches: [number, number, number]) {
  return {
    linesCoverage: lines[2],
    functionsCoverage: functions[2],
    branchesCoverage: branches[2],
    linesHit: lines[0],
    linesFound: lines[1],
    functionsHit: functions[0],
    functionsFound: functions[1],
    branchesHit: branches[0],
    branchesFound: branches[1],
  };
}

/** The percentages a diff shows: lines, functions, branches. */
function pct(linesCoverage: number, functionsCoverage: number, branchesCoverage: number) {
  return { linesCoverage, functionsCoverage, branchesCoverage };
}

/** A file's uncovered lines and its functions, given as [name, line, hits]. */
function detail(uncoveredLines: string, functions: [string, number | null, number][]) {
  return { uncoveredLines, functions: functions.map(([name, line, hits]) => ({ name, line, hits })) };
}

const cases: ToolCase[] = [
  {
    // Lines 1,2,5,12,13 hit, 6,7,9 not: 5/8 = 62.5. Functions add, (anonymous_2) hit: 2/3 = 66.67 → 66.7.
    // Branches: only 13/1/0 taken: 1/4 = 25.
    name: 'c8/istanbul: one file',
    body: {
      lcov: lcov(
        'TN:',
        'SF:/home/ci/app/src/math.js',
        'FN:1,add',
        'FN:5,divide',
        'FN:12,(anonymous_2)',
        'FNF:3',
        'FNH:2',
        'FNDA:7,add',
        'FNDA:0,divide',
        'FNDA:2,(anonymous_2)',
        'DA:1,1',
        'DA:2,7',
        'DA:5,1',
        'DA:6,0',
        'DA:7,0',
        'DA:9,0',
        'DA:12,1',
        'DA:13,2',
        'LF:8',
        'LH:5',
        'BRDA:6,0,0,0',
        'BRDA:6,0,1,0',
        'BRDA:13,1,0,2',
        'BRDA:13,1,1,0',
        'BRF:4',
        'BRH:1',
        'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([5, 8, 62.5], [2, 3, 66.7], [1, 4, 25]),
      files: [{ path: '/home/ci/app/src/math.js', ...cov([5, 8, 62.5], [2, 3, 66.7], [1, 4, 25]), ...detail('6-7,9', [['add', 1, 7], ['divide', 5, 0], ['(anonymous_2)', 12, 2]]) }],
    },
  },
  {
    // index.ts 3/3, 1/1, 0/0; constants.ts 2/2, 0/0, 0/0 (nothing found is 100 %);
    // util.ts lines 6/7 = 85.71 → 85.7, functions 1/2, branches 4/4.
    // Summary: lines 11/12 = 91.67 → 91.7, functions 2/3 → 66.7, branches 4/4 = 100.
    name: 'c8/istanbul: several files, summary from summed counts',
    body: {
      lcov: lcov(
        'TN:',
        'SF:src/index.ts',
        'FN:3,main',
        'FNF:1',
        'FNH:1',
        'FNDA:1,main',
        'DA:1,1',
        'DA:3,1',
        'DA:4,1',
        'LF:3',
        'LH:3',
        'BRF:0',
        'BRH:0',
        'end_of_record',
        'TN:',
        'SF:src/constants.ts',
        'FNF:0',
        'FNH:0',
        'DA:1,1',
        'DA:2,1',
        'LF:2',
        'LH:2',
        'BRF:0',
        'BRH:0',
        'end_of_record',
        'TN:',
        'SF:src/util.ts',
        'FN:1,clamp',
        'FN:8,lerp',
        'FNF:2',
        'FNH:1',
        'FNDA:4,clamp',
        'FNDA:0,lerp',
        'DA:1,1',
        'DA:2,4',
        'DA:3,4',
        'DA:4,1',
        'DA:5,3',
        'DA:8,1',
        'DA:9,0',
        'LF:7',
        'LH:6',
        'BRDA:2,0,0,1',
        'BRDA:2,0,1,3',
        'BRDA:4,1,0,1',
        'BRDA:4,1,1,3',
        'BRF:4',
        'BRH:4',
        'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([11, 12, 91.7], [2, 3, 66.7], [4, 4, 100]),
      files: [
        { path: 'src/index.ts', ...cov([3, 3, 100], [1, 1, 100], [0, 0, 100]), ...detail('', [['main', 3, 1]]) },
        { path: 'src/constants.ts', ...cov([2, 2, 100], [0, 0, 100], [0, 0, 100]), ...detail('', []) },
        { path: 'src/util.ts', ...cov([6, 7, 85.7], [1, 2, 50], [4, 4, 100]), ...detail('9', [['clamp', 1, 4], ['lerp', 8, 0]]) },
      ],
    },
  },
  {
    // parse.c: lines 12,14,15,16,18 of 9 → 5/9 = 55.56 → 55.6; functions 1/2; branches: 15/0/0 and
    // 15/0/1 taken, the two '-' (block never ran) not: 2/4. stl_vector.h: 4/4, 1/1, 2/2.
    // Summary: 9/13 = 69.23 → 69.2, 2/3 → 66.7, 4/6 = 66.67 → 66.7.
    name: 'lcov/geninfo (gcc): checksums, never-executed branches, a header',
    body: {
      lcov: lcov(
        'TN:',
        'SF:/home/ci/project/src/parse.c',
        'FN:12,parse_header',
        'FN:40,parse_body',
        'FNDA:3,parse_header',
        'FNDA:0,parse_body',
        'FNF:2',
        'FNH:1',
        'BRDA:15,0,0,2',
        'BRDA:15,0,1,1',
        'BRDA:44,0,0,-',
        'BRDA:44,0,1,-',
        'BRF:4',
        'BRH:2',
        'DA:12,3,qRgkX0cDpDvXoQbPf2EgJg',
        'DA:14,3,7kWZJiRgMmObK3ZrFq4uPw',
        'DA:15,3,LrXbkGvYwD1xJ1oGQfWm5A',
        'DA:16,1,0dBZ1p1vN0Jk7oBqS2Xw8g',
        'DA:18,3,pQ9x2rS8Lw4Yv6Tn0Mk3Hg',
        'DA:40,0,nM5b7Vc1Xz3Qw9Er2Ty6Ug',
        'DA:42,0,hG4f6Ds8Aa0Pp2Oo4Ii6Uu',
        'DA:44,0,yT1r3Ee5Ww7Qq9Zz1Xx3Cc',
        'DA:45,0,vB2n4Mm6Ll8Kk0Jj2Hh4Gg',
        'LF:9',
        'LH:5',
        'end_of_record',
        'TN:',
        'SF:/usr/include/c++/12/bits/stl_vector.h',
        'FN:1067,_ZNSt6vectorIiSaIiEE9push_backERKi',
        'FNDA:6,_ZNSt6vectorIiSaIiEE9push_backERKi',
        'FNF:1',
        'FNH:1',
        'BRDA:1071,0,0,5',
        'BRDA:1071,0,1,1',
        'BRF:2',
        'BRH:2',
        'DA:1067,6',
        'DA:1071,6',
        'DA:1073,5',
        'DA:1079,1',
        'LF:4',
        'LH:4',
        'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([9, 13, 69.2], [2, 3, 66.7], [4, 6, 66.7]),
      files: [
        { path: '/home/ci/project/src/parse.c', ...cov([5, 9, 55.6], [1, 2, 50], [2, 4, 50]), ...detail('40,42,44-45', [['parse_header', 12, 3], ['parse_body', 40, 0]]) },
        { path: '/usr/include/c++/12/bits/stl_vector.h', ...cov([4, 4, 100], [1, 1, 100], [2, 2, 100]), ...detail('', [['_ZNSt6vectorIiSaIiEE9push_backERKi', 1067, 6]]) },
      ],
    },
  },
  {
    // widget.cpp: FNL 0 has two aliases (C1/C2 constructors) and counts once, hit (5 + 0);
    // FNL 1 not hit: 1/2. Branches: 12/0/0 and the exception branch 12/e0/0 taken: 2/4. Lines 3/5 = 60.
    // math.c: lines 3/4 = 75; 1/1; branch ids are expressions with commas: 3/4 = 75.
    // Summary: 6/9 = 66.67 → 66.7, 2/3 → 66.7, 5/8 = 62.5.
    name: 'lcov 2.x: VER, FNL/FNA aliases, exception branches, expression branch ids',
    body: {
      lcov: lcov(
        'TN:',
        'SF:/src/lib/widget.cpp',
        'VER:#1',
        'FNL:0,10,20',
        'FNA:0,5,_ZN6WidgetC1Ev',
        'FNA:0,0,_ZN6WidgetC2Ev',
        'FNL:1,22,30',
        'FNA:1,0,_ZN6Widget4drawEv',
        'FNF:2',
        'FNH:1',
        'BRDA:12,0,0,5',
        'BRDA:12,0,1,0',
        'BRDA:12,e0,0,1',
        'BRDA:12,e0,1,-',
        'BRF:4',
        'BRH:2',
        'DA:10,5',
        'DA:11,5',
        'DA:12,5',
        'DA:22,0',
        'DA:23,0',
        'LF:5',
        'LH:3',
        'end_of_record',
        'TN:',
        'SF:/src/lib/math.c',
        'FNL:0,3',
        'FNA:0,4,clamp',
        'FNF:1',
        'FNH:1',
        "BRDA:5,0,(x < lo) => 'true',1",
        "BRDA:5,0,(x < lo) => 'false',3",
        "BRDA:6,0,max(x, hi) == x => 'true',0",
        "BRDA:6,0,max(x, hi) == x => 'false',3",
        'BRF:4',
        'BRH:3',
        'DA:3,4',
        'DA:5,4',
        'DA:6,3',
        'DA:7,0',
        'LF:4',
        'LH:3',
        'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([6, 9, 66.7], [2, 3, 66.7], [5, 8, 62.5]),
      files: [
        { path: '/src/lib/widget.cpp', ...cov([3, 5, 60], [1, 2, 50], [2, 4, 50]), ...detail('22-23', [['_ZN6WidgetC1Ev', 10, 5], ['_ZN6Widget4drawEv', 22, 0]]) },
        { path: '/src/lib/math.c', ...cov([3, 4, 75], [1, 1, 100], [3, 4, 75]), ...detail('7', [['clamp', 3, 4]]) },
      ],
    },
  },
  {
    // Lines 5,6,7,14,15,16 hit, 9,10,11 not: 6/9 = 66.67 → 66.7. Functions add, it_works: 2/3 → 66.7.
    // BRF:0 and no BRDA: nothing found, 100.
    name: 'grcov (Rust): mangled names, no branches',
    body: {
      lcov: lcov(
        'TN:',
        'SF:src/lib.rs',
        'FN:5,_ZN7mycrate3add17h1c2d3e4f5a6b7c8dE',
        'FN:9,_ZN7mycrate3sub17h9a8b7c6d5e4f3a2bE',
        'FN:14,_ZN7mycrate5tests8it_works17h0a1b2c3d4e5f6a7bE',
        'FNDA:1,_ZN7mycrate3add17h1c2d3e4f5a6b7c8dE',
        'FNDA:0,_ZN7mycrate3sub17h9a8b7c6d5e4f3a2bE',
        'FNDA:1,_ZN7mycrate5tests8it_works17h0a1b2c3d4e5f6a7bE',
        'FNF:3',
        'FNH:2',
        'BRF:0',
        'BRH:0',
        'DA:5,1',
        'DA:6,1',
        'DA:7,1',
        'DA:9,0',
        'DA:10,0',
        'DA:11,0',
        'DA:14,1',
        'DA:15,1',
        'DA:16,1',
        'LF:9',
        'LH:6',
        'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([6, 9, 66.7], [2, 3, 66.7], [0, 0, 100]),
      files: [{ path: 'src/lib.rs', ...cov([6, 9, 66.7], [2, 3, 66.7], [0, 0, 100]), ...detail('9-11', [['_ZN7mycrate3add17h1c2d3e4f5a6b7c8dE', 5, 1], ['_ZN7mycrate3sub17h9a8b7c6d5e4f3a2bE', 9, 0], ['_ZN7mycrate5tests8it_works17h0a1b2c3d4e5f6a7bE', 14, 1]]) }],
    },
  },
  {
    // No TN line. Lines 3,4,5,7 of 8: 50. Functions 1/2: 50. Branches 1/2: 50.
    name: 'llvm-cov export -format=lcov (cargo llvm-cov)',
    body: {
      lcov: lcov(
        'SF:/home/u/proj/src/main.rs',
        'FN:3,_RNvCs1a2b3c4d5e6_4main4main',
        'FN:10,_RNvCs1a2b3c4d5e6_4main6helper',
        'FNDA:1,_RNvCs1a2b3c4d5e6_4main4main',
        'FNDA:0,_RNvCs1a2b3c4d5e6_4main6helper',
        'FNF:2',
        'FNH:1',
        'BRDA:5,0,0,1',
        'BRDA:5,0,1,0',
        'BRF:2',
        'BRH:1',
        'DA:3,1',
        'DA:4,1',
        'DA:5,1',
        'DA:6,0',
        'DA:7,1',
        'DA:10,0',
        'DA:11,0',
        'DA:12,0',
        'LF:8',
        'LH:4',
        'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([4, 8, 50], [1, 2, 50], [1, 2, 50]),
      files: [{ path: '/home/u/proj/src/main.rs', ...cov([4, 8, 50], [1, 2, 50], [1, 2, 50]), ...detail('6,10-12', [['_RNvCs1a2b3c4d5e6_4main4main', 3, 1], ['_RNvCs1a2b3c4d5e6_4main6helper', 10, 0]]) }],
    },
  },
  {
    // cart.js merged: lines {1: 1+2, 2: 0, 3: 0+5, 4: 0, 5: 1} → 3/5 = 60; addItem 1+0, removeItem
    // 0+2 → 2/2; branches 2/0/0 = 1, 2/0/1 = 0+3, 4/0/0 = '-' → 2/3 = 66.67 → 66.7.
    // price.js 2/2, 1/1, 0/0. Order of first appearance: cart, price.
    // Summary: 5/7 = 71.43 → 71.4, 3/3, 2/3 → 66.7.
    name: 'records for the same file are merged (hits summed per line, function and branch)',
    body: {
      lcov: lcov(
        'TN:unit',
        'SF:src/cart.js',
        'FN:1,addItem',
        'FN:3,removeItem',
        'FNDA:1,addItem',
        'FNDA:0,removeItem',
        'FNF:2',
        'FNH:1',
        'DA:1,1',
        'DA:2,0',
        'DA:3,0',
        'DA:4,0',
        'LF:4',
        'LH:1',
        'BRDA:2,0,0,1',
        'BRDA:2,0,1,0',
        'BRF:2',
        'BRH:1',
        'end_of_record',
        'TN:unit',
        'SF:src/price.js',
        'FN:1,total',
        'FNDA:2,total',
        'FNF:1',
        'FNH:1',
        'DA:1,2',
        'DA:2,2',
        'LF:2',
        'LH:2',
        'end_of_record',
        'TN:integration',
        'SF:src/cart.js',
        'FN:1,addItem',
        'FN:3,removeItem',
        'FNDA:0,addItem',
        'FNDA:2,removeItem',
        'FNF:2',
        'FNH:1',
        'DA:1,2',
        'DA:2,0',
        'DA:3,5',
        'DA:5,1',
        'LF:4',
        'LH:3',
        'BRDA:2,0,0,0',
        'BRDA:2,0,1,3',
        'BRDA:4,0,0,-',
        'BRF:3',
        'BRH:1',
        'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([5, 7, 71.4], [3, 3, 100], [2, 3, 66.7]),
      files: [
        { path: 'src/cart.js', ...cov([3, 5, 60], [2, 2, 100], [2, 3, 66.7]), ...detail('2,4', [['addItem', 1, 1], ['removeItem', 3, 2]]) },
        { path: 'src/price.js', ...cov([2, 2, 100], [1, 1, 100], [0, 0, 100]), ...detail('', [['total', 1, 2]]) },
      ],
    },
  },
  {
    // gen.js: 1999/2000 = 99.95 → 100 (never 99.9); 1/3 = 33.33 → 33.3; 1/16 = 6.25 → 6.3.
    // seed.js: 1/2000 = 0.05 → 0.1; 1/6 = 16.67 → 16.7; 1/8 = 12.5.
    // Summary: 2000/4000 = 50; 2/9 = 22.22 → 22.2; 2/24 = 8.33 → 8.3.
    name: 'summary lines count when there are no details; exact rounding half up',
    body: {
      lcov: lcov(
        'TN:',
        'SF:dist/gen.js',
        'FNF:3',
        'FNH:1',
        'BRF:16',
        'BRH:1',
        'LF:2000',
        'LH:1999',
        'end_of_record',
        'TN:',
        'SF:dist/seed.js',
        'FNF:6',
        'FNH:1',
        'BRF:8',
        'BRH:1',
        'LF:2000',
        'LH:1',
        'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([2000, 4000, 50], [2, 9, 22.2], [2, 24, 8.3]),
      files: [
        { path: 'dist/gen.js', ...cov([1999, 2000, 100], [1, 3, 33.3], [1, 16, 6.3]), ...detail('', []) },
        { path: 'dist/seed.js', ...cov([1, 2000, 0.1], [1, 6, 16.7], [1, 8, 12.5]), ...detail('', []) },
      ],
    },
  },
  {
    // DA says 1 of 2 lines; the contradicting LF/LH (10/10) and FNF/FNH are ignored because
    // details exist for lines and functions; branches have no details, so BRF/BRH count: 3/4.
    name: 'detail lines win over summary lines',
    body: { lcov: lcov('SF:a.c', 'FN:1,f', 'FNDA:0,f', 'FNF:1', 'FNH:1', 'DA:1,1', 'DA:2,0', 'LF:10', 'LH:10', 'BRF:4', 'BRH:3', 'end_of_record') },
    status: 200,
    expect: {
      summary: cov([1, 2, 50], [0, 1, 0], [3, 4, 75]),
      files: [{ path: 'a.c', ...cov([1, 2, 50], [0, 1, 0], [3, 4, 75]), ...detail('2', [['f', 1, 0]]) }],
    },
  },
  {
    // Two class methods named render (istanbul writes both): two functions, one hit → 1/2.
    name: 'two functions with the same name both count',
    body: {
      lcov: lcov('TN:', 'SF:src/shapes.js', 'FN:2,render', 'FN:9,render', 'FNF:2', 'FNH:1', 'FNDA:3,render', 'FNDA:0,render', 'DA:2,1', 'DA:3,3', 'DA:9,1', 'DA:10,0', 'LF:4', 'LH:3', 'BRF:0', 'BRH:0', 'end_of_record'),
    },
    status: 200,
    expect: {
      summary: cov([3, 4, 75], [1, 2, 50], [0, 0, 100]),
      files: [{ path: 'src/shapes.js', ...cov([3, 4, 75], [1, 2, 50], [0, 0, 100]), ...detail('10', [['render', 2, 3], ['render', 9, 0]]) }],
    },
  },
  {
    // FN:<start>,<end>,<name>; a C++ signature with commas in FN and FNDA. main hit, minmax not.
    name: 'FN with an end line and names holding commas',
    body: {
      lcov: lcov(
        'SF:src/geom.cpp',
        'FN:4,9,main',
        'FN:12,20,std::pair<int, int> minmax(int, int)',
        'FNDA:1,main',
        'FNDA:0,std::pair<int, int> minmax(int, int)',
        'DA:4,1',
        'DA:12,0',
        'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([1, 2, 50], [1, 2, 50], [0, 0, 100]),
      files: [{ path: 'src/geom.cpp', ...cov([1, 2, 50], [1, 2, 50], [0, 0, 100]), ...detail('12', [['main', 4, 1], ['std::pair<int, int> minmax(int, int)', 12, 0]]) }],
    },
  },
  {
    // 2 of 3 lines hit → 66.67 → 66.7; Windows path kept as written.
    name: 'CRLF line endings and a byte order mark',
    body: { lcov: '\uFEFFTN:\r\nSF:C:\\work\\app\\main.c\r\nDA:1,1\r\nDA:2,0\r\nDA:3,1\r\nLF:3\r\nLH:2\r\nend_of_record\r\n' },
    status: 200,
    expect: {
      summary: cov([2, 3, 66.7], [0, 0, 100], [0, 0, 100]),
      files: [{ path: 'C:\\work\\app\\main.c', ...cov([2, 3, 66.7], [0, 0, 100], [0, 0, 100]), ...detail('2', []) }],
    },
  },
  {
    name: 'unknown lines, blank lines and a stray end_of_record are ignored',
    body: {
      lcov: lcov('# written by a custom exporter', 'TN:suite', 'SF:lib/a.py', 'DA:1,1', 'MCDC:5,2,t,1,0,a', 'FOO:bar', 'some text without a colon', '', 'DA:2,0', 'end_of_record', 'end_of_record'),
    },
    status: 200,
    expect: {
      summary: cov([1, 2, 50], [0, 0, 100], [0, 0, 100]),
      files: [{ path: 'lib/a.py', ...cov([1, 2, 50], [0, 0, 100], [0, 0, 100]), ...detail('2', []) }],
    },
  },
  {
    name: 'a record without data: nothing found is 100 %',
    body: { lcov: lcov('SF:src/empty.js', 'end_of_record') },
    status: 200,
    expect: {
      summary: cov([0, 0, 100], [0, 0, 100], [0, 0, 100]),
      files: [{ path: 'src/empty.js', ...cov([0, 0, 100], [0, 0, 100], [0, 0, 100]), ...detail('', []) }],
    },
  },
  {
    // Lines 2,8 hit; 12 is 0 in the first record and 1 in the second (merged: hit); 4 appears twice
    // with 0. Uncovered: 3,4,5 / 7 (no DA for 6, so a new range) / 9 / 13 → "3-5,7,9,13".
    // Lines 3/9 = 33.33 → 33.3.
    name: 'uncoveredLines: ranges of consecutive line numbers, a line without DA ends a range',
    body: { lcov: lcov('SF:src/gap.c', 'DA:9,0', 'DA:3,0', 'DA:4,0', 'DA:5,0', 'DA:7,0', 'DA:8,1', 'DA:12,0', 'DA:13,0', 'DA:2,1', 'DA:4,0', 'end_of_record', 'SF:src/gap.c', 'DA:12,1', 'end_of_record') },
    status: 200,
    expect: {
      summary: cov([3, 9, 33.3], [0, 0, 100], [0, 0, 100]),
      files: [{ path: 'src/gap.c', ...cov([3, 9, 33.3], [0, 0, 100], [0, 0, 100]), ...detail('3-5,7,9,13', []) }],
    },
  },
  {
    // FN zeta@20 (2), alpha@5 (0); FNDA orphan with no FN: no line, 4 hits. FNL 0 @10 named by its
    // first alias, 1 + 2 = 3 hits; FNL 1 @30 with 10^20 hits (capped at 2^53 − 1); FNL 2 @40 with no
    // alias: empty name. Found 6, hit 4 (zeta, orphan, 10, 30): 66.67 → 66.7. Sorted by line, null last.
    name: 'functions: sorted by line; an FNDA without FN has no line; lcov 2 aliases; hits capped',
    body: {
      lcov: lcov('SF:src/f.c', 'FN:20,zeta', 'FN:5,alpha', 'FNDA:2,zeta', 'FNDA:0,alpha', 'FNDA:4,orphan', 'FNL:0,10,12', 'FNA:0,1,beta_alias1', 'FNA:0,2,beta_alias2', 'FNL:1,30', 'FNA:1,100000000000000000000,gamma', 'FNL:2,40', 'end_of_record'),
    },
    status: 200,
    expect: {
      summary: cov([0, 0, 100], [4, 6, 66.7], [0, 0, 100]),
      files: [
        {
          path: 'src/f.c',
          ...cov([0, 0, 100], [4, 6, 66.7], [0, 0, 100]),
          ...detail('', [['alpha', 5, 0], ['beta_alias1', 10, 3], ['zeta', 20, 2], ['gamma', 30, 9007199254740991], ['', 40, 0], ['orphan', null, 4]]),
        },
      ],
    },
  },
  {
    // Baseline: a.js 1/3, same.js 1/1, old.js 1/2, fn.js lines 1/1 functions 0/1.
    //   Summary lines 4/7 = 57.14 → 57.1, functions 0/1 = 0, branches 0/0 = 100.
    // Head: a.js 2/3 and branches 1/2; same.js 1/1 (more hits, same percentages: not listed); new.js 1/4;
    //   fn.js functions 1/1 (line coverage unchanged, function coverage changed: listed). Summary 5/9 = 55.56 → 55.6,
    //   1/1 = 100, 1/2 = 50. Deltas: 55.6 − 57.1 = −1.5, 100 − 0 = 100, 50 − 100 = −50.
    // Order: head's files (a, new, fn), then removed (old).
    name: 'baseline: summary deltas and the files that changed, were added or removed',
    body: {
      lcov: lcov(
        'SF:src/a.js', 'DA:1,1', 'DA:2,1', 'DA:3,0', 'BRDA:2,0,0,1', 'BRDA:2,0,1,0', 'end_of_record',
        'SF:src/same.js', 'DA:1,5', 'end_of_record',
        'SF:src/new.js', 'DA:1,1', 'DA:2,0', 'DA:3,0', 'DA:4,0', 'end_of_record',
        'SF:src/fn.js', 'FN:1,f', 'FNDA:3,f', 'DA:1,1', 'end_of_record',
      ),
      baseline: lcov(
        'SF:src/a.js', 'DA:1,1', 'DA:2,0', 'DA:3,0', 'end_of_record',
        'SF:src/same.js', 'DA:1,1', 'end_of_record',
        'SF:src/old.js', 'DA:1,0', 'DA:2,1', 'end_of_record',
        'SF:src/fn.js', 'FN:1,f', 'FNDA:0,f', 'DA:1,1', 'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([5, 9, 55.6], [1, 1, 100], [1, 2, 50]),
      files: [
        { path: 'src/a.js', ...cov([2, 3, 66.7], [0, 0, 100], [1, 2, 50]), ...detail('3', []) },
        { path: 'src/same.js', ...cov([1, 1, 100], [0, 0, 100], [0, 0, 100]), ...detail('', []) },
        { path: 'src/new.js', ...cov([1, 4, 25], [0, 0, 100], [0, 0, 100]), ...detail('2-4', []) },
        { path: 'src/fn.js', ...cov([1, 1, 100], [1, 1, 100], [0, 0, 100]), ...detail('', [['f', 1, 3]]) },
      ],
      diff: {
        summary: { linesCoverage: -1.5, functionsCoverage: 100, branchesCoverage: -50 },
        files: [
          { path: 'src/a.js', before: pct(33.3, 100, 100), after: pct(66.7, 100, 50) },
          { path: 'src/new.js', before: null, after: pct(25, 100, 100) },
          { path: 'src/fn.js', before: pct(100, 0, 100), after: pct(100, 100, 100) },
          { path: 'src/old.js', before: pct(50, 100, 100), after: null },
        ],
      },
    },
  },
  {
    // x.c is the same; p.c gained lines (1/2 → 2/4) but its percentages are unchanged: not listed.
    // Summary 3/6 = 50 against 2/4 = 50.
    name: 'baseline with the same percentages: no change listed',
    body: {
      lcov: lcov('SF:x.c', 'DA:1,1', 'DA:2,0', 'end_of_record', 'SF:p.c', 'DA:1,1', 'DA:2,0', 'DA:3,1', 'DA:4,0', 'end_of_record'),
      baseline: lcov('TN:', 'SF:x.c', 'DA:2,0', 'DA:1,1', 'LF:2', 'LH:1', 'end_of_record', 'SF:p.c', 'DA:1,1', 'DA:2,0', 'end_of_record'),
    },
    status: 200,
    expect: {
      summary: cov([3, 6, 50], [0, 0, 100], [0, 0, 100]),
      files: [
        { path: 'x.c', ...cov([1, 2, 50], [0, 0, 100], [0, 0, 100]), ...detail('2', []) },
        { path: 'p.c', ...cov([2, 4, 50], [0, 0, 100], [0, 0, 100]), ...detail('2,4', []) },
      ],
      diff: { summary: { linesCoverage: 0, functionsCoverage: 0, branchesCoverage: 0 }, files: [] },
    },
  },
  {
    // A real record: gcc 12 --coverage, `lcov --capture` then `lcov -a` (lcov 1.16) of the two
    // versions of tests/fixtures/lcov/real (make-reference.mjs). Expected values from
    // reference.json: counts from `lcov --summary`, uncovered lines and functions from gcov's JSON.
    // Base 27/36 = 75, 4/4, 16/32 = 50; head 30/36 = 83.33 → 83.3, 4/4, 25/32 = 78.13 → 78.1.
    // Base uncovered "32-34,36,46-47,55-57": line 35 (a brace) has no DA, so 34 and 36 are apart.
    name: 'baseline: a real gcc/lcov record of one file, before and after more tests',
    body: {
      lcov: lcov(
        'SF:/tmp/calc/src/parse/expr.c', 'FN:7,peek', 'FN:13,evaluate', 'FN:24,term', 'FN:43,factor', 'FNDA:16,peek', 'FNDA:7,term', 'FNDA:10,factor', 'FNDA:4,evaluate', 'FNF:4',
        'FNH:4', 'BRDA:17,0,0,3', 'BRDA:17,0,1,4', 'BRDA:17,0,2,1', 'BRDA:17,0,3,2', 'BRDA:17,0,4,0', 'BRDA:17,0,5,1', 'BRDA:20,0,0,2', 'BRDA:20,0,1,1', 'BRDA:28,0,0,5',
        'BRDA:28,0,1,4', 'BRDA:28,0,2,4', 'BRDA:28,0,3,1', 'BRDA:28,0,4,3', 'BRDA:28,0,5,1', 'BRDA:31,0,0,1', 'BRDA:31,0,1,1', 'BRDA:32,0,0,0', 'BRDA:32,0,1,1', 'BRDA:45,0,0,0',
        'BRDA:45,0,1,10', 'BRDA:49,0,0,8', 'BRDA:49,0,1,2', 'BRDA:50,0,0,1', 'BRDA:50,0,1,1', 'BRDA:52,0,0,1', 'BRDA:52,0,1,0', 'BRDA:52,0,2,0', 'BRDA:52,0,3,1', 'BRDA:55,0,0,1',
        'BRDA:55,0,1,0', 'BRDA:55,0,2,1', 'BRDA:55,0,3,0', 'BRF:32', 'BRH:25', 'DA:7,16', 'DA:9,16', 'DA:10,16', 'DA:13,4', 'DA:14,4',
        'DA:15,3', 'DA:16,7', 'DA:17,7', 'DA:18,3', 'DA:19,3', 'DA:20,3', 'DA:24,7', 'DA:25,7', 'DA:26,2', 'DA:27,9',
        'DA:28,9', 'DA:29,2', 'DA:30,2', 'DA:31,2', 'DA:32,1', 'DA:33,0', 'DA:34,0', 'DA:36,1', 'DA:38,1', 'DA:43,10',
        'DA:45,10', 'DA:46,0', 'DA:47,0', 'DA:49,10', 'DA:50,2', 'DA:51,1', 'DA:52,1', 'DA:53,1', 'DA:55,1', 'DA:56,0',
        'DA:57,0', 'LF:36', 'LH:30', 'end_of_record',
      ),
      baseline: lcov(
        'SF:/tmp/calc/src/parse/expr.c', 'FN:7,peek', 'FN:13,evaluate', 'FN:24,term', 'FN:43,factor', 'FNDA:11,peek', 'FNDA:5,term', 'FNDA:3,evaluate', 'FNDA:6,factor', 'FNF:4',
        'FNH:4', 'BRDA:17,0,0,2', 'BRDA:17,0,1,3', 'BRDA:17,0,2,0', 'BRDA:17,0,3,2', 'BRDA:17,0,4,0', 'BRDA:17,0,5,0', 'BRDA:20,0,0,2', 'BRDA:20,0,1,0', 'BRDA:28,0,0,3',
        'BRDA:28,0,1,3', 'BRDA:28,0,2,2', 'BRDA:28,0,3,1', 'BRDA:28,0,4,2', 'BRDA:28,0,5,0', 'BRDA:31,0,0,0', 'BRDA:31,0,1,1', 'BRDA:32,0,0,-', 'BRDA:32,0,1,-', 'BRDA:45,0,0,0',
        'BRDA:45,0,1,6', 'BRDA:49,0,0,5', 'BRDA:49,0,1,1', 'BRDA:50,0,0,1', 'BRDA:50,0,1,0', 'BRDA:52,0,0,1', 'BRDA:52,0,1,0', 'BRDA:52,0,2,0', 'BRDA:52,0,3,1', 'BRDA:55,0,0,-',
        'BRDA:55,0,1,-', 'BRDA:55,0,2,-', 'BRDA:55,0,3,-', 'BRF:32', 'BRH:16', 'DA:7,11', 'DA:9,11', 'DA:10,11', 'DA:13,3', 'DA:14,3',
        'DA:15,2', 'DA:16,5', 'DA:17,5', 'DA:18,2', 'DA:19,2', 'DA:20,2', 'DA:24,5', 'DA:25,5', 'DA:26,1', 'DA:27,6',
        'DA:28,6', 'DA:29,1', 'DA:30,1', 'DA:31,1', 'DA:32,0', 'DA:33,0', 'DA:34,0', 'DA:36,0', 'DA:38,1', 'DA:43,6',
        'DA:45,6', 'DA:46,0', 'DA:47,0', 'DA:49,6', 'DA:50,1', 'DA:51,1', 'DA:52,1', 'DA:53,1', 'DA:55,0', 'DA:56,0',
        'DA:57,0', 'LF:36', 'LH:27', 'end_of_record',
      ),
    },
    status: 200,
    expect: {
      summary: cov([30, 36, 83.3], [4, 4, 100], [25, 32, 78.1]),
      files: [
        {
          path: '/tmp/calc/src/parse/expr.c',
          ...cov([30, 36, 83.3], [4, 4, 100], [25, 32, 78.1]),
          ...detail('33-34,46-47,56-57', [['peek', 7, 16], ['evaluate', 13, 4], ['term', 24, 7], ['factor', 43, 10]]),
        },
      ],
      diff: {
        summary: { linesCoverage: 8.3, functionsCoverage: 0, branchesCoverage: 28.1 },
        files: [{ path: '/tmp/calc/src/parse/expr.c', before: pct(75, 100, 50), after: pct(83.3, 100, 78.1) }],
      },
    },
  },
  {
    name: 'a malformed baseline: the error names the field and the line',
    body: { lcov: lcov('SF:a.c', 'DA:1,1', 'end_of_record'), baseline: lcov('SF:a.c', 'DA:1,x', 'end_of_record') },
    status: 400,
    expect: { error: "'baseline', line 2: DA expects 'line,hits' with whole numbers, got 'DA:1,x'." },
  },
  {
    name: 'an empty baseline has no records',
    body: { lcov: lcov('SF:a.c', 'DA:1,1', 'end_of_record'), baseline: '' },
    status: 400,
    match: { error: /^'baseline', no LCOV records found: the input has no 'SF:<source file>' line\./ },
  },
  {
    name: 'baseline of the wrong type',
    body: { lcov: lcov('SF:a.c', 'DA:1,1', 'end_of_record'), baseline: 3 },
    status: 400,
    expect: { error: "Invalid request: 'baseline' must be a string (got a number).", issues: [{ path: ['baseline'], message: 'must be a string (got a number)' }] },
  },
  {
    name: 'empty input has no records',
    body: { lcov: '' },
    status: 400,
    match: { error: /^No LCOV records found: the input has no 'SF:<source file>' line\./ },
  },
  {
    name: 'a JSON coverage summary is not LCOV',
    body: { lcov: '{"total":{"lines":{"total":10,"covered":8,"pct":80}}}' },
    status: 400,
    match: { error: /^No LCOV records found/ },
  },
  {
    name: 'malformed DA names the line and the kind',
    body: { lcov: lcov('TN:', 'SF:src/a.js', 'DA:1,1', 'DA:2,1', 'DA:3,0', 'DA:4,1', 'DA:abc,1', 'end_of_record') },
    status: 400,
    expect: { error: "Line 7: DA expects 'line,hits' with whole numbers, got 'DA:abc,1'." },
  },
  {
    name: 'malformed BRDA taken count',
    body: { lcov: lcov('SF:src/a.js', 'BRDA:3,0,0,x', 'end_of_record') },
    status: 400,
    expect: { error: "Line 2: BRDA expects 'line,block,branch,taken' with whole numbers (taken may be '-'), got 'BRDA:3,0,0,x'." },
  },
  {
    name: 'a negative hit count is refused',
    body: { lcov: 'SF:src/a.c\r\nDA:1,1\r\nDA:2,-1\r\nend_of_record\r\n' },
    status: 400,
    expect: { error: "Line 3: DA expects 'line,hits' with whole numbers, got 'DA:2,-1'." },
  },
  {
    name: 'a summary line that is not a number',
    body: { lcov: lcov('SF:src/a.c', 'LF:ten', 'end_of_record') },
    status: 400,
    expect: { error: "Line 2: LF expects a whole number, got 'LF:ten'." },
  },
  {
    name: 'a count line before any SF',
    body: { lcov: lcov('DA:1,1', 'SF:src/a.c', 'end_of_record') },
    status: 400,
    match: { error: /^Line 1: DA appears outside a record/ },
  },
  {
    name: 'an FNA whose index no FNL declares',
    body: { lcov: lcov('SF:src/a.c', 'FNL:0,3', 'FNA:1,2,main', 'end_of_record') },
    status: 400,
    match: { error: /^Line 3: FNA refers to function index 1/ },
  },
  {
    name: 'missing lcov field',
    body: {},
    status: 400,
    expect: { error: "Invalid request: 'lcov' is required.", issues: [{ path: ['lcov'], message: 'is required' }] },
  },
  {
    name: 'lcov of the wrong type',
    body: { lcov: ['SF:a.js'] },
    status: 400,
    expect: { error: "Invalid request: 'lcov' must be a string (got an array).", issues: [{ path: ['lcov'], message: 'must be a string (got an array)' }] },
  },
];

export default cases;
