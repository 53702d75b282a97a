// The runs page's params-against-results panel: parallel coordinates or a param scatter of the
// selected runs (or of every run the filter lists when none is selected), with the result axis
// chosen in a menu and brushes that narrow the runs table.

import { useMemo } from 'react';
import type { RunSummary } from '../../../shared/api/contract.js';
import { useThemeName } from '../state/theme.js';
import type { DerivedView } from '../state/sweep-choices.js';
import type { StatisticsBySource } from '../pages/metric-columns.js';
import { METRIC_STATS } from '../pages/column-id.js';
import type { AxisRef, ResultChoice } from './parcoords-model.js';
import {
  axisRefId,
  buildAxes,
  rampColor,
  rampPosition,
  rampSpan,
  varyingAxes,
} from './parcoords-model.js';
import type { SweepState } from './sweep-state.js';
import { ParallelCoordinates } from './ParallelCoordinates.js';
import { ParamScatter } from './ParamScatter.js';

function choiceValue(result: ResultChoice | null): string {
  if (result === null) return '';
  if (result.kind === 'summary') return `summary\u0000${result.key}`;
  return `${result.formula !== undefined ? 'view' : 'key'}\u0000${result.key}\u0000${result.stat}`;
}

export function SweepPanel(props: {
  sweep: SweepState;
  /** The runs drawn, in the table's order. */
  runs: readonly RunSummary[];
  /** What the runs are: "3 selected runs", "12 runs of the filter". */
  what: string;
  statistics: StatisticsBySource;
  brushed: ReadonlySet<string> | null;
  /** Each run's group colour when the runs are grouped; null colours lines by their result. */
  groupColor: ((runId: string) => string) | null;
  views: readonly DerivedView[];
}) {
  const { sweep, runs, statistics } = props;
  const axes = useMemo(() => {
    const all = buildAxes(runs, sweep.result, statistics, sweep.logChoices);
    return sweep.onlyVarying ? varyingAxes(all) : all;
  }, [runs, sweep.result, statistics, sweep.logChoices, sweep.onlyVarying]);
  const { result } = sweep;
  const { summaryKeys, seriesKeys } = useMemo(() => {
    const summary = new Set<string>();
    const series = new Set<string>();
    for (const run of runs) {
      for (const [key, value] of run.summary)
        if (typeof value === 'number' || typeof value === 'bigint') summary.add(key);
      for (const { key } of run.keys) series.add(key);
    }
    // The result shown is listed even when none of these runs has its key (the store's goal
    // metric, or a choice made over other runs): the menu says what the axis shows.
    if (result?.kind === 'summary') summary.add(result.key);
    else if (result?.kind === 'statistic' && result.formula === undefined) series.add(result.key);
    return { summaryKeys: [...summary].sort(), seriesKeys: [...series].sort() };
  }, [runs, result]);
  const choices = new Map<string, ResultChoice>();
  for (const key of summaryKeys) choices.set(`summary\u0000${key}`, { kind: 'summary', key });
  for (const key of seriesKeys)
    for (const stat of METRIC_STATS)
      choices.set(`key\u0000${key}\u0000${stat}`, { kind: 'statistic', key, stat });
  for (const view of props.views)
    for (const stat of METRIC_STATS)
      choices.set(`view\u0000${view.name}\u0000${stat}`, {
        kind: 'statistic',
        key: view.name,
        stat,
        formula: view.formula,
      });
  const toggleLog = (ref: AxisRef): void => {
    const axis = axes.find((a) => axisRefId(a.ref) === axisRefId(ref));
    if (axis !== undefined) sweep.toggleLog(ref, axis.log);
  };
  const paramAxes = axes.filter((axis) => axis.ref.kind === 'param');
  const resultAxis = axes.find((axis) => axis.ref.kind === 'result');
  const xAxis = paramAxes.find((a) => a.label === sweep.scatterX) ?? paramAxes[0];
  // By group when grouped, else by the result on a ramp; one colour when neither says more.
  const { groupColor } = props;
  const theme = useThemeName();
  const colorOf = useMemo(() => {
    if (groupColor !== null) return groupColor;
    const span = rampSpan(theme);
    return (id: string): string => {
      const t = rampPosition(resultAxis, id);
      return t === null ? '#2f6fed' : rampColor(t, span);
    };
  }, [groupColor, resultAxis, theme]);

  const option = (value: string, text: string) => (
    <option key={value} value={value}>
      {text}
    </option>
  );

  return (
    <div className="sweep-panel" data-testid="sweep-panel">
      <div className="sweep-bar">
        <div className="chips" role="group" aria-label="Sweep view">
          <button
            className={`chip ${sweep.view === 'parcoords' ? 'on' : ''}`}
            onClick={() => sweep.setView('parcoords')}
            data-testid="sweep-view-parcoords"
          >
            Parallel coordinates
          </button>
          <button
            className={`chip ${sweep.view === 'scatter' ? 'on' : ''}`}
            onClick={() => sweep.setView('scatter')}
            data-testid="sweep-view-scatter"
          >
            Scatter
          </button>
        </div>
        <label className="row">
          Result
          <select
            value={choiceValue(sweep.result)}
            onChange={(event) => sweep.setResult(choices.get(event.target.value) ?? null)}
            data-testid="sweep-result"
          >
            <option value="">none</option>
            {summaryKeys.length > 0 ? (
              <optgroup label="Summary">
                {summaryKeys.map((key) => option(`summary\u0000${key}`, key))}
              </optgroup>
            ) : null}
            {seriesKeys.length > 0 ? (
              <optgroup label="Metrics">
                {seriesKeys.flatMap((key) =>
                  METRIC_STATS.map((stat) =>
                    option(`key\u0000${key}\u0000${stat}`, `${key}.${stat}`),
                  ),
                )}
              </optgroup>
            ) : null}
            {props.views.length > 0 ? (
              <optgroup label="Derived views">
                {props.views.flatMap((view) =>
                  METRIC_STATS.map((stat) =>
                    option(`view\u0000${view.name}\u0000${stat}`, `${view.name}.${stat}`),
                  ),
                )}
              </optgroup>
            ) : null}
          </select>
        </label>
        {sweep.view === 'scatter' && paramAxes.length > 0 ? (
          <label className="row">
            Param
            <select
              value={xAxis?.label ?? ''}
              onChange={(event) => sweep.setScatterX(event.target.value)}
              data-testid="scatter-param"
            >
              {paramAxes.map((axis) => option(axis.label, axis.label))}
            </select>
          </label>
        ) : null}
        <label className="row">
          <input
            type="checkbox"
            checked={sweep.onlyVarying}
            onChange={(event) => sweep.setOnlyVarying(event.target.checked)}
            data-testid="sweep-only-varying"
          />
          Only params that vary
        </label>
        <span className="muted">
          {props.what} · drag along an axis to brush it, click it to clear
        </span>
      </div>
      {runs.length === 0 ? (
        <div className="muted sweep-empty">No run to draw: the filter lists none.</div>
      ) : axes.length === 0 ? (
        <div className="muted sweep-empty">These runs have no params and no result is chosen.</div>
      ) : sweep.view === 'parcoords' ? (
        <ParallelCoordinates
          runs={runs}
          axes={axes}
          brushes={sweep.brushes}
          brushed={props.brushed}
          colorOf={colorOf}
          onBrush={sweep.setBrush}
          onToggleLog={toggleLog}
        />
      ) : xAxis === undefined || resultAxis === undefined ? (
        <div className="muted sweep-empty">
          Choose a result to plot{' '}
          {xAxis === undefined
            ? 'against a param (these runs have none)'
            : `against ${xAxis.label}`}
          .
        </div>
      ) : (
        <ParamScatter
          x={xAxis}
          y={resultAxis}
          runIds={runs.map((run) => run.id)}
          brushes={sweep.brushes}
          brushed={props.brushed}
          colorOf={colorOf}
          onBrush={sweep.setBrush}
          onToggleLog={toggleLog}
        />
      )}
    </div>
  );
}
