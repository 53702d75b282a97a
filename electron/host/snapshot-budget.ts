// How many samples a snapshot carries whole. Each series is sent whole up to its own limit
// (WHOLE_SERIES_LIMIT), but a Compare of twenty runs of twelve keys would still make a snapshot
// of millions of samples, past what one frame carries (the socket refuses it, and the page
// never draws); past this budget the longest series go as their counts only, and the page asks
// envelopes of them, as it does of a series too long to send whole.

import type { SeriesColumns } from '../../shared/api/contract.js';

/** Samples carried whole in one snapshot or push: 24 bytes each, some 24 MiB in all. */
export const SNAPSHOT_SAMPLE_BUDGET = 1_000_000;

const EMPTY = new Float64Array(0);

/** The series with the longest sent as their counts only, until the rest fit the budget. */
export function withinSampleBudget(
  series: readonly SeriesColumns[],
  budget = SNAPSHOT_SAMPLE_BUDGET,
): SeriesColumns[] {
  let total = 0;
  for (const s of series) total += s.steps.length;
  if (total <= budget) return [...series];
  // The longest go first: they are the ones an envelope draws best, and the fewest to leave out.
  const order = series
    .map((_, i) => i)
    .sort((a, b) => series[b]!.steps.length - series[a]!.steps.length);
  const partial = new Set<number>();
  for (const i of order) {
    if (total <= budget) break;
    const length = series[i]!.steps.length;
    if (length === 0) break;
    partial.add(i);
    total -= length;
  }
  return series.map((s, i) =>
    partial.has(i)
      ? { ...s, steps: EMPTY, times: EMPTY, values: EMPTY, partial: true, total: s.steps.length }
      : s,
  );
}
