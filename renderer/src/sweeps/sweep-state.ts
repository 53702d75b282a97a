// The runs page's sweep view state: whether the params-against-results panel is open and which
// view it shows, the result axis, the scatter's param, each axis's scale, and the brushes, which
// belong to the runs filter (they narrow the table until removed, panel open or not). The
// result is the user's choice once they made one, until then the store's goal metric.

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RunSummary } from '../../../shared/api/contract.js';
import { usePersistedState } from '../pages/persisted-choice.js';
import { METRIC_STATS } from '../pages/column-id.js';
import type { AxisRef, Brush, ResultChoice } from './parcoords-model.js';
import { axisRefId, withBrush } from './parcoords-model.js';
import { bestResult, goalMetric, shownResult } from './goal-result.js';

export type SweepView = 'parcoords' | 'scatter';

function isResult(value: unknown): ResultChoice | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const r = value as Record<string, unknown>;
  if (typeof r['key'] !== 'string') return undefined;
  if (r['kind'] === 'summary') return value as ResultChoice;
  if (
    r['kind'] === 'statistic' &&
    METRIC_STATS.includes(r['stat'] as never) &&
    (r['formula'] === undefined || typeof r['formula'] === 'string')
  )
    return value as ResultChoice;
  return undefined;
}

export interface SweepState {
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
  readonly view: SweepView;
  readonly setView: (view: SweepView) => void;
  /** The result shown: the user's choice, or the store's goal metric until they make one. */
  readonly result: ResultChoice | null;
  readonly setResult: (result: ResultChoice | null) => void;
  readonly scatterX: string | null;
  readonly setScatterX: (name: string | null) => void;
  /** Whether param axes whose runs all agree are left out. */
  readonly onlyVarying: boolean;
  readonly setOnlyVarying: (on: boolean) => void;
  readonly logChoices: ReadonlyMap<string, boolean>;
  /** Flips the axis's scale from what it is drawn with now. */
  readonly toggleLog: (axis: AxisRef, drawnLog: boolean) => void;
  readonly brushes: readonly Brush[];
  readonly setBrush: (axis: AxisRef, brush: Brush | null) => void;
  readonly clearBrushes: () => void;
}

/** The sweep view's state over the store's runs, whose goal metric is the default result. */
export function useSweepState(runs: ReadonlyMap<string, RunSummary>): SweepState {
  const [open, setOpen] = usePersistedState<boolean>('sweep-open', false, (v) =>
    typeof v === 'boolean' ? v : undefined,
  );
  const [view, setView] = usePersistedState<SweepView>('sweep-view', 'parcoords', (v) =>
    v === 'parcoords' || v === 'scatter' ? v : undefined,
  );
  // Undefined until the user chooses: null is their choice of none, kept as any other.
  const [chosen, setResult] = usePersistedState<ResultChoice | null | undefined>(
    'sweep-result',
    undefined,
    isResult,
  );
  const [scatterX, setScatterX] = usePersistedState<string | null>('sweep-scatter-x', null, (v) =>
    typeof v === 'string' || v === null ? v : undefined,
  );
  const [onlyVarying, setOnlyVarying] = usePersistedState<boolean>('sweep-varying', true, (v) =>
    typeof v === 'boolean' ? v : undefined,
  );
  const [logChoices, setLogChoices] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [brushes, setBrushes] = useState<readonly Brush[]>([]);
  const toggleLog = useCallback(
    (axis: AxisRef, drawnLog: boolean) =>
      setLogChoices((current) => new Map(current).set(axisRefId(axis), !drawnLog)),
    [],
  );
  // Functional, so that the scatter's two brushes from one rectangle both land.
  const setBrush = useCallback(
    (axis: AxisRef, brush: Brush | null) =>
      setBrushes((current) => withBrush(current, axis, brush)),
    [],
  );
  const clearBrushes = useCallback(() => setBrushes([]), []);
  // The default is looked for only while something shows it: the panel, or a brush on it that
  // narrows the table with the panel closed. Else the runs page would read the goal metric's
  // statistics on every open, for a panel most opens never show.
  const defaultShown =
    chosen === undefined && (open || brushes.some((b) => b.axis.kind === 'result'));
  const goal = useMemo(
    () => (defaultShown ? goalMetric(runs.values()) : null),
    [defaultShown, runs],
  );
  const [goalKey, goalAim] = [goal?.key, goal?.goal];
  // One object while the goal metric stays, as the runs change: the axes and the statistics
  // read for the result are built from it again only when it is another.
  const fallback = useMemo(
    () =>
      goalKey === undefined || goalAim === undefined
        ? null
        : bestResult({ key: goalKey, goal: goalAim }),
    [goalKey, goalAim],
  );
  const result = shownResult(chosen, fallback);
  // A brush on the default result when the store's goal metric becomes another (runs arrived)
  // would narrow runs by a value no longer shown, as one on a result the user changed would.
  useEffect(
    () =>
      setBrushes((current) =>
        current.some((b) => b.axis.kind === 'result')
          ? current.filter((b) => b.axis.kind !== 'result')
          : current,
      ),
    [fallback],
  );
  const chooseResult = useCallback(
    (next: ResultChoice | null) => {
      setResult(next);
      // A brush on the old result would narrow runs by a value no longer shown.
      setBrushes((current) => current.filter((b) => b.axis.kind !== 'result'));
    },
    [setResult],
  );
  return {
    open,
    setOpen,
    view,
    setView,
    result,
    setResult: chooseResult,
    scatterX,
    setScatterX,
    onlyVarying,
    setOnlyVarying,
    logChoices,
    toggleLog,
    brushes,
    setBrush,
    clearBrushes,
  };
}
