// renderer/src/pages/table-csv: the runs table as CSV, as shown: its columns in order, a group
// column when grouped, exact values, times in seconds and RFC 4180 quoting.

import { describe, expect, it } from 'vitest';
import type { Value } from '../../shared/format/values.js';
import { tableColumns } from '../../renderer/src/pages/column-layout.js';
import { buildRows } from '../../renderer/src/pages/runs-table-model.js';
import type { TableOptions } from '../../renderer/src/pages/runs-table-model.js';
import { MATCH_ALL } from '../../renderer/src/pages/run-query.js';
import { csvField, tableCsv } from '../../renderer/src/pages/table-csv.js';
import { runSummary } from '../support/run-summary.js';

const runs = [
  runSummary('r1', {
    name: 'lr "small", seed 1',
    params: new Map<string, Value>([
      ['lr', 0.1 + 0.2],
      ['seed', 12345678901234567890n],
    ]),
    tags: ['a,b', 'c'],
    startTime: 1700000000.25,
  }),
  runSummary('r2', {
    name: 'line\nbreak',
    params: new Map<string, Value>([['lr', 1e-3]]),
    startTime: 1700000001,
  }),
];
const statistics = new Map([
  [
    'key:loss',
    new Map([
      [
        'r2',
        {
          runId: 'r2',
          count: 2,
          lastStep: 1,
          last: 0.1,
          least: 0.1,
          greatest: Number.NaN,
          best: 0.1,
          goal: null,
          kind: 'metric' as const,
          lastTime: 0,
          mean: 0.1,
          nonFinite: null,
        },
      ],
    ]),
  ],
]);

const options = (fields: Partial<TableOptions>): TableOptions => ({
  query: MATCH_ALL,
  statuses: new Set(),
  sort: { column: { kind: 'name' }, descending: false },
  groupBy: [],
  collapsedGroups: new Set(),
  statistics,
  ...fields,
});

describe('csvField', () => {
  it('quotes only what needs it, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });
});

describe('tableCsv', () => {
  const hidden = new Set(['id', 'duration', 'progress', 'lastWrite', 'status']);
  const columns = tableColumns(hidden, [
    { kind: 'param', key: 'lr' },
    { kind: 'param', key: 'seed' },
    { kind: 'metric', key: 'loss', stat: 'max' },
  ]);

  it('writes the shown columns in order, rows in the sort, values exact', () => {
    const rows = buildRows(runs, options({ sort: { column: { kind: 'name' }, descending: true } }));
    expect(tableCsv(columns, rows, statistics)).toBe(
      [
        'Run,Started (s since epoch),Tags,param · lr,param · seed,max · loss',
        '"lr ""small"", seed 1",1700000000.25,"a,b, c",0.30000000000000004,12345678901234567890,',
        '"line\nbreak",1700000001.0,,0.001,,NaN',
        '',
      ].join('\n'),
    );
  });

  it('puts the group first when grouped, collapsed groups included', () => {
    const rows = buildRows(runs, options({ groupBy: [{ kind: 'param', name: 'lr' }] }));
    const text = tableCsv(columns.slice(0, 1), rows, statistics);
    expect(text).toBe(
      [
        'Group,Run',
        'lr=0.001,"line\nbreak"',
        'lr=0.30000000000000004,"lr ""small"", seed 1"',
        '',
      ].join('\n'),
    );
  });
});
