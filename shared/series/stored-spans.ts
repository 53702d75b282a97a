// Reading many points of a series in a row from the arrays they are stored in, a stored block at
// a time, rather than through one accessor call a point: what an envelope's scans pay for most.

/** A column kept in blocks of `blockSize` entries (Infinity: one array), the block of an index. */
export interface StoredColumn {
  readonly blockSize: number;
  /** The block holding `index`; its entry for index is at index minus the block's start. */
  block(index: number): ArrayLike<number>;
  /** What to add to each entry of the block holding `index`, when its entries are offsets. */
  blockOffset?(index: number): number;
}

/** What a span reader reads: points by accessor, and where it has them, their stored columns. */
export interface SpanSource {
  readonly length: number;
  x(index: number): number;
  y(index: number): number;
  readonly xColumn?: StoredColumn | undefined;
  readonly yColumn?: StoredColumn | undefined;
}

/** Points copied at a time from a source without stored columns. */
const SCRATCH_POINTS = 512;
// Shared by every reader: a read is used up before the next one is made (JS runs one at a time).
const scratchX = new Float64Array(SCRATCH_POINTS);
const scratchY = new Float64Array(SCRATCH_POINTS);

/**
 * After read(from, to), xs and ys hold the points from `from` up to the end read returned, at
 * index minus `base`: a stored block of the source's own, or a copy made through its accessors.
 */
export class SpanReader {
  xs: ArrayLike<number> = scratchX;
  ys: ArrayLike<number> = scratchY;
  base = 0;
  /** Added to each of xs: a block of steps may hold offsets from its first (step-progressions.ts). */
  xOffset = 0;

  constructor(private readonly source: SpanSource) {}

  /** True when reads (of y, and of x with it) come straight from the source's stored columns. */
  stored(withX: boolean): boolean {
    const { xColumn, yColumn } = this.source;
    if (yColumn === undefined) return false;
    // Columns are read together a block at a time: they must be stored in blocks alike.
    return !withX || (xColumn !== undefined && xColumn.blockSize === yColumn.blockSize);
  }

  /** Reads points from `from` on, as many as one block holds; returns the end of them (<= to). */
  read(from: number, to: number, withX: boolean): number {
    if (!this.stored(withX)) return this.copy(from, to, withX);
    const { xColumn, yColumn } = this.source;
    const size = yColumn!.blockSize;
    const base = size === Infinity ? 0 : from - (from % size);
    if (withX) {
      this.xs = xColumn!.block(from);
      this.xOffset = xColumn!.blockOffset?.(from) ?? 0;
    }
    this.ys = yColumn!.block(from);
    this.base = base;
    return Math.min(to, base + size);
  }

  private copy(from: number, to: number, withX: boolean): number {
    const { source } = this;
    const end = Math.min(to, from + SCRATCH_POINTS);
    for (let i = from; i < end; i++) {
      scratchY[i - from] = source.y(i);
      if (withX) scratchX[i - from] = source.x(i);
    }
    this.xs = scratchX;
    this.ys = scratchY;
    this.base = from;
    this.xOffset = 0;
    return end;
  }
}
