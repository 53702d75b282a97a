// A run's key in legends: a short stretch of its line, in its colour and with its dash.
//
// Drawn as a box's background (swatchLine), not an SVG: a Compare's legends hold a swatch per run
// per panel (240 for 20 runs and 12 keys), and as SVG each was a document of its own to lay out,
// some 3 of the 13 ms of layout of the frame that drew the panels' curves.

import type { RunStyle } from './run-colors.js';
import { swatchLine } from './run-colors.js';

export function RunSwatch(style: RunStyle) {
  return (
    <span
      className="run-swatch"
      aria-hidden="true"
      data-testid="run-swatch"
      data-color={style.color}
      data-dash={style.dash?.join(' ') ?? ''}
      style={{ backgroundImage: swatchLine(style) }}
    />
  );
}
