// Runs' health from what following them already tells: each append's log time (the cadence),
// each read's new samples (a key's first NaN or infinity), each probe's status (an end, a crash),
// and the clock (a stall). The first sight of a run is its baseline; what changes after it is an
// event, numbered, kept (the newest few) and told. No reads of its own: a tick looks at the runs
// without an end, and at numbers they hold.

import type { RunStatusName, RunSummary } from '../../shared/api/contract.js';
import type { HealthEvent, HealthThresholds, RunHealth } from '../../shared/api/health.js';
import { DEFAULT_HEALTH_THRESHOLDS, HEALTH_EVENTS_KEPT } from '../../shared/api/health.js';
import type { FollowChange } from '../follow/run-follower.js';
import type { SourceRun } from '../sources/run-source.js';
import { firstNonFinite, nonFiniteSamples } from './non-finite.js';
import { stallState } from './stall.js';
import { WriteCadence } from './write-cadence.js';

export interface HealthTarget {
  /** Told each event as it happens. */
  emit(event: HealthEvent): void;
  /** A run's health changed without a change of its files (a stall): its summary is news. */
  changed(runId: string): void;
  /** The host's clock, seconds since the epoch. */
  now(): number;
}

/** What is followed of a run without an end. */
interface OpenRunState {
  readonly run: SourceRun;
  status: RunStatusName;
  lastWrite: number;
  readonly cadence: WriteCadence;
  stalled: boolean;
  clockAhead: boolean;
  /** Metric keys whose first non-finite sample was seen (at the baseline, or told since). */
  readonly nonFinite: Set<string>;
}

const ENDED: ReadonlySet<RunStatusName> = new Set(['finished', 'failed', 'killed']);

export class HealthMonitor {
  private readonly open = new Map<string, OpenRunState>();
  /** Runs seen, so that a run's first sight is its baseline, whatever it is. */
  private readonly seen = new Set<string>();
  private readonly kept: HealthEvent[] = [];
  private lastId = 0;

  constructor(
    private readonly target: HealthTarget,
    private thresholdsValue: HealthThresholds = DEFAULT_HEALTH_THRESHOLDS,
  ) {}

  get thresholds(): HealthThresholds {
    return this.thresholdsValue;
  }

  /** New thresholds apply from the next tick; runs they stall or free are told as ever. */
  set thresholds(next: HealthThresholds) {
    this.thresholdsValue = next;
  }

  /** The events kept, oldest first. */
  events(): readonly HealthEvent[] {
    return this.kept;
  }

  /**
   * A run was read or probed: `changes` are what the read brought. A run seen for the first time
   * is taken as it is, without events.
   */
  observe(run: SourceRun, changes: readonly FollowChange[] = []): void {
    // A far run's health is its own host's to judge, on that host's clock and samples.
    if (run.judgedHealth !== undefined) return;
    if (!this.seen.has(run.id)) {
      this.seen.add(run.id);
      this.baseline(run);
      return;
    }
    const state = this.open.get(run.id);
    if (state === undefined) return;
    const now = this.target.now();
    if (run.lastWrite !== state.lastWrite) {
      if (run.lastWrite > state.lastWrite) state.cadence.wrote(run.lastWrite);
      state.lastWrite = run.lastWrite;
      // A stalled run that wrote is writing again before anything it wrote is told.
      this.judge(state, now);
    }
    for (const change of changes) {
      if (change.kind !== 'samples' || state.nonFinite.has(change.key)) continue;
      if (run.series(change.key)?.kind !== 'metric') continue;
      const sample = firstNonFinite(run, change.key);
      if (sample === null) continue;
      state.nonFinite.add(change.key);
      this.event(run, 'nonfinite', now, {
        step: sample.step,
        key: sample.key,
        value: sample.value,
      });
    }
    this.statusChanged(state, now);
    if (this.open.has(run.id)) this.judge(state, now);
  }

  /** A run no longer listed: nothing more is told of it. */
  forget(runId: string): void {
    this.open.delete(runId);
    this.seen.delete(runId);
  }

  /** Looks at every run without an end against the clock: a stall needs no change to happen. */
  tick(): void {
    const now = this.target.now();
    for (const state of this.open.values()) this.judge(state, now);
  }

  /** The run's health for its summary; null for a run whose log cannot be read. */
  healthOf(run: SourceRun, summary: RunSummary): RunHealth | null {
    if (run.judgedHealth !== undefined) return run.judgedHealth;
    if (summary.status === 'unreadable') return null;
    const state = this.open.get(run.id);
    return {
      interval: state?.cadence.interval ?? null,
      stalled: state?.stalled ?? false,
      clockAhead: state?.clockAhead ?? false,
      nonFinite: nonFiniteSamples(run, summary.keys),
    };
  }

  /** An event another host saw (a far run's): kept and told as this host's own, numbered here. */
  relay(event: HealthEvent): void {
    this.keep({ ...event, id: ++this.lastId });
  }

  private baseline(run: SourceRun): void {
    if (!run.open || run.status === 'unreadable') return;
    const state: OpenRunState = {
      run,
      status: run.status,
      lastWrite: run.lastWrite,
      cadence: WriteCadence.seeded(run.recentWriteTimes(), run.lastWrite),
      stalled: false,
      clockAhead: false,
      nonFinite: new Set(),
    };
    for (const { key, kind } of run.summary().keys)
      if (kind === 'metric' && firstNonFinite(run, key) !== null) state.nonFinite.add(key);
    // A run already stalled when first seen is stalled from the start, not an event.
    const { stalled, clockAhead } = this.stallOf(state, this.target.now());
    state.stalled = stalled;
    state.clockAhead = clockAhead;
    this.open.set(run.id, state);
  }

  /** An end or a crash since the last look is an event; a crashed run written again, too. */
  private statusChanged(state: OpenRunState, now: number): void {
    const { run } = state;
    const status = run.status;
    if (status === state.status) return;
    const was = state.status;
    state.status = status;
    if (ENDED.has(status)) {
      this.open.delete(run.id);
      const error = status === 'failed' ? (run.summary().error ?? null) : null;
      this.event(run, status as 'finished' | 'failed' | 'killed', now, { error });
    } else if (status === 'crashed') {
      this.event(run, 'crashed', now);
    } else if (status === 'unreadable') {
      // A log that cannot be read has no health: it says why in its status.
      this.open.delete(run.id);
      this.seen.delete(run.id);
    } else if (was === 'crashed') {
      // A new writer resumed it.
      state.stalled = false;
      this.event(run, 'writing', now);
    }
  }

  private stallOf(state: OpenRunState, now: number) {
    return stallState({
      status: state.status,
      lastWrite: state.lastWrite,
      interval: state.cadence.interval,
      now,
      thresholds: this.thresholdsValue,
    });
  }

  /** Sets the run's stall against the clock, telling a stall and a return to writing. */
  private judge(state: OpenRunState, now: number): void {
    const { stalled, clockAhead } = this.stallOf(state, now);
    const changed = stalled !== state.stalled || clockAhead !== state.clockAhead;
    const wasStalled = state.stalled;
    state.stalled = stalled;
    state.clockAhead = clockAhead;
    if (stalled && !wasStalled)
      this.event(state.run, 'stalled', now, {
        lastWrite: state.lastWrite,
        interval: state.cadence.interval,
      });
    else if (!stalled && wasStalled && state.status !== 'crashed')
      this.event(state.run, 'writing', now);
    if (changed) this.target.changed(state.run.id);
  }

  private event(
    run: SourceRun,
    kind: HealthEvent['kind'],
    now: number,
    detail: Partial<
      Pick<HealthEvent, 'step' | 'key' | 'value' | 'error' | 'lastWrite' | 'interval'>
    > = {},
  ): void {
    const event: HealthEvent = {
      id: ++this.lastId,
      time: now,
      runId: run.id,
      kind,
      step: detail.step !== undefined ? detail.step : run.summary().lastStep,
      key: detail.key ?? null,
      value: detail.value ?? null,
      error: detail.error ?? null,
      lastWrite: detail.lastWrite ?? null,
      interval: detail.interval ?? null,
    };
    this.keep(event);
  }

  private keep(event: HealthEvent): void {
    this.kept.push(event);
    if (this.kept.length > HEALTH_EVENTS_KEPT)
      this.kept.splice(0, this.kept.length - HEALTH_EVENTS_KEPT);
    this.target.emit(event);
  }
}
