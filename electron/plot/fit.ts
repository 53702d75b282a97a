// Text fitted to the terminal's width: how many columns a line takes, and cuts that say they cut
// (an ellipsis where text was left out), so no line of a plot runs past --width.

/** The width lines must keep to, and the mark of a cut: '…', or '...' where output is ASCII. */
export interface Fit {
  readonly width: number;
  readonly ellipsis: string;
}

/** A key cut shorter than this reads as a guess: what follows it gives way first. */
export const KEY_LEAST = 10;

export function fitOf(width: number, unicode: boolean): Fit {
  return { width, ellipsis: unicode ? '…' : '...' };
}

// SGR sequences (colour) take no column; the plot writes no other escape inside a line.
// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[[0-9;]*m/g;

/**
 * The columns text takes: one per code point, colour escapes aside. Braille and box drawing are
 * one column each; nothing in the plot measures East Asian wide characters as two, so neither
 * does this.
 */
export function textWidth(text: string): number {
  return codePoints(text.replace(SGR, '')).length;
}

function codePoints(text: string): string[] {
  return [...text];
}

/** The text, or its start and an ellipsis, in at most `width` columns. */
export function cutEnd(text: string, width: number, ellipsis: string): string {
  const chars = codePoints(text);
  if (chars.length <= width) return text;
  const kept = Math.max(0, width - ellipsis.length);
  return chars.slice(0, kept).join('') + ellipsis.slice(0, width - kept);
}

/**
 * The text, or its start and end around an ellipsis, in at most `width` columns: a key keeps
 * its prefix and its leaf (the end gets the odd column, the leaf being what names it).
 */
export function cutMiddle(text: string, width: number, ellipsis: string): string {
  const chars = codePoints(text);
  if (chars.length <= width) return text;
  const kept = width - ellipsis.length;
  if (kept < 2) return cutEnd(text, width, ellipsis);
  const head = Math.floor(kept / 2);
  return (
    chars.slice(0, head).join('') + ellipsis + chars.slice(chars.length - (kept - head)).join('')
  );
}

/**
 * The text, or its words up to the last that fits and then an ellipsis, in at most `width`
 * columns; a number is never cut through (a cut number would read as another number).
 */
export function cutAtSpace(text: string, width: number, ellipsis: string): string {
  if (textWidth(text) <= width) return text;
  const room = width - 1 - ellipsis.length;
  const chars = codePoints(text);
  for (let end = Math.min(room, chars.length - 1); end > 0; end--)
    if (chars[end] === ' ' && chars[end - 1] !== ' ')
      return `${chars.slice(0, end).join('')} ${ellipsis}`;
  return cutEnd(text, width, ellipsis);
}

/** The first candidate (richest first) that fits in `width` columns; null when none does. */
export function firstFitting(candidates: readonly string[], width: number): string | null {
  return candidates.find((c) => textWidth(c) <= width) ?? null;
}

/** Text padded with spaces to `width` columns (padEnd counts UTF-16 units, not columns). */
export function padColumns(text: string, width: number, side: 'start' | 'end'): string {
  const pad = ' '.repeat(Math.max(0, width - textWidth(text)));
  return side === 'start' ? pad + text : text + pad;
}

/** How a name and what follows it share a line. */
export interface NameRoom {
  /** Text before the name, never cut. */
  readonly lead: string;
  /** The name is cut no shorter than this (all of it, if shorter) while a tail allows. */
  readonly least: number;
  /** How many of the first tails say all there is: with one of those, the name stays whole. */
  readonly lossless: number;
}

/**
 * A name and what follows it (`tails`, richest first, each with its own separator) in `fit`'s
 * width after the lead: the whole name with a tail that leaves nothing out, if one fits; else
 * the richest tail that leaves the name `least` columns (the shortest of those that leave
 * nothing out first), the name cut in the middle to the room left; null when none does.
 */
export function nameAndTail(
  name: string,
  tails: readonly string[],
  fit: Fit,
  room: NameRoom,
): { name: string; tail: string } | null {
  const nameWidth = textWidth(name);
  const roomWith = (tail: string) => fit.width - textWidth(room.lead) - textWidth(tail);
  const lossless = tails.slice(0, room.lossless);
  const whole = lossless.find((tail) => roomWith(tail) >= nameWidth);
  if (whole !== undefined) return { name, tail: whole };
  // The name is cut whatever the tail: of the tails that say all, the shortest leaves it most.
  const cutFor = [...lossless.slice(-1), ...tails.slice(room.lossless)];
  for (const tail of cutFor)
    if (roomWith(tail) >= Math.min(nameWidth, room.least))
      return { name: cutMiddle(name, roomWith(tail), fit.ellipsis), tail };
  return null;
}

/** As nameAndTail, but never null: failing that, the last tail and the name in what room is left. */
export function nameAndLastTail(
  name: string,
  tails: readonly string[],
  fit: Fit,
  room: NameRoom,
): { name: string; tail: string } {
  const found = nameAndTail(name, tails, fit, room);
  if (found !== null) return found;
  const tail = tails[tails.length - 1] ?? '';
  const left = Math.max(0, fit.width - textWidth(room.lead) - textWidth(tail));
  return { name: cutMiddle(name, left, fit.ellipsis), tail };
}
