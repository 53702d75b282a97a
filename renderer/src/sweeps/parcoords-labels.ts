// Where parallel coordinates put their axes' tick labels: beside the axis rather than on its line,
// on its left (so the last axis's stay inside the canvas, and the first's sit in the margin where
// no line runs), cut to the room they have, and thinned so that no two overlap. Pure: the text is
// measured by a function given, so tests measure without a canvas.

/** A tick as axisTicks gives it: its position on the axis (0 bottom, 1 top) and its text. */
export interface Tick {
  readonly t: number;
  readonly text: string;
}

/** A label to draw: its text (cut to fit), where it is anchored, and which way it runs from x. */
export interface PlacedLabel {
  readonly text: string;
  readonly x: number;
  /** The middle of the text, vertically. */
  readonly y: number;
  /** 'right': the text ends at x (left of the axis); 'left': it starts at x. */
  readonly align: 'left' | 'right';
}

/** What placing an axis's labels needs to know of the chart. */
export interface LabelFrame {
  /** Each axis's x, left to right. */
  readonly xs: readonly number[];
  /** The canvas's width: the first axis's margin is its x, the last's its distance to this. */
  readonly width: number;
  readonly yOf: (t: number) => number;
  /** The least distance between two labels' middles: more than the text's height. */
  readonly lineHeight: number;
  /** How far a label keeps from its axis's line, in px. */
  readonly gap: number;
  readonly measure: (text: string) => number;
}

/** Kept clear of the canvas's edge and between the labels of neighbouring axes, in px. */
const EDGE = 3;

/**
 * The room beside axis i for its labels. Between two axes each side has half of the space, so
 * neighbouring axes' labels (one's on its right, the next's on its left) cannot meet.
 */
function roomBeside(i: number, side: 'left' | 'right', frame: LabelFrame): number {
  const { xs, width, gap } = frame;
  const x = xs[i]!;
  const neighbour = side === 'left' ? xs[i - 1] : xs[i + 1];
  const free =
    neighbour === undefined ? (side === 'left' ? x : width - x) : Math.abs(x - neighbour) / 2;
  return Math.max(0, free - gap - EDGE);
}

/**
 * Which side of axis i its labels go on: the left. The first axis's left is the margin, where
 * they cross no line; only when its widest label fits there no better than on the right (the
 * margin is narrow) do they go right. The last axis's right is never taken: the canvas's edge
 * would cut what does not fit in the margin.
 */
export function labelSide(i: number, widest: number, frame: LabelFrame): 'left' | 'right' {
  if (i !== 0 || frame.xs.length < 2) return 'left';
  const left = roomBeside(0, 'left', frame);
  if (widest <= left) return 'left';
  return roomBeside(0, 'right', frame) > left ? 'right' : 'left';
}

/** The text cut to fit the room, ending in an ellipsis when cut; empty when even that does not. */
export function fitText(text: string, room: number, measure: (text: string) => number): string {
  if (measure(text) <= room) return text;
  // Whole code points, so that a cut never splits a surrogate pair.
  const chars = [...text];
  for (let n = chars.length - 1; n > 0; n--) {
    const cut = `${chars.slice(0, n).join('')}…`;
    if (measure(cut) <= room) return cut;
  }
  return '';
}

/**
 * The labels of axis i's ticks. Ticks are taken in the order given, which is their priority (a
 * numeric axis's ends come first): a label whose middle is nearer than lineHeight to one kept is
 * left out, so that the ends stay and what would crowd them goes.
 */
export function placeAxisLabels(
  ticks: readonly Tick[],
  i: number,
  frame: LabelFrame,
): PlacedLabel[] {
  const widest = Math.max(0, ...ticks.map((tick) => frame.measure(tick.text)));
  const side = labelSide(i, widest, frame);
  const room = roomBeside(i, side, frame);
  const x = frame.xs[i]! + (side === 'left' ? -frame.gap : frame.gap);
  const align = side === 'left' ? 'right' : 'left';
  const placed: PlacedLabel[] = [];
  for (const tick of ticks) {
    const y = frame.yOf(tick.t);
    if (placed.some((label) => Math.abs(label.y - y) < frame.lineHeight)) continue;
    const text = fitText(tick.text, room, frame.measure);
    if (text !== '') placed.push({ text, x, y, align });
  }
  return placed;
}
