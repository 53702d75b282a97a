// renderer/src/charts/panel-notes and cursor-readout: what a panel says it leaves out (the
// step_metric pairing rule in plain grammar, the key to the edge markers), and which point a
// cursor reads on each trace.

import { describe, expect, it } from 'vitest';
import type { NotesInput } from '../../renderer/src/charts/panel-notes.js';
import { curveNotes, unpairedNote } from '../../renderer/src/charts/panel-notes.js';
import { pointAtOrBefore } from '../../renderer/src/charts/cursor-readout.js';
import { buildTrace } from '../../renderer/src/charts/curve-data.js';

const NONE = { nan: 0, positiveInfinity: 0, negativeInfinity: 0 };

function input(fields: Partial<NotesInput>): NotesInput {
  return {
    key: 'eval/loss',
    nonFinite: NONE,
    unpaired: 0,
    points: 10,
    stepMetric: 'epoch',
    unpairedSteps: [],
    nonPositive: 0,
    fellBack: false,
    ...fields,
  };
}

describe('panel notes', () => {
  it('says why points have no place on a step_metric axis, in grammar for 1, some and all', () => {
    expect(unpairedNote(input({ unpaired: 6, points: 6, unpairedSteps: [99, 199, 299] }))).toBe(
      'None of the 6 eval/loss points has a sample of epoch at its step (at steps 99, 199, 299, …), so none is drawn on the epoch axis: a point pairs with the sample of epoch logged at its own step.',
    );
    expect(unpairedNote(input({ unpaired: 1, points: 600, unpairedSteps: [99] }))).toBe(
      '1 of 600 eval/loss points has no sample of epoch at its step (at step 99), so it is not drawn on the epoch axis: a point pairs with the sample of epoch logged at its own step.',
    );
    expect(unpairedNote(input({ unpaired: 15_000, points: 150_000 }))).toBe(
      '15,000 of 150,000 eval/loss points have no sample of epoch at their step, so they are not drawn on the epoch axis: a point pairs with the sample of epoch logged at its own step.',
    );
    expect(unpairedNote(input({ unpaired: 0 }))).toBeNull();
    expect(unpairedNote(input({ unpaired: 3, stepMetric: null }))).toBeNull();
  });

  it('keys the edge markers of the non-finite kinds present', () => {
    expect(
      curveNotes(input({ nonFinite: { nan: 3, positiveInfinity: 2, negativeInfinity: 0 } })),
    ).toEqual(['3 NaN and 2 +Inf not plotted: ▲ +Inf at the top edge, ◆ NaN at the bottom edge']);
    expect(
      curveNotes(input({ nonFinite: { nan: 0, positiveInfinity: 0, negativeInfinity: 1 } })),
    ).toEqual(['1 −Inf not plotted: ▼ −Inf at the bottom edge']);
  });
});

describe('the point a cursor reads', () => {
  const trace = buildTrace(
    {
      runId: 'r',
      label: 'r',
      color: '#000000',
      series: {
        steps: [0, 10, 20, 30],
        times: [0, 1, 2, 3],
        values: [1, NaN, Infinity, 4],
        length: 4,
      },
      stepMetric: null,
      stepMetricName: null,
      startTime: 0,
      goal: null,
    },
    { mode: 'step', smoothing: 0.5, logY: false },
  );

  it('is the last point at or before the cursor, NaN and infinities included', () => {
    expect(pointAtOrBefore(trace, -1)).toBeNull();
    expect(pointAtOrBefore(trace, 0)?.step).toBe(0);
    expect(pointAtOrBefore(trace, 9.99)?.step).toBe(0);
    expect(pointAtOrBefore(trace, 10)?.value).toBeNaN();
    expect(pointAtOrBefore(trace, 25)?.value).toBe(Infinity);
    const last = pointAtOrBefore(trace, 1e9)!;
    expect([last.step, last.value]).toEqual([30, 4]);
    expect(last.smoothed).not.toBeNull();
  });
});
