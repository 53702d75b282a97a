// Which points of a series a report holds: every one while a finest column would hold four or
// fewer, else the union of its envelopes' points (each column's first, last, least, greatest).

/** Series of at most this many points a finest column are kept whole. */
export const WHOLE_PER_COLUMN = 4;

/** Positions of envelopes' points and markers, merged in x order, each once. */
export function merged(lists: readonly ArrayLike<number>[]): Uint32Array {
  const all = new Set<number>();
  for (const list of lists) for (let i = 0; i < list.length; i++) all.add(list[i]!);
  return Uint32Array.from(all).sort();
}

export function everyPosition(length: number): Uint32Array {
  const out = new Uint32Array(length);
  for (let p = 0; p < length; p++) out[p] = p;
  return out;
}
