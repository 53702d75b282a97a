// The whole-line rule of "Reading a log": a line is whole once its line feed is written and it
// holds no NUL byte; a reader stops at the first line that is not whole.

export interface WholeLinesResult {
  /** Offset just past the last whole line consumed: where the next read starts. */
  readonly consumed: number;
  /** True when reading stopped at a line holding a NUL byte (a hole not yet written). */
  readonly stoppedAtNul: boolean;
}

/**
 * Calls onLine(start, end) for each whole line of bytes[start, end), in order, `end` excluding
 * the line feed. Stops before the first line without a line feed or with a NUL byte.
 */
export function forEachWholeLine(
  bytes: Uint8Array,
  start: number,
  end: number,
  onLine: (lineStart: number, lineEnd: number) => void,
): WholeLinesResult {
  let firstNul = bytes.indexOf(0, start);
  if (firstNul < 0 || firstNul >= end) firstNul = end;
  let pos = start;
  for (;;) {
    let lf = bytes.indexOf(0x0a, pos);
    if (lf >= end) lf = -1;
    if (lf < 0) return { consumed: pos, stoppedAtNul: firstNul < end };
    if (firstNul < lf) return { consumed: pos, stoppedAtNul: true };
    onLine(pos, lf);
    pos = lf + 1;
  }
}
