// The UI benchmark's draw hook is installed only when the page carries the bench's probe.

import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { benchDrawHooks } from '../../renderer/src/charts/bench-probe.js';
import type { Trace } from '../../renderer/src/charts/curve-data.js';

describe('benchDrawHooks', () => {
  it('installs no hook on a page without the probe', () => {
    expect(
      benchDrawHooks(
        () => 'loss',
        () => [],
        {},
      ),
    ).toEqual([]);
    expect(
      benchDrawHooks(
        () => 'loss',
        () => [],
      ),
    ).toEqual([]);
    expect(
      benchDrawHooks(
        () => 'loss',
        () => [],
        { __muninBench: {} },
      ),
    ).toEqual([]);
  });

  it('tells the probe of each frame, with the panel key and its traces', () => {
    const seen: [string, readonly Trace[], uPlot][] = [];
    const traces: Trace[] = [];
    const plot = {} as uPlot;
    const hooks = benchDrawHooks(
      () => 'loss',
      () => traces,
      { __muninBench: { drawn: (...args: [string, readonly Trace[], uPlot]) => seen.push(args) } },
    );
    expect(hooks).toHaveLength(1);
    hooks[0]!(plot);
    expect(seen).toEqual([['loss', traces, plot]]);
  });
});
