// Each run's colour, the same wherever the run appears: chosen by a hash of its id from a
// palette whose neighbours are easy to tell apart, in light and dark themes alike.

const PALETTE = [
  '#2f6fed',
  '#e8590c',
  '#2b9348',
  '#d6336c',
  '#7048e8',
  '#0c8599',
  '#c2255c',
  '#5c940d',
  '#f59f00',
  '#1864ab',
  '#a61e4d',
  '#087f5b',
  '#9c36b5',
  '#e67700',
  '#364fc7',
  '#66a80f',
];

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function runColor(runId: string): string {
  return PALETTE[hash(runId) % PALETTE.length]!;
}

/**
 * Colours for runs shown together: each run keeps its own colour unless a run before it in
 * the list took it, then takes the next free one, so no two runs on one page share a colour
 * (up to the palette's size).
 */
export function assignRunColors(runIds: readonly string[]): Map<string, string> {
  const taken = new Set<number>();
  const out = new Map<string, string>();
  for (const id of runIds) {
    let slot = hash(id) % PALETTE.length;
    for (let tries = 0; tries < PALETTE.length && taken.has(slot); tries++)
      slot = (slot + 1) % PALETTE.length;
    taken.add(slot);
    out.set(id, PALETTE[slot]!);
  }
  return out;
}

/** The colour with an alpha, for faint raw lines behind smoothed ones. */
export function withAlpha(color: string, alpha: number): string {
  const a = Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0');
  return `${color}${a}`;
}
