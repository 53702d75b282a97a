// Several runs' tables joined on a key column: a row per key any run has, in the order first met
// (the first run's rows first), and per other column one cell per run. A row differs when some
// column's cells differ between the runs (numbers by value, text exactly, a missing row or cell
// differs from a present one); the first row of a key repeated in a run is the one joined.

import type { BuiltColumn } from './table-builder.js';
import type { ColumnMeta } from './table-types.js';
import type { OrderedTable } from './table-order.js';
import { numberValue } from './cell-number.js';

export interface JoinedTable extends OrderedTable {
  readonly rowDiffers: Uint8Array;
  readonly meta: readonly ColumnMeta[];
  /** Per column, a nonzero byte per row whose cells differ between the runs. */
  readonly cellDiffers: readonly (Uint8Array | null)[];
  /** Per run, how many of its rows repeat a key met before in it (and are left out). */
  readonly repeatedKeys: readonly number[];
  /** Per run, how many rows have no key cell (and are left out). */
  readonly keyless: readonly number[];
}

function cellOf(table: OrderedTable, column: number, row: number | undefined): string | null {
  if (row === undefined || column < 0) return null;
  const cell = table.columns[column]!.cells[row];
  return cell === undefined || cell === '' ? null : cell;
}

/** Equal as a table reads them: numbers by value in number columns, text exactly. */
function sameCell(a: string | null, b: string | null, numbers: boolean): boolean {
  if (a === null || b === null) return a === b;
  if (a === b) return true;
  if (!numbers) return false;
  const x = numberValue(a);
  const y = numberValue(b);
  return x === y || (Number.isNaN(x) && Number.isNaN(y));
}

export function joinTables(tables: readonly OrderedTable[], key: string): JoinedTable {
  const keyColumns = tables.map((table) => table.columns.findIndex((c) => c.name === key));
  // Per key, the row of each run that holds it.
  const rowsByKey = new Map<string, (number | undefined)[]>();
  const repeatedKeys = tables.map(() => 0);
  const keyless = tables.map(() => 0);
  tables.forEach((table, run) => {
    const keyColumn = keyColumns[run]!;
    for (let row = 0; row < table.rowCount; row++) {
      const value = cellOf(table, keyColumn, row);
      if (value === null) {
        keyless[run]!++;
        continue;
      }
      let rows = rowsByKey.get(value);
      if (rows === undefined) rowsByKey.set(value, (rows = new Array(tables.length)));
      if (rows[run] !== undefined) repeatedKeys[run]!++;
      else rows[run] = row;
    }
  });
  const names: string[] = [];
  for (const table of tables)
    for (const column of table.columns)
      if (column.name !== key && !names.includes(column.name)) names.push(column.name);
  const keys = [...rowsByKey.keys()];
  const joinedRows = [...rowsByKey.values()];
  const rowCount = keys.length;
  const rowDiffers = new Uint8Array(rowCount);
  const columns: BuiltColumn[] = [];
  const meta: ColumnMeta[] = [];
  const cellDiffers: (Uint8Array | null)[] = [];
  const keyIsNumber = tables.every((t, run) => t.columns[keyColumns[run]!]?.type === 'number');
  columns.push({
    name: key,
    type: keyIsNumber ? 'number' : 'text',
    cells: keys,
    values: keyIsNumber ? Float64Array.from(keys, numberValue) : null,
    pathKinds: [...new Set(tables.flatMap((t, run) => t.columns[keyColumns[run]!]!.pathKinds))],
    typicalLength: Math.min(200, Math.max(key.length, ...keys.slice(0, 200).map((k) => k.length))),
  });
  meta.push({ ...columnMeta(columns[0]!), joined: null });
  cellDiffers.push(null);
  for (const name of names) {
    const indices = tables.map((table) => table.columns.findIndex((c) => c.name === name));
    const numbers = tables.every(
      (table, run) => indices[run]! < 0 || table.columns[indices[run]!]!.type === 'number',
    );
    const differs = new Uint8Array(rowCount);
    const perRun = tables.map((table, run) =>
      joinedRows.map((rows) => cellOf(table, indices[run]!, rows[run])),
    );
    for (let row = 0; row < rowCount; row++) {
      const first = perRun[0]![row]!;
      if (perRun.some((cells) => !sameCell(cells[row]!, first, numbers))) {
        differs[row] = 1;
        rowDiffers[row] = 1;
      }
    }
    tables.forEach((table, run) => {
      const source = indices[run]! < 0 ? undefined : table.columns[indices[run]!];
      const cells = perRun[run]!;
      const column: BuiltColumn = {
        name: `${name} · ${run + 1}`,
        type: numbers ? 'number' : 'text',
        cells,
        values: numbers
          ? Float64Array.from(cells, (c) => (c === null ? NaN : numberValue(c)))
          : null,
        pathKinds: source?.pathKinds ?? [],
        typicalLength: source?.typicalLength ?? name.length,
      };
      columns.push(column);
      meta.push({ ...columnMeta(column), joined: { column: name, run } });
      cellDiffers.push(differs);
    });
  }
  // A key missing from a run differs even when every other column is empty there.
  joinedRows.forEach((rows, row) => {
    if (rows.some((r) => r === undefined)) rowDiffers[row] = 1;
  });
  return { columns, rowCount, rowDiffers, meta, cellDiffers, repeatedKeys, keyless };
}

export function columnMeta(column: BuiltColumn): Omit<ColumnMeta, 'joined'> {
  return {
    name: column.name,
    type: column.type,
    pathKinds: column.pathKinds,
    typicalLength: column.typicalLength,
  };
}
