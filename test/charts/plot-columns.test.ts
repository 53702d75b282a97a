// renderer/src/charts/use-plot-columns: the columns an envelope panel asks the host for, guessed
// from its width before its chart is built, then kept or asked again as its plot tells its own.

import { describe, expect, it } from 'vitest';
import { askFor, guessedColumns } from '../../renderer/src/charts/use-plot-columns.js';

describe('plot columns', () => {
  it('guesses no fewer columns than the plot will have, the narrowest y axis taken off', () => {
    expect(guessedColumns(700, 1)).toBe(668);
    expect(guessedColumns(700, 2)).toBe(1336);
    expect(guessedColumns(700.6, 1)).toBe(668);
    // A panel narrower than an axis still asks for one column.
    expect(guessedColumns(10, 1)).toBe(1);
  });

  it('asks at once first, keeps an answer a little wider than the plot, asks again otherwise', () => {
    expect(askFor(null, 640, 1)).toBe('now');
    expect(askFor(668, 668, 1)).toBe('keep');
    expect(askFor(668, 640, 1)).toBe('keep');
    expect(askFor(668, 620, 1)).toBe('keep');
    // Far wider than the plot: more points than it can show.
    expect(askFor(668, 619, 1)).toBe('rest');
    // Fewer columns than pixels would draw coarser than the plot: asked again.
    expect(askFor(668, 669, 1)).toBe('rest');
    // The slack is in CSS pixels: twice the canvas pixels at a ratio of 2.
    expect(askFor(1336, 1240, 2)).toBe('keep');
    expect(askFor(1336, 1239, 2)).toBe('rest');
  });
});
