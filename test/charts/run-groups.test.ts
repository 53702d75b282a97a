// Grouping runs for a sweep: by params, experiment or tags, groups in value order, the runs of a
// group in the order given, and no grouping giving a group per run.

import { describe, expect, it } from 'vitest';
import { groupRuns } from '../../renderer/src/state/run-groups.js';
import { runSummary } from '../support/run-summary.js';

const run = (id: string, params: [string, number | bigint | string][], tags: string[] = []) =>
  runSummary(id, { params: new Map(params), tags });

describe('groupRuns', () => {
  const runs = [
    run('a', [
      ['lr', 0.1],
      ['seed', 1n],
    ]),
    run(
      'b',
      [
        ['lr', 0.01],
        ['seed', 1n],
      ],
      ['best'],
    ),
    run('c', [
      ['lr', 0.1],
      ['seed', 2n],
    ]),
    run('d', [
      ['lr', 0.01],
      ['seed', 2n],
    ]),
    run('e', [['seed', 3n]], ['best', 'sweep']),
  ];

  it('groups by a param in the order of its values, runs lacking it last', () => {
    const groups = groupRuns(runs, [{ kind: 'param', name: 'lr' }]);
    expect(groups.map((g) => [g.label, g.runIds])).toEqual([
      ['lr=0.01', ['b', 'd']],
      ['lr=0.1', ['a', 'c']],
      ['lr=(none)', ['e']],
    ]);
  });

  it('groups by several fields at once', () => {
    const groups = groupRuns(runs.slice(0, 4), [
      { kind: 'param', name: 'seed' },
      { kind: 'param', name: 'lr' },
    ]);
    expect(groups.map((g) => g.runIds)).toEqual([['b'], ['a'], ['d'], ['c']]);
    expect(groups[0]!.values).toEqual(['1', '0.01']);
  });

  it('tells an int from a float of the same number', () => {
    const groups = groupRuns(
      [run('i', [['batch', 128n]]), run('f', [['batch', 128]])],
      [{ kind: 'param', name: 'batch' }],
    );
    expect(groups).toHaveLength(2);
  });

  it('groups by the set of tags, and by experiment', () => {
    const byTags = groupRuns(runs, [{ kind: 'tags' }]);
    expect(byTags.map((g) => [g.label, g.runIds])).toEqual([
      ['tags=best', ['b']],
      ['tags=best, sweep', ['e']],
      ['tags=(none)', ['a', 'c', 'd']],
    ]);
    expect(groupRuns(runs, [{ kind: 'experiment' }]).map((g) => g.runIds)).toEqual([
      ['a', 'b', 'c', 'd', 'e'],
    ]);
  });

  it('makes each run a group of its own without a field', () => {
    expect(groupRuns(runs, []).map((g) => g.runIds)).toEqual([['a'], ['b'], ['c'], ['d'], ['e']]);
  });
});
