// The file-step ticks of a curve panel: the steps and keys of every kind ticked, the ticks in a zoomed range (near ones merged), and the logged step a click at x pixels opens.

import { describe, expect, it } from 'vitest';
import type { LoggedFileInfo, LoggedFileKind } from '../../shared/api/contract.js';
import type { FileStep, XView } from '../../renderer/src/charts/file-step-ticks.js';
import {
  fileStepAt,
  fileStepMarks,
  stepToPx,
  tickTitle,
  ticksInView,
} from '../../renderer/src/charts/file-step-ticks.js';

function file(key: string, step: number, kind: LoggedFileKind = 'image'): LoggedFileInfo {
  return {
    key,
    step,
    time: 1000 + step,
    path: `files/${key}/${step}.png`,
    size: 10,
    contentType: kind === 'image' ? 'image/png' : 'text/plain',
    kind,
    problem: null,
  };
}

const marks = (...steps: number[]): FileStep[] => steps.map((step) => ({ step, keys: ['k'] }));

describe('fileStepMarks', () => {
  it('is the union of every key’s steps, of every kind, each with its keys in first-logged order', () => {
    const files = [
      file('samples', 500),
      file('attention', 0),
      file('report', 250, 'markdown'),
      file('samples', 0),
      file('speech', 500, 'audio'),
      file('attention', 500),
      file('samples', 0),
      file('predictions', 0, 'table'),
    ];
    expect(fileStepMarks(files)).toEqual([
      { step: 0, keys: ['samples', 'attention', 'predictions'] },
      { step: 250, keys: ['report'] },
      { step: 500, keys: ['samples', 'attention', 'speech'] },
    ]);
  });

  it('is empty when the run logged no files', () => {
    expect(fileStepMarks([])).toEqual([]);
  });
});

describe('ticksInView', () => {
  const view: XView = { min: 0, max: 1000, width: 500 };

  it('places the steps in the x range across the plot, and leaves out the rest', () => {
    const ticks = ticksInView(marks(-10, 0, 500, 1000, 1200), view);
    expect(ticks.map((t) => [t.px, t.steps.map((m) => m.step)])).toEqual([
      [0, [0]],
      [250, [500]],
      [500, [1000]],
    ]);
  });

  it('follows a zoom: only the steps in the zoomed range, spread over the width', () => {
    const ticks = ticksInView(marks(0, 500, 600, 1000), { min: 450, max: 650, width: 400 });
    expect(ticks.map((t) => [t.px, t.steps[0]!.step])).toEqual([
      [100, 500],
      [300, 600],
    ]);
  });

  it('merges steps closer than the gap into the tick before them', () => {
    // 2 px a step: 1 joins 0's tick; 2 is 4 px past that tick's start, so starts one 3 joins.
    const ticks = ticksInView(marks(0, 1, 2, 3), { min: 0, max: 250, width: 500 }, 4);
    expect(ticks.map((t) => t.steps.map((m) => m.step))).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('puts a range of one x in the middle', () => {
    expect(stepToPx({ min: 5, max: 5, width: 300 }, 5)).toBe(150);
  });
});

describe('fileStepAt', () => {
  const view: XView = { min: 0, max: 2000, width: 400 };
  const logged = marks(0, 500, 1000, 1500, 2000);

  it('opens the logged step drawn within the tolerance of the click', () => {
    expect(fileStepAt(logged, view, 100)?.step).toBe(500);
    expect(fileStepAt(logged, view, 103)?.step).toBe(500);
    expect(fileStepAt(logged, view, 196, 4)?.step).toBe(1000);
  });

  it('opens nothing for a click between ticks', () => {
    expect(fileStepAt(logged, view, 150)).toBeNull();
    expect(fileStepAt(logged, view, 105, 4)).toBeNull();
  });

  it('opens the nearer of two merged steps', () => {
    const close = marks(100, 104);
    const wide: XView = { min: 0, max: 400, width: 400 };
    expect(fileStepAt(close, wide, 101)?.step).toBe(100);
    expect(fileStepAt(close, wide, 103)?.step).toBe(104);
  });

  it('never opens a step outside the zoomed range, though it is nearer', () => {
    const zoomed: XView = { min: 498, max: 1000, width: 502 };
    // 497 is out of view, 1 px left of the edge; 500 is drawn 2 px in.
    expect(fileStepAt(marks(497, 500), zoomed, 0)?.step).toBe(500);
    expect(fileStepAt(marks(497), zoomed, 0)).toBeNull();
  });

  it('opens nothing when the run logged no files', () => {
    expect(fileStepAt([], view, 0)).toBeNull();
  });
});

describe('tickTitle', () => {
  it('names the step and the keys logged there', () => {
    const tick = {
      px: 0,
      steps: [{ step: 1500, keys: ['samples/predictions', 'attention/head0'] }],
    };
    expect(tickTitle(tick)).toBe(
      'Files at step 1,500: samples/predictions, attention/head0 · click to open in Files',
    );
  });

  it('names the range of a merged tick', () => {
    const tick = {
      px: 0,
      steps: [
        { step: 10, keys: ['a'] },
        { step: 12, keys: ['b'] },
      ],
    };
    expect(tickTitle(tick)).toBe('Files at steps 10–12 (2): a, b · click to open in Files');
  });
});
