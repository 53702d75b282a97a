// A curve panel: one line per run in the run's colour (raw line faint behind a smoothed one),
// drag to zoom and double-click to reset, a cursor synced across panels, the best point by goal
// marked, non-finite samples as gaps with markers at the panel's edge and a note, and a legend
// with the values at the cursor.

import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import type { Trace, XAxisMode } from './curve-data.js';
import { alignTraces } from './curve-data.js';
import { withAlpha } from './run-colors.js';
import { RunSwatch } from './RunSwatch.js';
import type { PngSpec } from './png-export.js';
import { floatText, exactFloatText } from '../text/value-text.js';
import { nonFiniteNote } from '../../../shared/series/curve-math.js';

export interface CurvePanelProps {
  readonly title: string;
  readonly traces: readonly Trace[];
  readonly mode: XAxisMode;
  /** The axis' name when it is a step_metric (e.g. "epoch"). */
  readonly xLabel: string;
  readonly logY: boolean;
  readonly smoothing: number;
  readonly height?: number;
  /** Extra lines under the chart (e.g. that an overlay's scales differ). */
  readonly notes?: readonly string[];
  readonly onExportCsv: () => void;
  /** Given the chart's canvas and what the PNG shows around it. */
  readonly onExportPng?: (canvas: HTMLCanvasElement, spec: PngSpec) => void;
  readonly syncKey: string;
  /** Told of the x range the user zoomed to (null when reset), for views fetched per range. */
  readonly onXRange?: (range: readonly [number, number] | null) => void;
  /** Told of the plotting area's width in canvas pixels, for views fetched per pixel column. */
  readonly onPlotColumns?: (columns: number) => void;
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

function xValueText(mode: XAxisMode, x: number): string {
  if (mode === 'wall') return new Date(x * 1000).toLocaleString();
  if (mode === 'relative') return `${floatText(x, 4)} s`;
  return floatText(x, 7);
}

/** Draws the best points and the edge markers of non-finite samples. */
function overlayPlugin(getTraces: () => readonly Trace[]): uPlot.Plugin {
  return {
    hooks: {
      draw: (u: uPlot) => {
        const { ctx } = u;
        const { left, top, width, height } = u.bbox;
        const ratio = devicePixelRatio;
        ctx.save();
        for (const trace of getTraces()) {
          // The best point is drawn unclipped: at the panel's edge a half circle would hide it.
          if (trace.best !== null) {
            const cx = u.valToPos(trace.best.x, 'x', true);
            const cy = u.valToPos(trace.best.y, 'y', true);
            const inside =
              cx >= left - 1 && cx <= left + width + 1 && cy >= top - 1 && cy <= top + height + 1;
            if (Number.isFinite(cx) && Number.isFinite(cy) && inside) {
              ctx.beginPath();
              ctx.arc(cx, cy, 4.5 * ratio, 0, Math.PI * 2);
              ctx.fillStyle = cssVar('--panel');
              ctx.fill();
              ctx.lineWidth = 2 * ratio;
              ctx.strokeStyle = trace.color;
              ctx.stroke();
            }
          }
          // +Inf at the top edge, -Inf at the bottom, NaN at both: never a silent drop. One
          // marker per few pixels: a run of hundreds of NaN reads as a row of ticks, not a bar.
          const size = 4 * ratio;
          const spacing = 3 * size;
          let lastTop = -Infinity;
          let lastBottom = -Infinity;
          ctx.fillStyle = cssVar('--s-failed');
          const mark = (cx: number, y: number, down: boolean): void => {
            ctx.beginPath();
            ctx.moveTo(cx - size, y);
            ctx.lineTo(cx + size, y);
            ctx.lineTo(cx, down ? y + size * 1.4 : y - size * 1.4);
            ctx.closePath();
            ctx.fill();
          };
          for (const point of trace.nonFiniteAt) {
            const cx = u.valToPos(point.x, 'x', true);
            if (!Number.isFinite(cx) || cx < left || cx > left + width) continue;
            if (
              (point.value === Infinity || Number.isNaN(point.value)) &&
              cx - lastTop >= spacing
            ) {
              mark(cx, top, true);
              lastTop = cx;
            }
            if (
              (point.value === -Infinity || Number.isNaN(point.value)) &&
              cx - lastBottom >= spacing
            ) {
              mark(cx, top + height, false);
              lastBottom = cx;
            }
          }
        }
        ctx.restore();
      },
    },
  };
}

interface LegendRow {
  readonly trace: Trace;
  readonly value: number | null;
  readonly smoothed: number | null;
  readonly step: number | null;
}

export function CurvePanel(props: CurvePanelProps) {
  const { traces, mode, logY, smoothing, title } = props;
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const zoomed = useRef(false);
  const tracesRef = useRef(traces);
  tracesRef.current = traces;
  const onXRangeRef = useRef(props.onXRange);
  onXRangeRef.current = props.onXRange;
  const onPlotColumnsRef = useRef(props.onPlotColumns);
  onPlotColumnsRef.current = props.onPlotColumns;
  const [cursorIndex, setCursorIndex] = useState<number | null>(null);
  const [width, setWidth] = useState(0);
  const height = props.height ?? 220;
  const smoothingOn = smoothing > 0;
  const data = useMemo(() => alignTraces(traces, logY), [traces, logY]);
  // The chart is rebuilt only when its structure changes; new samples only replace its data.
  const structure = `${traces.map((t) => t.runId).join(',')}|${mode}|${logY}|${smoothingOn}|${document.documentElement.dataset['theme'] ?? ''}`;

  useEffect(() => {
    const element = host.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = host.current;
    if (element === null || width === 0) return;
    const grid = cssVar('--border');
    const text = cssVar('--muted');
    const series: uPlot.Series[] = [{}];
    for (const trace of tracesRef.current) {
      // uPlot scales widths by the pixel ratio but takes a dash in canvas pixels.
      const dash = trace.dash?.map((length) => length * devicePixelRatio);
      series.push({
        label: trace.label,
        stroke: smoothingOn ? withAlpha(trace.color, 0.28) : trace.color,
        width: smoothingOn ? 1 : 1.5,
        dash,
        points: { show: false },
      });
      if (smoothingOn)
        series.push({
          label: `${trace.label} (smoothed)`,
          stroke: trace.color,
          width: 1.75,
          dash,
          points: { show: false },
        });
    }
    const options: uPlot.Options = {
      width,
      height,
      series,
      legend: { show: false },
      cursor: {
        sync: { key: props.syncKey },
        drag: { x: true, y: false },
        points: { size: 6 },
      },
      scales: {
        x: { time: mode === 'wall' },
        y: logY ? { distr: 3 } : {},
      },
      axes: [
        {
          stroke: text,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          font: '11px sans-serif',
        },
        {
          stroke: text,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          font: '11px sans-serif',
          size: 56,
        },
      ],
      hooks: {
        setCursor: [(u: uPlot) => setCursorIndex(u.cursor.idx ?? null)],
        setSelect: [
          (u: uPlot) => {
            if (u.select.width > 0) zoomed.current = true;
          },
        ],
        setScale: [
          (u: uPlot, key: string) => {
            const { min, max } = u.scales['x'] ?? {};
            if (key === 'x' && zoomed.current && min != null && max != null)
              onXRangeRef.current?.([min, max]);
          },
        ],
      },
      plugins: [overlayPlugin(() => tracesRef.current)],
    };
    const chart = new uPlot(options, data as uPlot.AlignedData, element);
    plot.current = chart;
    zoomed.current = false;
    onPlotColumnsRef.current?.(Math.floor(chart.bbox.width));
    // uPlot resets the zoom on double-click; new samples may then move the range again.
    chart.over.addEventListener('dblclick', () => {
      zoomed.current = false;
      onXRangeRef.current?.(null);
    });
    return () => {
      chart.destroy();
      plot.current = null;
    };
    // Data changes are applied below without rebuilding; the structure key covers the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [structure, width, height, props.syncKey]);

  useEffect(() => {
    // Keep the zoom the user chose while samples arrive; a reset follows double-click.
    plot.current?.setData(data as uPlot.AlignedData, !zoomed.current);
  }, [data]);

  const legend: LegendRow[] = traces.map((trace, t) => {
    if (cursorIndex === null) return { trace, value: null, smoothed: null, step: null };
    const column = 1 + t * (smoothingOn ? 2 : 1);
    const raw = data[column]?.[cursorIndex];
    const smooth = smoothingOn ? data[column + 1]?.[cursorIndex] : null;
    const x = data[0]?.[cursorIndex];
    let step: number | null = null;
    if (raw !== undefined && x !== undefined && x !== null) {
      // The point of this trace at the cursor: find its step for the legend.
      let lo = 0;
      let hi = trace.x.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (trace.x[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      step = trace.steps[lo] ?? null;
    }
    return { trace, value: raw ?? null, smoothed: smooth ?? null, step };
  });

  const notes: string[] = [];
  const nonFinite = traces.reduce(
    (sum, t) => ({
      nan: sum.nan + t.nonFinite.nan,
      positiveInfinity: sum.positiveInfinity + t.nonFinite.positiveInfinity,
      negativeInfinity: sum.negativeInfinity + t.nonFinite.negativeInfinity,
    }),
    { nan: 0, positiveInfinity: 0, negativeInfinity: 0 },
  );
  const note = nonFiniteNote(nonFinite);
  if (note !== null) notes.push(note);
  const unpaired = traces.reduce((sum, t) => sum + t.unpaired, 0);
  if (unpaired > 0)
    notes.push(
      `${unpaired} point${unpaired === 1 ? '' : 's'} without a ${props.xLabel} sample at their step not drawn`,
    );
  const nonPositive = traces.reduce((sum, t) => sum + t.nonPositive, 0);
  if (nonPositive > 0)
    notes.push(
      `${nonPositive} value${nonPositive === 1 ? '' : 's'} ≤ 0 not shown on the log scale`,
    );
  const fellBack = traces.some((t) => t.mode !== mode);
  if (fellBack) notes.push('no step_metric declared for this key: drawn against step');
  notes.push(...(props.notes ?? []));
  const xAxisName =
    mode === 'step_metric' && !fellBack
      ? props.xLabel
      : mode === 'wall'
        ? 'wall time'
        : mode === 'relative'
          ? 'time since start'
          : 'step';

  return (
    <div className="panel card" data-testid="curve-panel" data-key={title}>
      <div className="panel-head">
        <span className="panel-title mono" title={title}>
          {title}
        </span>
        <span className="spacer" />
        <span className="panel-axis muted" data-testid="x-axis-label">
          x: {xAxisName}
        </span>
        <button
          className="btn ghost small"
          title="Download the exact samples as CSV"
          onClick={props.onExportCsv}
        >
          CSV
        </button>
        <button
          className="btn ghost small"
          title="Download the chart as PNG"
          onClick={() => {
            const canvas = host.current?.querySelector('canvas');
            if (canvas === null || canvas === undefined) return;
            props.onExportPng?.(canvas, {
              title,
              yLabel: logY ? `${title} (log)` : title,
              xLabel: mode === 'relative' ? `${xAxisName} (s)` : xAxisName,
              legend: traces.map(({ label, color, dash }) => ({ label, color, dash })),
            });
          }}
        >
          PNG
        </button>
      </div>
      <div ref={host} className="chart-host" style={{ height }} />
      {notes.length > 0 ? (
        <div className="panel-notes" data-testid="panel-notes">
          {notes.map((text) => (
            <span key={text}>{text}</span>
          ))}
        </div>
      ) : null}
      <div className="legend" data-testid="legend">
        {legend.map(({ trace, value, smoothed, step }) => (
          <div className="legend-row" key={trace.runId}>
            <RunSwatch color={trace.color} dash={trace.dash} />
            <span className="legend-label" title={trace.label}>
              {trace.label}
            </span>
            <span
              className="legend-value"
              title={value === null ? undefined : exactFloatText(value)}
            >
              {value === null ? '' : `${floatText(value)}${step !== null ? ` @ ${step}` : ''}`}
              {smoothed !== null && smoothed !== undefined ? (
                <span className="muted"> ~{floatText(smoothed)}</span>
              ) : null}
            </span>
            {trace.best !== null ? (
              <span
                className="legend-best"
                title={`best by goal (${trace.goal}) at step ${trace.best.step}: ${exactFloatText(trace.best.y)}`}
              >
                best {floatText(trace.best.y)} @ {trace.best.step}
              </span>
            ) : null}
            <span className="muted legend-x">
              {value !== null && data[0]?.[cursorIndex ?? 0] != null
                ? xValueText(mode, data[0][cursorIndex ?? 0] as number)
                : ''}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
