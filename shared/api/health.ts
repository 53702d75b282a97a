// A run's health as the Api carries it: how often it writes, whether it stalled, whether its
// log's time is ahead of the host's clock, its keys' first non-finite samples; the events the
// host saw (a stall, writing again, a first NaN, an end, a crash), and the thresholds in force.

/** What happened to a run, as the host saw it happen. */
export type HealthEventKind =
  'stalled' | 'writing' | 'nonfinite' | 'finished' | 'failed' | 'killed' | 'crashed';

export const HEALTH_EVENT_KINDS: readonly HealthEventKind[] = [
  'stalled',
  'writing',
  'nonfinite',
  'finished',
  'failed',
  'killed',
  'crashed',
];

/** The first sample of a metric key that is NaN or an infinity. */
export interface NonFiniteSample {
  readonly key: string;
  readonly step: number;
  /** Seconds since the epoch, as the record says. */
  readonly time: number;
  /** NaN, Infinity or -Infinity. */
  readonly value: number;
}

export interface RunHealth {
  /** How many seconds the run typically waits between writes; null until that is known. */
  readonly interval: number | null;
  /** True while a run without an end (running or silent) has not written for too long. */
  readonly stalled: boolean;
  /**
   * True when the log's modification time is ahead of this host's clock: the clocks disagree,
   * and how long ago the run wrote cannot be told (it never reads as stalled).
   */
  readonly clockAhead: boolean;
  /** Each metric key's first non-finite sample, by step (then key); empty when none. */
  readonly nonFinite: readonly NonFiniteSample[];
}

/** One thing that happened to a run, numbered in the order the host saw them. */
export interface HealthEvent {
  /** 1, 2, 3, ... since the host opened the runs. */
  readonly id: number;
  /** When the host saw it: seconds since the epoch, by the host's clock. */
  readonly time: number;
  readonly runId: string;
  readonly kind: HealthEventKind;
  /** The non-finite sample's step; else the run's last metric step, when it has one. */
  readonly step: number | null;
  /** nonfinite: the key and its value (NaN, Infinity or -Infinity). */
  readonly key: string | null;
  readonly value: number | null;
  /** failed: the end's error. */
  readonly error: string | null;
  /** stalled: when the run last wrote (its log's modification time) and its usual interval. */
  readonly lastWrite: number | null;
  readonly interval: number | null;
}

/** When a run without an end counts as stalled. */
export interface HealthThresholds {
  /** Never stalled before this many seconds without a write. */
  readonly stallAfter: number;
  /** Nor before this many times its usual interval between writes. */
  readonly stallFactor: number;
}

export const DEFAULT_HEALTH_THRESHOLDS: HealthThresholds = { stallAfter: 60, stallFactor: 10 };

/** The events the host keeps for a client that opens later: the newest this many. */
export const HEALTH_EVENTS_KEPT = 1000;
