// renderer/src/charts/group-bands, group-style, group-notes: a group's band and center traces from
// a GroupEnvelope, the band's columns in uPlot's data and its fill polygons, group colours, and
// the words for n in the legend, the cursor and the panel's notes.

import { describe, expect, it } from 'vitest';
import type { GroupEnvelope } from '../../shared/api/contract.js';
import { alignTraces } from '../../renderer/src/charts/curve-data.js';
import { columnCount } from '../../renderer/src/charts/curve-series.js';
import { emptyData } from '../../renderer/src/charts/curve-frame.js';
import {
  bandPath,
  bandStretches,
  groupModeOf,
  groupTraces,
} from '../../renderer/src/charts/group-bands.js';
import { groupNotes } from '../../renderer/src/charts/group-notes.js';
import {
  bandFill,
  groupRunsText,
  groupStyles,
  pointRunsText,
} from '../../renderer/src/charts/group-style.js';
import { PALETTE } from '../../renderer/src/charts/run-colors.js';

/** alignTraces' columns as arrays, whatever kind uPlot is handed. */
function alignedArrays(...args: Parameters<typeof alignTraces>): (number | null | undefined)[][] {
  return alignTraces(...args).map((column) => Array.from(column));
}

const f = (values: readonly number[]): Float64Array => Float64Array.from(values);

function envelope(extra: Partial<GroupEnvelope> = {}): GroupEnvelope {
  return {
    steps: f([0, 10, 20]),
    x: null,
    center: f([1, 0.8, 0.5]),
    low: f([0.9, 0.6, 0.4]),
    high: f([1.1, 1, 0.7]),
    n: f([3, 3, 2]),
    bandColumns: { x: f([0, 10, 20]), low: f([0.9, 0.55, 0.4]), high: f([1.1, 1.05, 0.7]) },
    inView: 8,
    layout: { x0: 0, x1: 20, columns: 3 },
    total: 3,
    runs: 3,
    missing: [],
    nonFinite: 0,
    rule: 'samples at one step combine; a run’s value between its steps is not filled in',
    ...extra,
  };
}

const line = {
  groupId: 'g1',
  label: 'lr=0.1',
  style: { color: '#0072b2' },
  note: '3 runs',
  expanded: false,
};

describe('groupTraces', () => {
  it('makes a band from the pixel columns’ extremes and a center from the points', () => {
    const { band, center } = groupTraces(line, envelope(), 'step', false);
    expect([...band.x]).toEqual([0, 10, 20]);
    // The band keeps the columns' extremes, not the points' own low and high.
    expect([...band.y]).toEqual([1.1, 1.05, 0.7]);
    expect([...band.band!.low]).toEqual([0.9, 0.55, 0.4]);
    expect([...center.y]).toEqual([1, 0.8, 0.5]);
    expect(center.columns).toEqual({ x0: 0, x1: 20, columns: 3 });
    expect(center.group).toEqual({ id: 'g1', note: '3 runs', expanded: false });
    expect(band.group).toBeUndefined();
    expect(band.yRange).toEqual([0.4, 1.1]);
    expect(band.runId).not.toBe(center.runId);
  });

  it('draws against the envelope’s x when the group is by time', () => {
    const { center } = groupTraces(line, envelope({ x: f([100, 110, 125]) }), 'wall', false);
    expect([...center.x]).toEqual([100, 110, 125]);
    expect([...center.steps]).toEqual([0, 10, 20]);
    expect(center.mode).toBe('wall');
  });

  it('counts centers a log scale cannot hold', () => {
    const { center } = groupTraces(line, envelope({ center: f([1, 0, -1]) }), 'step', true);
    expect(center.nonPositive).toBe(2);
  });

  it('falls back to step or wall time for the axes a group is not drawn on', () => {
    expect(groupModeOf('step')).toBe('step');
    expect(groupModeOf('step_metric')).toBe('step');
    expect(groupModeOf('wall')).toBe('wall');
    expect(groupModeOf('relative')).toBe('wall');
  });
});

describe('a band in uPlot’s data', () => {
  it('takes two columns, its high edge then its low, at the same indices', () => {
    const { band, center } = groupTraces(line, envelope(), 'step', false);
    expect(columnCount(band)).toBe(2);
    expect(columnCount(center)).toBe(1);
    const data = alignedArrays([band, center], false);
    expect(data).toHaveLength(4);
    const [, high, low, mid] = data;
    const bandAt = high!.flatMap((v, i) => (v === undefined ? [] : [i]));
    expect(low!.flatMap((v, i) => (v === undefined ? [] : [i]))).toEqual(bandAt);
    expect(bandAt.map((i) => [high![i], low![i]])).toEqual([
      [1.1, 0.9],
      [1.05, 0.55],
      [0.7, 0.4],
    ]);
    expect(mid!.filter((v) => v !== undefined)).toEqual([1, 0.8, 0.5]);
    expect(emptyData([band, center])).toHaveLength(4);
  });

  it('splits the fill where an edge cannot be drawn and passes over other traces’ points', () => {
    const high = [1, undefined, 2, null, 3, 4];
    const low = [0, undefined, 1, null, 2, 3];
    expect(bandStretches(high, low, 0, 5)).toEqual([
      [0, 2],
      [4, 5],
    ]);
    expect(bandStretches(high, low, 4, 5)).toEqual([[4, 5]]);
  });

  it('draws each stretch along its high edge and back along its low one', () => {
    const moves: string[] = [];
    const pen = {
      moveTo: (x: number, y: number) => moves.push(`M${x},${y}`),
      lineTo: (x: number, y: number) => moves.push(`L${x},${y}`),
      closePath: () => moves.push('Z'),
    };
    bandPath(
      [0, 1, 2],
      [5, 6, 7],
      [1, 2, 3],
      [[0, 1, 2]],
      (x) => x * 10,
      (y) => -y,
      pen,
    );
    expect(moves).toEqual(['M0,-5', 'L10,-6', 'L20,-7', 'L20,-3', 'L10,-2', 'L0,-1', 'Z']);
  });
});

describe('group colours and words', () => {
  it('gives groups the palette in order, dashed past its end', () => {
    const ids = Array.from({ length: PALETTE.length + 2 }, (_, i) => `g${i}`);
    const styles = groupStyles(ids);
    expect(styles.get('g0')).toEqual({ color: PALETTE[0] });
    expect(styles.get('g1')).toEqual({ color: PALETTE[1] });
    expect(styles.get(`g${PALETTE.length}`)!.color).toBe(PALETTE[0]);
    expect(styles.get(`g${PALETTE.length}`)!.dash).toBeDefined();
    const first = [...styles.values()].slice(0, PALETTE.length).map((s) => s.color);
    expect(new Set(first).size).toBe(PALETTE.length);
  });

  it('fills bands see-through, denser on the dark panel', () => {
    expect(bandFill('#0072b2', 'light')).toBe('#0072b23d');
    expect(bandFill('#0072b2', 'dark')).toBe('#0072b252');
  });

  it('says how many runs a curve and a point stand on', () => {
    expect(groupRunsText(3, 0)).toBe('3 runs');
    expect(groupRunsText(1, 0)).toBe('1 run');
    expect(groupRunsText(2, 1)).toBe('2 of 3 runs');
    expect(pointRunsText(2, 3, 1800)).toBe('2 of 3 at step 1,800');
  });

  it('notes the rule, the drawing, a fallback, smoothing and runs without the key', () => {
    const notes = groupNotes({
      key: 'eval/loss',
      asked: 'relative',
      smoothing: 0.6,
      center: 'median',
      spread: 'std',
      groups: [
        { label: 'lr=0.1', envelope: envelope({ missing: ['r3'], nonFinite: 2 }) },
        { label: 'lr=0.3', envelope: envelope() },
      ],
      runLabel: (id) => (id === 'r3' ? 'seed-3' : id),
    });
    expect(notes[0]).toBe('line: the runs’ median; band: ±1 standard deviation');
    // One rule for the panel, however many groups share it.
    expect(notes.filter((n) => n.startsWith('samples at one step'))).toHaveLength(1);
    expect(notes).toContain(
      'groups are drawn by step or by time only: time since start falls back to time',
    );
    expect(notes.some((n) => n.startsWith('smoothing is not applied'))).toBe(true);
    expect(notes).toContain('lr=0.1: seed-3 has no eval/loss, left out');
    expect(notes).toContain('2 non-finite samples left out of the groups’ math');
    const plain = groupNotes({
      key: 'k',
      asked: 'step',
      smoothing: 0,
      center: 'mean',
      spread: 'min-max',
      groups: [{ label: 'a', envelope: envelope() }],
      runLabel: (id) => id,
    });
    expect(plain).toHaveLength(2);
  });
});
