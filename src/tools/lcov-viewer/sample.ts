// The page's "Load example": a tracefile as c8/istanbul write it for a small project, with
// several files, functions and branches, and the same project's tracefile on its base branch, so
// the summary, the ratings, the table, the folders and the comparison all have something to
// show. Made up for this page.
const record = (
  path: string,
  fns: [string, number, number][],
  lines: [number, number][],
  branches: [number, number, number, number | '-'][],
) =>
  [
    `SF:${path}`,
    ...fns.map(([name, line]) => `FN:${line},${name}`),
    ...fns.map(([name, , hits]) => `FNDA:${hits},${name}`),
    `FNF:${fns.length}`,
    `FNH:${fns.filter(([, , hits]) => hits > 0).length}`,
    ...lines.map(([line, hits]) => `DA:${line},${hits}`),
    `LF:${lines.length}`,
    `LH:${lines.filter(([, hits]) => hits > 0).length}`,
    ...branches.map(([line, block, branch, taken]) => `BRDA:${line},${block},${branch},${taken}`),
    `BRF:${branches.length}`,
    `BRH:${branches.filter(([, , , taken]) => taken !== '-' && taken > 0).length}`,
    'end_of_record',
  ].join('\n');

const lines = (from: number, hits: number[]) => hits.map((count, i): [number, number] => [from + i, count]);

export const SAMPLE = {
  // The base branch: coupon.ts and client.ts less tested, date.ts as now, a discount module that
  // the pull request removes; client.ts's retry did not exist yet.
  baseline:
    [
      'TN:',
      record(
        'src/cart/total.ts',
        [
          ['subtotal', 3, 10],
          ['applyCoupon', 11, 0],
          ['shipping', 20, 10],
        ],
        lines(3, [10, 10, 10, 10, 0, 0, 0, 0, 0, 10, 10, 8, 2, 10]),
        [
          [12, 0, 0, 0],
          [12, 0, 1, 0],
          [21, 1, 0, 8],
          [21, 1, 1, 2],
        ],
      ),
      record(
        'src/cart/coupon.ts',
        [
          ['parseCoupon', 2, 2],
          ['isExpired', 14, 0],
        ],
        lines(2, [2, 2, 2, 0, 2, 2, 0, 0, 2, 0, 0, 0]),
        [
          [5, 0, 0, 0],
          [5, 0, 1, 2],
          [8, 1, 0, 0],
          [8, 1, 1, 2],
          [15, 2, 0, '-'],
          [15, 2, 1, '-'],
        ],
      ),
      record('src/cart/discount.ts', [['discount', 1, 1]], lines(1, [1, 1, 0, 1]), [
        [2, 0, 0, 1],
        [2, 0, 1, 0],
      ]),
      record('src/format/money.ts', [['formatMoney', 1, 20]], lines(1, [20, 20, 20, 20, 20]), [
        [3, 0, 0, 18],
        [3, 0, 1, 2],
      ]),
      record(
        'src/format/date.ts',
        [
          ['formatDate', 1, 3],
          ['relative', 9, 0],
          ['pad', 18, 3],
        ],
        lines(1, [3, 3, 3, 3, 0, 0, 0, 0, 0, 3, 3]),
        [
          [10, 0, 0, 0],
          [10, 0, 1, 0],
        ],
      ),
      record(
        'src/api/client.ts',
        [
          ['request', 4, 8],
          ['toError', 30, 0],
        ],
        lines(4, [8, 8, 8, 8, 7, 1, 0, 0, 0, 0, 0, 8, 8]),
        [
          [7, 0, 0, 7],
          [7, 0, 1, 1],
          [31, 2, 0, 0],
          [31, 2, 1, 0],
        ],
      ),
    ].join('\n') + '\n',
  lcov:
    [
      'TN:',
      record(
        'src/cart/total.ts',
        [
          ['subtotal', 3, 12],
          ['applyCoupon', 11, 4],
          ['shipping', 20, 12],
        ],
        lines(3, [12, 12, 12, 12, 4, 4, 3, 1, 4, 12, 12, 9, 3, 12]),
        [
          [12, 0, 0, 3],
          [12, 0, 1, 1],
          [21, 1, 0, 9],
          [21, 1, 1, 3],
        ],
      ),
      record(
        'src/cart/coupon.ts',
        [
          ['parseCoupon', 2, 6],
          ['isExpired', 14, 0],
        ],
        lines(2, [6, 6, 6, 2, 4, 4, 0, 0, 6, 0, 0, 0]),
        [
          [5, 0, 0, 2],
          [5, 0, 1, 4],
          [8, 1, 0, 0],
          [8, 1, 1, 4],
          [15, 2, 0, '-'],
          [15, 2, 1, '-'],
        ],
      ),
      record('src/format/money.ts', [['formatMoney', 1, 20]], lines(1, [20, 20, 20, 20, 20]), [
        [3, 0, 0, 18],
        [3, 0, 1, 2],
      ]),
      record(
        'src/format/date.ts',
        [
          ['formatDate', 1, 3],
          ['relative', 9, 0],
          ['pad', 18, 3],
        ],
        lines(1, [3, 3, 3, 3, 0, 0, 0, 0, 0, 3, 3]),
        [
          [10, 0, 0, 0],
          [10, 0, 1, 0],
        ],
      ),
      record(
        'src/api/client.ts',
        [
          ['request', 4, 8],
          ['retry', 16, 2],
          ['toError', 30, 1],
        ],
        lines(4, [8, 8, 8, 8, 7, 1, 2, 2, 2, 1, 1, 8, 8]),
        [
          [7, 0, 0, 7],
          [7, 0, 1, 1],
          [17, 1, 0, 1],
          [17, 1, 1, 1],
          [31, 2, 0, 1],
          [31, 2, 1, 0],
        ],
      ),
    ].join('\n') + '\n',
};
