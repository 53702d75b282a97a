// What a Backend is opened with: how often it reads, probes and tells, how runs count as
// stalled, and how far stores are reached; every field has a default.

import type { HealthThresholds } from '../../shared/api/health.js';
import type { WatchOptions } from '../follow/store-watcher.js';
import type { HostIdentities } from '../store/identities.js';
import type { RemoteChoices } from '../sources/open-source.js';

export interface BackendOptions {
  /** Logs at least this big are read in a worker thread (default 50 MiB). */
  readonly threadedReadBytes?: number;
  /** Runs left to read past which helper threads list a store's runs ahead (default 2000). */
  readonly listAheadFrom?: number;
  /** Helper threads that list ahead (default: one fewer than the cores, at most three). */
  readonly listAheadHelpers?: number;
  readonly watch?: WatchOptions;
  /** How often runs without an end are probed again, in milliseconds. */
  readonly statusIntervalMs?: number;
  /** Changes within this many milliseconds of the last read are read together (default 40). */
  readonly coalesceMs?: number;
  /** How long a change after a quiet spell waits for others before it is read (default 25). */
  readonly gatherMs?: number;
  /** At most how often a run's summary is pushed while only samples arrive (default 1000 ms). */
  readonly summaryThrottleMs?: number;
  readonly host?: HostIdentities;
  /** When a run without an end counts as stalled (default 60 s and 10 times its cadence). */
  readonly health?: HealthThresholds;
  /** How often runs without an end are looked at against the clock, in ms (default 1000). */
  readonly healthTickMs?: number;
  /** How stores on other machines (ssh:// addresses) are reached. */
  readonly remote?: RemoteChoices;
}
