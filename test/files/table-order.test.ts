// A table's views and joins: numbers sort by value (not as text), integers past 2^53 exactly,
// empty cells last both ways, ties in file order, a filter over every cell; runs' tables joined
// on a key with the differing cells and rows marked.

import { describe, expect, it } from 'vitest';
import type { LoggedFileKind } from '../../shared/api/contract.js';
import { parseTable } from '../../renderer/src/files/table/table-read.js';
import type { OrderedTable } from '../../renderer/src/files/table/table-order.js';
import { viewOrder } from '../../renderer/src/files/table/table-order.js';
import { joinTables } from '../../renderer/src/files/table/table-join.js';

function csv(text: string): OrderedTable {
  const read = parseTable(
    'csv',
    new TextEncoder().encode(text),
    false,
    null,
    new Map<string, LoggedFileKind>(),
  );
  if (read.table === null) throw new Error(read.notATable.reason);
  return { ...read.table, rowDiffers: null };
}

/** The cells of one column in the view's order. */
function column(table: OrderedTable, index: number, order: Uint32Array): (string | null)[] {
  return [...order].map((row) => table.columns[index]!.cells[row] ?? null);
}

const view = (sort: { column: number; descending: boolean } | null, filter = '') => ({
  sort,
  filter,
  onlyDiffering: false,
});

describe('viewOrder', () => {
  const table = csv('n,name\n10,b\n9,a\n,c\n100,B\nnan,d\n-1e3,e\n9.0,f\n');

  it('sorts numbers by value, empty and nan last, equal values in file order', () => {
    expect(column(table, 0, viewOrder(table, view({ column: 0, descending: false })))).toEqual([
      '-1e3',
      '9',
      '9.0',
      '10',
      '100',
      '',
      'nan',
    ]);
  });

  it('sorts descending with empties still last', () => {
    expect(column(table, 0, viewOrder(table, view({ column: 0, descending: true })))).toEqual([
      '100',
      '10',
      '9',
      '9.0',
      '-1e3',
      '',
      'nan',
    ]);
  });

  it('sorts text by its characters', () => {
    expect(column(table, 1, viewOrder(table, view({ column: 1, descending: false })))).toEqual([
      'B',
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ]);
  });

  it('orders integers one double cannot tell apart exactly', () => {
    const big = csv('id\n9007199254740993\n9007199254740992\n9007199254740994\n');
    expect(column(big, 0, viewOrder(big, view({ column: 0, descending: false })))).toEqual([
      '9007199254740992',
      '9007199254740993',
      '9007199254740994',
    ]);
  });

  it('keeps the rows with a cell holding the filter, case-insensitively', () => {
    expect(column(table, 1, viewOrder(table, view(null, 'B')))).toEqual(['b', 'B']);
    expect(column(table, 1, viewOrder(table, view(null, '1e')))).toEqual(['e']);
  });
});

describe('joinTables', () => {
  const a = csv('id,label,score\n1,cat,0.5\n2,dog,0.25\n3,cow,1\n3,dup,9\n');
  const b = csv('id,label,score\n2,dog,0.250\n1,cat,0.75\n4,eel,0\n');

  it('joins rows on the key, a cell per run, marking the cells and rows that differ', () => {
    const joined = joinTables([a, b], 'id');
    expect(joined.meta.map((c) => [c.name, c.joined])).toEqual([
      ['id', null],
      ['label · 1', { column: 'label', run: 0 }],
      ['label · 2', { column: 'label', run: 1 }],
      ['score · 1', { column: 'score', run: 0 }],
      ['score · 2', { column: 'score', run: 1 }],
    ]);
    expect(joined.columns[0]!.cells).toEqual(['1', '2', '3', '4']);
    expect(joined.columns[3]!.cells).toEqual(['0.5', '0.25', '1', null]);
    expect(joined.columns[4]!.cells).toEqual(['0.75', '0.250', null, '0']);
    // 0.25 and 0.250 are one number: row 2 is the same in both runs.
    expect([...joined.rowDiffers]).toEqual([1, 0, 1, 1]);
    expect([...joined.cellDiffers[3]!]).toEqual([1, 0, 1, 1]);
    expect([...joined.cellDiffers[1]!]).toEqual([0, 0, 1, 1]);
    expect(joined.repeatedKeys).toEqual([1, 0]);
  });

  it('shows only the differing rows on request, sortable like any table', () => {
    const joined = joinTables([a, b], 'id');
    const order = viewOrder(joined, {
      sort: { column: 0, descending: true },
      filter: '',
      onlyDiffering: true,
    });
    expect(column(joined, 0, order)).toEqual(['4', '3', '1']);
  });
});
