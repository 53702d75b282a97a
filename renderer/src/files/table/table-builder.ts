// A table as it is read, row by row, into columns of cells as written: unique column names, rows
// shorter or longer than the header counted, a budget of cells past which reading stops, and at
// the end each column typed (number or text) with its numbers' values for sorting.

import type { LoggedFileKind } from '../../../../shared/api/contract.js';
import type { ColumnType } from './table-types.js';
import { isNumberText, numberValue } from './cell-number.js';

/** The cells a table holds at most: bounds the worker's memory whatever the file's shape. */
export const CELL_BUDGET = 10_000_000;
/** Columns past this many are not read: a row of a million commas makes no million columns. */
export const COLUMN_CAP = 1000;
/** Rows whose cells set a column's first width. */
const WIDTH_SAMPLE_ROWS = 200;

export interface BuiltColumn {
  readonly name: string;
  readonly type: ColumnType;
  readonly cells: readonly (string | null)[];
  /** Each cell's value, for a number column; NaN where a cell is empty or nan. */
  readonly values: Float64Array | null;
  readonly pathKinds: readonly LoggedFileKind[];
  readonly typicalLength: number;
}

export interface BuiltTable {
  readonly columns: readonly BuiltColumn[];
  readonly rowCount: number;
}

interface ColumnDraft {
  name: string;
  cells: (string | null)[];
  /** Cells that are not numbers, empty ones aside. */
  nonNumbers: number;
  typicalLength: number;
  /** The longest number in any row: a sort may bring it to the top, and it must fit. */
  longestNumber: number;
}

/** A name not yet taken: `name`, else `name (2)`, `name (3)`...; an empty one is `column N`. */
function uniqueName(wanted: string, index: number, taken: Set<string>): string {
  const base = wanted.trim() === '' ? `column ${index + 1}` : wanted;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
  taken.add(name);
  return name;
}

export class TableBuilder {
  private readonly columns: ColumnDraft[] = [];
  private readonly byName = new Map<string, number>();
  private readonly taken = new Set<string>();
  private rows = 0;
  private cells = 0;
  /** Rows with fewer cells than there are columns, and the first of them (1-based). */
  shortRows = 0;
  firstShortRow = 0;
  /** Rows with more cells than the header named, and the first of them (1-based). */
  longRows = 0;
  firstLongRow = 0;
  /** Cells of columns past COLUMN_CAP, left out. */
  droppedCells = 0;

  constructor(
    /** Whether a cell's text says it is a number (CSV), or the reader says so (JSON). */
    private readonly inferNumbers: boolean,
    private readonly budget = CELL_BUDGET,
  ) {}

  get rowCount(): number {
    return this.rows;
  }

  /** True once the cell budget is spent: the reader stops and says so. */
  get full(): boolean {
    return this.cells >= this.budget;
  }

  /** Adds a column of this name (made unique) and returns its index; -1 past the cap. */
  addColumn(wanted: string): number {
    if (this.columns.length >= COLUMN_CAP) return -1;
    const name = uniqueName(wanted, this.columns.length, this.taken);
    const cells: (string | null)[] = new Array<string | null>(this.rows).fill(null);
    this.columns.push({ name, cells, nonNumbers: 0, typicalLength: name.length, longestNumber: 0 });
    this.byName.set(wanted, this.columns.length - 1);
    return this.columns.length - 1;
  }

  /** The column a record's member of this name fills, added when new. */
  columnNamed(name: string): number {
    return this.byName.get(name) ?? this.addColumn(name);
  }

  /** The header of a positional table (CSV, arrays): its columns in order. */
  setHeader(names: readonly string[]): void {
    for (const name of names) this.addColumn(name);
  }

  /** A row of cells by position; cells past the header add columns, counted as long rows. */
  addRow(cells: readonly (string | null)[], numbers?: readonly boolean[]): void {
    const row = this.rows + 1;
    if (cells.length > this.columns.length) {
      if (this.longRows++ === 0) this.firstLongRow = row;
      while (this.columns.length < cells.length && this.addColumn('') >= 0);
    } else if (cells.length < this.columns.length) {
      if (this.shortRows++ === 0) this.firstShortRow = row;
    }
    this.beginRow();
    const shown = Math.min(cells.length, this.columns.length);
    this.droppedCells += cells.length - shown;
    for (let c = 0; c < shown; c++) this.set(c, cells[c]!, numbers?.[c] ?? false);
  }

  /** A row of named cells (a JSON object): members become columns in first-seen order. */
  addRecord(members: readonly (readonly [string, string | null, boolean])[]): void {
    this.beginRow();
    for (const [name, text, isNumber] of members) {
      const column = this.columnNamed(name);
      if (column < 0) this.droppedCells++;
      else this.set(column, text, isNumber);
    }
  }

  /** A whole column of an object of columns: rows grow to the longest column. */
  fillColumn(column: number, cells: readonly (readonly [string | null, boolean])[]): void {
    while (this.rows < cells.length) this.beginRow();
    cells.forEach(([text, isNumber], row) => this.setAt(column, row, text, isNumber));
    this.cells += cells.length;
  }

  private beginRow(): void {
    for (const column of this.columns) column.cells.push(null);
    this.rows++;
    this.cells += Math.max(1, this.columns.length);
  }

  private set(column: number, text: string | null, isNumber: boolean): void {
    this.setAt(column, this.rows - 1, text, isNumber);
  }

  private setAt(column: number, row: number, text: string | null, isNumber: boolean): void {
    const draft = this.columns[column]!;
    draft.cells[row] = text;
    if (text === null || text === '') return;
    if (!(this.inferNumbers ? isNumberText(text) : isNumber)) draft.nonNumbers++;
    else if (text.length > draft.longestNumber) draft.longestNumber = Math.min(text.length, 40);
    if (row < WIDTH_SAMPLE_ROWS && text.length > draft.typicalLength)
      draft.typicalLength = Math.min(text.length, 200);
  }

  /** The table read, its columns typed; cells naming a logged file tell its kind. */
  build(loggedPaths: ReadonlyMap<string, LoggedFileKind>): BuiltTable {
    const columns = this.columns.map((draft): BuiltColumn => {
      const filled = draft.cells.some((cell) => cell !== null && cell !== '');
      const type: ColumnType = filled && draft.nonNumbers === 0 ? 'number' : 'text';
      let values: Float64Array | null = null;
      if (type === 'number') {
        values = new Float64Array(draft.cells.length);
        draft.cells.forEach((cell, i) => {
          values![i] = cell === null || cell === '' ? NaN : numberValue(cell);
        });
      }
      const kinds = new Set<LoggedFileKind>();
      if (type === 'text')
        for (const cell of draft.cells) {
          const kind = cell === null ? undefined : loggedPaths.get(cell);
          if (kind !== undefined) kinds.add(kind);
        }
      return {
        name: draft.name,
        type,
        cells: draft.cells,
        values,
        pathKinds: [...kinds],
        typicalLength:
          type === 'number'
            ? Math.max(draft.typicalLength, draft.longestNumber)
            : draft.typicalLength,
      };
    });
    return { columns, rowCount: this.rows };
  }
}
