// 2-D affine matrices and axis-aligned boxes, just enough to bound where resvg draws what its
// simplified tree describes (svg-cost.ts): every box here contains the real one.

/** [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f (SVG's matrix()). */
export type Matrix = readonly [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m` after `n`: the matrix that applies `n` first. */
export const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

export const scaling = (sx: number, sy: number): Matrix => [sx, 0, 0, sy, 0, 0];
export const translation = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y];

/** How much the matrix stretches lengths along x and y (resvg's `get_scale`). */
export const scaleOf = (m: Matrix): [number, number] => [Math.hypot(m[0], m[1]), Math.hypot(m[2], m[3])];

/** The `transform` usvg writes: `matrix(a b c d e f)` (anything else: identity). */
export function parseTransform(value: string | undefined): Matrix {
  const numbers = value?.match(/-?[\d.]+(?:e[-+]?\d+)?/gi)?.map(Number);
  return numbers?.length === 6 && numbers.every(Number.isFinite) ? (numbers as unknown as Matrix) : IDENTITY;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export const EMPTY: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
export const isEmpty = (b: Box) => !(b.x1 >= b.x0 && b.y1 >= b.y0);
export const area = (b: Box) => (isEmpty(b) ? 0 : (b.x1 - b.x0) * (b.y1 - b.y0));
export const rect = (x: number, y: number, width: number, height: number): Box => ({
  x0: x,
  y0: y,
  x1: x + width,
  y1: y + height,
});
export const union = (a: Box, b: Box): Box => ({
  x0: Math.min(a.x0, b.x0),
  y0: Math.min(a.y0, b.y0),
  x1: Math.max(a.x1, b.x1),
  y1: Math.max(a.y1, b.y1),
});
export const grow = (b: Box, by: number): Box =>
  isEmpty(b) ? b : { x0: b.x0 - by, y0: b.y0 - by, x1: b.x1 + by, y1: b.y1 + by };

/** The box around the transformed corners. */
export function transformBox(m: Matrix, b: Box): Box {
  if (isEmpty(b)) return EMPTY;
  const [a, bb, c, d, e, f] = m;
  const xs = [a * b.x0 + c * b.y0, a * b.x1 + c * b.y0, a * b.x0 + c * b.y1, a * b.x1 + c * b.y1];
  const ys = [bb * b.x0 + d * b.y0, bb * b.x1 + d * b.y0, bb * b.x0 + d * b.y1, bb * b.x1 + d * b.y1];
  return { x0: Math.min(...xs) + e, y0: Math.min(...ys) + f, x1: Math.max(...xs) + e, y1: Math.max(...ys) + f };
}

/**
 * The coordinates of a path as usvg writes it (absolute M, L, Q, C, Z: every number pair is a
 * point, and curves stay within their control points), flat: x0, y0, x1, y1, …
 */
export function pathPoints(d: string): Float64Array {
  const numbers = d.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? [];
  const points = new Float64Array(numbers.length & ~1);
  for (let i = 0; i < points.length; i++) points[i] = Number(numbers[i]);
  return points;
}

/** The box around flat points x0, y0, x1, y1, … */
export function boundsOf(points: Float64Array): Box {
  if (points.length < 2) return EMPTY;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < points.length; i += 2) {
    x0 = Math.min(x0, points[i]!);
    x1 = Math.max(x1, points[i]!);
    y0 = Math.min(y0, points[i + 1]!);
    y1 = Math.max(y1, points[i + 1]!);
  }
  return { x0, y0, x1, y1 };
}
