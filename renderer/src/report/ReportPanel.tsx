// One curve panel of an offline report: the app's own EnvelopeCurve over the report's held
// points, with what the panel holds said under it, and a zoom past that said too, never filled.

import { useEffect, useRef, useState } from 'react';
import type { ReportDocument, ReportPanel } from '../../../shared/report/report-document.js';
import type { XAxisMode } from '../charts/curve-data.js';
import { EnvelopeCurve } from '../charts/EnvelopeCurve.js';
import { GroupCurve } from '../charts/GroupCurve.js';
import type { EnvelopeRun } from '../charts/envelope-trace.js';
import { downloadChartPng } from '../charts/png-export.js';
import type { PngSpec } from '../charts/png-export.js';
import { ReportCurves } from './report-curves.js';
import { heldColumnWidth, holdingText, sameAxis } from './report-text.js';
import type { ReportRunStyle } from './report-styles.js';

/** The panel's width in CSS pixels, to tell when a zoom's columns are finer than it holds. */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function ReportCurvePanel(props: {
  readonly document: ReportDocument;
  readonly panel: ReportPanel;
  readonly styles: readonly ReportRunStyle[];
  /** The page's axis; 'declared': the panel's own. */
  readonly mode: XAxisMode | 'declared';
  readonly smoothing: number;
  readonly logY: boolean;
}) {
  const { document, panel, styles } = props;
  const mode: XAxisMode =
    props.mode === 'declared'
      ? panel.mode
      : props.mode === 'step_metric' && panel.stepMetric === null
        ? 'step'
        : props.mode;
  const [zoom, setZoom] = useState<readonly [number, number] | null>(
    mode === panel.mode ? panel.zoom : null,
  );
  // A zoom is in its axis' units: another axis starts from the whole.
  const [zoomMode, setZoomMode] = useState(mode);
  if (zoomMode !== mode) {
    setZoomMode(mode);
    setZoom(null);
  }
  const [ref, width] = useWidth();
  const runs: EnvelopeRun[] = panel.lines.map((line) => {
    const run = document.runs[line.run]!;
    const style = styles[line.run]!;
    return {
      runId: ReportCurves.runId(line.run),
      label: style.label,
      color: style.color,
      ...(style.dash === undefined ? {} : { dash: style.dash }),
      startTime: run.startTime ?? 0,
      goal: line.goal,
    };
  });
  const notes = [`The report holds ${holdingText(panel)}.`];
  const held = heldColumnWidth(panel);
  if (held !== null && !sameAxis(mode, panel))
    notes.push(
      `Its envelopes were chosen on ${panel.mode === 'step_metric' ? panel.stepMetric : panel.mode}: on this axis each point is a real sample, but a column’s extremes may lie between them.`,
    );
  if (held !== null && zoom !== null && sameAxis(mode, panel)) {
    const columnsInView = (zoom[1] - zoom[0]) / held;
    if (columnsInView < width)
      notes.push(
        `Zoomed past what the report holds: ${Math.max(1, Math.round(columnsInView)).toLocaleString()} held columns across ${Math.round(width)} pixels. Each held column’s first, last, least and greatest samples are drawn; what lay between them is not in the file.`,
      );
  }
  if (props.smoothing > 0 && held !== null && props.smoothing !== panel.smoothing)
    notes.push(
      panel.smoothing > 0
        ? `This panel holds its smoothed curve at ${panel.smoothing} only (smoothing needs every sample): set smoothing to ${panel.smoothing} to see it.`
        : 'This panel was saved without smoothing, and holds no smoothed curve (smoothing needs every sample).',
    );
  const missing = document.runs
    .map((run, index) => ({ run, index }))
    .filter(({ index }) => !panel.lines.some((line) => line.run === index))
    .map(({ index }) => styles[index]!.label);
  if (missing.length > 0) notes.push(`No samples of ${panel.key} in ${missing.join(', ')}.`);
  const grouping = document.grouping;
  const exportPng = (canvas: HTMLCanvasElement, spec: PngSpec) =>
    downloadChartPng(canvas, spec, panel.key);
  return (
    <div
      className="panel-slot"
      ref={ref}
      data-testid="report-panel"
      data-key={panel.key}
      data-holding={panel.holding}
    >
      {grouping !== undefined && panel.groupLines !== undefined ? (
        <GroupCurve
          title={panel.key}
          formula={panel.formula}
          groups={grouping.groups.map((group, index) => ({
            id: String(index),
            label: group.label,
            style: group.style,
            runs: group.runs.map((run) => ({
              runId: ReportCurves.runId(run),
              label: styles[run]!.label,
            })),
          }))}
          mode={mode}
          logY={props.logY}
          smoothing={props.smoothing}
          center={grouping.center}
          spread={grouping.spread}
          refresh=""
          notes={notes}
          onExportPng={exportPng}
        />
      ) : (
        <EnvelopeCurve
          title={panel.key}
          formula={panel.formula}
          runs={runs}
          mode={mode}
          logY={props.logY}
          smoothing={props.smoothing}
          notes={notes}
          zoom={zoom}
          onZoom={setZoom}
          describeInView={
            held === null
              ? undefined
              : (inView) =>
                  `${inView.toLocaleString()} held samples in view, drawn from at most 4 points a pixel column`
          }
          onExportPng={exportPng}
        />
      )}
    </div>
  );
}
