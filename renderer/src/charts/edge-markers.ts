// What a curve panel draws over its lines: each trace's best point by goal, and its non-finite
// samples as markers at the plot's edge (▲ +Inf at the top, ▼ −Inf and ◆ NaN at the bottom), one
// per few pixels, so a sample no scale can hold is never a silent drop.

import type uPlot from 'uplot';
import type { Trace } from './curve-data.js';

export interface MarkerColours {
  /** The panel's background, inside the best point's ring. */
  readonly panel: string;
  readonly marker: string;
}

export function drawEdgeMarkers(u: uPlot, traces: readonly Trace[], colours: MarkerColours): void {
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const ratio = devicePixelRatio;
  const size = 4 * ratio;
  const spacing = 3 * size;
  const bottom = top + height;
  ctx.save();
  for (const trace of traces) {
    // The best point is drawn unclipped: at the panel's edge a half circle would hide it.
    if (trace.best !== null) {
      const cx = u.valToPos(trace.best.x, 'x', true);
      const cy = u.valToPos(trace.best.y, 'y', true);
      const inside = cx >= left - 1 && cx <= left + width + 1 && cy >= top - 1 && cy <= bottom + 1;
      if (Number.isFinite(cx) && Number.isFinite(cy) && inside) {
        ctx.beginPath();
        ctx.arc(cx, cy, 4.5 * ratio, 0, Math.PI * 2);
        ctx.fillStyle = colours.panel;
        ctx.fill();
        ctx.lineWidth = 2 * ratio;
        ctx.strokeStyle = trace.color;
        ctx.stroke();
      }
    }
    ctx.fillStyle = colours.marker;
    const last = { positive: -Infinity, negative: -Infinity, nan: -Infinity };
    for (const point of trace.nonFiniteAt) {
      const cx = u.valToPos(point.x, 'x', true);
      if (!Number.isFinite(cx) || cx < left || cx > left + width) continue;
      ctx.beginPath();
      if (point.value === Infinity) {
        if (cx - last.positive < spacing) continue;
        last.positive = cx;
        // Pointing up, out of the top: above every value the scale holds.
        ctx.moveTo(cx - size, top + size * 1.4);
        ctx.lineTo(cx + size, top + size * 1.4);
        ctx.lineTo(cx, top);
      } else if (point.value === -Infinity) {
        if (cx - last.negative < spacing) continue;
        last.negative = cx;
        ctx.moveTo(cx - size, bottom - size * 1.4);
        ctx.lineTo(cx + size, bottom - size * 1.4);
        ctx.lineTo(cx, bottom);
      } else {
        if (cx - last.nan < spacing) continue;
        last.nan = cx;
        const cy = bottom - size * 1.2;
        ctx.moveTo(cx, cy - size);
        ctx.lineTo(cx + size, cy);
        ctx.lineTo(cx, cy + size);
        ctx.lineTo(cx - size, cy);
      }
      ctx.closePath();
      ctx.fill();
    }
  }
  ctx.restore();
}
