// Each run's colour for the session: the first page that shows a run gives it a colour free on
// that page, and every page after keeps it; runs on one page that must share a colour differ by
// dash. The palette is made for telling categories apart, in light and dark themes alike.

/**
 * Okabe and Ito's blue, vermillion, bluish green and reddish purple, then six more hues picked
 * to stay apart from them and each other under deuteranopia, protanopia and tritanopia as
 * simulated by Machado et al. (2009). Every colour has a contrast of at least 3:1 against both
 * themes' panels (#ffffff and #161920), so a thin line reads on either. Ordered so that the
 * first few, which small comparisons use, are the most distinct: the four first are at least
 * 12 apart by CIEDE2000 under each of those deficiencies, all ten at least 13 apart with normal
 * vision and 7.8 under any of them.
 */
export const PALETTE: readonly string[] = [
  '#0072b2',
  '#d55e00',
  '#009e73',
  '#cc79a7',
  '#8a8af0',
  '#9c4e48',
  '#845484',
  '#729048',
  '#ea6c7e',
  '#007266',
];

/** Dash patterns in CSS pixels after solid, for runs that share a colour on one page. */
const DASHES: readonly (readonly number[])[] = [
  [7, 4],
  [2, 3],
  [10, 3, 2, 3],
  [4, 4],
  [12, 4],
  [6, 3, 2, 3, 2, 3],
];

/**
 * The dash of the `index`th run of a colour on a page: none (solid) for the first, then
 * patterns distinct from each other however many share the colour.
 */
export function dashPattern(index: number): readonly number[] | undefined {
  if (index <= 0) return undefined;
  return DASHES[index - 1] ?? [2 * (index - DASHES.length) + 12, 3, 1, 3];
}

export interface RunStyle {
  readonly color: string;
  /** The line's dash in CSS pixels; undefined for solid. */
  readonly dash?: readonly number[];
}

/** The colours of the runs the app has shown, kept for as long as it runs. */
export class RunColorRegistry {
  private readonly slots = new Map<string, number>();
  private readonly uses = PALETTE.map(() => 0);

  /**
   * The styles of runs shown together on one page, in the page's order. A run seen before
   * keeps its colour; a new one takes a colour no run of the page has, the least used of the
   * session first, and only when the page holds more runs than the palette one of the page's
   * least used colours. Runs of one colour on the page get distinct dashes, in page order.
   */
  stylesFor(runIds: readonly string[]): ReadonlyMap<string, RunStyle> {
    const ids = [...new Set(runIds)];
    const onPage = PALETTE.map(() => 0);
    for (const id of ids) {
      const slot = this.slots.get(id);
      if (slot !== undefined) onPage[slot]!++;
    }
    for (const id of ids) {
      if (this.slots.has(id)) continue;
      const slot = this.leastUsed(onPage);
      this.slots.set(id, slot);
      this.uses[slot]!++;
      onPage[slot]!++;
    }
    const seen = PALETTE.map(() => 0);
    const styles = new Map<string, RunStyle>();
    for (const id of ids) {
      const slot = this.slots.get(id)!;
      const dash = dashPattern(seen[slot]!++);
      styles.set(
        id,
        dash === undefined ? { color: PALETTE[slot]! } : { color: PALETTE[slot]!, dash },
      );
    }
    return styles;
  }

  /** The run's colour, given it now if it has none. */
  colorOf(runId: string): string {
    return this.stylesFor([runId]).get(runId)!.color;
  }

  /** The slot least used on the page, then in the session, then the earliest. */
  private leastUsed(onPage: readonly number[]): number {
    let best = 0;
    for (let slot = 1; slot < PALETTE.length; slot++) {
      const page = onPage[slot]! - onPage[best]!;
      if (page < 0 || (page === 0 && this.uses[slot]! < this.uses[best]!)) best = slot;
    }
    return best;
  }
}

/** The registry of this window: one colour a run wherever the session shows it. */
export const runColors = new RunColorRegistry();

/**
 * Styles for the curves of one run's keys drawn together (an overlay): the palette in order,
 * then dashed once it runs out.
 */
export function categoryStyle(index: number): RunStyle {
  return {
    color: PALETTE[index % PALETTE.length]!,
    dash: dashPattern(Math.floor(index / PALETTE.length)),
  };
}

/**
 * A bar's fill: the run's colour, or for a dashed run stripes as long as its dash's first
 * stroke and gap, so that bars of runs sharing a colour differ as their lines do.
 */
export function barFill({ color, dash }: RunStyle): string {
  if (dash === undefined) return color;
  const [on = 4, off = 3] = dash;
  const faint = `color-mix(in srgb, ${color} 30%, transparent)`;
  return `repeating-linear-gradient(135deg, ${color} 0 ${on}px, ${faint} ${on}px ${on + off}px)`;
}

/**
 * A legend swatch's line as a CSS background image (see RunSwatch): one stretch of the pattern
 * after another from x = 0, as a canvas or SVG dash lays them (an odd-length pattern twice
 * over, as they repeat it).
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

/** The colour with an alpha, for faint raw lines behind smoothed ones. */
export function withAlpha(color: string, alpha: number): string {
  const a = Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0');
  return `${color}${a}`;
}
