// JSON and JSON Lines into a table. A JSON table is an array of objects (a row each), an object
// of columns (arrays of one length), or {"columns": [...], "data": [[...], ...]} as pandas' split
// orient and W&B's tables write it; anything else is not a table, and says why. A JSON Lines
// file is an object a line; a line that is not one is counted and skipped.

import type { TableBuilder } from './table-builder.js';
import type { TableNote } from './table-types.js';
import { JsonCursor, JsonSyntax } from './json-cursor.js';

export type JsonRead =
  | { readonly table: true; readonly notes: readonly TableNote[]; readonly stopped: boolean }
  | { readonly table: false; readonly reason: string; readonly damaged: boolean };

const notTable = (reason: string, damaged = false): JsonRead => ({
  table: false,
  reason,
  damaged,
});

type Members = [string, string | null, boolean][];

/** One object's members as the cells of a row. */
function recordCells(cursor: JsonCursor): Members {
  const members: Members = [];
  cursor.members((name) => {
    const cell = cursor.cell();
    members.push([name, cell.text, cell.isNumber]);
  });
  return members;
}

/** Reads one array's elements as a row by position. */
function readArrayRow(cursor: JsonCursor, builder: TableBuilder): void {
  const cells: (string | null)[] = [];
  const numbers: boolean[] = [];
  cursor.elements(() => {
    const cell = cursor.cell();
    cells.push(cell.text);
    numbers.push(cell.isNumber);
  });
  builder.addRow(cells, numbers);
}

/**
 * The rows of an array of objects, or of arrays when `arrays`; a damaged element ends the read.
 * `cut`: the text is the file's first part, so an element the cut splits is no damage.
 */
function readRows(
  cursor: JsonCursor,
  builder: TableBuilder,
  arrays: boolean,
  cut: boolean,
): { notes: TableNote[]; stopped: boolean } {
  const notes: TableNote[] = [];
  let stopped = false;
  try {
    cursor.elements((index) => {
      const c = cursor.peek();
      if (c !== (arrays ? 0x5b : 0x7b))
        throw new JsonSyntax(
          cursor.pos,
          `element ${index + 1} is not ${arrays ? 'an array' : 'an object'}`,
        );
      if (arrays) readArrayRow(cursor, builder);
      else builder.addRecord(recordCells(cursor));
      if (builder.full) {
        stopped = true;
        throw new StopReading();
      }
    });
  } catch (error) {
    if (error instanceof StopReading) return { notes, stopped };
    if (!(error instanceof JsonSyntax)) throw error;
    // The read's own note says how much of the file was read.
    if (cut) return { notes, stopped: false };
    notes.push({
      level: 'warn',
      text: `The JSON is damaged: ${error.message}. The ${builder.rowCount.toLocaleString('en')} rows before it are shown.`,
    });
  }
  return { notes, stopped };
}

class StopReading extends Error {}

/** The value ranges of an object's members, by name: the first pass over an object of columns. */
function memberSpans(cursor: JsonCursor): Map<string, number> {
  const spans = new Map<string, number>();
  cursor.members((name) => {
    cursor.peek();
    spans.set(name, cursor.pos);
    cursor.skip();
  });
  return spans;
}

/** An object of columns, or of split columns and data; why not, when it is neither. */
function readObject(
  text: string,
  builder: TableBuilder,
): { notes: TableNote[]; stopped: boolean } | string {
  const spans = memberSpans(new JsonCursor(text));
  const at = (start: number) => new JsonCursor(text, start);
  const columns = spans.get('columns');
  const data = spans.get('data');
  if (columns !== undefined && data !== undefined && text[columns] === '[' && text[data] === '[') {
    const names: string[] = [];
    let allText = true;
    const header = at(columns);
    header.elements(() => {
      const cell = header.cell();
      if (cell.isNumber || cell.text === null) allText = false;
      names.push(cell.text ?? '');
    });
    if (allText) {
      builder.setHeader(names);
      return readRows(at(data), builder, true, false);
    }
  }
  let rows = -1;
  const notes: TableNote[] = [];
  for (const [name, start] of spans) {
    if (text[start] !== '[')
      return `its member "${name}" is not an array, as each column of an object of columns is`;
    const column = builder.addColumn(name);
    const cursor = at(start);
    const cells: [string | null, boolean][] = [];
    cursor.elements(() => {
      const cell = cursor.cell();
      cells.push([cell.text, cell.isNumber]);
    });
    if (rows >= 0 && cells.length !== rows)
      notes.push({
        level: 'warn',
        text: `Column "${name}" has ${cells.length.toLocaleString('en')} values where the first has ${rows.toLocaleString('en')}; missing cells are empty.`,
      });
    rows = Math.max(rows, cells.length);
    if (column >= 0) builder.fillColumn(column, cells);
    if (builder.full) return { notes, stopped: true };
  }
  return { notes, stopped: false };
}

/** A JSON file's text as a table, or why it is none. */
export function readJsonTable(text: string, builder: TableBuilder, cut: boolean): JsonRead {
  const cursor = new JsonCursor(text);
  const first = cursor.peek();
  try {
    if (first === 0x5b) {
      const probe = new JsonCursor(text, cursor.pos + 1);
      const element = probe.peek();
      if (element !== 0x7b && element !== 0x5b && element !== 0x5d)
        return notTable('it is an array of values, not of objects (rows) or arrays');
      const read = readRows(cursor, builder, element === 0x5b, cut);
      if (!read.stopped && !cut && read.notes.length === 0 && cursor.peek() !== -1)
        read.notes.push({
          level: 'warn',
          text: `Text follows the JSON value at character ${cursor.pos.toLocaleString('en')}; it is not read.`,
        });
      return { table: true, ...read };
    }
    if (first === 0x7b) {
      if (cut)
        return notTable(
          'an object of columns is read whole, and the file is larger than what is read',
        );
      const read = readObject(text, builder);
      return typeof read === 'string' ? notTable(read) : { table: true, ...read };
    }
    return notTable(
      first < 0 ? 'the file holds no JSON value' : 'it is not an array or an object of columns',
    );
  } catch (error) {
    if (error instanceof JsonSyntax) return notTable(`it is not JSON: ${error.message}`, true);
    throw error;
  }
}

/** A JSON Lines file's text as a table: an object a line; other lines counted and skipped. */
export function readJsonLinesTable(
  text: string,
  builder: TableBuilder,
): { notes: TableNote[]; stopped: boolean } {
  let damaged = 0;
  let firstDamaged = 0;
  let line = 0;
  let start = 0;
  let stopped = false;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    line++;
    const cursor = new JsonCursor(text, start, end);
    const c = cursor.peek();
    if (c !== -1) {
      try {
        if (c !== 0x7b) cursor.fail('not an object');
        const members = recordCells(cursor);
        if (cursor.peek() !== -1) cursor.fail('text after the object');
        builder.addRecord(members);
      } catch (error) {
        if (!(error instanceof JsonSyntax)) throw error;
        if (damaged++ === 0) firstDamaged = line;
      }
    }
    start = end + 1;
    if (builder.full) {
      stopped = start < text.length;
      break;
    }
  }
  const notes: TableNote[] =
    damaged === 0
      ? []
      : [
          {
            level: 'warn',
            text: `${damaged.toLocaleString('en')} line${damaged === 1 ? ' is' : 's are'} not a JSON object (the first is line ${firstDamaged.toLocaleString('en')}) and ${damaged === 1 ? 'is' : 'are'} left out.`,
          },
        ];
  return { notes, stopped };
}
