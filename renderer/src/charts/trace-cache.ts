// A curve's trace built once per change of what it is drawn from: a board renders on every
// frame some run of it grew, and a panel whose series did not grow keeps its very trace objects,
// so it neither aligns nor redraws again.

import type { Trace } from './curve-data.js';

/** Every input a trace is built from but its series, as one comparable text. */
export type TraceLook = string;

interface Held {
  readonly version: string;
  readonly look: TraceLook;
  readonly trace: Trace;
}

export class TraceCache {
  // Keyed by the series object: a run's series are replaced, never reused, when it is read anew.
  private readonly held = new WeakMap<object, Map<TraceLook, Held>>();

  /**
   * The trace of series drawn so, built anew only when its version (and that of what it pairs
   * with) or its look changed since it was last asked for.
   */
  get(series: object, version: string, look: TraceLook, build: () => Trace | null): Trace | null {
    let looks = this.held.get(series);
    if (looks === undefined) this.held.set(series, (looks = new Map()));
    const held = looks.get(look);
    if (held !== undefined && held.version === version) return held.trace;
    const trace = build();
    if (trace === null) {
      looks.delete(look);
      return null;
    }
    // One look per mode and style is few; a look no longer asked for is dropped with its series.
    if (looks.size > 8) looks.clear();
    looks.set(look, { version, look, trace });
    return trace;
  }
}

/** The same array as before while every item is the same object: memo-friendly traces. */
export function sameItems<T>(previous: readonly T[] | null, next: readonly T[]): readonly T[] {
  if (previous === null || previous.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) if (previous[i] !== next[i]) return next;
  return previous;
}
