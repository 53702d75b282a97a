// Reading a logged table file in the worker: its first `limit` bytes asked for as a byte range and
// read as a stream (never more), its text checked, parsed by format, and what was read said:
// how much of the file, how many rows, and what stopped the read.

import { byteSize } from '../../../../shared/format/byte-size.js';
import type { LoggedFileKind } from '../../../../shared/api/contract.js';
import { readLimited } from '../read-limited.js';
import type { BuiltTable } from './table-builder.js';
import { CELL_BUDGET, TableBuilder } from './table-builder.js';
import { readDelimited } from './delimited-table.js';
import { readJsonLinesTable, readJsonTable } from './json-table.js';
import { tableText } from './table-text.js';
import type { NotATable, TableFormat, TableNote } from './table-types.js';

/** The characters of a file that is no table kept to show as text. */
const NOT_A_TABLE_TEXT = 256 * 1024;

export type TableRead =
  | {
      readonly table: BuiltTable;
      readonly notes: readonly TableNote[];
      readonly bytesRead: number;
      readonly fileBytes: number | null;
      readonly partial: boolean;
    }
  | { readonly table: null; readonly notATable: NotATable };

/** The file's size from a 206's Content-Range (bytes a-b/SIZE), else from a 200's length. */
function sizeOf(response: Response, known: number | null): number | null {
  const range = /\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '');
  if (range !== null) return Number(range[1]);
  const length = response.headers.get('Content-Length');
  if (response.status === 200 && length !== null) return Number(length);
  return known;
}

export async function fetchTableBytes(
  url: string,
  limit: number,
  known: number | null,
): Promise<{ bytes: Uint8Array; cut: boolean; fileBytes: number | null }> {
  // The range keeps the host from sending more than is read; the limited read keeps a host that
  // answers the whole file from being read past the limit.
  const response = await fetch(url, { headers: { Range: `bytes=0-${limit - 1}` } });
  if (response.status === 416) return { bytes: new Uint8Array(0), cut: false, fileBytes: 0 };
  if (!response.ok) {
    const reason = (await response.text().catch(() => '')).trim();
    throw new Error(reason === '' ? `the host answered ${response.status}` : reason);
  }
  const fileBytes = sizeOf(response, known);
  const read = await readLimited(response, limit);
  const cut = read.cut || (fileBytes !== null && read.bytes.length < fileBytes);
  return { bytes: read.bytes, cut, fileBytes };
}

function rowsText(count: number): string {
  return `${count.toLocaleString('en')} row${count === 1 ? '' : 's'}`;
}

/** The table a file's first bytes hold, or why they hold none. */
export function parseTable(
  format: TableFormat,
  bytes: Uint8Array,
  cut: boolean,
  fileBytes: number | null,
  loggedPaths: ReadonlyMap<string, LoggedFileKind>,
): TableRead {
  const text = tableText(bytes, cut, format !== 'json');
  const builder = new TableBuilder(format === 'csv' || format === 'tsv');
  const notes: TableNote[] = [...text.notes];
  let stopped = false;
  if (format === 'json') {
    const read = readJsonTable(text.text, builder, cut || text.shortened);
    if (!read.table)
      return {
        table: null,
        notATable: {
          reason: `This JSON is not a table (an array of objects, or an object of columns): ${read.reason}.`,
          level: read.damaged ? 'warn' : 'info',
          text: text.text.slice(0, NOT_A_TABLE_TEXT),
          bytesRead: bytes.length,
        },
      };
    notes.push(...read.notes);
    stopped = read.stopped;
  } else if (format === 'jsonl') {
    const read = readJsonLinesTable(text.text, builder);
    notes.push(...read.notes);
    stopped = read.stopped;
  } else {
    const read = readDelimited(text.text, format === 'csv' ? ',' : '\t', builder);
    notes.push(...read.notes);
    stopped = read.stopped;
  }
  const table = builder.build(loggedPaths);
  if (builder.droppedCells > 0)
    notes.push({
      level: 'warn',
      text: `Columns past the first ${table.columns.length.toLocaleString('en')} are not read (${builder.droppedCells.toLocaleString('en')} cells).`,
    });
  if (stopped)
    notes.unshift({
      level: 'info',
      text: `Reading stopped at ${(CELL_BUDGET / 1e6).toFixed(0)} million cells: the first ${rowsText(table.rowCount)} are shown.`,
    });
  else if (cut)
    notes.unshift({
      level: 'info',
      text: `The file is ${fileBytes === null ? 'larger' : byteSize(fileBytes)}: its first ${byteSize(bytes.length)} are read, which hold ${rowsText(table.rowCount)}.`,
    });
  return {
    table,
    notes,
    bytesRead: bytes.length,
    fileBytes,
    partial: cut || stopped || text.shortened,
  };
}
