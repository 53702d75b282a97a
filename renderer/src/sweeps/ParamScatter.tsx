// A scatter of one param against the result, on canvas: a dot per run (coloured as the parallel
// coordinates colour it), log axes optional, and a rectangle dragged to brush both axes at once
// (a click clears them). Dots are drawn once per change; the drag on an overlay canvas.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { Axis, AxisRef, Brush } from './parcoords-model.js';
import { axisRefId, axisTicks, brushFromDrag, brushSpans, position } from './parcoords-model.js';
import { sizedContext, themeOf } from './canvas-frame.js';
import './sweeps.css';

const HEIGHT = 300;
const LEFT = 70;
const RIGHT = 20;
const TOP = 26;
const BOTTOM = 40;
const INSET = 0.04;

export function ParamScatter(props: {
  x: Axis;
  y: Axis;
  runIds: readonly string[];
  brushes: readonly Brush[];
  brushed: ReadonlySet<string> | null;
  colorOf: (runId: string) => string;
  onBrush: (axis: AxisRef, brush: Brush | null) => void;
  onToggleLog: (axis: AxisRef) => void;
}) {
  const { x: xAxis, y: yAxis, runIds, brushed, colorOf } = props;
  const wrap = useRef<HTMLDivElement>(null);
  const base = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(800);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);

  useEffect(() => {
    const element = wrap.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(320, element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Positions keep an inset from the frame, so a dot at an end of its axis is not cut by it.
  const inset = (t: number): number => INSET + t * (1 - 2 * INSET);
  const outset = (u: number): number => (u - INSET) / (1 - 2 * INSET);
  const px = (t: number): number => LEFT + inset(t) * (width - LEFT - RIGHT);
  const py = (t: number): number => TOP + (1 - inset(t)) * (HEIGHT - TOP - BOTTOM);
  const tx = (x: number): number => outset((x - LEFT) / (width - LEFT - RIGHT));
  const ty = (y: number): number => outset(1 - (y - TOP) / (HEIGHT - TOP - BOTTOM));

  const points = useMemo(
    () =>
      runIds.flatMap((id) => {
        const a = position(xAxis, id);
        const b = position(yAxis, id);
        return a === null || b === null ? [] : [{ id, a, b }];
      }),
    [runIds, xAxis, yAxis],
  );

  useEffect(() => {
    const canvas = base.current;
    if (canvas === null) return;
    const context = sizedContext(canvas, width, HEIGHT);
    if (context === null) return;
    const theme = themeOf(canvas);
    context.strokeStyle = theme.border;
    context.strokeRect(LEFT + 0.5, TOP + 0.5, width - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    context.font = theme.font;
    context.fillStyle = theme.muted;
    context.textAlign = 'center';
    for (const tick of axisTicks(xAxis))
      context.fillText(tick.text, px(tick.t), HEIGHT - BOTTOM + 14);
    context.textAlign = 'right';
    for (const tick of axisTicks(yAxis))
      context.fillText(tick.text, LEFT - 6, py(tick.t) + 4, LEFT - 8);
    context.fillStyle = theme.text;
    context.textAlign = 'center';
    context.fillText(xAxis.label, LEFT + (width - LEFT - RIGHT) / 2, HEIGHT - 6);
    // Dots outside the brush first, faint, so the kept ones stay on top.
    const radius = points.length > 2000 ? 1.6 : 3;
    for (const pass of [false, true])
      for (const { id, a, b } of points) {
        const kept = brushed === null || brushed.has(id);
        if (kept !== pass) continue;
        context.globalAlpha = kept ? 0.85 : 0.3;
        context.fillStyle = kept ? colorOf(id) : theme.muted;
        // Category axes spread their runs a little, so runs of one category do not hide each other.
        const jitter =
          xAxis.kind === 'category'
            ? (((hash(id) % 1000) / 1000 - 0.5) * 0.3) / Math.max(1, xAxis.categories.length)
            : 0;
        context.beginPath();
        context.arc(px(a + jitter), py(b), radius, 0, 2 * Math.PI);
        context.fill();
      }
    context.globalAlpha = 1;
    // px, py read width, which is in the deps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [points, xAxis, yAxis, width, brushed, colorOf]);

  useEffect(() => {
    const canvas = overlay.current;
    if (canvas === null) return;
    const context = sizedContext(canvas, width, HEIGHT);
    if (context === null) return;
    const theme = themeOf(canvas);
    context.fillStyle = theme.accent;
    context.strokeStyle = theme.accent;
    if (drag !== null) {
      context.globalAlpha = 0.2;
      const [left, top] = [Math.min(drag.x0, drag.x1), Math.min(drag.y0, drag.y1)];
      context.fillRect(left, top, Math.abs(drag.x1 - drag.x0), Math.abs(drag.y1 - drag.y0));
      context.globalAlpha = 1;
      return;
    }
    // The brushes in effect on either axis, an axis without one spanning whole.
    const spans = (axis: Axis): [number, number][] => {
      const brush = props.brushes.find((b) => axisRefId(b.axis) === axisRefId(axis.ref));
      return brush === undefined ? [[0, 1]] : brushSpans(axis, brush);
    };
    if (
      !props.brushes.some((b) => [xAxis, yAxis].some((a) => axisRefId(a.ref) === axisRefId(b.axis)))
    )
      return;
    for (const [x0, x1] of spans(xAxis))
      for (const [y0, y1] of spans(yAxis)) {
        // A span reaching an end of its axis reaches the frame, past the inset.
        const left = x0 <= 0 ? LEFT : px(x0);
        const right = x1 >= 1 ? width - RIGHT : px(x1);
        const top = y1 >= 1 ? TOP : py(y1);
        const bottom = y0 <= 0 ? HEIGHT - BOTTOM : py(y0);
        context.globalAlpha = 0.1;
        context.fillRect(left, top, right - left, bottom - top);
        context.globalAlpha = 1;
        context.strokeRect(left + 0.5, top + 0.5, right - left - 1, bottom - top - 1);
      }
    // px, py read width, which is in the deps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drag, width, props.brushes, xAxis, yAxis]);

  const local = (event: React.PointerEvent): { x: number; y: number } => {
    const box = overlay.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const scaleButton = (axis: Axis, style: React.CSSProperties) =>
    axis.kind === 'numeric' && axis.domain[0] > 0 ? (
      <button
        className="axis-scale link-btn"
        style={style}
        onClick={() => props.onToggleLog(axis.ref)}
        data-testid={`scatter-scale-${axisRefId(axis.ref)}`}
      >
        {axis.log ? 'log' : 'lin'}
      </button>
    ) : null;

  return (
    <div
      className="parcoords scatter"
      ref={wrap}
      data-testid="param-scatter"
      data-points={points.length}
    >
      <canvas ref={base} data-testid="scatter-canvas" />
      <canvas
        ref={overlay}
        className="overlay"
        onPointerDown={(event) => {
          const { x, y } = local(event);
          event.currentTarget.setPointerCapture(event.pointerId);
          setDrag({ x0: x, y0: y, x1: x, y1: y });
        }}
        onPointerMove={(event) => {
          if (drag === null) return;
          const { x, y } = local(event);
          setDrag({ ...drag, x1: x, y1: y });
        }}
        onPointerUp={() => {
          if (drag === null) return;
          setDrag(null);
          const moved = Math.abs(drag.x1 - drag.x0) + Math.abs(drag.y1 - drag.y0) >= 4;
          props.onBrush(xAxis.ref, moved ? brushFromDrag(xAxis, tx(drag.x0), tx(drag.x1)) : null);
          props.onBrush(yAxis.ref, moved ? brushFromDrag(yAxis, ty(drag.y0), ty(drag.y1)) : null);
        }}
      />
      <span className="axis-title y" style={{ top: 2, left: LEFT }}>
        {yAxis.label}
      </span>
      {scaleButton(xAxis, { left: width - RIGHT - 14, top: HEIGHT - 18 })}
      {scaleButton(yAxis, { left: LEFT - 20, top: 2 })}
    </div>
  );
}

/** A run id's small stable hash, for the jitter of its dot. */
function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}
