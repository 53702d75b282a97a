// A view of a table: the rows a filter keeps, in the order a sort puts them. Numbers sort by value
// (integers beyond 2^53 exactly), text by its characters; empty cells and nan go last either way,
// and rows that sort equal keep their order in the file.

import type { BuiltColumn } from './table-builder.js';
import { exactIntegerOrder } from './cell-number.js';
import type { ViewSpec } from './table-types.js';

export interface OrderedTable {
  readonly columns: readonly BuiltColumn[];
  readonly rowCount: number;
  /** In a joined table, a nonzero byte per row that differs between the runs. */
  readonly rowDiffers: Uint8Array | null;
}

/** The rows that hold `needle` (lower case) in some cell. */
function rowsMatching(table: OrderedTable, needle: string, only: Uint8Array | null): number[] {
  const kept: number[] = [];
  for (let row = 0; row < table.rowCount; row++) {
    if (only !== null && only[row] === 0) continue;
    if (needle === '' || table.columns.some((c) => c.cells[row]?.toLowerCase().includes(needle)))
      kept.push(row);
  }
  return kept;
}

function isEmpty(cell: string | null | undefined): boolean {
  return cell === null || cell === undefined || cell === '';
}

/** Compares rows a and b by a column, ascending; empty cells and NaN after everything else. */
function comparer(column: BuiltColumn): (a: number, b: number) => number {
  const { cells, values } = column;
  if (values !== null) {
    return (a, b) => {
      const x = values[a]!;
      const y = values[b]!;
      const xMissing = Number.isNaN(x);
      const yMissing = Number.isNaN(y);
      if (xMissing || yMissing) return xMissing === yMissing ? 0 : xMissing ? 1 : -1;
      if (x !== y) return x < y ? -1 : 1;
      return exactIntegerOrder(cells[a]!, cells[b]!);
    };
  }
  return (a, b) => {
    const x = cells[a];
    const y = cells[b];
    const xMissing = isEmpty(x);
    const yMissing = isEmpty(y);
    if (xMissing || yMissing) return xMissing === yMissing ? 0 : xMissing ? 1 : -1;
    return x! < y! ? -1 : x! > y! ? 1 : 0;
  };
}

/** The view's rows, as indices into the table, in order. */
export function viewOrder(table: OrderedTable, view: ViewSpec): Uint32Array {
  const rows = rowsMatching(
    table,
    view.filter.trim().toLowerCase(),
    view.onlyDiffering ? table.rowDiffers : null,
  );
  const sort = view.sort;
  const column = sort === null ? undefined : table.columns[sort.column];
  if (sort !== null && column !== undefined) {
    const compare = comparer(column);
    const { cells, values } = column;
    const missing = (row: number): boolean =>
      values !== null ? Number.isNaN(values[row]!) : isEmpty(cells[row]);
    // Descending reverses the values, not the empties: they stay last.
    rows.sort((a, b) => {
      const order = compare(a, b);
      if (order === 0) return a - b;
      if (!sort.descending || missing(a) || missing(b)) return order;
      return -order;
    });
  }
  return Uint32Array.from(rows);
}
