// Whether a run without an end stalled: running or silent, and its log unchanged for longer than
// both the floor and a multiple of its usual interval; never when its log's time is ahead of the
// host's clock, where how long ago it wrote cannot be told.

import type { RunStatusName } from '../../shared/api/contract.js';
import type { HealthThresholds } from '../../shared/api/health.js';

/**
 * How far ahead of the host's clock a log's time may be and still count as now: a file system's
 * timestamps are coarser than the clock, and a network one's clock is its own.
 */
export const CLOCK_SLACK_SECONDS = 5;

export interface StallInput {
  readonly status: RunStatusName;
  /** The log's modification time, seconds since the epoch. */
  readonly lastWrite: number;
  /** The run's usual seconds between writes; null when not known yet. */
  readonly interval: number | null;
  /** The host's clock, seconds since the epoch. */
  readonly now: number;
  readonly thresholds: HealthThresholds;
}

export interface StallState {
  readonly stalled: boolean;
  readonly clockAhead: boolean;
}

/** The seconds without a write after which the run stalls: the floor, or its cadence's multiple. */
export function stallAfter(interval: number | null, thresholds: HealthThresholds): number {
  return Math.max(thresholds.stallAfter, thresholds.stallFactor * (interval ?? 0));
}

export function stallState(input: StallInput): StallState {
  const { status, lastWrite, now } = input;
  const clockAhead = lastWrite > now + CLOCK_SLACK_SECONDS;
  // A crashed run's writer is gone, an ended one is done: neither is waited on.
  const waitedOn = status === 'running' || status === 'silent';
  const stalled =
    waitedOn &&
    !clockAhead &&
    lastWrite > 0 &&
    now - lastWrite > stallAfter(input.interval, input.thresholds);
  return { stalled, clockAhead };
}
