// A curve panel's chart width, read without laying out a panel that is off screen: a board's
// panels are skipped there (content-visibility), and reading the chart's own width laid out
// every one of them as the board mounted.

/** What is read of a chart host: its width, and the panel slot it sits in. */
export interface ChartHost {
  readonly clientWidth: number;
  closest(selector: string): { readonly clientWidth: number } | null;
}

/**
 * Chart widths from their panels' slots, which are laid out with the board, not skipped with
 * it: one chart is measured whole, and how much narrower than its slot it is stands for all.
 */
export class SlotInset {
  private inset: number | null = null;

  widthOf(host: ChartHost): number {
    const slot = host.closest('.panel-slot');
    if (slot === null) return host.clientWidth;
    if (this.inset === null) {
      const width = host.clientWidth;
      // A host not shown (a page in the background) tells nothing of the inset.
      if (width > 0) this.inset = slot.clientWidth - width;
      return width;
    }
    return Math.max(0, slot.clientWidth - this.inset);
  }
}

const shared = new SlotInset();

/** The width of a chart host, in CSS pixels, as it is laid out or will be. */
export function hostWidthOf(host: ChartHost): number {
  return shared.widthOf(host);
}
