// Marks on curve panels: annotation kinds' icons, marks clustered by pixel, stage stretches from
// stage changes, and the spans of a curve coloured by a label's value.

import { describe, expect, it } from 'vitest';
import type { AnnotationInfo, AnnotationKind } from '../../shared/api/contract.js';
import type { PanelMark } from '../../renderer/src/charts/marks/mark-clusters.js';
import {
  clusterByPixel,
  clusterKind,
  kindCounts,
  markX,
  runMarks,
} from '../../renderer/src/charts/marks/mark-clusters.js';
import { MARK_STYLES, leadingKind } from '../../renderer/src/charts/marks/mark-kinds.js';
import {
  stageChange,
  stageNames,
  stageStretches,
} from '../../renderer/src/charts/marks/stage-stretches.js';
import {
  VALUE_COLOURS,
  colouredSpans,
  valueColours,
} from '../../renderer/src/charts/marks/label-colours.js';

function annotation(
  step: number,
  kind: AnnotationKind,
  text: string,
  metadata: Record<string, string> = {},
): AnnotationInfo {
  return { step, time: 1000 + step, kind, text, metadata: new Map(Object.entries(metadata)) };
}

const stage = (step: number, from: string, to: string): AnnotationInfo =>
  annotation(step, 'stage', `stage ${from} -> ${to}`, { from, to });

describe('mark kinds', () => {
  it('gives every kind its own shape, colour and rank', () => {
    const styles = Object.values(MARK_STYLES);
    expect(new Set(styles.map((s) => s.shape)).size).toBe(styles.length);
    expect(new Set(styles.map((s) => s.rank)).size).toBe(styles.length);
    // resumed (the stream's annotation) and resume (the run's) share a hue, not a shape.
    expect(new Set(styles.map((s) => s.colorVar)).size).toBe(styles.length - 1);
  });

  it('leads a cluster with its most telling kind', () => {
    expect(leadingKind(['checkpoint', 'failed', 'stage'])).toBe('failed');
    expect(leadingKind(['checkpoint', 'stage'])).toBe('stage');
    expect(leadingKind([])).toBe('other');
  });
});

describe('runMarks and markX', () => {
  const marks = runMarks([annotation(4, 'checkpoint', 'checkpoint /c')], [{ step: 8, time: 2000 }]);

  it('lists the annotations then the resumes, a resume labelled as one', () => {
    expect(marks.map((m) => [m.kind, m.step])).toEqual([
      ['checkpoint', 4],
      ['resume', 8],
    ]);
    expect(marks[1]!.text).toBe('resume from step 8');
    expect(marks[1]!.metadata).toBeNull();
  });

  it('places a mark at its step, its time, or its time since start; nowhere on a step_metric', () => {
    const mark = marks[0]!;
    expect(markX(mark, 'step', 900)).toBe(4);
    expect(markX(mark, 'wall', 900)).toBe(1004);
    expect(markX(mark, 'relative', 900)).toBe(104);
    expect(markX(mark, 'step_metric', 900)).toBeNull();
  });
});

describe('clusterByPixel', () => {
  const items = (...px: number[]) => px.map((p, i) => ({ px: p, mark: i }));

  it('keeps marks apart that are at least the gap apart', () => {
    const clusters = clusterByPixel(items(10, 20, 30), 6, 100);
    expect(clusters.map((c) => c.members)).toEqual([[0], [1], [2]]);
    expect(clusters.map((c) => c.px)).toEqual([10, 20, 30]);
  });

  it('merges near marks into one cluster placed midway, in x order whatever the input order', () => {
    const clusters = clusterByPixel(items(14, 10, 12, 40), 6, 100);
    expect(clusters.map((c) => c.members)).toEqual([[1, 2, 0], [3]]);
    expect(clusters[0]!.px).toBe(12);
  });

  it('cuts evenly dense marks into clusters a gap wide, not one chain', () => {
    // 300 checkpoints a pixel apart over 300 px: about 50 clusters of 6, never one of 300.
    const px = Array.from({ length: 300 }, (_, i) => i);
    const clusters = clusterByPixel(items(...px), 6, 300);
    expect(clusters.length).toBe(50);
    expect(clusters.every((c) => c.members.length === 6)).toBe(true);
    expect(clusters.reduce((n, c) => n + c.members.length, 0)).toBe(300);
  });

  it('leaves out marks outside the plot and those with no place', () => {
    expect(clusterByPixel(items(-1, 50, 101, NaN), 6, 100).map((c) => c.members)).toEqual([[1]]);
  });

  it('is empty for no marks', () => {
    expect(clusterByPixel([], 6, 100)).toEqual([]);
  });
});

describe('cluster text', () => {
  const m = (kind: PanelMark['kind']): PanelMark => ({
    kind,
    step: 1,
    time: 1,
    text: '',
    metadata: null,
  });

  it('counts a cluster’s kinds, most first, and leads with the most telling', () => {
    const members = [m('checkpoint'), m('stage'), m('checkpoint'), m('checkpoint')];
    expect(kindCounts(members)).toBe('3 checkpoint, 1 stage');
    expect(clusterKind(members)).toBe('stage');
  });
});

describe('stageStretches', () => {
  it('begins with the first change’s from and follows each change’s to', () => {
    const stretches = stageStretches([
      annotation(0, 'lowering', 'lowering: cpu'),
      stage(4, 'easy', 'hard'),
      annotation(8, 'checkpoint', 'checkpoint /c'),
      stage(12, 'hard', 'final'),
    ]);
    expect(stretches).toEqual([
      { stage: 'easy', from: null, to: { step: 4, time: 1004 } },
      { stage: 'hard', from: { step: 4, time: 1004 }, to: { step: 12, time: 1012 } },
      { stage: 'final', from: { step: 12, time: 1012 }, to: null },
    ]);
    expect(stageNames(stretches)).toEqual(['easy', 'hard', 'final']);
  });

  it('is empty without stage changes', () => {
    expect(stageStretches([annotation(8, 'checkpoint', 'checkpoint /c')])).toEqual([]);
  });

  it('reads from and to out of the text when the metadata lacks them', () => {
    expect(stageChange(annotation(3, 'stage', 'stage warm up -> main'))).toEqual({
      from: 'warm up',
      to: 'main',
    });
    expect(stageChange(annotation(3, 'stage', 'stage ???'))).toBeNull();
    expect(stageChange(annotation(3, 'checkpoint', 'stage a -> b'))).toBeNull();
  });

  it('names a stage met twice once', () => {
    const stretches = stageStretches([stage(4, 'a', 'b'), stage(8, 'b', 'a')]);
    expect(stretches.map((s) => s.stage)).toEqual(['a', 'b', 'a']);
    expect(stageNames(stretches)).toEqual(['a', 'b']);
  });
});

describe('label colours', () => {
  const segments = [
    { x0: 0, x1: 4, value: 'easy' },
    { x0: 6, x1: 10, value: null },
    { x0: 12, x1: 20, value: 'hard' },
    { x0: 22, x1: 30, value: 'easy' },
  ];

  it('colours each value once, in the order first met, nulls left out', () => {
    const colours = valueColours(segments);
    expect([...colours]).toEqual([
      ['easy', VALUE_COLOURS[0]],
      ['hard', VALUE_COLOURS[1]],
    ]);
  });

  it('spans each valued segment to halfway between it and its neighbours', () => {
    const spans = colouredSpans(segments, valueColours(segments));
    expect(spans).toEqual([
      { x0: 0, x1: 5, color: VALUE_COLOURS[0] },
      { x0: 11, x1: 21, color: VALUE_COLOURS[1] },
      { x0: 21, x1: 30, color: VALUE_COLOURS[0] },
    ]);
  });

  it('wraps the colours when values outnumber them', () => {
    const many = Array.from({ length: VALUE_COLOURS.length + 1 }, (_, i) => ({
      x0: i,
      x1: i,
      value: `v${i}`,
    }));
    expect(valueColours(many).get(`v${VALUE_COLOURS.length}`)).toBe(VALUE_COLOURS[0]);
  });
});
