// renderer/src/state/client-series: a series as the UI holds it grows by appends, and a resume cuts its metric samples past the resume step (readings never).

import { describe, expect, it } from 'vitest';
import { WHOLE_SERIES_LIMIT } from '../../shared/api/contract.js';
import type { SeriesColumns } from '../../shared/api/contract.js';
import type { SeriesKind } from '../../shared/format/records.js';
import { ClientSeries } from '../../renderer/src/state/client-series.js';

function delta(
  samples: readonly (readonly [number, number, number])[],
  kind: SeriesKind = 'metric',
): SeriesColumns {
  return {
    runId: 'run',
    key: kind === 'metric' ? 'train/loss' : 'sys/cpu',
    kind,
    steps: Float64Array.from(samples, ([s]) => s),
    times: Float64Array.from(samples, ([, t]) => t),
    values: Float64Array.from(samples, ([, , v]) => v),
  };
}

function rows(series: ClientSeries): [number, number, number][] {
  const { steps, times, values } = series.view();
  return Array.from(steps, (step, i) => [step, times[i]!, values[i]!]);
}

describe('ClientSeries', () => {
  it('starts from the initial columns, or empty', () => {
    const series = new ClientSeries(
      'run',
      'train/loss',
      'metric',
      delta([
        [0, 10, 1],
        [1, 11, 0.5],
      ]),
    );
    expect(series.length).toBe(2);
    expect(rows(series)).toEqual([
      [0, 10, 1],
      [1, 11, 0.5],
    ]);
    const empty = new ClientSeries('run', 'k', 'metric');
    expect(empty.length).toBe(0);
    expect(rows(empty)).toEqual([]);
  });

  it('grows past its capacity by appends, keeping every sample in order', () => {
    const series = new ClientSeries('run', 'train/loss', 'metric');
    const expected: [number, number, number][] = [];
    let version = series.version;
    for (let batch = 0; batch < 40; batch++) {
      const samples = Array.from({ length: batch % 7 }, (_, i) => {
        const step = expected.length + i;
        return [step, 1000 + step / 10, Math.sin(step)] as [number, number, number];
      });
      series.append(delta(samples));
      expected.push(...samples);
      expect(series.version).toBeGreaterThan(version);
      version = series.version;
    }
    expect(series.length).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(100);
    expect(rows(series)).toEqual(expected);
    // One big append at once, past twice the capacity.
    series.append(delta(Array.from({ length: 1000 }, (_, i) => [5000 + i, 0, i])));
    expect(series.length).toBe(expected.length + 1000);
    expect(series.view().values[series.length - 1]).toBe(999);
    expect(series.view().steps).toHaveLength(series.length);
  });

  it('keeps NaN and the infinities as they came', () => {
    const series = new ClientSeries('run', 'k', 'metric');
    series.append(
      delta([
        [0, 0, NaN],
        [1, 1, Infinity],
        [2, 2, -Infinity],
      ]),
    );
    expect(Array.from(series.view().values)).toEqual([NaN, Infinity, -Infinity]);
  });

  it('cuts metric samples with a step past the resume step, keeping the rest in order', () => {
    const series = new ClientSeries(
      'run',
      'train/loss',
      'metric',
      delta([
        [398, 1, 0.4],
        [399, 2, 0.39],
        [400, 3, 0.38],
        [401, 4, 0.37],
        [600, 5, 0.2],
        [400, 6, 0.381],
        [5, 7, 9],
      ]),
    );
    const before = series.version;
    series.cutAfter(400);
    expect(rows(series)).toEqual([
      [398, 1, 0.4],
      [399, 2, 0.39],
      [400, 3, 0.38],
      [400, 6, 0.381],
      [5, 7, 9],
    ]);
    expect(series.version).toBeGreaterThan(before);
    // The run goes on from the resume: new samples land after the kept ones.
    series.append(delta([[401, 8, 0.36]]));
    expect(rows(series).at(-1)).toEqual([401, 8, 0.36]);
    expect(series.length).toBe(6);
  });

  it('leaves the series and its version alone when nothing is past the cut', () => {
    const series = new ClientSeries(
      'run',
      'k',
      'metric',
      delta([
        [1, 1, 1],
        [2, 2, 2],
      ]),
    );
    const before = series.version;
    series.cutAfter(2);
    expect(series.version).toBe(before);
    expect(series.length).toBe(2);
    series.cutAfter(0);
    expect(series.length).toBe(0);
    expect(series.version).toBeGreaterThan(before);
  });

  it('never cuts readings', () => {
    const series = new ClientSeries(
      'run',
      'sys/cpu',
      'reading',
      delta(
        [
          [10, 1, 30],
          [500, 2, 40],
        ],
        'reading',
      ),
    );
    const before = series.version;
    series.cutAfter(5);
    expect(rows(series)).toEqual([
      [10, 1, 30],
      [500, 2, 40],
    ]);
    expect(series.version).toBe(before);
  });
});

describe('ClientSeries too long to hold whole', () => {
  const many = (from: number, count: number) =>
    delta(Array.from({ length: count }, (_, i) => [from + i, from + i, i] as const));

  it('a live series that grows past the limit holds no samples from then on, only its count', () => {
    const series = new ClientSeries(
      'run',
      'train/loss',
      'metric',
      many(0, WHOLE_SERIES_LIMIT - 10),
    );
    expect(series.partial).toBe(false);
    series.append(many(WHOLE_SERIES_LIMIT - 10, 10));
    expect(series.partial).toBe(false);
    expect(series.length).toBe(WHOLE_SERIES_LIMIT);
    const version = series.version;
    series.append(many(WHOLE_SERIES_LIMIT, 1));
    expect(series.partial).toBe(true);
    expect(series.length).toBe(0);
    expect(series.steps.length).toBe(0);
    expect(series.total).toBe(WHOLE_SERIES_LIMIT + 1);
    expect(series.version).toBeGreaterThan(version);
    series.append(many(WHOLE_SERIES_LIMIT + 1, 1000));
    expect(series.length).toBe(0);
    expect(series.total).toBe(WHOLE_SERIES_LIMIT + 1001);
  });

  it('a series sent in part keeps counting what deltas append, holding none of it', () => {
    const series = new ClientSeries('run', 'train/loss', 'metric', {
      ...many(0, 0),
      partial: true,
      total: 2_000_000,
    });
    series.append(many(2_000_000, 500));
    expect(series.partial).toBe(true);
    expect(series.length).toBe(0);
    expect(series.total).toBe(2_000_500);
  });
});
