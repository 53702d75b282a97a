// What the table worker and the page say to each other: a table's columns and what of the file
// was read, the requests (open, view, rows, join, close) and their answers.

import type { LoggedFileKind } from '../../../../shared/api/contract.js';

export type TableFormat = 'csv' | 'tsv' | 'json' | 'jsonl';

/** A column's type: numbers sort by value and align right; text sorts by its characters. */
export type ColumnType = 'number' | 'text';

export interface ColumnMeta {
  readonly name: string;
  readonly type: ColumnType;
  /** The kinds of logged files its cells name: a column of image paths shows the images. */
  readonly pathKinds: readonly LoggedFileKind[];
  /** The longest cell's length among the first rows, in characters: its first width. */
  readonly typicalLength: number;
  /** In a joined table: the column of the runs' tables and the run it is of; null for the key. */
  readonly joined: { readonly column: string; readonly run: number } | null;
}

/** Something the reader met that the user should know: said above the table. */
export interface TableNote {
  readonly level: 'info' | 'warn';
  readonly text: string;
}

export interface TableMeta {
  readonly tableId: number;
  readonly columns: readonly ColumnMeta[];
  readonly rowCount: number;
  /** The bytes of the file the table was read from. */
  readonly bytesRead: number;
  /** The file's size, when the host told it. */
  readonly fileBytes: number | null;
  /** True when the table holds less than the whole file: the read cap, a NUL or the cell cap. */
  readonly partial: boolean;
  readonly notes: readonly TableNote[];
  /** In a joined table: how many rows differ between the runs. */
  readonly differingRows: number | null;
}

/** Why a file that should be a table is not one, with the text that could be read. */
export interface NotATable {
  readonly reason: string;
  /** 'warn' when the file is damaged (not JSON at all); 'info' when it is JSON of another shape. */
  readonly level: 'info' | 'warn';
  /** The file's first characters, to show as text. */
  readonly text: string;
  readonly bytesRead: number;
}

export interface SortSpec {
  readonly column: number;
  readonly descending: boolean;
}

export interface ViewSpec {
  readonly sort: SortSpec | null;
  /** Rows with a cell that holds this text, case-insensitively; '' for every row. */
  readonly filter: string;
  /** In a joined table, only the rows that differ between the runs. */
  readonly onlyDiffering: boolean;
}

/** Rows of a view: cells as written (null where a row has none), long ones cut. */
export interface RowsAnswer {
  readonly cells: readonly (readonly (string | null)[])[];
  /** In a joined table, per row the columns whose cells differ between the runs. */
  readonly differing: readonly (readonly number[])[] | null;
}

export type TableRequest =
  | {
      readonly op: 'open';
      readonly url: string;
      readonly format: TableFormat;
      /** Bytes read at most from the file's start. */
      readonly limit: number;
      readonly fileBytes: number | null;
      /** The run's logged files by path, so that cells naming one show it. */
      readonly loggedPaths: ReadonlyMap<string, LoggedFileKind>;
    }
  | { readonly op: 'view'; readonly tableId: number; readonly view: ViewSpec }
  | { readonly op: 'rows'; readonly tableId: number; readonly from: number; readonly to: number }
  | {
      readonly op: 'join';
      readonly tableIds: readonly number[];
      readonly key: string;
    }
  | { readonly op: 'close'; readonly tableId: number };

export type OpenAnswer =
  | { readonly table: TableMeta; readonly notATable: null }
  | { readonly table: null; readonly notATable: NotATable };

/** What each request is answered with. */
export interface TableAnswers {
  open: OpenAnswer;
  view: { readonly rowCount: number };
  rows: RowsAnswer;
  join: TableMeta;
  close: null;
}

export type TableMessage = { readonly id: number; readonly request: TableRequest };

export type TableReply =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string };
