// renderer/src/charts/run-colors swatchLine: a legend's stretch of a run's line as a CSS background, its
// dash laid from x = 0 as a canvas or SVG lays it, an odd-length pattern repeated twice over.

import { describe, expect, it } from 'vitest';
import { swatchLine } from '../../renderer/src/charts/run-colors.js';

describe('a run swatch', () => {
  it('is solid in the run’s colour without a dash', () => {
    expect(swatchLine({ color: '#1f77b4' })).toBe('linear-gradient(#1f77b4, #1f77b4)');
  });

  it('lays the dash’s stretches one after another from x = 0, on then off', () => {
    expect(swatchLine({ color: '#d62728', dash: [10, 3, 2, 3] })).toBe(
      'repeating-linear-gradient(90deg, #d62728 0px 10px, transparent 10px 13px, ' +
        '#d62728 13px 15px, transparent 15px 18px)',
    );
  });

  it('repeats an odd-length dash twice over, so its gaps are gaps the second time too', () => {
    expect(swatchLine({ color: 'red', dash: [4, 2, 1] })).toBe(
      'repeating-linear-gradient(90deg, red 0px 4px, transparent 4px 6px, red 6px 7px, ' +
        'transparent 7px 11px, red 11px 13px, transparent 13px 14px)',
    );
  });
});
