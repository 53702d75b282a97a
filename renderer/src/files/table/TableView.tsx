// A logged table file as a table: what of the file was read and what the reader met, a filter,
// and the rows sorted and scrolled in the worker; a file that is no table shows its text and why.

import { useEffect, useMemo, useState } from 'react';
import type { LoggedFileInfo, LoggedFileKind } from '../../../../shared/api/contract.js';
import { byteSize } from '../../../../shared/format/byte-size.js';
import { VirtualTable } from './VirtualTable.js';
import { TableFileCell } from './TableFileCell.js';
import type { ColumnMeta, SortSpec, TableMeta, TableNote } from './table-types.js';
import { loggedPaths, useLoggedTable } from './use-logged-table.js';
import { useTableRows } from './use-table-rows.js';
import '../files.css';

/** Rows are this tall, or MEDIA_ROW when a column shows images. */
const TEXT_ROW = 28;
const MEDIA_ROW = 64;

export function rowHeightFor(columns: readonly ColumnMeta[]): number {
  return columns.some((c) => c.pathKinds.includes('image')) ? MEDIA_ROW : TEXT_ROW;
}

export function rowsText(count: number): string {
  return `${count.toLocaleString('en')} row${count === 1 ? '' : 's'}`;
}

/** The text typed into a filter, taken once typing pauses: a filter over millions of cells. */
export function useSettledText(text: string, delayMs = 200): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}

export function TableNotes({ notes }: { notes: readonly TableNote[] }) {
  return (
    <>
      {notes.map((note, i) => (
        <div
          key={i}
          className={note.level === 'warn' ? 'warn-box' : 'muted'}
          data-testid={note.level === 'warn' ? 'table-warning' : 'table-read-note'}
        >
          {note.text}
        </div>
      ))}
    </>
  );
}

/** A cell naming one of the run's files draws as that file. */
export function pathCellRenderer(runId: string, paths: ReadonlyMap<string, LoggedFileKind>) {
  return (text: string, column: ColumnMeta) => {
    if (column.pathKinds.length === 0) return undefined;
    const kind = paths.get(text);
    return kind === undefined ? undefined : <TableFileCell runId={runId} path={text} kind={kind} />;
  };
}

function LoadedTable(props: {
  runId: string;
  meta: TableMeta;
  paths: ReadonlyMap<string, LoggedFileKind>;
}) {
  const { runId, meta, paths } = props;
  const [typed, setTyped] = useState('');
  const filter = useSettledText(typed);
  const [sort, setSort] = useState<SortSpec | null>(null);
  const view = useMemo(() => ({ sort, filter, onlyDiffering: false }), [sort, filter]);
  const rows = useTableRows(meta.tableId, view);
  const renderCell = useMemo(() => pathCellRenderer(runId, paths), [runId, paths]);
  return (
    <div className="table-view stack" data-testid="table-view">
      <TableNotes notes={meta.notes} />
      <div className="row table-tools">
        <input
          className="text table-filter"
          placeholder="Filter rows"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          aria-label="Filter the rows: those with a cell holding this text"
          data-testid="table-filter"
        />
        <span className="muted" data-testid="table-count">
          {rows.rowCount === null
            ? 'sorting…'
            : filter.trim() === ''
              ? rowsText(meta.rowCount)
              : `${rows.rowCount.toLocaleString('en')} of ${rowsText(meta.rowCount)}`}
          {` · ${meta.columns.length} columns · ${byteSize(meta.bytesRead)} read`}
        </span>
      </div>
      {rows.error !== null ? <div className="error-box">{rows.error}</div> : null}
      {meta.columns.length === 0 ? (
        <div className="muted" data-testid="table-empty">
          The file holds no table: it is empty.
        </div>
      ) : (
        <VirtualTable
          columns={meta.columns}
          rows={rows}
          rowHeight={rowHeightFor(meta.columns)}
          sort={sort}
          onSort={setSort}
          renderCell={renderCell}
          testId="table"
        />
      )}
    </div>
  );
}

export function TableView(props: {
  runId: string;
  file: LoggedFileInfo;
  /** The run's logged files: cells that name one show it. */
  files: readonly LoggedFileInfo[];
}) {
  const paths = useMemo(() => loggedPaths(props.files), [props.files]);
  const table = useLoggedTable(props.runId, props.file, paths);
  if (table.state === 'loading')
    return (
      <div className="row muted" data-testid="table-loading">
        <div className="spinner" /> Reading the table…
      </div>
    );
  if (table.state === 'failed')
    return (
      <div className="error-box" data-testid="table-error">
        The table could not be read: {table.message}
      </div>
    );
  if (table.state === 'not-a-table')
    return (
      <div className="stack" data-testid="table-not-a-table">
        <div className={table.notATable.level === 'warn' ? 'warn-box' : 'muted'}>
          {table.notATable.reason} It is shown as text.
        </div>
        <pre className="text-preview-body">{table.notATable.text}</pre>
      </div>
    );
  return <LoadedTable runId={props.runId} meta={table.meta} paths={paths} />;
}
