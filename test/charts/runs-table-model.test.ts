// renderer/src/pages/runs-table-model: filtering by a parsed query and by the status set, sorting by columns, grouping by experiment and nesting child runs, cycles included.

import { describe, expect, it } from 'vitest';
import type { RunStatusName, RunSummary } from '../../shared/api/contract.js';
import type { Value } from '../../shared/format/values.js';
import type {
  ColumnId,
  TableOptions,
  TableRow,
} from '../../renderer/src/pages/runs-table-model.js';
import {
  buildRows,
  columnKey,
  runDuration,
  statusCounts,
} from '../../renderer/src/pages/runs-table-model.js';
import type { QueryNode } from '../../renderer/src/pages/run-query.js';
import { MATCH_ALL, parseRunQuery } from '../../renderer/src/pages/run-query.js';
import { runSummary } from '../support/run-summary.js';

const run = runSummary;

function query(text: string): QueryNode {
  const parsed = parseRunQuery(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
}

function options(fields: Partial<TableOptions> = {}): TableOptions {
  return {
    query: MATCH_ALL,
    statuses: new Set<RunStatusName>(),
    sort: { column: { kind: 'id' }, descending: false },
    groupByExperiment: false,
    collapsedGroups: new Set(),
    ...fields,
  };
}

/** Rows as text: "# experiment (count)" for a group, the id indented by depth for a run. */
function rowText(rows: readonly TableRow[]): string[] {
  return rows.map((row) =>
    row.type === 'group'
      ? `# ${row.experiment} (${row.count}${row.collapsed ? ', collapsed' : ''})`
      : `${'  '.repeat(row.depth)}${row.run.id}`,
  );
}

function sortedIds(runs: readonly RunSummary[], column: ColumnId, descending = false): string[] {
  return rowText(buildRows(runs, options({ sort: { column, descending } })));
}

const sweep = [
  run('r1', {
    name: 'resnet18-lr0.1',
    experiment: 'cifar-sweep',
    params: new Map<string, Value>([
      ['lr', 0.1],
      ['batch', 128n],
      ['Model', 'resnet18'],
    ]),
    summary: new Map<string, Value>([['test_acc', 0.91]]),
    tags: ['sweep', 'Baseline'],
  }),
  run('r2', {
    name: 'resnet18-lr0.05',
    experiment: 'cifar-sweep',
    params: new Map<string, Value>([
      ['lr', 0.05],
      ['batch', 256n],
    ]),
    summary: new Map<string, Value>([['test_acc', 0.93]]),
    tags: ['sweep', 'best'],
  }),
  run('r3', {
    name: 'resnet50-b4096',
    experiment: 'cifar-resnet',
    status: 'failed',
    params: new Map<string, Value>([['lr', 0.4]]),
    tags: ['oom'],
  }),
  run('r4', {
    name: 'resnet18-live',
    experiment: 'cifar-live',
    status: 'running',
    endTime: null,
    params: new Map<string, Value>([['lr', 0.05]]),
  }),
];

describe('buildRows', () => {
  it('shows only the chosen statuses, every status when none is chosen', () => {
    const only = (...statuses: RunStatusName[]): string[] =>
      rowText(buildRows(sweep, options({ statuses: new Set(statuses) })));
    expect(only()).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(only('failed')).toEqual(['r3']);
    expect(only('running', 'finished')).toEqual(['r1', 'r2', 'r4']);
    expect(only('crashed')).toEqual([]);
  });

  it('applies the filter and the statuses together', () => {
    expect(
      rowText(
        buildRows(sweep, options({ query: query('lr=0.05'), statuses: new Set(['finished']) })),
      ),
    ).toEqual(['r2']);
  });

  it('sorts by name (experiment first), either way, ties by id', () => {
    expect(sortedIds(sweep, { kind: 'name' })).toEqual(['r4', 'r3', 'r2', 'r1']);
    expect(sortedIds(sweep, { kind: 'name' }, true)).toEqual(['r1', 'r2', 'r3', 'r4']);
    const same = [run('b', { name: 'x' }), run('a', { name: 'x' }), run('c', { name: 'x' })];
    expect(sortedIds(same, { kind: 'name' })).toEqual(['a', 'b', 'c']);
    expect(sortedIds(same, { kind: 'name' }, true)).toEqual(['a', 'b', 'c']);
  });

  it('sorts by status in the table order', () => {
    const runs = (['finished', 'crashed', 'running', 'killed', 'silent', 'failed'] as const).map(
      (status, i) => run(`s${i}`, { status }),
    );
    expect(sortedIds(runs, { kind: 'status' })).toEqual(['s2', 's4', 's1', 's5', 's3', 's0']);
  });

  it('sorts by a param numerically, runs without it after the rest', () => {
    expect(sortedIds(sweep, { kind: 'param', key: 'lr' })).toEqual(['r2', 'r4', 'r1', 'r3']);
    expect(sortedIds(sweep, { kind: 'param', key: 'lr' }, true)).toEqual(['r3', 'r1', 'r2', 'r4']);
    expect(sortedIds(sweep, { kind: 'param', key: 'batch' })).toEqual(['r1', 'r2', 'r3', 'r4']);
    // Descending puts the runs without the value first (r3, r4); the valued ones by value.
    expect(
      sortedIds(sweep, { kind: 'summary', key: 'test_acc' }, true).filter((id) =>
        ['r1', 'r2'].includes(id),
      ),
    ).toEqual(['r2', 'r1']);
    expect(sortedIds(sweep, { kind: 'summary', key: 'test_acc' })).toEqual([
      'r1',
      'r2',
      'r3',
      'r4',
    ]);
    // 10 after 9: numbers, not their text.
    const runs = [
      run('a', { params: new Map<string, Value>([['n', 10n]]) }),
      run('b', { params: new Map<string, Value>([['n', 9n]]) }),
    ];
    expect(sortedIds(runs, { kind: 'param', key: 'n' })).toEqual(['b', 'a']);
  });

  it('sorts by start, duration, progress and last write', () => {
    const runs = [
      run('a', { startTime: 10, endTime: 50, lastWrite: 50, lastStep: 5, steps: 10 }),
      run('b', { startTime: 5, endTime: null, lastWrite: 100, lastStep: 9, steps: 10 }),
      run('c', { startTime: 20, endTime: 25, lastWrite: 60, lastStep: 1, steps: null }),
      run('d', { startTime: null, endTime: null, lastWrite: 1, lastStep: null, steps: null }),
    ];
    expect(sortedIds(runs, { kind: 'start' })).toEqual(['d', 'b', 'a', 'c']);
    // b runs to its last write (95 s), a to its end (40 s), c 5 s, d unknown.
    expect(sortedIds(runs, { kind: 'duration' }, true)).toEqual(['b', 'a', 'c', 'd']);
    expect(runDuration(runs[1]!)).toBe(95);
    expect(runDuration(runs[3]!)).toBeNull();
    expect(sortedIds(runs, { kind: 'progress' })).toEqual(['d', 'a', 'b', 'c']);
    expect(sortedIds(runs, { kind: 'lastWrite' })).toEqual(['d', 'a', 'c', 'b']);
  });

  it('puts each child right after its parent, one level deeper, wherever it sorts', () => {
    const runs = [
      run('a-child', { parent: 'z-parent', name: 'a' }),
      run('m-grandchild', { parent: 'a-child', name: 'b' }),
      run('z-parent', { name: 'z' }),
      run('k-other', { name: 'k' }),
    ];
    expect(sortedIds(runs, { kind: 'id' })).toEqual([
      'k-other',
      'z-parent',
      '  a-child',
      '    m-grandchild',
    ]);
  });

  it('lists a child whose parent is hidden at the top level', () => {
    const runs = [
      run('parent', { status: 'failed' }),
      run('child', { parent: 'parent' }),
      run('orphan', { parent: 'not-in-store' }),
    ];
    expect(rowText(buildRows(runs, options({ statuses: new Set(['finished']) })))).toEqual([
      'child',
      'orphan',
    ]);
  });

  it('loses no run to a parent cycle or a run that is its own parent', () => {
    const runs = [
      run('a', { parent: 'b' }),
      run('b', { parent: 'a' }),
      run('self', { parent: 'self' }),
      run('c', { parent: 'a' }),
    ];
    const rows = rowText(buildRows(runs, options()));
    expect(rows.map((r) => r.trim()).sort()).toEqual(['a', 'b', 'c', 'self']);
    expect(rows).toHaveLength(4);
    // The run that is its own parent is a root; a and b each stay listed once.
    expect(rows).toContain('self');
  });

  it('groups by experiment, groups sorted by name, runs nested within their group', () => {
    const runs = [
      ...sweep,
      run('r5', { experiment: 'cifar-sweep', parent: 'r1', name: 'resnet18-lr0.1-ft' }),
      run('r6', { experiment: null, name: null, status: 'unreadable' }),
    ];
    expect(rowText(buildRows(runs, options({ groupByExperiment: true })))).toEqual([
      '# (unreadable) (1)',
      'r6',
      '# cifar-live (1)',
      'r4',
      '# cifar-resnet (1)',
      'r3',
      '# cifar-sweep (3)',
      'r1',
      '  r5',
      'r2',
    ]);
  });

  it('keeps a collapsed group as one row with its count', () => {
    const rows = buildRows(
      sweep,
      options({ groupByExperiment: true, collapsedGroups: new Set(['cifar-sweep']) }),
    );
    expect(rowText(rows)).toEqual([
      '# cifar-live (1)',
      'r4',
      '# cifar-resnet (1)',
      'r3',
      '# cifar-sweep (2, collapsed)',
    ]);
  });

  it('counts only the runs the filter leaves in a group', () => {
    expect(
      rowText(buildRows(sweep, options({ groupByExperiment: true, query: query('tag:best') }))),
    ).toEqual(['# cifar-sweep (1)', 'r2']);
  });
});

describe('statusCounts and columnKey', () => {
  it('counts runs by status', () => {
    expect([...statusCounts(sweep)].sort()).toEqual([
      ['failed', 1],
      ['finished', 2],
      ['running', 1],
    ]);
    expect(statusCounts([]).size).toBe(0);
  });

  it('names param and summary columns apart', () => {
    expect(columnKey({ kind: 'param', key: 'lr' })).toBe('param:lr');
    expect(columnKey({ kind: 'summary', key: 'lr' })).toBe('summary:lr');
    expect(columnKey({ kind: 'start' })).toBe('start');
  });
});
