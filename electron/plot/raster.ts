// The canvas: dots of curves, column-exact (each dot column spans its least to its greatest
// value), joined to the column before so a curve reads as a line, then cells of braille (2×4
// dots) or ASCII (1×3 levels: ' - .). A cell more than one curve reached is '%'.

import type { DotColumns } from './fold.js';
import { paint, PALETTE } from './terminal.js';

/** How a canvas maps values to dot rows: linear or log10, over [lo, hi]. */
export interface YScale {
  readonly lo: number;
  readonly hi: number;
  readonly log: boolean;
}

/** A value's position on the scale; -Infinity for what a log scale cannot hold (<= 0). */
export function scaled(scale: YScale, v: number): number {
  if (!scale.log) return v;
  return v > 0 ? Math.log10(v) : -Infinity;
}

const BRAILLE_BITS = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
] as const;
const ASCII_LEVELS = ["'", '-', '.'];

export type Layer = 'main' | 'faint';

export class Canvas {
  readonly dotsX: number;
  readonly dotsY: number;
  /** Per curve and layer, per cell, the dots set (braille bits, or ASCII level bits). */
  private readonly cells = new Map<string, Uint8Array>();

  constructor(
    readonly cols: number,
    readonly rows: number,
    readonly unicode: boolean,
  ) {
    this.dotsX = cols * (unicode ? 2 : 1);
    this.dotsY = rows * (unicode ? 4 : 3);
  }

  /** The dot row (0 at the top) of a value on the scale, clamped into the canvas. */
  dotRow(scale: YScale, v: number): number {
    const lo = scaled(scale, scale.lo);
    const hi = scaled(scale, scale.hi);
    const s = scaled(scale, v);
    if (s === -Infinity) return this.dotsY - 1;
    if (!(hi > lo)) return Math.floor((this.dotsY - 1) / 2);
    const row = Math.round(((hi - s) / (hi - lo)) * (this.dotsY - 1));
    return Math.min(this.dotsY - 1, Math.max(0, row));
  }

  /** The cell row a value falls in. */
  cellRow(scale: YScale, v: number): number {
    return Math.floor(this.dotRow(scale, v) / (this.unicode ? 4 : 3));
  }

  private layer(curve: number, layer: Layer): Uint8Array {
    const name = `${curve}:${layer}`;
    let cells = this.cells.get(name);
    if (cells === undefined) {
      cells = new Uint8Array(this.cols * this.rows);
      this.cells.set(name, cells);
    }
    return cells;
  }

  private setDot(cells: Uint8Array, x: number, y: number): void {
    const perX = this.unicode ? 2 : 1;
    const perY = this.unicode ? 4 : 3;
    const cell = Math.floor(y / perY) * this.cols + Math.floor(x / perX);
    cells[cell]! |= this.unicode ? BRAILLE_BITS[x % 2]![y % 4]! : 1 << (y % 3);
  }

  /** Dots of column x from row a to row b, both included. */
  private span(cells: Uint8Array, x: number, a: number, b: number): void {
    for (let y = Math.min(a, b); y <= Math.max(a, b); y++) this.setDot(cells, x, y);
  }

  /**
   * Draws a curve's dot columns: each column from its least to its greatest value (so a spike
   * shows whatever the width), and the rows strictly between a column's first value and the
   * last value before it, so the line is unbroken; across empty columns, the straight line.
   */
  draw(curve: number, layer: Layer, columns: DotColumns, scale: YScale): void {
    const cells = this.layer(curve, layer);
    let previous = -1;
    let previousRow = 0;
    for (let x = 0; x < this.dotsX; x++) {
      const min = columns.min[x]!;
      if (Number.isNaN(min)) continue;
      const top = this.dotRow(scale, columns.max[x]!);
      const bottom = this.dotRow(scale, min);
      const firstRow = this.dotRow(scale, columns.first[x]!);
      if (previous >= 0) {
        // Straight across the empty columns between, then the rows strictly between the
        // line's end and this column's first value.
        let from = previousRow;
        for (let g = previous + 1; g < x; g++) {
          const row = Math.round(
            previousRow + ((firstRow - previousRow) * (g - previous)) / (x - previous),
          );
          const start = row === from ? row : from + Math.sign(row - from);
          this.span(cells, g, start, row);
          from = row;
        }
        if (Math.abs(firstRow - from) > 1)
          this.span(
            cells,
            x,
            from + Math.sign(firstRow - from),
            firstRow - Math.sign(firstRow - from),
          );
      }
      this.span(cells, x, top, bottom);
      previous = x;
      previousRow = this.dotRow(scale, columns.last[x]!);
    }
  }

  /** True when some curve reached cell (col, row). */
  reached(col: number, row: number): boolean {
    const at = row * this.cols + col;
    for (const cells of this.cells.values()) if (cells[at] !== 0) return true;
    return false;
  }

  /** The canvas's rows as text, coloured per curve when colour is on. */
  lines(colour: boolean): string[] {
    const out: string[] = [];
    const curves = [...this.cells.keys()].map((name) => {
      const [curve, layer] = name.split(':');
      return { curve: Number(curve), layer: layer as Layer, cells: this.cells.get(name)! };
    });
    for (let row = 0; row < this.rows; row++) {
      let line = '';
      for (let col = 0; col < this.cols; col++) {
        const at = row * this.cols + col;
        const here = curves.filter((c) => c.cells[at] !== 0);
        const distinct = new Set(here.map((c) => c.curve));
        if (distinct.size === 0) {
          line += ' ';
          continue;
        }
        if (distinct.size > 1) {
          line += paint('%', '1', colour);
          continue;
        }
        const curve = here[0]!.curve;
        const main = here.find((c) => c.layer === 'main');
        const sgr = String(PALETTE[curve % PALETTE.length]);
        if (main !== undefined) {
          line += paint(this.glyph(main.cells[at]!), sgr, colour);
        } else {
          // The raw curve under a smoothed one: dim in colour; without colour, a light shade
          // (its dots would read as the smoothed line's own).
          const bits = here[0]!.cells[at]!;
          line += colour ? paint(this.glyph(bits), `2;${sgr}`, true) : this.unicode ? '·' : ':';
        }
      }
      out.push(line);
    }
    return out;
  }

  private glyph(bits: number): string {
    if (this.unicode) return String.fromCodePoint(0x2800 + bits);
    const levels = [0, 1, 2].filter((l) => (bits & (1 << l)) !== 0);
    return levels.length === 1 ? ASCII_LEVELS[levels[0]!]! : '|';
  }
}
