// A run's key in legends: a short stretch of its line, in its colour and with its dash.
//
// Drawn as a box's background, not an SVG: a Compare's legends hold a swatch per run per panel
// (240 for 20 runs and 12 keys), and as SVG each was a document of its own to lay out, some 10 ms
// of the layout of the frame that showed the panels' curves.

import type { RunStyle } from './run-colors.js';

/**
 * The line as a CSS background image, one stretch of the pattern after another from x = 0 as
 * a canvas or SVG dash lays them (an odd-length pattern twice over, as they repeat it).
 */
export function swatchLine({ color, dash }: RunStyle): string {
  if (dash === undefined || dash.length === 0) return `linear-gradient(${color}, ${color})`;
  const pattern = dash.length % 2 === 0 ? dash : [...dash, ...dash];
  let at = 0;
  const stops = pattern.map((length, i) => {
    const from = at;
    at += length;
    return `${i % 2 === 0 ? color : 'transparent'} ${from}px ${at}px`;
  });
  return `repeating-linear-gradient(90deg, ${stops.join(', ')})`;
}

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
