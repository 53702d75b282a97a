// renderer/src/charts/host-width: a chart's width is read from its panel's slot once one chart
// told how much narrower than its slot it is; a chart in no slot, or none shown yet, is read.

import { describe, expect, it } from 'vitest';
import type { ChartHost } from '../../renderer/src/charts/host-width.js';
import { SlotInset } from '../../renderer/src/charts/host-width.js';

/** A host whose own width is counted as it is read: what lays out its (skipped) panel. */
function host(own: number, slot: number | null): ChartHost & { reads: number } {
  const made = {
    reads: 0,
    get clientWidth() {
      made.reads++;
      return own;
    },
    closest: () => (slot === null ? null : { clientWidth: slot }),
  };
  return made;
}

describe('SlotInset', () => {
  it('measures one chart whole, and the others by their slots alone', () => {
    const widths = new SlotInset();
    const first = host(452, 460);
    expect(widths.widthOf(first)).toBe(452);
    expect(first.reads).toBe(1);
    const offScreen = host(0, 620);
    expect(widths.widthOf(offScreen)).toBe(612);
    expect(offScreen.reads).toBe(0);
  });

  it('learns nothing from a chart not shown, and reads one in no slot itself', () => {
    const widths = new SlotInset();
    expect(widths.widthOf(host(0, 0))).toBe(0);
    const shown = host(452, 460);
    expect(widths.widthOf(shown)).toBe(452);
    expect(shown.reads).toBe(1);
    expect(widths.widthOf(host(300, null))).toBe(300);
  });
});
