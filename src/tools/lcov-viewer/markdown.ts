// The Markdown summary a person pastes into a pull request: the totals (with the change from
// the baseline when there is one) and the files that changed most, or, without a baseline, the
// least covered files. GitHub-flavoured tables; paths in code spans.
import {
  CATEGORIES,
  commonBase,
  delta,
  deltaText,
  found,
  hit,
  pct,
  percentText,
  type FileDiff,
  type Output,
} from './view';

/** Files listed at most: a summary, not the report. */
const LISTED = 10;

export function markdownSummary(result: Output): string {
  const { summary, diff } = result;
  const base = commonBase([...result.files.map((file) => file.path), ...(diff?.files.map((file) => file.path) ?? [])]);
  const out = ['### Coverage', ''];
  out.push(
    diff ? '| | Coverage | Covered | Change |' : '| | Coverage | Covered |',
    diff ? '|:--|--:|--:|--:|' : '|:--|--:|--:|',
  );
  for (const { key, name } of CATEGORIES) {
    const cells = [
      name,
      percentText(pct(summary, key), found(summary, key)),
      `${hit(summary, key)} / ${found(summary, key)}`,
    ];
    if (diff) cells.push(arrow(diff.summary[`${key}Coverage`]));
    out.push(`| ${cells.join(' | ')} |`);
  }

  if (diff) {
    const listed = byChange(diff.files).slice(0, LISTED);
    out.push('');
    if (listed.length === 0) out.push('No file changed its coverage.');
    else {
      out.push(
        `#### ${diff.files.length > LISTED ? `The ${LISTED} files that changed most (of ${diff.files.length})` : 'Files that changed'}`,
        '',
      );
      out.push('| File | Lines | Functions | Branches |', '|:--|--:|--:|--:|');
      for (const file of listed) {
        const cells = CATEGORIES.map(({ key }) => {
          if (!file.after) return 'removed';
          const now = `${file.after[`${key}Coverage`].toFixed(1)} %`;
          return file.before
            ? `${now} (${arrow(delta(file.after[`${key}Coverage`], file.before[`${key}Coverage`]))})`
            : `${now} (new)`;
        });
        out.push(`| ${code(file.path.slice(base.length))} | ${cells.join(' | ')} |`);
      }
    }
  } else {
    const lowest = result.files
      .filter((file) => file.linesFound > 0 && file.linesCoverage < 100)
      .sort((a, b) => a.linesCoverage - b.linesCoverage || b.linesFound - a.linesFound)
      .slice(0, LISTED);
    if (lowest.length) {
      out.push('', '#### Least covered files', '', '| File | Lines | Uncovered lines |', '|:--|--:|:--|');
      for (const file of lowest)
        out.push(
          `| ${code(file.path.slice(base.length))} | ${file.linesCoverage.toFixed(1)} % | ${cut(file.uncoveredLines)} |`,
        );
    }
  }
  return `${out.join('\n')}\n`;
}

/** Changed files by the size of their line change (then functions, branches), then new, then removed. */
export function byChange(files: readonly FileDiff[]): FileDiff[] {
  const size = (file: FileDiff) =>
    CATEGORIES.map(({ key }) => Math.abs(delta(file.after![`${key}Coverage`], file.before![`${key}Coverage`])));
  const changed = files.filter((file) => file.before && file.after).map((file) => ({ file, size: size(file) }));
  changed.sort((a, b) => b.size[0]! - a.size[0]! || b.size[1]! - a.size[1]! || b.size[2]! - a.size[2]!);
  return [
    ...changed.map(({ file }) => file),
    ...files.filter((file) => !file.before),
    ...files.filter((file) => !file.after),
  ];
}

/** "▲ +9.8", "▼ −1.5", "±0.0": the sign is told by an arrow and a character, not a colour. */
export const arrow = (points: number) => `${points > 0 ? '▲ ' : points < 0 ? '▼ ' : ''}${deltaText(points)}`;

/** A path as a code span inside a table cell: backticks widen the fence, pipes are escaped. */
function code(text: string): string {
  let longest = 0;
  for (const run of text.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text.replaceAll('|', '\\|')}${pad}${ticks}`;
}

/** Uncovered ranges, at most about 60 characters of them. */
function cut(ranges: string): string {
  if (ranges.length <= 60) return ranges;
  const end = ranges.lastIndexOf(',', 60);
  return `${ranges.slice(0, end)}, …`;
}
