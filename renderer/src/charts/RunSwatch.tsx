// A run's key in legends: a short stretch of its line, in its colour and with its dash.

import type { RunStyle } from './run-colors.js';

export function RunSwatch({ color, dash }: RunStyle) {
  return (
    <svg
      className="run-swatch"
      width={18}
      height={10}
      viewBox="0 0 18 10"
      aria-hidden="true"
      data-testid="run-swatch"
      data-color={color}
      data-dash={dash?.join(' ') ?? ''}
    >
      <line
        x1={0}
        y1={5}
        x2={18}
        y2={5}
        stroke={color}
        strokeWidth={3}
        strokeDasharray={dash?.join(' ')}
      />
    </svg>
  );
}
