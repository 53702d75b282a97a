// Slots for envelopes over one column layout: a point's slot by its column and its order there,
// so a panel's x holds a few slots a column, not the union of every run's picked x.

import type { ColumnLayout } from './column-path.js';
import { columnFrom, columnOf, columnUntil } from './column-path.js';

/** The layout every trace was drawn by, or null when one has none or two differ. */
export function commonLayout(
  traces: readonly { readonly columns?: ColumnLayout }[],
): ColumnLayout | null {
  const first = traces[0]?.columns;
  if (first === undefined) return null;
  for (const { columns } of traces) {
    if (columns === undefined) return null;
    if (columns.x0 !== first.x0 || columns.x1 !== first.x1 || columns.columns !== first.columns)
      return null;
  }
  return first;
}

/**
 * The slots' x for traces drawn by `layout`, each trace's points placed in them (`slotOf`): a
 * column takes as many slots as the trace with the most points in it has, and a trace's k-th
 * point in a column its k-th slot. Points are drawn at their column's middle whatever their x
 * (drawByColumns), so this draws what exact x would; a slot's x stays inside its column, the
 * first the column's least x and the last its greatest, so the x range is the points' own.
 */
export function slotsByColumn(
  traces: readonly { readonly x: Float64Array }[],
  layout: ColumnLayout,
  slotOf: Int32Array[],
): Float64Array {
  const count = traces.length;
  const columnsOf = traces.map(({ x }) => columnsOfPoints(x, layout));
  const cursors = new Int32Array(count);
  const xs: number[] = [];
  for (;;) {
    let column = Infinity;
    for (let t = 0; t < count; t++) {
      const at = cursors[t]!;
      if (at < columnsOf[t]!.length && columnsOf[t]![at]! < column) column = columnsOf[t]![at]!;
    }
    if (column === Infinity) break;
    // Per slot of the column, the greatest x a trace has there; and the column's least and most.
    const base = xs.length;
    let least = Infinity;
    let most = -Infinity;
    for (let t = 0; t < count; t++) {
      const x = traces[t]!.x;
      const columns = columnsOf[t]!;
      const slot = slotOf[t]!;
      let at = cursors[t]!;
      for (let k = 0; at < columns.length && columns[at] === column; k++, at++) {
        const v = x[at]!;
        slot[at] = base + k;
        if (base + k < xs.length) xs[base + k] = Math.max(xs[base + k]!, v);
        else xs.push(v);
        if (v < least) least = v;
        if (v > most) most = v;
      }
      cursors[t] = at;
    }
    // Ascending within the column, from its least x to its greatest (a slot of no point if need
    // be), so that the slots' x span what the points' x span.
    if (xs.length - base === 1 && most > least) xs.push(most);
    xs[base] = least;
    xs[xs.length - 1] = most;
    for (let s = base + 1; s < xs.length - 1; s++)
      xs[s] = Math.min(most, Math.max(xs[s - 1]!, xs[s]!));
  }
  return Float64Array.from(xs);
}

/** The column of each of ascending x: found once a column, not once a point, as drawByColumns. */
function columnsOfPoints(x: Float64Array, layout: ColumnLayout): Int32Array {
  const columns = new Int32Array(x.length);
  let start = Infinity;
  let end = -Infinity;
  let column = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    if (!(v >= start && v < end)) {
      column = columnOf(layout, v);
      start = columnFrom(layout, column);
      end = columnUntil(layout, column);
    }
    columns[i] = column;
  }
  return columns;
}
