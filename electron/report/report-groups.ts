// A report's group curves: for each group of a grouped page and each panel, the host's own group
// curve over every sample of the group's runs (center, band and n at each step), held whole or
// as the finest level's exact points of its center's, low's and high's envelopes, so that the
// page's group envelope (shared/series/group-envelope.ts) finds every column's extremes.

import type { ReportGroupingAsk } from '../../shared/api/report-ask.js';
import type { ReportWriter } from '../../shared/report/report-codec.js';
import type { ReportGroupLine } from '../../shared/report/report-document.js';
import type { SeriesSamples } from '../../shared/series/derived-series.js';
import { SeriesEnvelopes } from '../../shared/series/derived-series.js';
import { groupRule } from '../../shared/series/group-envelope.js';
import { GroupCurve } from '../host/groups/group-series.js';
import type { SourceRun } from '../sources/run-source.js';
import type { Series } from '../store/log/samples-fold.js';
import { WHOLE_PER_COLUMN, everyPosition, merged } from './held-positions.js';

export interface PreparedGroup {
  readonly group: number;
  readonly curve: GroupCurve;
  readonly runs: number;
  readonly missing: readonly string[];
}

/** Each group's curve of a panel's series; groups whose runs hold none of it are left out. */
export function prepareGroups(
  grouping: ReportGroupingAsk,
  runs: readonly SourceRun[],
  seriesOf: (run: SourceRun) => Series | undefined,
  x: 'step' | 'time',
): PreparedGroup[] {
  return grouping.groups.flatMap((group, index) => {
    const series: Series[] = [];
    const missing: string[] = [];
    for (const place of group.runs) {
      const run = runs[place]!;
      const found = seriesOf(run);
      // By place, as the report's page names its runs (and the panel's notes name them back).
      if (found === undefined || found.samples.length === 0) missing.push(String(place));
      else series.push(found);
    }
    if (series.length === 0) return [];
    const curve = new GroupCurve(series, { center: grouping.center, spread: grouping.spread, x });
    return [{ group: index, curve, runs: series.length, missing }];
  });
}

/** One of the curve's columns as samples at its steps, on the axis the group is drawn on. */
function samplesOf(curve: GroupCurve, values: Float64Array): SeriesSamples {
  const { steps, times } = curve;
  return {
    length: curve.length,
    step: (i) => steps.data[i]!,
    time: (i) => times.data[i]!,
    value: (i) => values[i]!,
  };
}

export function layGroupLine(
  writer: ReportWriter,
  prepared: PreparedGroup,
  columns: number,
): ReportGroupLine {
  const { curve } = prepared;
  const x = curve.options.x;
  let indices: Uint32Array;
  let layout: ReportGroupLine['layout'] = null;
  if (curve.length <= WHOLE_PER_COLUMN * columns) indices = everyPosition(curve.length);
  else {
    // The center's extremes, and the band's least low and greatest high, of every column.
    const lists: Uint32Array[] = [];
    for (const values of [curve.center.data, curve.low.data, curve.high.data]) {
      const envelopes = new SeriesEnvelopes(samplesOf(curve, values), { kind: x });
      const envelope = envelopes.query(-Number.MAX_VALUE, Number.MAX_VALUE, columns, 0).raw;
      layout ??= envelope.layout;
      lists.push(Uint32Array.from(envelope.indices, (p) => envelopes.sampleAt(p)));
    }
    indices = merged(lists);
  }
  const take = (column: { readonly data: Float64Array }) =>
    writer.add(Float64Array.from(indices, (i) => column.data[i]!));
  return {
    group: prepared.group,
    x,
    points: {
      steps: take(curve.steps),
      times: take(curve.times),
      center: take(curve.center),
      low: take(curve.low),
      high: take(curve.high),
      n: take(curve.n),
    },
    layout,
    total: curve.length,
    runs: prepared.runs,
    missing: prepared.missing,
    nonFinite: curve.nonFinite,
    rule: groupRule(x, curve.options.spread),
  };
}
