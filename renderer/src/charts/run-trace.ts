// A run's trace of a key on a metrics board: its series (paired with its step metric's where the
// key declares one) drawn in the run's style, built again only when a series' version or the
// look changed (see TraceCache).

import type { ClientSeries } from '../state/client-series.js';
import type { Trace, XAxisMode } from './curve-data.js';
import { buildTrace } from './curve-data.js';
import type { BoardRun } from './board-run.js';
import type { RunStyle } from './run-colors.js';
import type { TraceCache } from './trace-cache.js';

function seriesColumns(series: ClientSeries) {
  return { ...series.view(), length: series.length };
}

/** What a trace is asked for: a run's key on an axis, labelled and styled, smoothed or not. */
export interface TraceAsk {
  readonly key: string;
  readonly mode: XAxisMode;
  readonly run: BoardRun;
  readonly label: string;
  readonly style: RunStyle;
  readonly looks: { readonly smoothing: number; readonly logY: boolean };
}

/** The run's trace of the key, or null when the run holds no sample of it. */
export function runTrace(
  cache: TraceCache,
  seriesOfRun: ReadonlyMap<string, ClientSeries> | undefined,
  ask: TraceAsk,
): Trace | null {
  const { key, mode, run, label, style, looks } = ask;
  const series = seriesOfRun?.get(key);
  if (series === undefined || series.length === 0) return null;
  const declaration = run.declarations.get(key);
  const stepMetricName = declaration?.stepMetric ?? null;
  const stepMetricSeries = stepMetricName === null ? undefined : seriesOfRun?.get(stepMetricName);
  const goal = declaration?.goal ?? null;
  const runId = `${run.runId}\u0000${key}`;
  const look = JSON.stringify([runId, label, style, run.startTime, goal, stepMetricName, mode]);
  return cache.get(
    series,
    `${series.version}:${stepMetricSeries?.version ?? '-'}:${looks.smoothing}:${looks.logY}`,
    look,
    () =>
      buildTrace(
        {
          runId,
          label,
          color: style.color,
          dash: style.dash,
          series: seriesColumns(series),
          stepMetric: stepMetricSeries === undefined ? null : seriesColumns(stepMetricSeries),
          stepMetricName,
          startTime: run.startTime,
          goal,
        },
        { mode, smoothing: looks.smoothing, logY: looks.logY },
      ),
  );
}
