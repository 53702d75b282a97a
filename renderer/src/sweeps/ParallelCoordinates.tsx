// Parallel coordinates on canvas: a line per run across an axis per param and the result axis.
// The lines are drawn once per change of runs, axes, brushes or colours (batched by colour), and
// the hover highlight, brushes and a drag in progress on an overlay canvas, so a mouse move over
// 10,000 runs redraws one line. Drag along an axis to brush it; click it to clear its brush.
// Tick labels sit beside their axis over a halo of the panel's colour, readable across lines.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunSummary } from '../../../shared/api/contract.js';
import type { Axis, AxisRef, Brush } from './parcoords-model.js';
import { axisRefId, axisTicks, brushFromDrag, brushSpans, position } from './parcoords-model.js';
import { placeAxisLabels } from './parcoords-labels.js';
import type { LabelFrame } from './parcoords-labels.js';
import { LineBatches, sizedContext, themeOf } from './canvas-frame.js';
import { floatText } from '../text/value-text.js';
import { useThemeName } from '../state/theme.js';
import './sweeps.css';

const HEIGHT = 300;
const TOP = 44;
const BOTTOM = 18;
const SIDE = 72;
/** How near an axis, in px, a press starts a brush on it. */
const GRAB = 16;
const HOVER_RADIUS = 6;
/** Tick labels: their distance from the axis, the least between two, and their halo's width. */
const LABEL_GAP = 6;
const LABEL_SPACING = 13;
const HALO = 4;

interface Layout {
  readonly width: number;
  readonly xs: readonly number[];
}

const yOf = (t: number): number => TOP + (1 - t) * (HEIGHT - TOP - BOTTOM);
const tOf = (y: number): number => 1 - (y - TOP) / (HEIGHT - TOP - BOTTOM);

function axisXs(count: number, width: number): number[] {
  if (count === 1) return [width / 2];
  return Array.from({ length: count }, (_, i) => SIDE + (i * (width - 2 * SIDE)) / (count - 1));
}

export function ParallelCoordinates(props: {
  runs: readonly RunSummary[];
  axes: readonly Axis[];
  brushes: readonly Brush[];
  /** The runs inside every brush; null with no brush. */
  brushed: ReadonlySet<string> | null;
  colorOf: (runId: string) => string;
  onBrush: (axis: AxisRef, brush: Brush | null) => void;
  onToggleLog: (axis: AxisRef) => void;
}) {
  const { runs, axes, brushes, brushed, colorOf } = props;
  const wrap = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(800);
  const [hover, setHover] = useState<{ runId: string; x: number; y: number } | null>(null);
  const [drag, setDrag] = useState<{ axis: number; y0: number; y1: number } | null>(null);
  // The canvases are drawn in the theme's colours: a change of theme draws them again.
  const themeName = useThemeName();

  useEffect(() => {
    const element = wrap.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(320, element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const layout: Layout = useMemo(() => ({ width, xs: axisXs(axes.length, width) }), [axes, width]);
  // Each run's positions on the axes, computed once per change and shared by drawing and hover.
  const positions = useMemo(
    () => runs.map((run) => ({ id: run.id, ts: axes.map((axis) => position(axis, run.id)) })),
    [runs, axes],
  );

  useEffect(() => {
    const canvas = base.current;
    if (canvas === null) return;
    const context = sizedContext(canvas, layout.width, HEIGHT);
    if (context === null) return;
    const theme = themeOf(canvas);
    const back = new LineBatches();
    const front = new LineBatches();
    // Lines fainter as their number grows: overlaps add up, so a dense sweep reads as a density.
    const n = positions.length;
    const alpha = n > 5000 ? 0.08 : n > 2000 ? 0.15 : n > 200 ? 0.4 : 0.85;
    for (const { id, ts } of positions) {
      const kept = brushed === null || brushed.has(id);
      const points = kept
        ? front.add(colorOf(id), alpha, 1.4)
        : back.add(theme.faint, n > 2000 ? 0.3 : 0.9, 1);
      ts.forEach((t, i) => {
        if (t === null) points.push(NaN, NaN);
        else points.push(layout.xs[i]!, yOf(t));
      });
    }
    back.stroke(context);
    front.stroke(context);
    context.font = theme.font;
    const frame: LabelFrame = {
      xs: layout.xs,
      width: layout.width,
      yOf,
      lineHeight: LABEL_SPACING,
      gap: LABEL_GAP,
      measure: (text) => context.measureText(text).width,
    };
    context.lineJoin = 'round';
    axes.forEach((axis, i) => {
      const x = layout.xs[i]!;
      context.strokeStyle = theme.border;
      context.lineWidth = 1;
      context.beginPath();
      context.moveTo(x + 0.5, yOf(1));
      context.lineTo(x + 0.5, yOf(0));
      context.stroke();
      context.fillStyle = theme.text;
      context.textAlign = 'center';
      context.textBaseline = 'alphabetic';
      context.fillText(axis.label, x, 14, Math.max(40, (layout.width - 2 * SIDE) / axes.length));
      const ticks = axisTicks(axis);
      // A mark for every tick, a category's too when its label is left out for want of room.
      context.fillStyle = theme.muted;
      for (const tick of ticks) context.fillRect(x - 2, yOf(tick.t), 5, 1);
      context.textBaseline = 'middle';
      context.strokeStyle = theme.panel;
      context.lineWidth = HALO;
      context.fillStyle = theme.text2;
      for (const label of placeAxisLabels(ticks, i, frame)) {
        context.textAlign = label.align;
        context.strokeText(label.text, label.x, label.y);
        context.fillText(label.text, label.x, label.y);
      }
    });
  }, [positions, axes, layout, brushed, colorOf, themeName]);

  useEffect(() => {
    const canvas = overlay.current;
    if (canvas === null) return;
    const context = sizedContext(canvas, layout.width, HEIGHT);
    if (context === null) return;
    const theme = themeOf(canvas);
    axes.forEach((axis, i) => {
      const brush = brushes.find((b) => axisRefId(b.axis) === axisRefId(axis.ref));
      if (brush === undefined) return;
      for (const [lo, hi] of brushSpans(axis, brush)) {
        context.fillStyle = theme.accent;
        context.globalAlpha = 0.22;
        context.fillRect(layout.xs[i]! - 7, yOf(hi), 14, yOf(lo) - yOf(hi));
        context.globalAlpha = 1;
        context.strokeStyle = theme.accent;
        context.strokeRect(layout.xs[i]! - 7.5, yOf(hi) + 0.5, 15, yOf(lo) - yOf(hi) - 1);
      }
    });
    if (drag !== null) {
      context.fillStyle = theme.accent;
      context.globalAlpha = 0.35;
      const top = Math.min(drag.y0, drag.y1);
      context.fillRect(layout.xs[drag.axis]! - 8, top, 16, Math.abs(drag.y1 - drag.y0));
      context.globalAlpha = 1;
    }
    if (hover !== null) {
      const found = positions.find((p) => p.id === hover.runId);
      if (found !== undefined) {
        context.strokeStyle = theme.text;
        context.lineWidth = 2.5;
        context.beginPath();
        let drawing = false;
        found.ts.forEach((t, i) => {
          if (t === null) return void (drawing = false);
          if (drawing) context.lineTo(layout.xs[i]!, yOf(t));
          else context.moveTo(layout.xs[i]!, yOf(t));
          drawing = true;
        });
        context.stroke();
      }
    }
  }, [axes, brushes, drag, hover, layout, positions, themeName]);

  const local = (event: React.PointerEvent): { x: number; y: number } => {
    const box = overlay.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  /** The run whose line passes nearest the point, within HOVER_RADIUS px. */
  const nearest = (x: number, y: number): string | null => {
    const xs = layout.xs;
    let i = 0;
    while (i < xs.length - 2 && x > xs[i + 1]!) i++;
    if (xs.length < 2 || x < xs[0]! || x > xs[xs.length - 1]!) return null;
    const f = (x - xs[i]!) / (xs[i + 1]! - xs[i]!);
    let best: string | null = null;
    let bestDistance = HOVER_RADIUS;
    for (const { id, ts } of positions) {
      const a = ts[i];
      const b = ts[i + 1];
      if (a === null || b === null || a === undefined || b === undefined) continue;
      const distance = Math.abs(yOf(a + (b - a) * f) - y);
      if (distance < bestDistance) [best, bestDistance] = [id, distance];
    }
    return best;
  };

  const hovered = hover === null ? undefined : runs.find((run) => run.id === hover.runId);

  return (
    <div
      className="parcoords"
      ref={wrap}
      data-testid="parcoords"
      data-lines={positions.length}
      data-brushed={
        brushed === null ? positions.length : positions.filter((p) => brushed.has(p.id)).length
      }
    >
      <canvas ref={base} data-testid="parcoords-canvas" />
      <canvas
        ref={overlay}
        className="overlay"
        data-testid="parcoords-overlay"
        onPointerDown={(event) => {
          const { x, y } = local(event);
          const axis = layout.xs.findIndex((ax) => Math.abs(ax - x) <= GRAB);
          if (axis < 0 || y < TOP - 6 || y > HEIGHT - BOTTOM + 6) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          setDrag({ axis, y0: y, y1: y });
          setHover(null);
        }}
        onPointerMove={(event) => {
          const { x, y } = local(event);
          if (drag !== null) return setDrag({ ...drag, y1: y });
          const id = nearest(x, y);
          setHover(id === null ? null : { runId: id, x, y });
        }}
        onPointerUp={() => {
          if (drag === null) return;
          const axis = axes[drag.axis]!;
          setDrag(null);
          // A press without a drag clears the axis's brush.
          if (Math.abs(drag.y1 - drag.y0) < 3) return props.onBrush(axis.ref, null);
          props.onBrush(axis.ref, brushFromDrag(axis, tOf(drag.y0), tOf(drag.y1)));
        }}
        onPointerLeave={() => setHover(null)}
      />
      {axes.map((axis, i) =>
        axis.kind === 'numeric' && (axis.logSuits || axis.log || axis.domain[0] > 0) ? (
          <button
            key={axisRefId(axis.ref)}
            className="axis-scale link-btn"
            style={{ left: layout.xs[i], top: 20 }}
            onClick={() => props.onToggleLog(axis.ref)}
            title={axis.log ? 'Log scale: click for linear' : 'Linear scale: click for log'}
            data-testid={`axis-scale-${axisRefId(axis.ref)}`}
          >
            {axis.log ? 'log' : 'lin'}
          </button>
        ) : null,
      )}
      {hover !== null && hovered !== undefined ? (
        <div
          className="sweep-tip"
          style={{ left: Math.min(hover.x + 12, layout.width - 220), top: hover.y + 12 }}
        >
          <strong>{hovered.name ?? hovered.id}</strong>
          {axes.map((axis) => {
            const value = axis.values.get(hovered.id);
            return (
              <div key={axisRefId(axis.ref)}>
                <span className="muted">{axis.label}</span>{' '}
                {value === undefined ? '—' : typeof value === 'number' ? floatText(value) : value}
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
