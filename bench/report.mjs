// Shared by the bench scripts: the one line format `npm run bench` collects into its closing
// note, and a median over repeated runs (medians, because the machine may be shared).

/** Prints `name: ours X unit, baseline Y unit, ratio R (goal ≤ G)` and returns the ratio. */
export function report(name, ours, baseline, goal, { unit = 'ms', higherIsBetter = false, digits = 1 } = {}) {
  const ratio = ours / baseline;
  const goalText = goal === undefined ? 'reference, no goal' : `goal ${higherIsBetter ? '≥' : '≤'} ${goal}`;
  const met = goal === undefined ? '' : (higherIsBetter ? ratio >= goal : ratio <= goal) ? ' ok' : ' MISSED';
  console.log(
    `${name}: ours ${ours.toFixed(digits)} ${unit}, baseline ${baseline.toFixed(digits)} ${unit}, ratio ${ratio.toFixed(2)} (${goalText})${met}`,
  );
  return ratio;
}

/** Median wall time of `run` in ms, after one warm-up run. */
export async function medianMs(run, runs = 5) {
  await run();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Medians of `ours` and `baseline` measured in alternating rounds (after one warm-up of each), so
 * that load from other processes on a shared machine falls on both sides alike.
 */
export async function alternatingMedians(ours, baseline, runs = 5) {
  await ours();
  await baseline();
  const times = { ours: [], baseline: [] };
  for (let i = 0; i < runs; i++) {
    for (const [side, run] of [
      ['ours', ours],
      ['baseline', baseline],
    ]) {
      const started = performance.now();
      await run();
      times[side].push(performance.now() - started);
    }
  }
  return { ours: median(times.ours), baseline: median(times.baseline) };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
