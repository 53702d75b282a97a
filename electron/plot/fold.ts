// A key's samples folded into a canvas's dot columns, exactly: the host's M4 envelope asked at
// the canvas's dot width gives each column's first, last, least and greatest finite point, so a
// one-sample spike always lands in its column. Where the envelope's columns would not line up
// with the canvas's (a key narrower than a shared x range), each dot column is asked alone.

import type {
  EnvelopeColumns,
  EnvelopePoints,
  EnvelopeXColumn,
} from '../../shared/api/contract.js';
import type { SourceRun } from '../sources/run-source.js';

/** Per dot column, the finite values that fell in it: NaN where none did. */
export interface DotColumns {
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly first: Float64Array;
  readonly last: Float64Array;
}

export interface FoldedKey {
  readonly key: string;
  readonly raw: DotColumns;
  readonly smoothed: DotColumns | null;
  /** The point furthest right (the latest of equals), its step and value; null when none. */
  readonly lastPoint: { readonly step: number; readonly value: number } | null;
  readonly lastSmoothed: number | null;
}

/** An x range divided into `width` equal dot columns, as the host divides an envelope. */
export interface XLayout {
  readonly x0: number;
  readonly x1: number;
  readonly width: number;
}

/** The left edge of dot column c: the host's very expression, so edges agree to the bit. */
export function columnEdge(layout: XLayout, c: number): number {
  return layout.x0 + ((layout.x1 - layout.x0) * c) / layout.width;
}

/** The dot column holding x: the c with edge(c) <= x < edge(c + 1); the last takes x1. */
export function columnOf(layout: XLayout, x: number): number {
  const { x0, x1, width } = layout;
  if (!(x1 > x0)) return 0;
  let c = Math.min(width - 1, Math.max(0, Math.floor(((x - x0) / (x1 - x0)) * width)));
  while (c < width - 1 && x >= columnEdge(layout, c + 1)) c++;
  while (c > 0 && x < columnEdge(layout, c)) c--;
  return c;
}

/** The largest double below x: a column's query ends just short of the next column's edge. */
function below(x: number): number {
  if (x === 0) return -Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigInt64(0);
  view.setBigInt64(0, x > 0 ? bits - 1n : bits + 1n);
  return view.getFloat64(0);
}

function emptyColumns(width: number): DotColumns {
  return {
    min: new Float64Array(width).fill(NaN),
    max: new Float64Array(width).fill(NaN),
    first: new Float64Array(width).fill(NaN),
    last: new Float64Array(width).fill(NaN),
  };
}

type Refusal = { readonly refused: string };

export interface EnvelopeAsk {
  readonly run: SourceRun;
  readonly key: string;
  readonly x: EnvelopeXColumn;
  readonly smoothing: number;
}

export function askEnvelope(
  ask: EnvelopeAsk,
  x0: number,
  x1: number,
  width: number,
): EnvelopeColumns | Refusal {
  return ask.run.envelope({
    op: 'envelope',
    runId: ask.run.id,
    key: ask.key,
    x: ask.x,
    x0,
    x1,
    width,
    ...(ask.smoothing > 0 ? { smoothing: ask.smoothing } : {}),
  });
}

class Folder {
  readonly columns: DotColumns;
  lastX = -Infinity;
  lastStep = 0;
  lastValue = NaN;

  constructor(private readonly layout: XLayout) {
    this.columns = emptyColumns(layout.width);
  }

  /** Takes points in x order (as an envelope gives them) into their columns. */
  add(points: EnvelopePoints, onlyColumn: number | null): void {
    const { min, max, first, last } = this.columns;
    const xs = points.x ?? points.steps;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      const v = points.values[i]!;
      if (!Number.isFinite(v) || x < this.layout.x0 || x > this.layout.x1) continue;
      const c = onlyColumn ?? columnOf(this.layout, x);
      if (Number.isNaN(first[c]!)) first[c] = v;
      last[c] = v;
      if (!(min[c]! <= v)) min[c] = v;
      if (!(max[c]! >= v)) max[c] = v;
      if (x >= this.lastX) {
        this.lastX = x;
        this.lastStep = points.steps[i]!;
        this.lastValue = v;
      }
    }
  }
}

function aligned(envelope: EnvelopeColumns, layout: XLayout): boolean {
  const got = envelope.layout;
  return got.x0 === layout.x0 && got.x1 === layout.x1 && got.columns === layout.width;
}

/** A key's samples in the layout's dot columns, raw and (with smoothing) smoothed; or why not. */
export function foldKey(ask: EnvelopeAsk, layout: XLayout): FoldedKey | Refusal {
  const raw = new Folder(layout);
  const smoothed = ask.smoothing > 0 ? new Folder(layout) : null;
  const whole = askEnvelope(ask, layout.x0, layout.x1, layout.width);
  if ('refused' in whole) return whole;
  if (aligned(whole, layout)) {
    raw.add(whole.raw, null);
    if (whole.smoothed !== null) smoothed?.add(whole.smoothed, null);
  } else {
    // The host clamps a view to the data's range, so its columns are not the canvas's: each
    // canvas column is asked alone, [edge(c), edge(c + 1)), which is exact however they fall.
    for (let c = 0; c < layout.width; c++) {
      const a = columnEdge(layout, c);
      const b = c === layout.width - 1 ? layout.x1 : below(columnEdge(layout, c + 1));
      if (b < a) continue;
      const part = askEnvelope(ask, a, b, 1);
      if ('refused' in part || part.inView === 0) continue;
      raw.add(part.raw, c);
      if (part.smoothed !== null) smoothed?.add(part.smoothed, c);
    }
  }
  return {
    key: ask.key,
    raw: raw.columns,
    smoothed: smoothed?.columns ?? null,
    lastPoint: raw.lastX === -Infinity ? null : { step: raw.lastStep, value: raw.lastValue },
    lastSmoothed: smoothed === null || smoothed.lastX === -Infinity ? null : smoothed.lastValue,
  };
}

/** The least and greatest finite values over a key's dot columns (smoothed ones included). */
export function valueRange(folded: FoldedKey): { lo: number; hi: number } | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const columns of [folded.raw, folded.smoothed]) {
    if (columns === null) continue;
    for (let c = 0; c < columns.min.length; c++) {
      const a = columns.min[c]!;
      const b = columns.max[c]!;
      if (a < lo) lo = a;
      if (b > hi) hi = b;
    }
  }
  return lo <= hi ? { lo, hi } : null;
}
