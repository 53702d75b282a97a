// The UI bench's trace summary: self time per event on the traced page's main thread.

import { describe, expect, it } from 'vitest';
import { mainThreadSelfTimes } from './ui/profile.js';

const thread = (pid: number, tid: number) => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid,
  tid,
  args: { name: 'CrRendererMain' },
});
const slice = (pid: number, name: string, ts: number, dur: number) => ({
  name,
  ph: 'X',
  ts,
  dur,
  pid,
  tid: pid,
});

describe('mainThreadSelfTimes', () => {
  it("sums the busiest renderer's slices, a nested slice's time taken from its parent", () => {
    const events = [
      // An idle page's renderer, named first: not the page traced.
      thread(1, 1),
      slice(1, 'RunTask', 0, 500),
      thread(2, 2),
      slice(2, 'RunTask', 0, 10_000),
      slice(2, 'Layout', 1_000, 4_000),
      slice(2, 'Paint', 6_000, 2_000),
      slice(2, 'RunTask', 20_000, 1_000),
    ];
    const times = new Map(mainThreadSelfTimes(events).map(({ where, ms }) => [where, ms]));
    expect(times.get('RunTask')).toBe(5);
    expect(times.get('Layout')).toBe(4);
    expect(times.get('Paint')).toBe(2);
  });

  it('is empty for a trace without a renderer', () => {
    expect(mainThreadSelfTimes([slice(3, 'RunTask', 0, 100)])).toEqual([]);
  });
});
