// A curve of series too long to send whole: the host answers the exact M4 envelope (first,
// last, least and greatest sample of each pixel column) for the range in view, asked again on
// zoom and, while samples arrive, at most once a second. Never more than 4 points a column.

import { useEffect, useState } from 'react';
import type { Columns } from '../../../shared/series/curve-math.js';
import { unwrap } from '../api/call.js';
import { useServices } from '../state/app-context.js';
import type { ClientSeries } from '../state/client-series.js';
import type { Trace, XAxisMode } from './curve-data.js';
import { buildTrace } from './curve-data.js';
import { CurvePanel } from './CurvePanel.js';
import type { Goal } from '../../../shared/format/records.js';

/** Pixel columns asked for: a panel is rarely wider, and 4 points a column stay few. */
const ENVELOPE_WIDTH = 1200;
const REFRESH_MS = 1000;

export interface EnvelopeRun {
  readonly runId: string;
  readonly label: string;
  readonly color: string;
  readonly startTime: number;
  readonly goal: Goal | null;
  readonly series: ClientSeries;
}

/** The envelope as columns, non-finite markers put back in their place by step. */
function envelopeColumns(envelope: {
  steps: Float64Array;
  times: Float64Array;
  values: Float64Array;
  markerSteps: Float64Array;
  markerTimes: Float64Array;
  markerValues: Float64Array;
}): Columns {
  const n = envelope.steps.length + envelope.markerSteps.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const step = (i: number): number =>
      i < envelope.steps.length
        ? envelope.steps[i]!
        : envelope.markerSteps[i - envelope.steps.length]!;
    return step(a) - step(b) || a - b;
  });
  const pick = (
    column: 'steps' | 'times' | 'values',
    marker: 'markerSteps' | 'markerTimes' | 'markerValues',
  ) =>
    Float64Array.from(order, (i) =>
      i < envelope.steps.length
        ? envelope[column][i]!
        : envelope[marker][i - envelope.steps.length]!,
    );
  return {
    steps: pick('steps', 'markerSteps'),
    times: pick('times', 'markerTimes'),
    values: pick('values', 'markerValues'),
    length: n,
  };
}

export function EnvelopeCurve(props: {
  readonly title: string;
  readonly runs: readonly EnvelopeRun[];
  readonly mode: XAxisMode;
  readonly logY: boolean;
  readonly onExportCsv: () => void;
  readonly onExportPng: (canvas: HTMLCanvasElement) => void;
}) {
  const { bridge } = useServices();
  const { title, runs, logY } = props;
  const mode: XAxisMode = props.mode === 'step_metric' ? 'step' : props.mode;
  const [range, setRange] = useState<readonly [number, number] | null>(null);
  const [columns, setColumns] = useState<
    ReadonlyMap<string, { columns: Columns; total: number; inView: number }>
  >(new Map());
  const [tick, setTick] = useState(0);
  const versions = runs.map((run) => run.series.version).join(',');

  useEffect(() => {
    // Samples arriving ask for a fresh envelope, at most once a second.
    const timer = setTimeout(() => setTick((t) => t + 1), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [versions]);

  useEffect(() => {
    let cancelled = false;
    const x = mode === 'step' ? 'step' : 'time';
    void Promise.all(
      runs.map(async (run) => {
        const offset = mode === 'relative' ? run.startTime : 0;
        const [x0, x1] =
          range === null
            ? [-Number.MAX_VALUE, Number.MAX_VALUE]
            : [range[0] + offset, range[1] + offset];
        const envelope = unwrap(
          await bridge.api.envelope({
            runId: run.runId,
            key: title,
            x,
            x0,
            x1,
            width: ENVELOPE_WIDTH,
          }),
        );
        return [
          run.runId,
          { columns: envelopeColumns(envelope), total: envelope.total, inView: envelope.inView },
        ] as const;
      }),
    ).then(
      (entries) => {
        if (!cancelled) setColumns(new Map(entries));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
    // runs change identity with every render; what to ask for is named by these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bridge, title, mode, range, tick, runs.map((run) => run.runId).join(',')]);

  const traces: Trace[] = runs.flatMap((run) => {
    const held = columns.get(run.runId);
    if (held === undefined) return [];
    return [
      buildTrace(
        {
          runId: run.runId,
          label: run.label,
          color: run.color,
          series: held.columns,
          stepMetric: null,
          stepMetricName: null,
          startTime: run.startTime,
          goal: run.goal,
        },
        { mode, smoothing: 0, logY },
      ),
    ];
  });
  const shown = [...columns.values()];
  const notes = [
    `${shown.reduce((n, c) => n + c.inView, 0).toLocaleString()} samples in view drawn exactly from at most 4 points a pixel column`,
    'smoothing and step_metric pairing need every sample on screen: this curve is drawn raw, against ' +
      (mode === 'step' ? 'step' : 'time'),
  ];
  return (
    <CurvePanel
      title={title}
      traces={traces}
      mode={mode}
      xLabel="step"
      logY={logY}
      smoothing={0}
      syncKey={`munin-${mode}`}
      notes={notes}
      onXRange={setRange}
      onExportCsv={props.onExportCsv}
      onExportPng={props.onExportPng}
    />
  );
}
