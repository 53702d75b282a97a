// The last-view memo of envelopes: the same view over the same points answered from memory, any
// change of view or of the series a fresh scan, and all memos together held to their byte budget.

import { describe, expect, it } from 'vitest';
import { ViewMemo, ViewMemoBudget } from '../../shared/series/view-memo.js';
import { SampleColumns } from '../../shared/series/sample-columns.js';
import { SeriesEnvelopes } from '../../shared/series/derived-series.js';

const WHOLE = { x0: -Number.MAX_VALUE, x1: Number.MAX_VALUE, width: 100, smoothing: 0 };

describe('a view memo', () => {
  it('answers only the view and point count it kept', () => {
    const memo = new ViewMemo<string>(new ViewMemoBudget(1000));
    memo.keep(WHOLE, 50, 'kept', 10);
    expect(memo.recall(WHOLE, 50)).toBe('kept');
    expect(memo.recall({ ...WHOLE }, 50)).toBe('kept');
    expect(memo.recall(WHOLE, 51)).toBeUndefined();
    expect(memo.recall({ ...WHOLE, width: 101 }, 50)).toBeUndefined();
    expect(memo.recall({ ...WHOLE, x0: 0 }, 50)).toBeUndefined();
    expect(memo.recall({ ...WHOLE, x1: 9 }, 50)).toBeUndefined();
    expect(memo.recall({ ...WHOLE, smoothing: 0.5 }, 50)).toBeUndefined();
    memo.forget();
    expect(memo.recall(WHOLE, 50)).toBeUndefined();
  });

  it('forgets the least recently used answers once the budget is spent', () => {
    const budget = new ViewMemoBudget(100);
    const [a, b, c, d] = [0, 1, 2, 3].map(() => new ViewMemo<string>(budget));
    a!.keep(WHOLE, 1, 'a', 40);
    b!.keep(WHOLE, 1, 'b', 40);
    expect(budget.bytes).toBe(80);
    c!.keep(WHOLE, 1, 'c', 40);
    // a was the least recent: it makes room.
    expect(a!.recall(WHOLE, 1)).toBeUndefined();
    expect(budget.bytes).toBe(80);
    // b recalled is recent again; d's room comes from c.
    expect(b!.recall(WHOLE, 1)).toBe('b');
    d!.keep(WHOLE, 1, 'd', 40);
    expect(c!.recall(WHOLE, 1)).toBeUndefined();
    expect(b!.recall(WHOLE, 1)).toBe('b');
    expect(d!.recall(WHOLE, 1)).toBe('d');
    expect(budget.bytes).toBe(80);
  });

  it('keeps no answer larger than the whole budget, and a new answer replaces its own old one', () => {
    const budget = new ViewMemoBudget(100);
    const small = new ViewMemo<string>(budget);
    const huge = new ViewMemo<string>(budget);
    small.keep(WHOLE, 1, 'small', 30);
    huge.keep(WHOLE, 1, 'huge', 101);
    expect(huge.recall(WHOLE, 1)).toBeUndefined();
    expect(small.recall(WHOLE, 1)).toBe('small');
    small.keep(WHOLE, 2, 'again', 50);
    expect(budget.bytes).toBe(50);
    expect(small.recall(WHOLE, 1)).toBeUndefined();
    expect(small.recall(WHOLE, 2)).toBe('again');
  });
});

describe("a series' envelopes", () => {
  function samples(n: number): SampleColumns {
    const columns = new SampleColumns();
    for (let i = 0; i < n; i++) columns.push(i, 1000 + i, Math.sin(i / 50) + (i % 7) / 10);
    return columns;
  }

  it('answer a view asked again from memory, and any appended sample with a fresh scan', () => {
    const columns = samples(20_000);
    const envelopes = new SeriesEnvelopes(columns, { kind: 'step' });
    const first = envelopes.query(WHOLE.x0, WHOLE.x1, 300, 0);
    expect(envelopes.query(WHOLE.x0, WHOLE.x1, 300, 0)).toBe(first);
    expect(envelopes.query(WHOLE.x0, WHOLE.x1, 301, 0)).not.toBe(first);

    columns.push(20_000, 21_000, 50);
    const grown = envelopes.query(WHOLE.x0, WHOLE.x1, 300, 0);
    expect(grown).not.toBe(first);
    // The new sample is the greatest of its column: drawn, not hidden behind the old answer.
    expect(grown.raw.y).toContain(50);
    expect(first.raw.y).not.toContain(50);
  });

  it('tell smoothed views apart by weight', () => {
    const envelopes = new SeriesEnvelopes(samples(5_000), { kind: 'time' });
    const light = envelopes.query(WHOLE.x0, WHOLE.x1, 200, 0.5);
    const heavy = envelopes.query(WHOLE.x0, WHOLE.x1, 200, 0.99);
    expect(heavy).not.toBe(light);
    expect(heavy.smoothed!.y).not.toEqual(light.smoothed!.y);
    expect(envelopes.query(WHOLE.x0, WHOLE.x1, 200, 0.99)).toBe(heavy);
    // A weight's smoothed series forgotten, so is the answer drawn with it.
    envelopes.dropSmoothing(0.99);
    const again = envelopes.query(WHOLE.x0, WHOLE.x1, 200, 0.99);
    expect(again).not.toBe(heavy);
    expect(again.smoothed!.y).toEqual(heavy.smoothed!.y);
  });

  it('scan afresh when x goes back and the points are put in another order', () => {
    const columns = samples(1_000);
    const envelopes = new SeriesEnvelopes(columns, { kind: 'step' });
    const before = envelopes.query(WHOLE.x0, WHOLE.x1, 100, 0);
    // A step back: positions are sorted by x from here on, the step-500 point among the others.
    columns.push(500, 5000, -40);
    const after = envelopes.query(WHOLE.x0, WHOLE.x1, 100, 0);
    expect(after).not.toBe(before);
    expect(after.raw.y).toContain(-40);
  });
});
