// The UI benchmark's test-only draw hook: present only when the bench set window.__muninBench
// before the page loaded, so that an ordinary page installs no hook and pays nothing.

import type uPlot from 'uplot';
import type { Trace } from './curve-data.js';

/** What the benchmark puts on the window before load: told of every frame a panel draws. */
export interface BenchProbe {
  /** `appended`: only the segments of newly appended points were drawn, over the frame before. */
  drawn(key: string, traces: readonly Trace[], plot: uPlot, appended: boolean): void;
}

/** The draw hooks a panel adds for the benchmark: none unless scope holds a probe. */
export function benchDrawHooks(
  key: () => string,
  traces: () => readonly Trace[],
  scope: object = globalThis,
): ((plot: uPlot, appended?: boolean) => void)[] {
  const probe = (scope as { __muninBench?: BenchProbe }).__muninBench;
  if (probe === undefined || typeof probe.drawn !== 'function') return [];
  return [(plot: uPlot, appended = false) => probe.drawn(key(), traces(), plot, appended)];
}
