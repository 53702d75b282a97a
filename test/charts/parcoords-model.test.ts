// renderer/src/sweeps/parcoords-model: axes per param and for the result, linear and log scales,
// category layout, brushes from drags, and brushes (AND-ed) filtering the runs table's rows.

import { describe, expect, it } from 'vitest';
import type { Value } from '../../shared/format/values.js';
import {
  axisTicks,
  brushedRunIds,
  brushFromDrag,
  brushSpans,
  brushText,
  buildAxes,
  categoryPosition,
  numericPosition,
  numericValueAt,
  position,
  rampColor,
  rampSpan,
  varyingAxes,
  withBrush,
} from '../../renderer/src/sweeps/parcoords-model.js';
import type { Axis, ResultChoice } from '../../renderer/src/sweeps/parcoords-model.js';
import { buildRows } from '../../renderer/src/pages/runs-table-model.js';
import { MATCH_ALL } from '../../renderer/src/pages/run-query.js';
import { runSummary } from '../support/run-summary.js';
import { contrastRatio } from '../support/colour-difference.js';

const sweep = [
  [1e-4, 1n, 'adam', 0.9],
  [1e-3, 2n, 'adam', 0.5],
  [1e-2, 1n, 'sgd', 0.2],
  [1e-1, 2n, 'sgd', 0.7],
].map(([lr, seed, opt, loss], i) =>
  runSummary(`r${i}`, {
    params: new Map<string, Value>([
      ['lr', lr as number],
      ['seed', seed as bigint],
      ['opt', opt as string],
    ]),
    summary: new Map<string, Value>([['loss', loss as number]]),
  }),
);
const result: ResultChoice = { kind: 'summary', key: 'loss' };
const axes = buildAxes(sweep, result, new Map(), new Map());
const axis = (label: string): Axis => axes.find((a) => a.label === label)!;

describe('axes', () => {
  it('has an axis per param in name order, then the result', () => {
    expect(axes.map((a) => `${a.label}:${a.kind}`)).toEqual([
      'lr:numeric',
      'opt:category',
      'seed:numeric',
      'loss:numeric',
    ]);
  });

  it('draws positive values spanning 100× or more on a log scale, unless told not to', () => {
    expect(axis('lr').log).toBe(true);
    expect(axis('seed').log).toBe(false);
    expect(position(axis('lr'), 'r1')).toBeCloseTo(1 / 3, 12);
    const linear = buildAxes(sweep, null, new Map(), new Map([['param:lr', false]]));
    expect(linear[0]!.log).toBe(false);
    expect(position(linear[0]!, 'r1')).toBeCloseTo((1e-3 - 1e-4) / (0.1 - 1e-4), 12);
    // A log scale asked for where a value is not positive is not taken.
    const negative = buildAxes(
      [
        runSummary('n', { params: new Map([['x', -1]]) }),
        runSummary('p', { params: new Map([['x', 5]]) }),
      ],
      null,
      new Map(),
      new Map([['param:x', true]]),
    );
    expect(negative[0]!.log).toBe(false);
  });

  it('maps positions and values back and forth', () => {
    const lr = axis('lr');
    for (const x of [1e-4, 3e-3, 0.1])
      expect(numericValueAt(lr, numericPosition(lr, x))).toBeCloseTo(x, 12);
    expect(position(axis('loss'), 'r2')).toBe(0);
    expect(position(axis('loss'), 'r0')).toBe(1);
  });

  it('spreads categories evenly, each in the middle of its share', () => {
    expect(axis('opt').categories).toEqual(['adam', 'sgd']);
    expect(categoryPosition(0, 2)).toBe(0.25);
    expect(position(axis('opt'), 'r3')).toBe(0.75);
    expect(axisTicks(axis('opt'))).toEqual([
      { t: 0.25, text: 'adam' },
      { t: 0.75, text: 'sgd' },
    ]);
  });

  it('leaves runs without the value off the axis', () => {
    const withMissing = buildAxes([...sweep, runSummary('bare')], result, new Map(), new Map());
    expect(position(withMissing[0]!, 'bare')).toBeNull();
  });
});

describe('brushes', () => {
  it('makes a range from a drag, open at the ends it reaches', () => {
    const lr = axis('lr');
    const brush = brushFromDrag(lr, 0.2, 0.7);
    expect(brush).not.toBeNull();
    if (brush === null || 'categories' in brush) throw new Error('a range');
    expect(brush.lo).toBeCloseTo(numericValueAt(lr, 0.2), 15);
    expect(brush.hi).toBeCloseTo(numericValueAt(lr, 0.7), 15);
    const toTop = brushFromDrag(lr, 1.2, 0.5);
    expect(toTop !== null && 'hi' in toTop && toTop.hi).toBe(Infinity);
  });

  it('keeps the categories a drag covers, none when it covers none', () => {
    expect(brushFromDrag(axis('opt'), 0.6, 0.9)).toEqual({
      axis: { kind: 'param', name: 'opt' },
      categories: ['sgd'],
    });
    expect(brushFromDrag(axis('opt'), 0.4, 0.6)).toBeNull();
  });

  it('ANDs brushes, one per axis, and filters the table’s rows by them', () => {
    let brushes = withBrush([], { kind: 'param', name: 'opt' }, brushFromDrag(axis('opt'), 0.6, 1));
    expect([...brushedRunIds(sweep, brushes, result, new Map())!]).toEqual(['r2', 'r3']);
    brushes = withBrush(brushes, { kind: 'result' }, { axis: { kind: 'result' }, lo: 0.5, hi: 1 });
    const kept = brushedRunIds(sweep, brushes, result, new Map());
    expect([...kept!]).toEqual(['r3']);
    const rows = buildRows(sweep, {
      query: MATCH_ALL,
      statuses: new Set(),
      sort: { column: { kind: 'id' }, descending: false },
      groupBy: [],
      collapsedGroups: new Set(),
      brushed: kept,
    });
    expect(rows.map((r) => (r.type === 'run' ? r.run.id : '#'))).toEqual(['r3']);
    // A new brush on an axis replaces its old one; null clears it.
    brushes = withBrush(brushes, { kind: 'result' }, { axis: { kind: 'result' }, lo: 0, hi: 0.3 });
    expect([...brushedRunIds(sweep, brushes, result, new Map())!]).toEqual(['r2']);
    brushes = withBrush(
      withBrush(brushes, { kind: 'result' }, null),
      { kind: 'param', name: 'opt' },
      null,
    );
    expect(brushedRunIds(sweep, brushes, result, new Map())).toBeNull();
  });

  it('reads the result brush from statistics, a run without them outside it', () => {
    const byStat: ResultChoice = { kind: 'statistic', key: 'train/loss', stat: 'min' };
    const row = (runId: string, least: number) => ({
      runId,
      count: 1,
      lastStep: 0,
      last: least,
      least,
      greatest: least,
      best: null,
      goal: null,
      kind: 'metric' as const,
      lastTime: 0,
      mean: least,
      nonFinite: null,
    });
    const statistics = new Map([
      [
        'key:train/loss',
        new Map([
          ['r0', row('r0', 0.1)],
          ['r1', row('r1', 0.4)],
        ]),
      ],
    ]);
    const brushes = [{ axis: { kind: 'result' as const }, lo: 0, hi: 0.2 }];
    expect([...brushedRunIds(sweep, brushes, byStat, statistics)!]).toEqual(['r0']);
    expect(brushText(brushes[0]!, byStat)).toBe('train/loss.min 0–0.2');
  });
});

describe('varyingAxes', () => {
  it('drops param axes whose runs all agree, keeping the result', () => {
    const same = sweep.map((run) =>
      runSummary(run.id, {
        params: new Map([...run.params, ['model', 'resnet18']]),
        summary: run.summary,
      }),
    );
    const all = buildAxes(same, result, new Map(), new Map());
    expect(all.map((a) => a.label)).toContain('model');
    expect(varyingAxes(all).map((a) => a.label)).toEqual(['lr', 'opt', 'seed', 'loss']);
    const one = buildAxes([sweep[0]!], result, new Map(), new Map());
    expect(varyingAxes(one).map((a) => a.label)).toEqual(['loss']);
  });
});

describe('brushSpans', () => {
  it('gives a range’s positions, open ends reaching the axis’s ends, and each category’s share', () => {
    const lr = axis('lr');
    expect(brushSpans(lr, { axis: lr.ref, lo: -Infinity, hi: 1e-2 })).toEqual([[0, 2 / 3]]);
    const [[a, b]] = brushSpans(lr, { axis: lr.ref, lo: 1e-3, hi: Infinity }) as [[number, number]];
    expect(a).toBeCloseTo(1 / 3, 12);
    expect(b).toBe(1);
    expect(brushSpans(axis('opt'), { axis: axis('opt').ref, categories: ['sgd'] })).toEqual([
      [0.5, 1],
    ]);
  });
});

describe('the result ramp on each theme', () => {
  const rgb = (css: string): [number, number, number] =>
    css.match(/\d+/g)!.map(Number) as [number, number, number];
  const panels = { light: [255, 255, 255], dark: [0x16, 0x19, 0x20] } as const;

  it('keeps both ends of the ramp visible against the theme’s panel', () => {
    for (const theme of ['light', 'dark'] as const)
      for (const t of [0, 0.5, 1]) {
        const colour = rgb(rampColor(t, rampSpan(theme)));
        expect(contrastRatio(colour, [...panels[theme]]), `${theme} ${t}`).toBeGreaterThan(2.5);
      }
    // The whole ramp loses an end on each: what the spans are for.
    expect(contrastRatio(rgb(rampColor(1)), [...panels.light])).toBeLessThan(1.5);
    expect(contrastRatio(rgb(rampColor(0)), [...panels.dark])).toBeLessThan(1.5);
  });

  it('runs t over the span, in order', () => {
    expect(rampColor(0, [0.5, 1])).toBe(rampColor(0.5));
    expect(rampColor(1, [0, 0.5])).toBe(rampColor(0.5));
    expect(rampColor(2, [0, 0.5])).toBe(rampColor(0.5));
  });
});
