// renderer/src/charts/visibility-gate: a panel draws at once on screen, and off screen keeps only
// its newest draw for when it comes back.

import { describe, expect, it } from 'vitest';
import { VisibilityGate } from '../../renderer/src/charts/visibility-gate.js';

describe('VisibilityGate', () => {
  it('draws at once while on screen', () => {
    const gate = new VisibilityGate();
    const drawn: number[] = [];
    gate.offer(() => drawn.push(1));
    gate.offer(() => drawn.push(2));
    expect(drawn).toEqual([1, 2]);
  });

  it('holds draws off screen and draws only the newest when back', () => {
    const gate = new VisibilityGate();
    const drawn: number[] = [];
    gate.setVisible(false);
    for (let i = 1; i <= 5; i++) gate.offer(() => drawn.push(i));
    expect(drawn).toEqual([]);
    gate.setVisible(true);
    expect(drawn).toEqual([5]);
    // Nothing held is drawn twice.
    gate.setVisible(false);
    gate.setVisible(true);
    expect(drawn).toEqual([5]);
    gate.offer(() => drawn.push(6));
    expect(drawn).toEqual([5, 6]);
  });
});
