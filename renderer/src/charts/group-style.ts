// How a group of runs is told apart and counted: a colour per group, a band fill that reads in
// both themes, and the words the legend and cursor give to how many runs stand behind a point.

import type { GroupCenter, GroupSpread } from '../../../shared/api/contract.js';
import type { RunStyle } from './run-colors.js';
import { PALETTE, dashPattern, withAlpha } from './run-colors.js';

/**
 * Each group's style, in the groups' order. On a grouped page groups, not runs, are what the eye
 * tells apart, so groups take the accessible palette from its start (its most distinct colours
 * first), dashed once it runs out; a run drawn inside its group wears the group's colour.
 */
export function groupStyles(groupIds: readonly string[]): ReadonlyMap<string, RunStyle> {
  const styles = new Map<string, RunStyle>();
  groupIds.forEach((id, index) => {
    const color = PALETTE[index % PALETTE.length]!;
    const dash = dashPattern(Math.floor(index / PALETTE.length));
    styles.set(id, dash === undefined ? { color } : { color, dash });
  });
  return styles;
}

/**
 * A band's fill: the group's colour see-through enough that a band over another still shows the
 * one under it, and a touch denser on the dark panel, where the same alpha reads fainter.
 */
export function bandFill(color: string, theme: string): string {
  return withAlpha(color, theme === 'dark' ? 0.32 : 0.24);
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

/**
 * How many runs a group's curve stands on, for its legend row: "3 runs", or with runs that lack
 * the key "2 of 3 runs" (the legend's title names those missing).
 */
export function groupRunsText(runs: number, missing: number): string {
  if (missing === 0) return count(runs, 'run');
  return `${runs.toLocaleString('en')} of ${count(runs + missing, 'run')}`;
}

/** How many of a group's runs stand behind the point the cursor reads: "2 of 3 at step 1,800". */
export function pointRunsText(n: number, of: number, step: number): string {
  return `${n.toLocaleString('en')} of ${of.toLocaleString('en')} at step ${step.toLocaleString('en')}`;
}

/** The page's choice of center and band, as a panel says what it draws. */
export function groupDrawText(center: GroupCenter, spread: GroupSpread): string {
  return `line: the runs’ ${center}; band: ${spread === 'min-max' ? 'least to greatest' : '±1 standard deviation'}`;
}
