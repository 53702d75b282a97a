// A snapshot's whole series stay within a budget of samples: past it the keys with the most
// samples go as counts only (the page asks envelopes of them), a key for every run at once, the
// rest whole and untouched, in their order; only the series sent whole have their samples copied.

import { describe, expect, it } from 'vitest';
import type { SeriesColumns } from '../../shared/api/contract.js';
import { withinSampleBudget } from '../../electron/host/snapshot-budget.js';
import type { OfferedSeries } from '../../electron/sources/run-source.js';

/** A series as a run offers it; its columns are made once, so a test can ask if they were sent. */
function series(
  key: string,
  length: number,
  runId = 'r',
): OfferedSeries & { columns: SeriesColumns } {
  const steps = Float64Array.from({ length }, (_, i) => i);
  const columns: SeriesColumns = { runId, key, kind: 'metric', steps, times: steps, values: steps };
  return { runId, key, kind: 'metric', length, columns, whole: () => columns };
}

/** A series too long to send whole: copying its samples fails the test. */
function tooLong(key: string, length: number, runId: string): OfferedSeries {
  return {
    runId,
    key,
    kind: 'metric',
    length,
    whole: () => {
      throw new Error(`${runId} ${key} was copied whole`);
    },
  };
}

describe('withinSampleBudget', () => {
  it('sends everything whole within the budget', () => {
    const all = [series('a', 10), series('b', 20)];
    expect(withinSampleBudget(all, 30)).toEqual(all.map((s) => s.columns));
  });

  it('sends the longest as counts only until the rest fit, keeping the order', () => {
    const all = [series('a', 10), series('b', 40), series('c', 30), series('d', 5)];
    const sent = withinSampleBudget(all, 50);
    expect(sent.map((s) => s.key)).toEqual(['a', 'b', 'c', 'd']);
    expect(sent.map((s) => s.partial === true)).toEqual([false, true, false, false]);
    expect(sent[1]).toMatchObject({ partial: true, total: 40 });
    expect(sent[1]!.steps).toHaveLength(0);
    expect(sent.reduce((n, s) => n + s.steps.length, 0)).toBe(45);
    expect(sent[2]).toBe(all[2]!.columns);
  });

  it('leaves out as many as it takes, longest first', () => {
    const all = Array.from({ length: 20 }, (_, i) => series(`k${i}`, 1000 + i));
    const sent = withinSampleBudget(all, 5000);
    const whole = sent.filter((s) => s.partial !== true);
    expect(whole.reduce((n, s) => n + s.steps.length, 0)).toBeLessThanOrEqual(5000);
    expect(whole.map((s) => s.key)).toEqual(['k0', 'k1', 'k2', 'k3']);
  });

  it('sends a key as counts for every run when one run has it too long to send whole', () => {
    const all = [series('loss', 100, 'a'), tooLong('loss', 90_000, 'b'), series('acc', 100, 'b')];
    const sent = withinSampleBudget(all, 1_000_000);
    expect(sent.map((s) => [s.runId, s.key, s.partial === true])).toEqual([
      ['a', 'loss', true],
      ['b', 'loss', true],
      ['b', 'acc', false],
    ]);
    expect(sent[0]).toMatchObject({ total: 100 });
    expect(sent[1]).toMatchObject({ partial: true, total: 90_000 });
    expect(sent[1]!.steps).toHaveLength(0);
    expect(sent[2]).toBe((all[2] as ReturnType<typeof series>).columns);
  });

  it('budgets a key over all its runs, the keys with the most samples first', () => {
    // Twelve keys of 20 runs: each key 20 x 50 samples; room for two keys whole.
    const all = Array.from({ length: 20 }, (_, r) =>
      Array.from({ length: 12 }, (_, k) => series(`k${k}`, 50 + (k === 5 ? 1 : 0), `run${r}`)),
    ).flat();
    const sent = withinSampleBudget(all, 2100);
    const wholeKeys = new Set(sent.filter((s) => s.partial !== true).map((s) => s.key));
    const partialKeys = new Set(sent.filter((s) => s.partial === true).map((s) => s.key));
    // A key is whole for all its runs or for none.
    for (const key of wholeKeys) expect(partialKeys.has(key)).toBe(false);
    expect(wholeKeys.size).toBe(2);
    // The one key a sample longer is among the first left out.
    expect(partialKeys.has('k5')).toBe(true);
    expect(sent.filter((s) => s.partial !== true).reduce((n, s) => n + s.steps.length, 0)).toBe(
      2000,
    );
  });

  it('sends a key as counts when its runs hold more than one series may together', () => {
    // 20 runs of 3,000 samples: 60,000 in one panel, past the 50,000 a series may send whole.
    const all = Array.from({ length: 20 }, (_, r) => [
      series('loss', 3000, `run${r}`),
      series('lr', 10, `run${r}`),
    ]).flat();
    const sent = withinSampleBudget(all);
    expect(new Set(sent.filter((s) => s.partial === true).map((s) => s.key))).toEqual(
      new Set(['loss']),
    );
    expect(sent.filter((s) => s.key === 'lr').every((s, i) => s === all[2 * i + 1]!.columns)).toBe(
      true,
    );
  });
});
