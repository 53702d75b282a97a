// renderer/src/pages/metric-columns: a statistic's value per run, the filter's `key.stat` names
// (and is:dirty), which statistics the table fetches, and the "only columns that differ" toggle.

import { describe, expect, it } from 'vitest';
import type { KeyStatisticsRow } from '../../shared/api/contract.js';
import type { Value } from '../../shared/format/values.js';
import {
  columnsThatDiffer,
  metricLookup,
  nameableSources,
  neededSources,
  statisticValue,
} from '../../renderer/src/pages/metric-columns.js';
import { tableColumns } from '../../renderer/src/pages/column-layout.js';
import { parseRunQuery } from '../../renderer/src/pages/run-query.js';
import type { QueryNode } from '../../renderer/src/pages/run-query.js';
import { matchesRunQuery } from '../../renderer/src/pages/run-query-match.js';
import { runSummary } from '../support/run-summary.js';

function query(text: string): QueryNode {
  const parsed = parseRunQuery(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
}

const row = (runId: string, fields: Partial<KeyStatisticsRow> = {}): KeyStatisticsRow => ({
  runId,
  count: 3,
  lastStep: 2,
  last: 0.5,
  least: 0.25,
  greatest: 2,
  best: 0.25,
  goal: 'minimize',
  kind: 'metric',
  lastTime: 0,
  mean: 1,
  nonFinite: null,
  ...fields,
});

const keys = [{ key: 'train/loss', kind: 'metric' as const, count: 3, goal: 'minimize' as const }];
const runs = [
  runSummary('a', {
    keys,
    params: new Map<string, Value>([
      ['lr', 0.1],
      ['seed', 1n],
    ]),
    dirty: true,
  }),
  runSummary('b', {
    keys,
    params: new Map<string, Value>([
      ['lr', 0.1],
      ['seed', 2n],
    ]),
  }),
  runSummary('c', { params: new Map<string, Value>([['lr', 0.1]]), dirty: false }),
];
const statistics = new Map([
  [
    'key:train/loss',
    new Map([
      ['a', row('a', { least: 0.15 })],
      ['b', row('b', { least: 0.3, best: null, goal: null })],
    ]),
  ],
]);
const sources = nameableSources(runs, [{ name: 'Gap', formula: 'train/loss - 1' }]);

describe('statisticValue', () => {
  it('reads last, min, max and best, null where the run has none', () => {
    const r = row('x', { best: null });
    expect(statisticValue(r, 'last')).toBe(0.5);
    expect(statisticValue(r, 'min')).toBe(0.25);
    expect(statisticValue(r, 'max')).toBe(2);
    expect(statisticValue(r, 'best')).toBeNull();
  });
});

describe('the filter on statistics', () => {
  const lookup = metricLookup(statistics, sources);
  const matching = (text: string): string[] =>
    runs.filter((run) => matchesRunQuery(run, query(text), lookup)).map((run) => run.id);

  it('compares a key.stat the table read, runs without it never matching', () => {
    expect(matching('train/loss.min<0.2')).toEqual(['a']);
    expect(matching('train/loss.min>=0.2')).toEqual(['b']);
    expect(matching('TRAIN/LOSS.MIN<1')).toEqual(['a', 'b']);
    expect(matching('-train/loss.min<0.2')).toEqual(['b', 'c']);
    // b has no best (no goal): it matches neither side.
    expect(matching('train/loss.best<1')).toEqual(['a']);
  });

  it('leaves a statistic not read yet unmatched, and params first', () => {
    expect(matching('gap.last<0')).toEqual([]);
    const withParam = runSummary('p', {
      keys,
      params: new Map<string, Value>([['train/loss.min', 9n]]),
    });
    expect(matchesRunQuery(withParam, query('train/loss.min=9'), lookup)).toBe(true);
    expect(matchesRunQuery(withParam, query('train/loss.min<1'), lookup)).toBe(false);
  });

  it('finds dirty runs with is:dirty', () => {
    expect(matching('is:dirty')).toEqual(['a']);
    expect(matching('-is:dirty')).toEqual(['b', 'c']);
  });
});

describe('neededSources', () => {
  it('reads each source once: columns, views by formula, the filter’s statistics', () => {
    const needed = neededSources(
      [
        { kind: 'metric', key: 'train/loss', stat: 'min' },
        { kind: 'metric', key: 'train/loss', stat: 'max' },
        { kind: 'metric', key: 'Gap', stat: 'last', formula: 'train/loss - 1' },
        { kind: 'param', key: 'lr' },
      ],
      query('gap.min<0 train/loss.last>1 lr.last>0 nokey.min<1'),
      sources,
      new Set(['lr', 'seed']),
    );
    expect(needed).toEqual([{ key: 'train/loss' }, { key: 'Gap', formula: 'train/loss - 1' }]);
  });
});

describe('columnsThatDiffer', () => {
  const columns = tableColumns(new Set(), [
    { kind: 'param', key: 'lr' },
    { kind: 'param', key: 'seed' },
    { kind: 'metric', key: 'train/loss', stat: 'max' },
    { kind: 'metric', key: 'train/loss', stat: 'min' },
  ]);
  const names = (kept: typeof columns): string[] => kept.map((c) => c.label);

  it('drops value columns equal on every run, keeping the built-ins', () => {
    const kept = names(columnsThatDiffer(columns, runs.slice(0, 2), statistics));
    expect(kept).toContain('Run');
    expect(kept).toContain('param · seed');
    expect(kept).toContain('min · train/loss');
    expect(kept).not.toContain('param · lr');
    expect(kept).not.toContain('max · train/loss');
  });

  it('counts a value one run lacks as a difference, and keeps all for one run', () => {
    const kept = names(columnsThatDiffer(columns, runs, statistics));
    expect(kept).toContain('max · train/loss');
    expect(kept).not.toContain('param · lr');
    expect(names(columnsThatDiffer(columns, runs.slice(0, 1), statistics))).toEqual(names(columns));
  });

  it('tells an int from a float of the same value', () => {
    const mixed = [
      runSummary('x', { params: new Map<string, Value>([['n', 1n]]) }),
      runSummary('y', { params: new Map<string, Value>([['n', 1]]) }),
    ];
    const only = tableColumns(new Set(), [{ kind: 'param', key: 'n' }]);
    expect(names(columnsThatDiffer(only, mixed, new Map()))).toContain('param · n');
  });
});
