// Colouring a curve by a label's value: each value a colour in first-seen order, a stretch whose
// samples lack the label left in the curve's own colour, and a stretch's pixel span reaching
// halfway to its neighbours so that a curve's colour has no gaps between samples.

import type { LabelSegment } from '../../../../shared/api/contract.js';

/** Hues for label values: apart from each other, readable on both themes' panels. */
export const VALUE_COLOURS: readonly string[] = [
  '#e69f00',
  '#56b4e9',
  '#009e73',
  '#cc79a7',
  '#d55e00',
  '#0072b2',
  '#a0a000',
  '#7f7f7f',
];

/** Each value met in the segments, its colour, in the order first met. */
export function valueColours(segments: readonly LabelSegment[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of segments) {
    if (s.value === null || out.has(s.value)) continue;
    out.set(s.value, VALUE_COLOURS[out.size % VALUE_COLOURS.length]!);
  }
  return out;
}

export interface ColouredSpan {
  /** The x range drawn in the colour, in the segments' units. */
  readonly x0: number;
  readonly x1: number;
  readonly color: string;
}

/**
 * The spans to draw over a curve: a valued segment from halfway after the one before to halfway
 * before the next (its own ends when first or last), so that the line between the last sample
 * of one value and the first of the next splits at its middle. Null-valued segments are left to
 * the curve's colour.
 */
export function colouredSpans(
  segments: readonly LabelSegment[],
  colours: ReadonlyMap<string, string>,
): ColouredSpan[] {
  const spans: ColouredSpan[] = [];
  segments.forEach((s, i) => {
    if (s.value === null) return;
    const color = colours.get(s.value);
    if (color === undefined) return;
    const before = segments[i - 1];
    const after = segments[i + 1];
    spans.push({
      x0: before === undefined ? s.x0 : (before.x1 + s.x0) / 2,
      x1: after === undefined ? s.x1 : (s.x1 + after.x0) / 2,
      color,
    });
  });
  return spans;
}
