// A snapshot's whole series stay within a budget of samples: past it the longest go as counts
// only (the page asks envelopes of them), the rest whole and untouched, in their order.

import { describe, expect, it } from 'vitest';
import type { SeriesColumns } from '../../shared/api/contract.js';
import { withinSampleBudget } from '../../electron/host/snapshot-budget.js';

function series(key: string, length: number): SeriesColumns {
  const steps = Float64Array.from({ length }, (_, i) => i);
  return { runId: 'r', key, kind: 'metric', steps, times: steps, values: steps };
}

describe('withinSampleBudget', () => {
  it('sends everything whole within the budget', () => {
    const all = [series('a', 10), series('b', 20)];
    expect(withinSampleBudget(all, 30)).toEqual(all);
  });

  it('sends the longest as counts only until the rest fit, keeping the order', () => {
    const all = [series('a', 10), series('b', 40), series('c', 30), series('d', 5)];
    const sent = withinSampleBudget(all, 50);
    expect(sent.map((s) => s.key)).toEqual(['a', 'b', 'c', 'd']);
    expect(sent.map((s) => s.partial === true)).toEqual([false, true, false, false]);
    expect(sent[1]).toMatchObject({ partial: true, total: 40 });
    expect(sent[1]!.steps).toHaveLength(0);
    expect(sent.reduce((n, s) => n + s.steps.length, 0)).toBe(45);
    expect(sent[2]).toBe(all[2]);
  });

  it('leaves out as many as it takes, longest first', () => {
    const all = Array.from({ length: 20 }, (_, i) => series(`k${i}`, 1000 + i));
    const sent = withinSampleBudget(all, 5000);
    const whole = sent.filter((s) => s.partial !== true);
    expect(whole.reduce((n, s) => n + s.steps.length, 0)).toBeLessThanOrEqual(5000);
    expect(whole.map((s) => s.key)).toEqual(['k0', 'k1', 'k2', 'k3']);
  });
});
