// A metric's value: a number, or a non-finite float as a bare token or {"float":...}; the
// statistics take them as a munin run's do (finite ones' least/greatest/mean, the others counted).

import { describe, expect, it } from 'vitest';
import { metricLine, openLine, Raw, START_MS } from '../support/event-writer.js';
import { exportText, readLines, samplesOf, tempFolders } from './stream-fixture.js';

const folder = tempFolders();
const T = START_MS;

describe('non-finite values', () => {
  const spellings: [string, Raw, number][] = [
    ['NaN', new Raw('NaN'), NaN],
    ['Infinity', new Raw('Infinity'), Infinity],
    ['-Infinity', new Raw('-Infinity'), -Infinity],
    ['{"float":"NaN"}', new Raw('{"float":"NaN"}'), NaN],
    ['{"float":"Infinity"}', new Raw('{"float":"Infinity"}'), Infinity],
    ['{"float":"-Infinity"}', new Raw('{"float":"-Infinity"}'), -Infinity],
    ['{ "float" : "NaN" } with spaces', new Raw('{ "float" : "NaN" }'), NaN],
  ];

  it.each(spellings)('reads %s as that float', (_, raw, expected) => {
    const run = readLines(folder(), [openLine(T), metricLine(T + 1, 0, 'loss', raw)]);
    expect(run.summary().damaged).toBe(0);
    expect(samplesOf(run, 'loss')[0]![2]).toBe(expected);
  });

  it('reads finite spellings: integers, exponents, negative zero', () => {
    const run = readLines(folder(), [
      openLine(T),
      metricLine(T + 1, 0, 'v', new Raw('3')),
      metricLine(T + 2, 1, 'v', new Raw('2.5e-3')),
      metricLine(T + 3, 2, 'v', new Raw('-0.0')),
    ]);
    expect(samplesOf(run, 'v').map((s) => s[2])).toEqual([3, 0.0025, -0]);
  });

  it('keeps non-finite samples in the series, counted apart in the statistics', () => {
    const run = readLines(folder(), [
      openLine(T),
      metricLine(T + 1, 0, 'loss', 2.0),
      metricLine(T + 2, 1, 'loss', new Raw('NaN')),
      metricLine(T + 3, 2, 'loss', 1.0),
      metricLine(T + 4, 3, 'loss', new Raw('{"float":"Infinity"}')),
      metricLine(T + 5, 4, 'loss', new Raw('-Infinity')),
    ]);
    const stats = run.detail().statistics;
    expect(stats).toEqual([
      {
        key: 'loss',
        kind: 'metric',
        goal: null,
        count: 5,
        last: { step: 4, time: (T + 5) / 1000, value: -Infinity },
        finite: { least: 1, greatest: 2, mean: 1.5 },
        nonFinite: { count: 3, first: { step: 1, time: (T + 2) / 1000, value: NaN } },
      },
    ]);
    const exported = JSON.parse(exportText(run)) as {
      series: { loss: { samples: unknown[][] } };
      stats: unknown;
    };
    expect(exported.series.loss.samples.map((s) => s[2])).toEqual([
      2,
      { float: 'NaN' },
      1,
      { float: 'Infinity' },
      { float: '-Infinity' },
    ]);
    expect(exported.stats).toEqual({
      loss: {
        kind: 'metric',
        count: 5,
        last: { step: 4, time: (T + 5) / 1000, value: { float: '-Infinity' } },
        finite: { least: 1, greatest: 2, mean: 1.5 },
        non_finite: { count: 3, first: { step: 1, time: (T + 2) / 1000, value: { float: 'NaN' } } },
      },
    });
    // Floats are written as the format writes them: 2.0, not 2.
    expect(exportText(run)).toContain(`[0,${(T + 1) / 1000},2.0]`);
  });

  it('draws non-finite samples as markers in an envelope', () => {
    const run = readLines(folder(), [
      openLine(T),
      metricLine(T + 1, 0, 'loss', 2.0),
      metricLine(T + 2, 1, 'loss', new Raw('NaN')),
    ]);
    const envelope = run.envelope({
      op: 'envelope',
      runId: run.id,
      key: 'loss',
      x: 'step',
      x0: 0,
      x1: 2,
      width: 100,
    });
    expect('refused' in envelope).toBe(false);
    if (!('refused' in envelope)) expect(envelope.nonFinite.nan).toBe(1);
  });
});
