// viewSeries, as the group and statistics ops call it: one Series per (run, formula) kept and
// brought up to date, a bounded number kept, a run read afresh given a view of its own.

import { describe, expect, it } from 'vitest';
import { VIEWS_KEPT, viewSeries, viewsKept } from '../../electron/host/derived/view-series.js';
import type { SourceRun } from '../../electron/sources/run-source.js';
import { Series } from '../../electron/store/log/samples-fold.js';

/** A run holding series a and b: only what viewSeries reads of a run. */
function fakeRun(id: string): { run: SourceRun; a: Series; b: Series } {
  const a = new Series('a', 'metric');
  const b = new Series('b', 'metric');
  const held = new Map([
    ['a', a],
    ['b', b],
  ]);
  const run = {
    id,
    series: (key: string) => held.get(key),
    summary: () => ({ keys: [...held.keys()].map((key) => ({ key })) }),
    declaration: () => undefined,
  } as unknown as SourceRun;
  return { run, a, b };
}

describe('viewSeries', () => {
  it('keeps one series per run and formula, current with its inputs', () => {
    const { run, a, b } = fakeRun('r');
    const runs = new Map([['r', run]]);
    a.push(0, 10, 3);
    b.push(0, 10, 1);
    const first = viewSeries(runs, 'r', 'a - b');
    if ('refused' in first) throw new Error(first.refused);
    expect(first.samples.value(0)).toBe(2);
    a.push(1, 11, 5);
    b.push(1, 11, 1);
    expect(viewSeries(runs, 'r', 'a - b')).toBe(first);
    expect(first.samples.length).toBe(2);
    // time counts from the run's first sample.
    const timed = viewSeries(runs, 'r', 'a * 0 + time');
    expect('refused' in timed ? [] : [timed.samples.value(0), timed.samples.value(1)]).toEqual([
      0, 1,
    ]);
    expect(viewSeries(runs, 'r', 'a - c')).toEqual({ refused: 'run r has no key c' });
    expect(viewSeries(runs, 'nope', 'a')).toEqual({ refused: 'no run nope in this store' });
    expect(viewSeries(runs, 'r', '1 +')).toEqual({
      refused:
        'the formula does not parse: the formula ends where a value was expected (at character 3)',
    });
  });

  it('keeps a bounded number of views, the least recently read dropped, and a new one for a run read afresh', () => {
    const { run } = fakeRun('r');
    const runs = new Map([['r', run]]);
    const kept = viewSeries(runs, 'r', 'a');
    for (let k = 0; k < VIEWS_KEPT + 12; k++) {
      viewSeries(runs, 'r', `a + ${k}`);
      if (k % 10 === 0) expect(viewSeries(runs, 'r', 'a')).toBe(kept);
    }
    expect(viewsKept(runs)).toBe(VIEWS_KEPT);
    expect(viewSeries(runs, 'r', 'a + 0')).not.toBe(viewSeries(runs, 'r', 'a + 1'));
    runs.set('r', fakeRun('r').run);
    expect(viewSeries(runs, 'r', 'a')).not.toBe(kept);
  });
});
