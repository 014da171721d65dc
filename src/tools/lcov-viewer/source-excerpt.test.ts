import { describe, expect, it } from 'vitest';
import { excerpts, uncoveredSet } from './source-excerpt';

describe('source excerpts', () => {
  const source = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
  it('reads the ranges the tool returns', () => {
    expect([...uncoveredSet('3-5,9')]).toEqual([3, 4, 5, 9]);
  });
  it('shows each uncovered range with two lines around it, merging those that touch', () => {
    const { blocks, beyond } = excerpts(source, '3-4,8,19');
    expect(
      blocks.map((block) => block.map((line) => (line.uncovered ? `*${line.number}` : String(line.number)))),
    ).toEqual([
      ['1', '2', '*3', '*4', '5', '6', '7', '*8', '9', '10'],
      ['17', '18', '*19', '20'],
    ]);
    expect(blocks[0]![2]!.text).toBe('line 3');
    expect(beyond).toBe(false);
  });
  it('says when the tracefile names lines the source does not have', () => {
    expect(excerpts('a\nb', '2,7').beyond).toBe(true);
  });
});
