// How many samples a snapshot carries whole. Each series is sent whole up to its own limit
// (WHOLE_SERIES_LIMIT), but a Compare of twenty runs of twelve keys would still make a snapshot
// of millions of samples, past what one frame carries (the socket refuses it, and the page
// never draws); past this budget the keys with the most samples go as their counts only, and
// the page asks envelopes of them, as it does of a series too long to send whole.
//
// A key goes whole or as counts for every run at once: a panel with one run's series partial
// draws all its runs from envelopes, and the others' samples, sent whole, would only be held.
// And a key whose runs hold more than WHOLE_SERIES_LIMIT samples together goes as counts, as
// one series that long does: its panel draws them all, and envelopes draw them faster (Compare
// of 20 runs x 12 keys x 20,000 samples opened in 2.5 s with two such keys whole, 1.75 s with
// none; scratch page, warm, same store). Samples are copied only for the series sent whole.

import { WHOLE_SERIES_LIMIT } from '../../shared/api/contract.js';
import type { SeriesColumns } from '../../shared/api/contract.js';
import type { OfferedSeries } from '../sources/run-source.js';

/** Samples carried whole in one snapshot or push: 24 bytes each, some 24 MiB in all. */
export const SNAPSHOT_SAMPLE_BUDGET = 1_000_000;

const EMPTY = new Float64Array(0);

const asCounts = (s: OfferedSeries): SeriesColumns => ({
  runId: s.runId,
  key: s.key,
  kind: s.kind,
  steps: EMPTY,
  times: EMPTY,
  values: EMPTY,
  partial: true,
  total: s.length,
});

/**
 * The series offered, a key sent as counts for all its runs when one run's is longer than a
 * series may be sent whole, or all of them together are; then the keys with the most samples
 * sent as counts until the rest fit the budget; the rest whole; in their order.
 */
export function withinSampleBudget(
  series: readonly OfferedSeries[],
  budget = SNAPSHOT_SAMPLE_BUDGET,
): SeriesColumns[] {
  const keyOf = (s: OfferedSeries): string => `${s.kind}\u0000${s.key}`;
  const samplesOf = new Map<string, number>();
  const partialKeys = new Set<string>();
  for (const s of series) {
    const key = keyOf(s);
    samplesOf.set(key, (samplesOf.get(key) ?? 0) + s.length);
    if (s.length > WHOLE_SERIES_LIMIT) partialKeys.add(key);
  }
  for (const [key, samples] of samplesOf) if (samples > WHOLE_SERIES_LIMIT) partialKeys.add(key);
  let total = 0;
  for (const [key, samples] of samplesOf) if (!partialKeys.has(key)) total += samples;
  // The most samples go first: the keys an envelope draws best, and the fewest to leave out.
  const order = [...samplesOf].filter(([key]) => !partialKeys.has(key)).sort((a, b) => b[1] - a[1]);
  for (const [key, samples] of order) {
    if (total <= budget || samples === 0) break;
    partialKeys.add(key);
    total -= samples;
  }
  return series.map((s) => (partialKeys.has(keyOf(s)) ? asCounts(s) : s.whole()));
}
