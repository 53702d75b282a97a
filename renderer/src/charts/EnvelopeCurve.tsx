// A curve of series too long to send whole: the host answers the exact M4 envelopes (first,
// last, least and greatest point of each pixel column) of the raw and the smoothed series, x by
// step, time or step_metric, for the range in view; asked again on zoom and, while samples
// arrive, at most once a second. Never more than 4 points a column per line. A curve filtered by
// a label's value, or with the copy a resume abandoned drawn faintly under it, is drawn so too.

import type { ReactNode } from 'react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EnvelopeColumns, SeriesCopy } from '../../../shared/api/contract.js';
import { useServices } from '../state/app-context.js';
import { usePlotColumns, useRefreshTick } from './use-plot-columns.js';
import { askEnvelopes, envelopeQueries, xColumnOf } from './envelope-requests.js';
import { setInNextFrame } from './next-frame-state.js';
import type { Trace, XAxisMode } from './curve-data.js';
import type { EnvelopeRun } from './envelope-trace.js';
import { envelopeTrace } from './envelope-trace.js';
import type { CursorPoint } from './cursor-readout.js';
import { CurvePanel } from './CurvePanel.js';
import type { LegendEntry } from './CurveLegend.js';
import { pointsAt } from './points-at.js';
import type { FileStepMarks } from './FileStepTicks.js';
import type { PngSpec } from './png-export.js';
import type { RunMarks } from './marks/mark-clusters.js';
import type { RunStages } from './marks/draw-marks.js';

/** One line the panel asks envelopes for: a run's series, or the copy a resume abandoned. */
interface Line {
  readonly run: EnvelopeRun;
  readonly copy: SeriesCopy;
}

const lineId = (line: Line): string => JSON.stringify([line.run.runId, line.copy]);

/**
 * What a line's trace and legend row are called: a run's series by its run, the copy a resume
 * abandoned apart from it, and by its run's name only when the panel has several.
 */
function lineName({ run, copy }: Line, several: boolean): { runId: string; label: string } {
  if (copy === 'series') return { runId: run.runId, label: run.label };
  return {
    runId: `${run.runId}\u0000orphans`,
    label: several ? `${run.label} · abandoned copy` : 'abandoned copy',
  };
}

export function EnvelopeCurve(props: {
  readonly title: string;
  readonly runs: readonly EnvelopeRun[];
  readonly mode: XAxisMode;
  readonly logY: boolean;
  /** The page's smoothing weight: the host smooths over every sample. */
  readonly smoothing: number;
  readonly onExportCsv?: (() => void) | undefined;
  readonly onExportPng: (canvas: HTMLCanvasElement, spec: PngSpec) => void;
  readonly fileSteps?: FileStepMarks | undefined;
  /** Draw each run's abandoned copy faintly under its curve. */
  readonly showOrphans?: boolean;
  readonly marks?: readonly RunMarks[] | undefined;
  readonly stages?: readonly RunStages[] | undefined;
  readonly tools?: ReactNode;
  readonly footer?: ReactNode;
  readonly notes?: readonly string[];
  /** A derived view's formula: the curves are it over each run's keys, read on the host. */
  readonly formula?: string | undefined;
  /** Changes when samples the curves read arrive (a derived view has no series of its own). */
  readonly refresh?: string;
  readonly height?: number | undefined;
  /**
   * The x range zoomed to, when the page keeps it (in the axis' units, null for the whole), and
   * how to tell it of a new one; without them the panel keeps its zoom itself.
   */
  readonly zoom?: readonly [number, number] | null;
  readonly onZoom?: (range: readonly [number, number] | null) => void;
  /** What the points in view are, in words: an offline report holds fewer than every sample. */
  readonly describeInView?: ((inView: number) => string) | undefined;
}) {
  const { bridge } = useServices();
  const { title, runs, logY, mode, smoothing, formula } = props;
  // A zoomed range is in its axis' units: under another axis the whole series is asked for.
  const [ownZoom, setOwnZoom] = useState<{
    mode: XAxisMode;
    range: readonly [number, number];
  } | null>(null);
  const kept = props.onZoom !== undefined;
  const range = kept
    ? (props.zoom ?? null)
    : ownZoom !== null && ownZoom.mode === mode
      ? ownZoom.range
      : null;
  // Answers are drawn with the axis and smoothing they were asked with, until new ones come: a
  // chart built for smoothing must get smoothed lines, and x in its own units.
  const [answered, setAnswered] = useState<{
    mode: XAxisMode;
    smoothing: number;
    answers: ReadonlyMap<string, EnvelopeColumns>;
    /** False until the first answer: the panel is reading. */
    received: boolean;
  }>({ mode, smoothing, answers: new Map(), received: false });
  const [failure, setFailure] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  // The plot's own pixel columns once it is drawn, so that the host's columns are the plot's
  // and each is drawn as one vertical span; a resize asks again once it rests.
  const [columns, onPlotColumns] = usePlotColumns();
  const versions = `${runs.map((run) => run.series?.version ?? '').join(',')}|${props.refresh ?? ''}`;
  // JSON, not ids joined by a separator: an id may hold any character but "/".
  // The abandoned copies first: drawn first, they lie under the curves.
  const lines: Line[] = [
    ...(props.showOrphans === true
      ? runs
          .filter((run) => (run.orphans ?? 0) > 0)
          .map((run) => ({ run, copy: 'orphans' as const }))
      : []),
    ...runs.map((run) => ({ run, copy: 'series' as const })),
  ];
  const runIds = JSON.stringify(
    lines.map((line) => [line.run.runId, line.copy, line.run.filter ?? null]),
  );

  // Samples arriving ask for a fresh envelope, at most once a second; none arriving, none.
  useRefreshTick(versions, setTick);

  useEffect(() => {
    if (columns === null) return;
    let cancelled = false;
    const queries = envelopeQueries(
      lines.map(({ run, copy }) => ({
        runId: run.runId,
        startTime: run.startTime,
        filter: run.filter,
        copy,
      })),
      { key: title, mode, range, columns, smoothing, formula },
    );
    void askEnvelopes(bridge, queries)
      .then((envelopes) => {
        return lines.map((line, i) => [lineId(line), envelopes[i]!] as const);
      })
      .then(
        // In the next frame, with every other panel's answer in flight with it.
        (entries) =>
          setInNextFrame(() => {
            if (cancelled) return;
            setFailure(null);
            setAnswered({ mode, smoothing, answers: new Map(entries), received: true });
          }, true),
        // A formula that names no key of a run, say, is the host's to explain: the panel says it.
        (error: unknown) => !cancelled && setFailure(String(error)),
      );
    return () => {
      cancelled = true;
    };
    // runs change identity with every render; what to ask for is named by these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bridge, title, formula, mode, smoothing, range, tick, columns, runIds]);

  const shownMode = answered.mode;
  const shownSmoothing = answered.smoothing;
  // The sample under the cursor is the host's to tell: envelope points are a few a column.
  const shownLines = lines.filter((line) => answered.answers.has(lineId(line)));
  const shownIds = JSON.stringify(shownLines.map(lineId));
  const readAt = useCallback(
    async (x: number): Promise<readonly (CursorPoint | null)[]> => {
      const offsetOf = (run: EnvelopeRun): number => (shownMode === 'relative' ? run.startTime : 0);
      const points = await pointsAt(
        bridge,
        shownLines.map(({ run, copy }) => ({
          runId: run.runId,
          key: title,
          x: xColumnOf(shownMode),
          at: x + offsetOf(run),
          ...(shownSmoothing > 0 ? { smoothing: shownSmoothing } : {}),
          ...(run.filter === undefined ? {} : { filter: run.filter }),
          ...(copy === 'orphans' ? { copy } : {}),
          ...(formula === undefined ? {} : { formula }),
        })),
      );
      return points.map((point, i) =>
        point === null ? null : { ...point, x: point.x - offsetOf(shownLines[i]!.run) },
      );
    },
    // shownLines is new with every render; the lines it holds are named by shownIds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bridge, title, formula, shownMode, shownSmoothing, shownIds],
  );
  const several = runs.length > 1;
  // Built again only when an answer or a line's look changed, not on every render of the page.
  const looks = JSON.stringify(
    shownLines.map(({ run, copy }) => [
      lineId({ run, copy }),
      run.label,
      run.color,
      run.dash,
      run.startTime,
      run.goal,
      run.colourSpans,
    ]),
  );
  const traces = useMemo(
    (): Trace[] =>
      shownLines.map((line) => {
        const trace = envelopeTrace(line.run, answered.answers.get(lineId(line))!, {
          mode: shownMode,
          smoothing: shownSmoothing,
          logY,
        });
        if (line.copy === 'series') return trace;
        // The abandoned copy: no best point, no colouring, faint; the legend names it.
        const { colourSpans: _spans, ...rest } = trace;
        void _spans;
        return { ...rest, ...lineName(line, several), best: null, faint: true };
      }),
    // shownLines and runs are new with every render; what the traces show is named by looks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answered, logY, looks, several],
  );
  const shown = [...answered.answers.values()];
  const stepMetrics = [
    ...new Set(shown.flatMap((e) => (e.stepMetric === null ? [] : [e.stepMetric]))),
  ];
  // While reading, nothing is in view yet: the panel says it is reading, not that it drew none.
  const inView = shown.reduce((n, e) => n + e.inView, 0);
  const notes = answered.received
    ? [
        props.describeInView?.(inView) ??
          `${inView.toLocaleString()} samples in view drawn exactly from at most 4 points a pixel column`,
      ]
    : [];
  if (failure !== null) notes.unshift(`The curves could not be read: ${failure}`);
  notes.push(...(props.notes ?? []));
  if (shown.some((e) => e.xOrder === 'sorted'))
    notes.push(
      `x goes back along the run: points sorted by x${shownSmoothing > 0 ? ' and smoothed in that order' : ''}`,
    );
  // The lines the legend lists before their curves come, as the traces will name them.
  const pendingLegend: LegendEntry[] = answered.received
    ? []
    : lines.map((line) => ({
        ...lineName(line, several),
        color: line.run.color,
        ...(line.run.dash === undefined ? {} : { dash: line.run.dash }),
        best: null,
        goal: line.run.goal,
      }));
  return (
    <CurvePanel
      title={title}
      {...(formula === undefined ? {} : { formula })}
      traces={traces}
      mode={shownMode}
      xLabel={stepMetrics.length === 0 ? 'step_metric' : stepMetrics.join(' / ')}
      logY={logY}
      smoothing={shownSmoothing}
      syncKey={`munin-${shownMode}`}
      notes={notes}
      height={props.height}
      xRange={range}
      onXRange={(zoomed) => {
        if (props.onZoom !== undefined) props.onZoom(zoomed);
        else setOwnZoom(zoomed === null ? null : { mode: shownMode, range: zoomed });
      }}
      onPlotColumns={onPlotColumns}
      pending={!answered.received && failure === null}
      pendingLegend={pendingLegend}
      readAt={readAt}
      onExportCsv={props.onExportCsv}
      onExportPng={props.onExportPng}
      fileSteps={props.fileSteps}
      marks={props.marks}
      stages={props.stages}
      tools={props.tools}
      footer={props.footer}
    />
  );
}
