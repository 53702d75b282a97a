// electron/health: a run's cadence as the median of its recent gaps (seeded from records' times,
// then the log's modification times), and when a run without an end counts as stalled.

import { describe, expect, it } from 'vitest';
import { GAPS_KEPT, WriteCadence } from '../../electron/health/write-cadence.js';
import { CLOCK_SLACK_SECONDS, stallAfter, stallState } from '../../electron/health/stall.js';
import { recentWriteTimes } from '../../electron/sources/recent-write-times.js';
import { SampleColumns } from '../../shared/series/sample-columns.js';

describe('WriteCadence', () => {
  it('is the median of the gaps, unknown before two', () => {
    const cadence = new WriteCadence();
    expect(cadence.interval).toBeNull();
    cadence.wrote(100);
    cadence.wrote(105);
    expect(cadence.interval).toBeNull();
    cadence.wrote(110);
    expect(cadence.interval).toBe(5);
    // A long pause (a checkpoint) moves a median little, a mean a lot.
    cadence.wrote(400);
    cadence.wrote(405);
    expect(cadence.interval).toBe(5);
  });

  it('takes writes a millisecond apart as one, and a clock set back as no gap', () => {
    const cadence = new WriteCadence();
    for (const time of [10, 10.0004, 12, 12.0002, 14, 3, 5]) cadence.wrote(time);
    // Gaps: 2 (10 -> 12), 2 (12 -> 14), then from 3 after the jump back: 2.
    expect(cadence.interval).toBe(2);
  });

  it('keeps the latest gaps only', () => {
    const cadence = new WriteCadence();
    let time = 0;
    for (let i = 0; i <= GAPS_KEPT; i++) cadence.wrote((time += 60));
    for (let i = 0; i < GAPS_KEPT; i++) cadence.wrote((time += 1));
    expect(cadence.interval).toBe(1);
  });

  it('seeded from records read cold, goes on from the log time, not across the two clocks', () => {
    const cadence = WriteCadence.seeded([0, 5, 10, 15], 1_000_000);
    expect(cadence.interval).toBe(5);
    cadence.wrote(1_000_005);
    cadence.wrote(1_000_010);
    // No gap of a million seconds between the writer's clock and the file system's.
    expect(cadence.interval).toBe(5);
  });
});

describe('recentWriteTimes', () => {
  it('merges records’ times with the series’ last, one a millisecond, ascending, the latest kept', () => {
    const readings = new SampleColumns();
    for (let i = 0; i < 40; i++) readings.push(i, 100 + i * 5, 0.5);
    const times = recentWriteTimes([50, 100, 100.0004], [readings]);
    expect(times).toHaveLength(32);
    expect(times.at(-1)).toBe(100 + 39 * 5);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });
});

describe('stallState', () => {
  const thresholds = { stallAfter: 60, stallFactor: 10 };
  const at = (over: Partial<Parameters<typeof stallState>[0]>) =>
    stallState({
      status: 'running',
      lastWrite: 1000,
      interval: null,
      now: 1000,
      thresholds,
      ...over,
    });

  it('waits for both the floor and the multiple of the cadence', () => {
    expect(stallAfter(null, thresholds)).toBe(60);
    expect(stallAfter(5, thresholds)).toBe(60);
    expect(stallAfter(30, thresholds)).toBe(300);
    expect(at({ now: 1059 }).stalled).toBe(false);
    expect(at({ now: 1061 }).stalled).toBe(true);
    expect(at({ now: 1200, interval: 30 }).stalled).toBe(false);
    expect(at({ now: 1301, interval: 30 }).stalled).toBe(true);
  });

  it('stalls running and silent runs only', () => {
    for (const status of ['running', 'silent'] as const)
      expect(at({ status, now: 2000 }).stalled).toBe(true);
    for (const status of ['crashed', 'finished', 'failed', 'killed', 'unreadable'] as const)
      expect(at({ status, now: 2000 }).stalled).toBe(false);
  });

  it('never stalls a log whose time is ahead of the clock: the clocks disagree', () => {
    expect(at({ lastWrite: 1000 + CLOCK_SLACK_SECONDS + 1, now: 1000 })).toEqual({
      stalled: false,
      clockAhead: true,
    });
    expect(at({ lastWrite: 1000 + CLOCK_SLACK_SECONDS - 1, now: 1000 }).clockAhead).toBe(false);
  });
});
