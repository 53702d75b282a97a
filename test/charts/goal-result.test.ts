// renderer/src/sweeps/goal-result: the sweep view's default result is the key most runs declare a
// goal for (ties by UTF-8 byte order), at its least or greatest; a choice the user made, none
// included, is shown instead.

import { describe, expect, it } from 'vitest';
import type { KeyInfo } from '../../shared/api/contract.js';
import type { Goal } from '../../shared/format/records.js';
import { bestResult, goalMetric, shownResult } from '../../renderer/src/sweeps/goal-result.js';
import type { ResultChoice } from '../../renderer/src/sweeps/parcoords-model.js';
import { runSummary } from '../support/run-summary.js';

/** A run with a metric key per entry, each with the goal given (null: declared without one). */
function run(id: string, goals: Record<string, Goal | null>, readings: string[] = []) {
  const keys: KeyInfo[] = [
    ...Object.entries(goals).map(([key, goal]) => ({
      key,
      kind: 'metric' as const,
      count: 5,
      goal,
    })),
    ...readings.map((key) => ({ key, kind: 'reading' as const, count: 5, goal: null })),
  ];
  return runSummary(id, { keys });
}

describe('the goal metric', () => {
  it('is the key the most runs declare a goal for, with that goal', () => {
    const runs = [
      run('a', { 'val/loss': 'minimize', 'train/acc': 'maximize', lr: null }),
      run('b', { 'val/loss': 'minimize', lr: null }, ['sys/cpu']),
      run('c', { 'train/acc': 'maximize', lr: null }),
      run('d', { 'val/loss': 'minimize', lr: null }),
    ];
    expect(goalMetric(runs)).toEqual({ key: 'val/loss', goal: 'minimize' });
  });

  it('counts only declared goals: a key every run logs without one is not it', () => {
    const runs = [
      run('a', { lr: null, 'eval/acc': 'maximize' }),
      run('b', { lr: null }),
      run('c', { lr: null }),
    ];
    expect(goalMetric(runs)).toEqual({ key: 'eval/acc', goal: 'maximize' });
    expect(goalMetric([run('a', { lr: null }, ['sys/cpu'])])).toBeNull();
    expect(goalMetric([])).toBeNull();
  });

  it('breaks a tie between keys by UTF-8 byte order, whatever order the runs come in', () => {
    const runs = [
      run('a', { 'train/loss': 'minimize', 'eval/acc': 'maximize', 'eval/loss': 'minimize' }),
      run('b', { 'train/loss': 'minimize', 'eval/acc': 'maximize', 'eval/loss': 'minimize' }),
    ];
    expect(goalMetric(runs)!.key).toBe('eval/acc');
    expect(goalMetric([...runs].reverse())!.key).toBe('eval/acc');
    // U+FF01 sorts before U+1F600 by bytes (and code points), after it by UTF-16 units.
    const wide = [run('x', { '😀': 'minimize' }), run('y', { '！': 'maximize' })];
    expect(goalMetric(wide)!.key).toBe('！');
    expect(goalMetric([...wide].reverse())!.key).toBe('！');
  });

  it('takes the goal most of its runs declare, minimize at a tie', () => {
    const mixed = [
      run('a', { score: 'maximize' }),
      run('b', { score: 'maximize' }),
      run('c', { score: 'minimize' }),
    ];
    expect(goalMetric(mixed)!.goal).toBe('maximize');
    expect(goalMetric(mixed.slice(1))!.goal).toBe('minimize');
  });
});

describe('the result shown', () => {
  it('values the goal metric at its best: least to minimize, greatest to maximize', () => {
    expect(bestResult({ key: 'val/loss', goal: 'minimize' })).toEqual({
      kind: 'statistic',
      key: 'val/loss',
      stat: 'min',
    });
    expect(bestResult({ key: 'eval/acc', goal: 'maximize' })).toEqual({
      kind: 'statistic',
      key: 'eval/acc',
      stat: 'max',
    });
  });

  it('is the user’s choice once made, none included; the default until then', () => {
    const fallback: ResultChoice = { kind: 'statistic', key: 'eval/acc', stat: 'max' };
    const picked: ResultChoice = { kind: 'summary', key: 'best_eval_acc' };
    expect(shownResult(undefined, fallback)).toBe(fallback);
    expect(shownResult(null, fallback)).toBeNull();
    expect(shownResult(picked, fallback)).toBe(picked);
    expect(shownResult(undefined, null)).toBeNull();
  });
});
