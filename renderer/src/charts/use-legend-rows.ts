// Which of a curve panel's reader-only parts are live: a legend of more rows than its box shows
// builds them once its panel comes near the screen, and the cursor's readout is asked of the
// host only for a panel on screen whose rows are built. A Compare's cursor is shared by all its
// panels: a hover over a Compare of 200 runs asked for 12 panels' readouts, 2 of them seen.

import type { RefObject } from 'react';
import { useCameNear, useOnScreen } from './use-came-near.js';
import { NEAR_PX } from './visibility-gate.js';

/**
 * Rows past which a legend overflows its box (its max-height): a legend of more is held at
 * that height until its panel comes near. A Compare of 20 runs built 240 rows for 12 panels,
 * two of them on screen: 23 ms of a 224 ms open.
 */
export const ROWS_IN_BOX = 8;
/** The legend's box height (styles.css, .legend's --legend-box). */
const LEGEND_BOX_PX = 140;
/**
 * Scrolled up to, a panel shows its bottom (its legend) first: its rows are built as far ahead
 * as its draws. Scrolled down to, it shows its chart first: its rows wait until its top is a
 * legend's height inside the screen, some way before its legend is.
 */
const LEGEND_NEAR = { above: NEAR_PX, below: -LEGEND_BOX_PX };

export interface LegendRows {
  /** Whether the legend builds its rows (false: held at its box's height). */
  readonly built: boolean;
  /** Whether the cursor's readout is worth asking for: the panel is seen, its rows built. */
  readonly readable: boolean;
}

/** For a panel whose chart is `host`, with a legend of `rows` rows. */
export function useLegendRows(host: RefObject<Element | null>, rows: number): LegendRows {
  const overflows = rows > ROWS_IN_BOX;
  const near = useCameNear(host, overflows, LEGEND_NEAR);
  const onScreen = useOnScreen(host);
  const built = !overflows || near;
  return { built, readable: built && onScreen };
}
