// The panels of a board that show each run's last value: a tile of one key, a breakdown of a
// prefix's keys, both in the runs' colours and by the keys' declared goal.

import type { ClientSeries } from '../state/client-series.js';
import { BreakdownPanel } from './BreakdownPanel.js';
import type { BoardRun } from './board-run.js';
import type { Panel } from './panel-layout.js';
import type { RunStyle } from './run-colors.js';
import { ScalarTile } from './ScalarTile.js';

/** A run as these panels read it: its style and, per key, its last sample. */
export interface LastValues {
  readonly run: BoardRun;
  readonly style: RunStyle;
  readonly last: (key: string) => { value: number; step: number } | null;
}

export function lastValues(
  runs: readonly BoardRun[],
  seriesByRun: ReadonlyMap<string, ReadonlyMap<string, ClientSeries>>,
  styleOf: (runId: string) => RunStyle,
): LastValues[] {
  return runs.map((run) => ({
    run,
    style: styleOf(run.runId),
    last: (key) => {
      const series = seriesByRun.get(run.runId)?.get(key);
      if (series === undefined || series.length === 0) return null;
      const at = series.length - 1;
      return { value: series.values[at]!, step: series.steps[at]! };
    },
  }));
}

const goalOf = (runs: readonly LastValues[], keys: readonly string[]) =>
  runs
    .flatMap(({ run }) => keys.map((key) => run.declarations.get(key)?.goal))
    .find((g) => g != null) ?? null;

export function TileFor({
  panel,
  runs,
}: {
  panel: Extract<Panel, { type: 'tile' }>;
  runs: readonly LastValues[];
}) {
  const entries = runs.flatMap(({ run, style, last }) => {
    const point = last(panel.key);
    if (point === null) return [];
    return [{ runId: run.runId, label: run.label, color: style.color, dash: style.dash, ...point }];
  });
  return <ScalarTile title={panel.key} entries={entries} goal={goalOf(runs, [panel.key])} />;
}

export function BreakdownFor({
  panel,
  runs,
}: {
  panel: Extract<Panel, { type: 'breakdown' }>;
  runs: readonly LastValues[];
}) {
  const breakdownRuns = runs.map(({ run, style, last }) => {
    const values = new Map<string, number>();
    for (const key of panel.keys) {
      const point = last(key);
      if (point !== null) values.set(key, point.value);
    }
    return { runId: run.runId, label: run.label, ...style, values };
  });
  return (
    <BreakdownPanel
      prefix={panel.prefix}
      keys={panel.keys}
      runs={breakdownRuns}
      goal={goalOf(runs, panel.keys)}
    />
  );
}
