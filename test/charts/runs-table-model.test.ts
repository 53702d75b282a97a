// renderer/src/pages/runs-table-model: filtering by a parsed query, the status set and a brush, sorting by columns (metric ones too), grouping by the group-by and nesting child runs, cycles included.

import { describe, expect, it } from 'vitest';
import type { RunStatusName, RunSummary } from '../../shared/api/contract.js';
import type { Value } from '../../shared/format/values.js';
import type { ColumnId } from '../../renderer/src/pages/column-id.js';
import { columnKey } from '../../renderer/src/pages/column-id.js';
import type { TableOptions, TableRow } from '../../renderer/src/pages/runs-table-model.js';
import {
  buildRows,
  filterAndSort,
  filterSorted,
  runDuration,
  sortRuns,
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
    groupBy: [],
    collapsedGroups: new Set(),
    ...fields,
  };
}

/** Rows as text: "# experiment (count)" for a group, the id indented by depth for a run. */
function rowText(rows: readonly TableRow[]): string[] {
  return rows.map((row) =>
    row.type === 'group'
      ? `# ${row.group.label} (${row.count}${row.collapsed ? ', collapsed' : ''})`
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

  const byExperiment = [{ kind: 'experiment' }] as const;

  it('groups by experiment, groups sorted by name, runs nested within their group', () => {
    const runs = [
      ...sweep,
      run('r5', { experiment: 'cifar-sweep', parent: 'r1', name: 'resnet18-lr0.1-ft' }),
      run('r6', { experiment: null, name: null, status: 'unreadable' }),
    ];
    expect(rowText(buildRows(runs, options({ groupBy: byExperiment })))).toEqual([
      '# experiment=cifar-live (1)',
      'r4',
      '# experiment=cifar-resnet (1)',
      'r3',
      '# experiment=cifar-sweep (3)',
      'r1',
      '  r5',
      'r2',
      // A run without an experiment groups last, as Compare groups it.
      '# experiment=(none) (1)',
      'r6',
    ]);
  });

  it('keeps a collapsed group as one row with its count', () => {
    const open = buildRows(sweep, options({ groupBy: byExperiment }));
    const id = open.find((r) => r.type === 'group' && r.group.label.endsWith('cifar-sweep'));
    if (id?.type !== 'group') throw new Error('no cifar-sweep group');
    const rows = buildRows(
      sweep,
      options({ groupBy: byExperiment, collapsedGroups: new Set([id.group.id]) }),
    );
    expect(rowText(rows)).toEqual([
      '# experiment=cifar-live (1)',
      'r4',
      '# experiment=cifar-resnet (1)',
      'r3',
      '# experiment=cifar-sweep (2, collapsed)',
    ]);
  });

  it('counts only the runs the filter leaves in a group', () => {
    expect(
      rowText(buildRows(sweep, options({ groupBy: byExperiment, query: query('tag:best') }))),
    ).toEqual(['# experiment=cifar-sweep (1)', 'r2']);
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

describe('buildRows with a sweep group-by, metric sort and a brush', () => {
  const stats = (least: number) => ({
    count: 10,
    lastStep: 9,
    last: least + 1,
    least,
    greatest: least + 2,
    best: least,
    goal: 'minimize' as const,
    kind: 'metric' as const,
    lastTime: 0,
    mean: least + 1,
    nonFinite: null,
  });
  const statistics = new Map([
    [
      'key:train/loss',
      new Map([
        ['r1', { runId: 'r1', ...stats(0.3) }],
        ['r2', { runId: 'r2', ...stats(0.1) }],
        ['r4', { runId: 'r4', ...stats(0.2) }],
      ]),
    ],
  ]);
  const minLoss: ColumnId = { kind: 'metric', key: 'train/loss', stat: 'min' };

  it('groups by a param in value order, each group sorted by the table sort', () => {
    const rows = buildRows(
      sweep,
      options({
        groupBy: [{ kind: 'param', name: 'lr' }],
        sort: { column: { kind: 'id' }, descending: true },
      }),
    );
    expect(rowText(rows)).toEqual([
      '# lr=0.05 (2)',
      'r4',
      'r2',
      '# lr=0.1 (1)',
      'r1',
      '# lr=0.4 (1)',
      'r3',
    ]);
    // Each group row carries its place, which gives its colour.
    expect(
      rows.filter((r) => r.type === 'group').map((r) => r.type === 'group' && r.index),
    ).toEqual([0, 1, 2]);
  });

  it('sorts by a metric column, runs without the statistic last both ways', () => {
    const sorted = (descending: boolean): string[] =>
      rowText(buildRows(sweep, options({ statistics, sort: { column: minLoss, descending } })));
    expect(sorted(false)).toEqual(['r2', 'r4', 'r1', 'r3']);
    expect(sorted(true)).toEqual(['r1', 'r4', 'r2', 'r3']);
  });

  it('keeps only the brushed runs', () => {
    expect(rowText(buildRows(sweep, options({ brushed: new Set(['r1', 'r3']) })))).toEqual([
      'r1',
      'r3',
    ]);
    expect(rowText(buildRows(sweep, options({ brushed: null })))).toHaveLength(4);
  });

  it('names a metric column by its key, statistic and view', () => {
    expect(columnKey(minLoss)).toBe('metric:train/loss.min');
    expect(columnKey({ kind: 'metric', key: 'gap', stat: 'last', formula: 'a - b' })).toBe(
      'metric:view:gap.last',
    );
  });
});

describe('sorting once and filtering per keystroke', () => {
  it('lists what filterAndSort lists, in its order, for every query over one sort', () => {
    const runs = Array.from({ length: 60 }, (_, i) =>
      run(`r${String(i).padStart(2, '0')}`, {
        name: `run-${(i * 7) % 13}`,
        experiment: i % 3 === 0 ? 'sweep-a' : 'sweep-b',
        status: i % 4 === 0 ? 'failed' : 'finished',
        tags: i % 5 === 0 ? ['best'] : [],
        params: new Map<string, Value>([['lr', 0.001 * (i % 6)]]),
      }),
    );
    const sort = { column: { kind: 'name' } as ColumnId, descending: true };
    const sorted = sortRuns(runs, sort, undefined);
    for (const text of ['', 'run-1', 'sweep-a', 'best', 'lr>0.002', 'status:failed', 'nothing']) {
      const chosen = { query: query(text), statuses: new Set<RunStatusName>() };
      expect(filterSorted(sorted, chosen).map((r) => r.id)).toEqual(
        filterAndSort(runs, options({ ...chosen, sort })).map((r) => r.id),
      );
    }
  });

  it('lists the sorted runs themselves when nothing filters them, and a copy when something does', () => {
    const sorted = [run('r1', { name: 'a' }), run('r2', { name: 'b', status: 'failed' })];
    // The same array: what the table derives from it is known again when it mounts again.
    expect(filterSorted(sorted, { query: MATCH_ALL, statuses: new Set() })).toBe(sorted);
    expect(filterSorted(sorted, { query: query(''), statuses: new Set() })).toBe(sorted);
    const failed = filterSorted(sorted, { query: MATCH_ALL, statuses: new Set(['failed']) });
    expect(failed.map((r) => r.id)).toEqual(['r2']);
    expect(filterSorted(sorted, { query: query('a'), statuses: new Set() })).not.toBe(sorted);
    const brushed = filterSorted(sorted, {
      query: MATCH_ALL,
      statuses: new Set(),
      brushed: new Set(['r1']),
    });
    expect(brushed.map((r) => r.id)).toEqual(['r1']);
  });

  it('finds a word in a run changed since it was first searched', () => {
    const before = run('r1', { name: 'plain' });
    expect(filterSorted([before], { query: query('fresh'), statuses: new Set() })).toEqual([]);
    // A changed run comes as a new summary: its new tag is searched, not the first one's text.
    const after = { ...before, tags: ['fresh'] };
    expect(filterSorted([after], { query: query('fresh'), statuses: new Set() })).toEqual([after]);
  });
});
