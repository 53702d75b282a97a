// A curve panel: one line per run in the run's colour (raw line faint behind a smoothed one),
// drag to zoom and double-click to reset, a cursor synced across panels that reads every run's
// point at its x, the best point by goal marked, non-finite samples as gaps with keyed markers at
// the panel's edge, ticks where the run logged files, axes that stay when nothing can be drawn,
// annotations and resumes marked with stages tinted behind, and the theme's colours.

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import uPlot from 'uplot';
import type { Trace } from './curve-data.js';
import { alignTraces, holdsPoint } from './curve-data.js';
import { useThemeName } from '../state/theme.js';
import { timeUnitFor } from './axis-ticks.js';
import { curveChartOptions } from './curve-chart-options.js';
import type { Readout } from './cursor-readout.js';
import { pointAtOrBefore } from './cursor-readout.js';
import { tracesNotes } from './panel-notes.js';
import { guessedColumns } from './use-plot-columns.js';
import { axisName, cursorXText, emptyData, xSpan, yRangeOf } from './curve-frame.js';
import { CurveLegend } from './CurveLegend.js';
import { useLegendRows } from './use-legend-rows.js';
import { CurvePanelHead } from './CurvePanelHead.js';
import type { PlotArea } from './FileStepTicks.js';
import { FileStepTickStrip, plotArea, sameArea } from './FileStepTicks.js';
import { stageTints } from './marks/draw-marks.js';
import { MarkStrip, StageKey } from './marks/MarkStrip.js';
import { benchDrawHooks } from './bench-probe.js';
import { makeCursorDots, placeCursorDots } from './cursor-dots.js';
import { sameItems } from './trace-cache.js';
import { useChartData } from './use-chart-data.js';
import { GrowingRange } from './append-draw.js';
import { hostWidthOf } from './host-width.js';
import type { CurvePanelProps } from './curve-panel-props.js';

export function CurvePanel(props: CurvePanelProps) {
  const { mode, logY, smoothing, title, readAt } = props;
  // The same traces as last time are the same array: nothing is aligned or drawn again.
  const heldTraces = useRef<readonly Trace[] | null>(null);
  const traces = sameItems(heldTraces.current, props.traces);
  heldTraces.current = traces;
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const dots = useRef<HTMLDivElement[]>([]);
  const zoomed = useRef(false);
  const reported = useRef<string>('');
  const tracesRef = useRef(traces);
  tracesRef.current = traces;
  const titleRef = useRef(title);
  titleRef.current = title;
  const onXRangeRef = useRef(props.onXRange);
  onXRangeRef.current = props.onXRange;
  const onPlotColumnsRef = useRef(props.onPlotColumns);
  onPlotColumnsRef.current = props.onPlotColumns;
  const xRangeRef = useRef(props.xRange ?? null);
  xRangeRef.current = props.xRange ?? null;
  /** Shows a kept range as the user's zoom, told as the range already reported. */
  const showRange = (chart: uPlot, range: readonly [number, number] | null): void => {
    if (range === null) return;
    zoomed.current = true;
    reported.current = `${range[0]}:${range[1]}`;
    chart.setScale('x', { min: range[0], max: range[1] });
  };
  const growingRange = useMemo(() => new GrowingRange(), []);
  const benchHooks = useRef<((u: uPlot, appended?: boolean) => void)[]>([]);
  const [cursorX, setCursorX] = useState<number | null>(null);
  const [hostReadout, setHostReadout] = useState<Readout | null>(null);
  const [width, setWidth] = useState(0);
  const [area, setArea] = useState<PlotArea | null>(null);
  // Every redraw of the scale (a zoom, new samples) moves the ticks; an unchanged one re-renders
  // nothing.
  // Tracked only while ticks are shown: otherwise a live run's every draw would render again.
  const marks = props.marks ?? [];
  const stages = props.stages ?? [];
  const hasMarks = marks.some((run) => run.marks.length > 0);
  const marksRef = useRef({ marks, stages });
  marksRef.current = { marks, stages };
  const ticksShown = props.fileSteps !== undefined || hasMarks;
  const ticksShownRef = useRef(ticksShown);
  ticksShownRef.current = ticksShown;
  const showArea = (next: PlotArea | null): void =>
    setArea((held) => (sameArea(held, next) ? held : next));
  const theme = useThemeName();
  const height = props.height ?? 220;
  const smoothingOn = smoothing > 0;
  const aligned = useMemo(() => alignTraces(traces, logY), [traces, logY]);
  const drawable = aligned.slice(1).some(holdsPoint);
  const data = drawable ? aligned : emptyData(traces);
  const timeUnit = mode === 'relative' ? timeUnitFor(xSpan(traces)) : null;
  const emptyY = drawable ? null : yRangeOf(traces);
  const fellBack = traces.some((t) => t.mode !== mode);
  const shownMode = fellBack ? 'step' : mode;
  const xName = axisName(shownMode, props.xLabel, timeUnit);
  const readoutX = (x: number): string => cursorXText(shownMode, x, props.xLabel);
  // Lines of more points than the plot is wide are hairlines (see traceSeries).
  const dense = traces.map((t) => width > 0 && t.x.length > width);
  // The chart is rebuilt only when its structure changes; new samples only replace its data.
  const structure = [
    // JSON: a run id may hold any character but "/", so no separator would keep ids apart.
    JSON.stringify(traces.map((t, i) => [t.runId, t.columns === undefined, dense[i]])),
    mode,
    logY,
    smoothingOn,
    theme,
    xName,
    emptyY?.join(':') ?? '',
  ].join('|');

  // Measured before the first paint: a panel whose curves come from the host asks for them in
  // the same task as it mounts, not a frame and two renders later.
  useLayoutEffect(() => {
    const element = host.current;
    if (element === null) return;
    // A host off screen, its panel skipped, tells no width: it keeps the one it was given.
    const observer = new ResizeObserver((entries) => {
      if (entries[entries.length - 1]!.contentRect.width > 0) setWidth(element.clientWidth);
    });
    observer.observe(element);
    setWidth(hostWidthOf(element));
    return () => observer.disconnect();
  }, []);

  const pending = props.pending === true;
  // Built before the browser paints, as new data is given (useChartData): the frame that shows
  // the panel holds its curves.
  useLayoutEffect(() => {
    const element = host.current;
    if (element === null || width === 0) return;
    if (pending) {
      onPlotColumnsRef.current?.(guessedColumns(width, devicePixelRatio));
      return;
    }
    growingRange.reset();
    const options = curveChartOptions(
      {
        width,
        height,
        traces: tracesRef.current,
        dense,
        theme,
        mode,
        logY,
        smoothingOn,
        timeUnit,
        xName,
        emptyY,
        xRange: growingRange.range,
        syncKey: props.syncKey,
      },
      {
        traces: () => tracesRef.current,
        decor: () => marksRef.current,
        // Text drawn on a canvas is invisible to assistive technology and to the end-to-end
        // tests: the labels also go into the host's attributes.
        onLabels: (axis, labels) => (element.dataset[`${axis}Ticks`] = labels.join('|')),
        hooks: {
          // After every draw, not on setScale: the plot's width settles only once the y axis
          // has measured its labels, and ticks placed before then drifted right of their steps.
          draw: [
            (u: uPlot) => void (ticksShownRef.current && showArea(plotArea(u))),
            // Empty unless the page was opened by the UI benchmark.
            ...(benchHooks.current = benchDrawHooks(
              () => titleRef.current,
              () => tracesRef.current,
            )),
          ],
          setCursor: [
            (u: uPlot) => {
              const left = u.cursor.left ?? -1;
              setCursorX(left >= 0 && drawable ? u.posToVal(left, 'x') : null);
            },
          ],
          setSelect: [
            (u: uPlot) => {
              if (u.select.width > 0) zoomed.current = true;
            },
          ],
          setScale: [
            (u: uPlot, key: string) => {
              const { min, max } = u.scales['x'] ?? {};
              // The range in view, where tests and assistive technology read it, as the ticks.
              if (key === 'x' && min != null && max != null) {
                element.dataset['xMin'] = String(min);
                element.dataset['xMax'] = String(max);
              }
              if (key !== 'x' || !zoomed.current || min == null || max == null) return;
              // Data replaced under a zoom sets the same range again: tell only a new one.
              const range = `${min}:${max}`;
              if (range === reported.current) return;
              reported.current = range;
              onXRangeRef.current?.([min, max]);
            },
          ],
        },
      },
    );
    const chart = new uPlot(options, data as uPlot.AlignedData, element);
    plot.current = chart;
    zoomed.current = false;
    reported.current = '';
    showRange(chart, xRangeRef.current);
    onPlotColumnsRef.current?.(Math.floor(chart.bbox.width));
    dots.current = makeCursorDots(chart, tracesRef.current);
    // uPlot resets the zoom on double-click; new samples may then move the range again.
    chart.over.addEventListener('dblclick', () => {
      zoomed.current = false;
      reported.current = '';
      onXRangeRef.current?.(null);
    });
    return () => {
      chart.destroy();
      plot.current = null;
      showArea(null);
      dots.current = [];
    };
    // Data changes are applied below without rebuilding; the structure key covers the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [structure, width, height, props.syncKey, pending]);

  // A kept range that changed (a link followed, an arrangement reset) is shown on the chart as it
  // is; the user's own zoom, already on it, is told as reported and set nowhere again.
  const rangeKey = props.xRange == null ? '' : `${props.xRange[0]}:${props.xRange[1]}`;
  useEffect(() => {
    const chart = plot.current;
    if (chart === null || rangeKey === reported.current) return;
    if (rangeKey === '') {
      zoomed.current = false;
      reported.current = '';
      chart.setData(chart.data, true);
    } else showRange(chart, xRangeRef.current);
  }, [rangeKey]);

  // Marks or stages that came with a new detail are drawn over the chart as it is.
  const marksKey = JSON.stringify([
    marks.map((run) => [run.runId, run.color, run.startTime, run.marks.length]),
    stages.map((run) => [run.runId, run.stretches.length]),
  ]);
  // With its x range set again, so that uPlot finds the points in view: segments drawn alone
  // since its last whole draw are not among its own. A chart yet to make its first draw has no
  // range to set, and draws the marks with everything else.
  useEffect(() => {
    const chart = plot.current;
    if (chart?.scales['x']?.min != null) chart.redraw();
  }, [marksKey]);

  // Ticks turned on over a chart already drawn are placed for it at once.
  useEffect(() => {
    const chart = plot.current;
    showArea(ticksShown && chart !== null ? plotArea(chart) : null);
  }, [ticksShown]);

  // Before the browser paints, so the legend never runs ahead of the canvas; held off screen.
  // Live frames draw their new segments alone unless something drawn over the lines moved with
  // them: edge markers of new non-finite points, mark lines, colour spans, bands, envelopes.
  useChartData(plot, host, zoomed, data as uPlot.AlignedData, [aligned, drawable, structure], {
    range: growingRange,
    decor: traces.map((t) => t.nonFiniteAt.length).join(','),
    allowed:
      !hasMarks &&
      traces.every(
        (t) =>
          t.band === undefined && t.columns === undefined && (t.colourSpans?.length ?? 0) === 0,
      ),
    drawn: (chart) => benchHooks.current.forEach((hook) => hook(chart, true)),
  });

  const legendTraces = pending && traces.length === 0 ? (props.pendingLegend ?? []) : traces;
  const { built: rowsBuilt, readable } = useLegendRows(host, legendTraces.length);

  // What the cursor reads: on whole series here, on envelopes from the host (latest asked wins),
  // only while the panel is seen with its legend's rows.
  useEffect(() => {
    if (readAt === undefined || cursorX === null || !readable) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void readAt(cursorX).then(
        (points) => {
          if (!cancelled) setHostReadout({ x: cursorX, points });
        },
        () => undefined,
      );
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [readAt, cursorX, readable]);

  const readout: Readout | null =
    cursorX === null
      ? null
      : readAt !== undefined
        ? hostReadout
        : { x: cursorX, points: traces.map((trace) => pointAtOrBefore(trace, cursorX)) };

  useLayoutEffect(() =>
    placeCursorDots(dots.current, plot.current, readout, {
      smoothing: smoothingOn,
      logY,
    }),
  );

  const notes = [
    ...tracesNotes(title, traces, {
      stepMetric: mode === 'step_metric' && !fellBack ? props.xLabel : null,
      fellBack,
    }),
    ...(props.notes ?? []),
    ...(hasMarks && shownMode === 'step_metric'
      ? [
          `annotations and resumes are not marked on the ${props.xLabel} axis: they have a step and a time, not a ${props.xLabel}`,
        ]
      : []),
  ];
  const tints = shownMode === 'step_metric' ? new Map<string, string>() : stageTints(stages);

  return (
    <div
      className="panel card"
      data-testid="curve-panel"
      data-key={title}
      data-derived={props.formula === undefined ? undefined : 'true'}
      data-grouped={traces.some((t) => t.group !== undefined) ? 'true' : undefined}
    >
      <CurvePanelHead
        title={title}
        formula={props.formula}
        xName={xName}
        onExportCsv={props.onExportCsv}
        onExportPng={
          props.onExportPng === undefined
            ? undefined
            : () => {
                const canvas = host.current?.querySelector('canvas');
                if (canvas === null || canvas === undefined) return;
                props.onExportPng?.(canvas, {
                  title,
                  yLabel: logY ? `${title} (log)` : title,
                  // The canvas draws the x axis' name under its ticks.
                  legend: traces
                    .filter((t) => t.band === undefined)
                    .map(({ label, color, dash }) => ({ label, color, dash })),
                });
              }
        }
      />
      {props.tools !== undefined && props.tools !== null ? (
        <div className="panel-subtools">{props.tools}</div>
      ) : null}
      <div className="chart-frame">
        <div ref={host} className="chart-host" style={{ height }} />
        {props.fileSteps !== undefined && shownMode === 'step' && drawable && area !== null
          ? createPortal(<FileStepTickStrip {...props.fileSteps} view={area.view} />, area.over)
          : null}
        {hasMarks && drawable && area !== null
          ? createPortal(<MarkStrip runs={marks} mode={shownMode} view={area.view} />, area.over)
          : null}
        {pending ? (
          <div className="chart-empty" data-testid="chart-reading">
            Reading…
          </div>
        ) : null}
        {!drawable && traces.length > 0 ? (
          <div className="chart-empty" data-testid="chart-empty">
            Nothing to draw against {xName}
          </div>
        ) : null}
      </div>
      {notes.length > 0 ? (
        <div className="panel-notes" data-testid="panel-notes">
          {notes.map((text) => (
            <span key={text}>{text}</span>
          ))}
        </div>
      ) : null}
      <CurveLegend
        traces={legendTraces}
        held={!rowsBuilt}
        readout={readout}
        xText={readoutX}
        onToggleGroup={props.onToggleGroup}
      />
      <StageKey tints={tints} />
      {props.footer}
    </div>
  );
}
