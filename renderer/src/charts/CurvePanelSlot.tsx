// One key's curve panel on a metrics board, with what a run's detail adds: its annotations and
// resumes marked, its stages tinted, and for an event stream's key the label filter, the colour
// by a label and the abandoned copy. A filtered curve or one with its abandoned copy is drawn
// from the host's envelopes, as a series too long to send whole is.

import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import type { LabelSegment } from '../../../shared/api/contract.js';
import { unwrap } from '../api/call.js';
import { useServices } from '../state/app-context.js';
import type { ClientSeries } from '../state/client-series.js';
import type { Trace, XAxisMode } from './curve-data.js';
import { CurvePanel } from './CurvePanel.js';
import { EnvelopeCurve } from './EnvelopeCurve.js';
import type { FileStepMarks } from './FileStepTicks.js';
import type { PngSpec } from './png-export.js';
import type { RunStyle } from './run-colors.js';
import type { ColouredSpan } from './marks/label-colours.js';
import { colouredSpans, valueColours } from './marks/label-colours.js';
import type { LabelChoice } from './marks/LabelTools.js';
import { LabelTools, NO_CHOICE, ValueKey } from './marks/LabelTools.js';
import type { RunMarks } from './marks/mark-clusters.js';
import type { RunStages } from './marks/draw-marks.js';
import type { RunExtras } from './marks/run-extras.js';
import { NO_EXTRAS, mergedLabels } from './marks/run-extras.js';
import type { BoardRun } from './board-run.js';

export interface SlotProps {
  readonly panelKey: string;
  readonly mode: XAxisMode;
  readonly runs: readonly BoardRun[];
  /** A run's series by key. */
  readonly seriesOf: (runId: string) => ReadonlyMap<string, ClientSeries> | undefined;
  readonly styleOf: (runId: string) => RunStyle;
  readonly logY: boolean;
  readonly smoothing: number;
  readonly xLabel: string;
  readonly ticks: FileStepMarks | undefined;
  /** The panel's own tools above it (its x axis, overlay), as the board makes them. */
  readonly headTools: ReactNode;
  /** The traces of whole series, as the board builds them. */
  readonly traces: () => readonly Trace[];
  readonly onExportCsv: () => void;
  readonly onExportPng: (canvas: HTMLCanvasElement, spec: PngSpec) => void;
  /** The chart's height in pixels; the usual when undefined. */
  readonly height?: number | undefined;
  /** The x range zoomed to, in the panel's axis' units; null: the whole series. */
  readonly zoom: readonly [number, number] | null;
  readonly onZoom: (range: readonly [number, number] | null) => void;
}

const extrasOf = (run: BoardRun): RunExtras => run.extras ?? NO_EXTRAS;

/** The runs' marks and stages as a panel draws them, each run's in its colour. */
export function panelMarks(
  runs: readonly BoardRun[],
  styleOf: (runId: string) => RunStyle,
): { marks: RunMarks[]; stages: RunStages[] } {
  return {
    marks: runs.map((run) => ({
      runId: run.runId,
      label: run.label,
      color: styleOf(run.runId).color,
      startTime: run.startTime,
      marks: extrasOf(run).marks,
    })),
    stages: runs.map((run) => ({
      runId: run.runId,
      startTime: run.startTime,
      stretches: extrasOf(run).stages,
    })),
  };
}

/** Each run's segments of a label along the key, asked of the host while colouring by it. */
function useLabelSegments(
  runIds: readonly string[],
  key: string,
  label: string | null,
  x: 'step' | 'time' | null,
  refresh: string,
): ReadonlyMap<string, readonly LabelSegment[]> {
  const { bridge } = useServices();
  const [answers, setAnswers] = useState<ReadonlyMap<string, readonly LabelSegment[]>>(new Map());
  const ids = JSON.stringify(runIds);
  useEffect(() => {
    if (label === null || x === null) {
      // The same empty answer: a new one would render the panel again on every live frame.
      setAnswers((held) => (held.size === 0 ? held : new Map()));
      return;
    }
    let cancelled = false;
    void Promise.all(
      (JSON.parse(ids) as string[]).map(async (runId) => {
        const segments = unwrap(await bridge.api.labelSegments({ runId, key, label, x }));
        return [runId, segments] as const;
      }),
    ).then(
      (entries) => {
        if (!cancelled) setAnswers(new Map(entries));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [bridge, ids, key, label, x, refresh]);
  return answers;
}

export function CurvePanelSlot(props: SlotProps) {
  const { panelKey, mode, runs, seriesOf, styleOf } = props;
  const [choice, setChoice] = useState<LabelChoice>(NO_CHOICE);
  const labels = mergedLabels(runs.map(extrasOf), panelKey);
  const orphans = runs.reduce((n, run) => n + (extrasOf(run).orphans.get(panelKey) ?? 0), 0);
  const carries = (run: BoardRun, label: string): boolean =>
    (extrasOf(run).labels.get(panelKey) ?? []).some((l) => l.name === label);
  const segmentX = mode === 'step' ? 'step' : mode === 'step_metric' ? null : 'time';
  const colourBy = segmentX === null ? null : choice.colourBy;
  const colouredRuns = colourBy === null ? [] : runs.filter((run) => carries(run, colourBy));
  const versions = runs.map((run) => seriesOf(run.runId)?.get(panelKey)?.version ?? 0).join(',');
  const segments = useLabelSegments(
    colouredRuns.map((run) => run.runId),
    panelKey,
    colourBy,
    segmentX,
    versions,
  );
  // One colour per value across the runs, so that a value is the same colour in each.
  const colours = useMemo(() => valueColours([...segments.values()].flat()), [segments]);
  const spansOf = (run: BoardRun): readonly ColouredSpan[] | undefined => {
    const own = segments.get(run.runId);
    if (own === undefined) return undefined;
    const offset = mode === 'relative' ? run.startTime : 0;
    return colouredSpans(own, colours).map((s) => ({ ...s, x0: s.x0 - offset, x1: s.x1 - offset }));
  };
  // A run is marked only on the panels of keys it has: its marks over another run's curve mislead.
  const { marks, stages } = panelMarks(
    runs.filter((run) => (seriesOf(run.runId)?.get(panelKey)?.length ?? 0) > 0),
    styleOf,
  );
  const tools = (
    <LabelTools
      panelKey={panelKey}
      labels={labels}
      orphans={orphans}
      choice={choice}
      onChoice={setChoice}
      canColour={segmentX !== null}
    />
  );
  const footer = colourBy === null ? null : <ValueKey label={colourBy} colours={colours} />;
  const notes: string[] = [];
  const filter = choice.filter;
  if (filter !== null && runs.length > 1) {
    const without = runs.filter((run) => !carries(run, filter.label));
    if (without.length > 0)
      notes.push(
        `${without.map((r) => r.label).join(', ')} ${without.length === 1 ? 'carries' : 'carry'} no label ${filter.label}: drawn whole`,
      );
  }
  const partial = runs.some((run) => seriesOf(run.runId)?.get(panelKey)?.partial === true);
  if (partial || filter !== null || choice.orphans) {
    return (
      <div className="panel-slot">
        <div className="panel-tools">{props.headTools}</div>
        <EnvelopeCurve
          title={panelKey}
          mode={mode}
          logY={props.logY}
          smoothing={props.smoothing}
          height={props.height}
          zoom={props.zoom}
          onZoom={props.onZoom}
          runs={runs.flatMap((run) => {
            const series = seriesOf(run.runId)?.get(panelKey);
            if (series === undefined) return [];
            const style = styleOf(run.runId);
            return [
              {
                runId: run.runId,
                label: run.label,
                color: style.color,
                dash: style.dash,
                startTime: run.startTime,
                goal: run.declarations.get(panelKey)?.goal ?? null,
                series,
                filter: filter !== null && carries(run, filter.label) ? filter : undefined,
                colourSpans: spansOf(run),
                orphans: extrasOf(run).orphans.get(panelKey) ?? 0,
              },
            ];
          })}
          showOrphans={choice.orphans}
          onExportCsv={props.onExportCsv}
          onExportPng={props.onExportPng}
          fileSteps={props.ticks}
          marks={marks}
          stages={stages}
          tools={tools}
          footer={footer}
          notes={notes}
        />
      </div>
    );
  }
  const traces = props.traces().map((trace, i) => {
    const run = runs.find((r) => trace.runId.startsWith(`${r.runId}\u0000`)) ?? runs[i];
    const spans = run === undefined ? undefined : spansOf(run);
    return spans === undefined ? trace : { ...trace, colourSpans: spans };
  });
  return (
    <div className="panel-slot">
      <div className="panel-tools">{props.headTools}</div>
      <CurvePanel
        title={panelKey}
        traces={traces}
        mode={mode}
        xLabel={props.xLabel}
        logY={props.logY}
        smoothing={props.smoothing}
        height={props.height}
        xRange={props.zoom}
        onXRange={props.onZoom}
        syncKey={`munin-${mode}`}
        onExportCsv={props.onExportCsv}
        onExportPng={props.onExportPng}
        fileSteps={props.ticks}
        marks={marks}
        stages={stages}
        tools={tools}
        footer={footer}
      />
    </div>
  );
}
