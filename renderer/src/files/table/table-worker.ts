// The table worker: reads, parses, sorts, filters and joins tables off the UI thread, and hands
// the page only the rows it draws. Requests are answered in the order they come.

import type { BuiltTable } from './table-builder.js';
import type { OrderedTable } from './table-order.js';
import { viewOrder } from './table-order.js';
import { columnMeta, joinTables } from './table-join.js';
import { fetchTableBytes, parseTable } from './table-read.js';
import type {
  ColumnMeta,
  TableAnswers,
  TableMessage,
  TableMeta,
  TableNote,
  TableReply,
  TableRequest,
} from './table-types.js';

/** A cell's characters sent at most: a cell of megabytes draws as its start. */
const CELL_TEXT_CAP = 2000;

interface HeldTable {
  readonly table: OrderedTable;
  readonly meta: TableMeta;
  readonly cellDiffers: readonly (Uint8Array | null)[] | null;
  order: Uint32Array;
}

const tables = new Map<number, HeldTable>();
let nextTableId = 1;

function hold(
  table: OrderedTable,
  columns: readonly ColumnMeta[],
  rest: Omit<TableMeta, 'tableId' | 'columns' | 'rowCount'>,
  cellDiffers: readonly (Uint8Array | null)[] | null = null,
): TableMeta {
  const meta: TableMeta = { tableId: nextTableId++, columns, rowCount: table.rowCount, ...rest };
  const order = Uint32Array.from({ length: table.rowCount }, (_, i) => i);
  tables.set(meta.tableId, { table, meta, cellDiffers, order });
  return meta;
}

function held(tableId: number): HeldTable {
  const found = tables.get(tableId);
  if (found === undefined) throw new Error(`no table ${tableId} is open`);
  return found;
}

function cellText(cell: string | null | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  return cell.length > CELL_TEXT_CAP
    ? `${cell.slice(0, CELL_TEXT_CAP)}… (${cell.length.toLocaleString('en')} characters)`
    : cell;
}

async function answer<Op extends TableRequest['op']>(
  request: Extract<TableRequest, { op: Op }>,
): Promise<TableAnswers[Op]>;
async function answer(request: TableRequest): Promise<TableAnswers[TableRequest['op']]> {
  switch (request.op) {
    case 'open': {
      const { bytes, cut, fileBytes } = await fetchTableBytes(
        request.url,
        request.limit,
        request.fileBytes,
      );
      const read = parseTable(request.format, bytes, cut, fileBytes, request.loggedPaths);
      if (read.table === null) return { table: null, notATable: read.notATable };
      const table: BuiltTable & OrderedTable = { ...read.table, rowDiffers: null };
      const columns = read.table.columns.map((c) => ({ ...columnMeta(c), joined: null }));
      const meta = hold(table, columns, {
        bytesRead: read.bytesRead,
        fileBytes: read.fileBytes,
        partial: read.partial,
        notes: read.notes,
        differingRows: null,
      });
      return { table: meta, notATable: null };
    }
    case 'view': {
      const target = held(request.tableId);
      target.order = viewOrder(target.table, request.view);
      return { rowCount: target.order.length };
    }
    case 'rows': {
      const target = held(request.tableId);
      const to = Math.min(request.to, target.order.length);
      const cells: (string | null)[][] = [];
      const differing: number[][] | null = target.cellDiffers === null ? null : [];
      for (let at = Math.max(0, request.from); at < to; at++) {
        const row = target.order[at]!;
        cells.push(target.table.columns.map((column) => cellText(column.cells[row])));
        if (differing !== null)
          differing.push(
            target.cellDiffers!.flatMap((differs, column) => (differs?.[row] ? [column] : [])),
          );
      }
      return { cells, differing };
    }
    case 'join': {
      const sources = request.tableIds.map((id) => held(id));
      const joined = joinTables(
        sources.map((source) => source.table),
        request.key,
      );
      const notes: TableNote[] = [];
      joined.repeatedKeys.forEach((count, run) => {
        if (count > 0)
          notes.push({
            level: 'warn',
            text: `Table ${run + 1} repeats ${count.toLocaleString('en')} keys: the first row of each is joined.`,
          });
      });
      joined.keyless.forEach((count, run) => {
        if (count > 0)
          notes.push({
            level: 'warn',
            text: `Table ${run + 1} has ${count.toLocaleString('en')} rows with no key; they are left out.`,
          });
      });
      return hold(
        joined,
        joined.meta,
        {
          bytesRead: sources.reduce((sum, s) => sum + s.meta.bytesRead, 0),
          fileBytes: null,
          partial: sources.some((s) => s.meta.partial),
          notes,
          differingRows: joined.rowDiffers.reduce((sum, d) => sum + (d === 0 ? 0 : 1), 0),
        },
        joined.cellDiffers,
      );
    }
    case 'close':
      tables.delete(request.tableId);
      return null;
  }
}

/** The worker's own scope, as the DOM library does not type it. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TableMessage>) => void) | null;
  postMessage(message: TableReply): void;
};

// One request at a time, in order: a view is computed before the rows asked of it.
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event) => {
  const { id, request } = event.data;
  queue = queue.then(async () => {
    try {
      scope.postMessage({ id, ok: true, result: await answer(request) });
    } catch (error) {
      scope.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
};
