// Logged tables read as the worker reads them: CSV and TSV through papaparse (quotes, line breaks
// in cells, CRLF, a BOM, ragged rows, odd headers), JSON's three table shapes with numbers kept as
// written, JSON Lines with damaged lines, and bad input: not a table, a NUL, invalid UTF-8, a
// read cut short, and the cell budget.

import { describe, expect, it } from 'vitest';
import type { LoggedFileKind } from '../../shared/api/contract.js';
import type { TableRead } from '../../renderer/src/files/table/table-read.js';
import { parseTable } from '../../renderer/src/files/table/table-read.js';
import type { TableFormat } from '../../renderer/src/files/table/table-types.js';
import { TableBuilder } from '../../renderer/src/files/table/table-builder.js';
import { readDelimited } from '../../renderer/src/files/table/delimited-table.js';

const NO_PATHS = new Map<string, LoggedFileKind>();

function read(
  format: TableFormat,
  text: string | Uint8Array,
  options: { cut?: boolean; paths?: Map<string, LoggedFileKind> } = {},
): TableRead {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return parseTable(format, bytes, options.cut ?? false, bytes.length, options.paths ?? NO_PATHS);
}

/** The table's columns as [name, type], and its rows as cells. */
function shape(result: TableRead) {
  if (result.table === null) throw new Error(result.notATable.reason);
  const { columns, rowCount } = result.table;
  return {
    columns: columns.map((c) => [c.name, c.type]),
    rows: Array.from({ length: rowCount }, (_, row) => columns.map((c) => c.cells[row])),
    notes: result.notes.map((n) => n.text),
  };
}

describe('CSV and TSV', () => {
  it('reads quoted cells, line breaks in them, CRLF and a BOM, numbers typed as written', () => {
    const table = shape(
      read(
        'csv',
        '\uFEFFid,text,score\r\n1,"a, b",0.50\r\n2,"line\nbreak ""q""",1e-7\r\n\r\n10,,nan\r\n',
      ),
    );
    expect(table.columns).toEqual([
      ['id', 'number'],
      ['text', 'text'],
      ['score', 'number'],
    ]);
    expect(table.rows).toEqual([
      ['1', 'a, b', '0.50'],
      ['2', 'line\nbreak "q"', '1e-7'],
      ['10', '', 'nan'],
    ]);
    expect(table.notes).toEqual([]);
  });

  it('reads TSV by tabs, commas and all', () => {
    expect(shape(read('tsv', 'a\tb\nx,y\t2\n')).rows).toEqual([['x,y', '2']]);
  });

  it('names empty and repeated headers, and counts ragged rows', () => {
    const table = shape(read('csv', 'a,,a\n1,2,3\n4\n5,6,7,8,9\n'));
    expect(table.columns.map(([name]) => name)).toEqual([
      'a',
      'column 2',
      'a (2)',
      'column 4',
      'column 5',
    ]);
    expect(table.rows[1]).toEqual(['4', null, null, null, null]);
    expect(table.rows[2]).toEqual(['5', '6', '7', '8', '9']);
    expect(table.notes).toEqual([
      '1 row has fewer cells than the header names (the first is row 2); its missing cells are empty.',
      '1 row has more cells than the header names (the first is row 3); the extra cells are in columns of their own.',
    ]);
  });

  it('sizes a number column for its longest number, however far down it is', () => {
    const rows = Array.from({ length: 500 }, (_, i) => (i === 450 ? '123456789012' : String(i)));
    const result = read('csv', `n,t\n${rows.map((n) => `${n},x`).join('\n')}\n`);
    expect(result.table?.columns.map((c) => c.typicalLength)).toEqual([12, 1]);
  });

  it('types a column with one word among numbers as text', () => {
    expect(shape(read('csv', 'x\n1\n2\nthree\n')).columns).toEqual([['x', 'text']]);
  });

  it('marks the columns whose cells name logged files, and their kinds', () => {
    const paths = new Map<string, LoggedFileKind>([['files/img/0.png', 'image']]);
    const result = read('csv', 'path,n\nfiles/img/0.png,1\nelsewhere.png,2\n', { paths });
    expect(result.table?.columns.map((c) => c.pathKinds)).toEqual([['image'], []]);
  });
});

describe('JSON', () => {
  it('reads an array of objects, numbers exact as written, nested values as their text', () => {
    const table = shape(
      read(
        'json',
        '[{"id": 1, "p": 1.0, "big": 12345678901234567891, "tags": ["a", 1]},\n {"id": 2, "p": 1e-7, "ok": true, "big": null}]',
      ),
    );
    expect(table.columns).toEqual([
      ['id', 'number'],
      ['p', 'number'],
      ['big', 'number'],
      ['tags', 'text'],
      ['ok', 'text'],
    ]);
    expect(table.rows).toEqual([
      ['1', '1.0', '12345678901234567891', '["a", 1]', null],
      ['2', '1e-7', null, null, 'true'],
    ]);
  });

  it('types a JSON string that looks like a number as text', () => {
    expect(shape(read('json', '[{"x": "1"}, {"x": "2"}]')).columns).toEqual([['x', 'text']]);
  });

  it('reads an object of columns, saying when their lengths differ', () => {
    const table = shape(read('json', '{"step": [0, 1, 2], "loss": [0.5, 0.25]}'));
    expect(table.rows).toEqual([
      ['0', '0.5'],
      ['1', '0.25'],
      ['2', null],
    ]);
    expect(table.notes).toEqual([
      'Column "loss" has 2 values where the first has 3; missing cells are empty.',
    ]);
  });

  it('reads the split form of columns and data rows', () => {
    const table = shape(
      read('json', '{"_type": "table", "columns": ["x", "y"], "data": [[1, "a"], [2, "b"]]}'),
    );
    expect(table.columns).toEqual([
      ['x', 'number'],
      ['y', 'text'],
    ]);
    expect(table.rows).toEqual([
      ['1', 'a'],
      ['2', 'b'],
    ]);
  });

  it('says why a JSON file is no table, and keeps its text', () => {
    const cases: [string, RegExp][] = [
      ['42', /not an array or an object of columns/],
      ['[1, 2, 3]', /an array of values/],
      ['{"lr": 0.001, "batch": 64}', /member "lr" is not an array/],
      ['{"a": [1,}', /not JSON: expected a value at character 9/],
      ['', /holds no JSON value/],
      ['[{"a": 1}, 7]', /./],
    ];
    for (const [text, reason] of cases.slice(0, 5)) {
      const result = read('json', text);
      expect(result.table, text).toBeNull();
      if (result.table !== null) continue;
      expect(result.notATable.reason, text).toMatch(reason);
      expect(result.notATable.text).toBe(text);
      // Damaged JSON warns; JSON of another shape (a config) only says what it is.
      expect(result.notATable.level, text).toBe(/not JSON/.test(reason.source) ? 'warn' : 'info');
    }
    // An array that turns damaged shows the rows before the damage, and says where.
    const damaged = shape(read('json', cases[5]![0]));
    expect(damaged.rows).toEqual([['1']]);
    expect(damaged.notes[0]).toMatch(/damaged: element 2 is not an object at character 11/);
  });

  it('shows the rows before the cut of a large array, and says how much was read', () => {
    const text = '[{"a": 1}, {"a": 2}, {"a": 3';
    const result = read('json', text, { cut: true });
    expect(shape(result).rows).toEqual([['1'], ['2']]);
    expect(result.table !== null && result.partial).toBe(true);
    expect(shape(result).notes[0]).toMatch(/its first 28 B are read, which hold 2 rows/);
  });
});

describe('JSON Lines', () => {
  it('reads an object a line, counting lines that are not one', () => {
    const table = shape(
      read('jsonl', '{"a": 1}\n\nnot json\n[1]\n{"a": 2, "b": "x"}\r\n{"a": 3} trailing\n'),
    );
    expect(table.rows).toEqual([
      ['1', null],
      ['2', 'x'],
    ]);
    expect(table.notes).toEqual([
      '3 lines are not a JSON object (the first is line 3) and are left out.',
    ]);
  });
});

describe('bad bytes', () => {
  it('stops at a NUL and reads the whole lines before it', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('a,b\n1,2\n3,'), 0, 0, 0]);
    const result = read('csv', bytes);
    expect(shape(result).rows).toEqual([['1', '2']]);
    expect(shape(result).notes[0]).toMatch(/^Byte 10 is a NUL/);
  });

  it('says where the text stops being UTF-8, and shows the rest with U+FFFD', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('a\nok\n'), 0xc3, 0x28, 0x0a]);
    const result = read('csv', bytes);
    expect(shape(result).rows).toEqual([['ok'], ['\uFFFD(']]);
    expect(shape(result).notes).toEqual([
      'The file is not valid UTF-8 from byte 5: bytes that are not are shown as �.',
    ]);
  });

  it('drops a line the read cut short, and says how much of the file was read', () => {
    const bytes = new TextEncoder().encode('a,b\n1,2\n3,4\n5,');
    const result = parseTable('csv', bytes, true, 2e9, NO_PATHS);
    expect(shape(result).rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(shape(result).notes[0]).toBe(
      'The file is 2.0 GB: its first 14 B are read, which hold 2 rows.',
    );
  });

  it('stops reading when the cell budget is spent', () => {
    const builder = new TableBuilder(true, 30);
    const text = `a,b,c\n${'1,2,3\n'.repeat(100)}`;
    expect(readDelimited(text, ',', builder).stopped).toBe(true);
    expect(builder.rowCount).toBe(10);
  });
});
