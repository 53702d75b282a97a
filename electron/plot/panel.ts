// One canvas with its axes: y labels on nice ticks (distinct, one a row at most), the curves
// folded at the canvas's dot width and rastered, a bottom axis with x ticks in the axis's units
// (steps, clock times, durations, step-metric values), and in an overlay a marker per curve.

import type { PlotX } from './plot-args.js';
import type { EnvelopeAsk, FoldedKey, XLayout } from './fold.js';
import { columnOf, foldKey } from './fold.js';
import type { YScale } from './raster.js';
import { Canvas } from './raster.js';
import { paint, PALETTE } from './terminal.js';
import {
  formatDuration,
  multiplesIn,
  niceStep,
  niceTicks,
  stepLabels,
  tickLabels,
  timeLabels,
  timeStep,
} from './ticks.js';

export interface PanelCurve {
  readonly ask: EnvelopeAsk;
  /** Its colour and marker: its place among the curves of the plot. */
  readonly index: number;
}

export interface PanelSpec {
  readonly width: number;
  readonly rows: number;
  readonly unicode: boolean;
  readonly colour: boolean;
  readonly x: PlotX;
  /** The run's start time, for a relative axis. */
  readonly startTime: number;
  readonly xRange: { readonly x0: number; readonly x1: number };
  readonly scale: YScale;
  /** Marks each curve's last point in a right margin (an overlay's key to its curves). */
  readonly markers: boolean;
}

export interface DrawnPanel {
  readonly lines: string[];
  readonly folded: readonly (FoldedKey | { readonly refused: string })[];
}

interface YTick {
  readonly row: number;
  readonly label: string;
}

/** Candidate tick values of a scale: nice multiples, or on a log scale decades (then 1-2-5). */
function tickValues(scale: YScale, count: number): number[] {
  if (!scale.log) return niceTicks(scale.lo, scale.hi, count);
  const a = Math.log10(scale.lo);
  const b = Math.log10(scale.hi);
  const decades = multiplesIn(a, b, Math.max(1, Math.round(niceStep(b - a, count)))).map(
    (e) => 10 ** e,
  );
  if (decades.length >= 2) return decades;
  const fine: number[] = [];
  for (let e = Math.floor(a); e <= Math.ceil(b); e++)
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (v >= scale.lo && v <= scale.hi) fine.push(Number(v.toPrecision(12)));
    }
  return fine.length >= 2 ? fine : niceTicks(scale.lo, scale.hi, count);
}

/** A canvas narrower than this is hardly a picture: y labels keep to what leaves it this. */
const CANVAS_LEAST = 8;

/**
 * Y ticks, at most one a row and no label wider than `widest`: fewer until each lands on a row
 * of its own and their labels fit.
 */
export function yTicks(canvas: Canvas, scale: YScale, widest = Infinity): YTick[] {
  if (!(scale.hi > scale.lo))
    return [{ row: canvas.cellRow(scale, scale.lo), label: tickLabels([scale.lo])[0]! }];
  // As many ticks as fit a row each, up to one every other row or so; at least two if any fit.
  const most = Math.ceil(canvas.rows / 2) + 1;
  let fallback: YTick[] = [];
  for (let count = most; count >= 1; count--) {
    const values = tickValues(scale, count);
    const rows = values.map((v) => canvas.cellRow(scale, v));
    if (new Set(rows).size !== rows.length || values.length > most) continue;
    const labels = tickLabels(values);
    if (labels.some((label) => label.length > widest)) continue;
    const ticks = values.map((_, i) => ({ row: rows[i]!, label: labels[i]! }));
    if (values.length >= 2) return ticks;
    if (fallback.length === 0) fallback = ticks;
  }
  if (fallback.length > 0) return fallback;
  // Telling apart values this close (float noise on a constant) takes labels too long to fit:
  // one tick mid-scale, to a millionth, still says where the curve is.
  const mid = scale.log ? Math.sqrt(scale.lo * scale.hi) : (scale.lo + scale.hi) / 2;
  return [{ row: canvas.cellRow(scale, mid), label: tickLabels([mid])[0]! }];
}

/** X ticks in cell columns with their labels, in the axis's own units. */
function xTicks(spec: PanelSpec, layout: XLayout, cols: number, perCell: number) {
  const { x0, x1 } = layout;
  const count = Math.max(2, Math.floor(cols / 12));
  let values: number[];
  let labels: string[];
  if (spec.x === 'time' || spec.x === 'relative') {
    const origin = spec.x === 'relative' ? spec.startTime : 0;
    const step = timeStep(x1 - x0, count);
    values = multiplesIn(x0 - origin, x1 - origin, step).map((v) => v + origin);
    labels =
      spec.x === 'time' ? timeLabels(values, step) : values.map((v) => formatDuration(v - origin));
  } else {
    values = x1 > x0 ? niceTicks(x0, x1, count) : [x0];
    if (spec.x === 'step') {
      values = values.filter(Number.isInteger);
      labels = stepLabels(values);
    } else labels = tickLabels(values);
  }
  return values.map((v, i) => ({
    cell: Math.floor(columnOf(layout, v) / perCell),
    label: labels[i]!,
  }));
}

/** Draws the curves on one canvas with its axes; the folds come back for the footer. */
export function drawPanel(curves: readonly PanelCurve[], spec: PanelSpec): DrawnPanel {
  const { unicode, colour, scale } = spec;
  // A marker is a space and the curve's number, which is two digits from the tenth curve on.
  const margin = spec.markers ? 1 + String(curves.length).length : 0;
  // The label width decides the canvas's: measure on a canvas of the right height first.
  const probe = new Canvas(1, spec.rows, unicode);
  // Labels take at most half the width, so a narrow plot is mostly canvas.
  const widest = Math.min(Math.floor(spec.width / 2), spec.width - 2 - margin - CANVAS_LEAST);
  const ticks = yTicks(probe, scale, widest);
  const labelWidth = Math.max(1, ...ticks.map((t) => t.label.length));
  const cols = Math.max(1, spec.width - labelWidth - 2 - margin);
  const canvas = new Canvas(cols, spec.rows, unicode);
  const layout: XLayout = { x0: spec.xRange.x0, x1: spec.xRange.x1, width: canvas.dotsX };
  const folded = curves.map((curve) => foldKey(curve.ask, layout));
  const markerRows = new Map<number, number[]>();
  folded.forEach((fold, i) => {
    if ('refused' in fold) return;
    const index = curves[i]!.index;
    if (fold.smoothed !== null) {
      canvas.draw(index, 'faint', fold.raw, scale);
      canvas.draw(index, 'main', fold.smoothed, scale);
    } else canvas.draw(index, 'main', fold.raw, scale);
    const end = fold.lastSmoothed ?? fold.lastPoint?.value;
    if (end !== undefined) {
      const row = canvas.cellRow(scale, end);
      markerRows.set(row, [...(markerRows.get(row) ?? []), index]);
    }
  });
  const box = unicode
    ? { v: '│', tick: '┤', corner: '└', h: '─', xTick: '┬' }
    : { v: '|', tick: '+', corner: '+', h: '-', xTick: '+' };
  const lines: string[] = [];
  const canvasLines = canvas.lines(colour);
  for (let row = 0; row < spec.rows; row++) {
    const tick = ticks.find((t) => t.row === row);
    const label = (tick?.label ?? '').padStart(labelWidth);
    let line = `${label} ${tick === undefined ? box.v : box.tick}${canvasLines[row]!}`;
    if (spec.markers) {
      const here = markerRows.get(row);
      line +=
        here === undefined
          ? ''
          : ' ' +
            (here.length > 1
              ? '%'
              : paint(String(here[0]! + 1), String(PALETTE[here[0]! % PALETTE.length]), colour));
    }
    lines.push(line.trimEnd());
  }
  const x = xTicks(spec, layout, cols, unicode ? 2 : 1);
  const axis = [...box.h.repeat(cols)];
  const labelLine = [...' '.repeat(spec.width)];
  let free = 0;
  for (const { cell, label } of x) {
    if (cell < 0 || cell >= cols) continue;
    const center = labelWidth + 2 + cell;
    const start = Math.max(
      0,
      Math.min(spec.width - label.length, center - Math.floor(label.length / 2)),
    );
    // A label that would touch the one before it, or run off the edge, is left out, tick too.
    if (start < free || start + label.length > spec.width) continue;
    for (let i = 0; i < label.length; i++) labelLine[start + i] = label[i]!;
    free = start + label.length + 1;
    axis[cell] = box.xTick;
  }
  lines.push(`${' '.repeat(labelWidth + 1)}${box.corner}${axis.join('')}`);
  lines.push(labelLine.join('').trimEnd());
  return { lines, folded };
}
