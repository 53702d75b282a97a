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

  it('tells the probe of each frame, with the panel key, its traces and how it was drawn', () => {
    const seen: [string, readonly Trace[], uPlot, boolean][] = [];
    const traces: Trace[] = [];
    const plot = {} as uPlot;
    const hooks = benchDrawHooks(
      () => 'loss',
      () => traces,
      {
        __muninBench: {
          drawn: (...args: [string, readonly Trace[], uPlot, boolean]) => seen.push(args),
        },
      },
    );
    expect(hooks).toHaveLength(1);
    // uPlot's draw hook passes the chart alone: a whole draw.
    hooks[0]!(plot);
    hooks[0]!(plot, true);
    expect(seen).toEqual([
      ['loss', traces, plot, false],
      ['loss', traces, plot, true],
    ]);
  });
});
