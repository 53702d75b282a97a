// Applying what changed on disk to runs already read: tags and notes read again, a log's new
// lines read and pushed as samples, orphan cuts, resets and removals, statuses probed again;
// each told to the sessions as deltas, with the run's summary when it matters.

import type { FollowChange } from '../follow/run-follower.js';
import type { RunChange, SourceRun } from '../sources/run-source.js';
import type { UnnumberedDelta } from './session-hub.js';

export interface LiveTarget {
  /** The runs read, by id. */
  readonly runs: ReadonlyMap<string, SourceRun>;
  /** Takes a run that vanished out of the runs. */
  drop(runId: string): void;
  broadcast(delta: UnnumberedDelta, runId?: string): void;
  pushSummary(runId: string, important: boolean): void;
  /** Told after each read or probe of a run that keeps it listed, with what the read brought. */
  observed(entry: SourceRun, changes: readonly FollowChange[]): void;
}

export interface LiveChanges {
  /** Applies the changes of one read run's files. */
  apply(id: string, changed: ReadonlySet<RunChange>): void;
  /** Reads the samples of a run listed from its hint, and tells sessions what changed. */
  readSamples(entry: SourceRun): 'read' | 'vanished';
  /** Probes runs without an end again: a writer that exits changes no file. */
  probeOpenRuns(): void;
}

/** What a read of a run brought: a change that matters, samples or a newer file only, nothing. */
type Refreshed = 'important' | 'changed' | 'unchanged';

export function liveChanges(target: LiveTarget): LiveChanges {
  const { runs } = target;
  /** Why each run's log could not be read at its last read, so the same reason is told once. */
  const unreadable = new Map<string, string>();

  const removed = (entry: SourceRun): void => {
    unreadable.delete(entry.id);
    target.drop(entry.id);
    target.broadcast({ type: 'run-removed', runId: entry.id });
  };

  /** A log that cannot be read keeps its run, which says why: news once for each reason. */
  const unreadableNow = (entry: SourceRun, reason: string): Refreshed => {
    if (unreadable.get(entry.id) === reason) return 'unchanged';
    unreadable.set(entry.id, reason);
    return 'important';
  };

  const readSamples = (entry: SourceRun): 'read' | 'vanished' => {
    const result = entry.readSamples();
    if (result?.state === 'vanished') {
      removed(entry);
      return 'vanished';
    }
    if (result?.state === 'unreadable') unreadableNow(entry, result.reason);
    target.observed(entry, []);
    // Its summary now counts damaged sample lines too, and its keys as read.
    target.pushSummary(entry.id, true);
    return 'read';
  };

  /** Reads what the run's log gained and pushes it; says how much changed. */
  const refresh = (entry: SourceRun, appendOnly = false): Refreshed => {
    const statusBefore = entry.status;
    const result = entry.refresh(appendOnly);
    if (result.state === 'vanished') {
      removed(entry);
      return 'important';
    }
    if (result.state === 'unreadable') {
      const news = unreadableNow(entry, result.reason);
      target.observed(entry, []);
      return entry.status !== statusBefore ? 'important' : news;
    }
    unreadable.delete(entry.id);
    if (result.state === 'reset') {
      target.broadcast({ type: 'run-reset', runId: entry.id });
      target.observed(entry, []);
      return 'important';
    }
    for (const change of result.changes) {
      if (change.kind === 'orphans-cut') {
        target.broadcast({ type: 'orphans-cut', runId: entry.id, step: change.step }, entry.id);
      } else {
        const series = entry.columns(change.key, change.from, change.to);
        if (series !== undefined) target.broadcast({ type: 'samples', series }, entry.id);
      }
    }
    target.observed(entry, result.changes);
    if (result.recordsChanged || entry.status !== statusBefore) return 'important';
    // A summary shows the last write and the samples' counts: news only when they moved.
    return result.changes.length > 0 || result.fileChanged ? 'changed' : 'unchanged';
  };

  const apply = (id: string, changed: ReadonlySet<RunChange>): void => {
    const entry = runs.get(id);
    if (entry === undefined) return;
    let important = false;
    if (changed.has('tags')) {
      entry.refreshTags();
      important = true;
    }
    if (changed.has('notes')) {
      entry.refreshNotes();
      target.broadcast({ type: 'notes-changed', runId: id });
      important = true;
    }
    // A far run's host told its summary anew: nothing to read here, the summary is news.
    if (changed.has('summary')) {
      target.observed(entry, []);
      important = true;
    }
    if (
      changed.has('log') ||
      changed.has('writer') ||
      changed.has('directory') ||
      changed.has('stats')
    ) {
      // The hint or the log it held for changed: the listing may no longer hold, so the run is
      // read whole, and followed as any other.
      if (!entry.samplesRead && readSamples(entry) === 'vanished') return;
      const appendOnly = changed.size === 1 && changed.has('log');
      if (refresh(entry, appendOnly) === 'important') important = true;
      if (!runs.has(id)) return;
    }
    target.pushSummary(id, important);
  };

  const probeOpenRuns = (): void => {
    for (const entry of [...runs.values()]) {
      if (!entry.open) continue;
      // A probe that finds the run as it was (status, log's size and time) tells no one.
      const refreshed = refresh(entry);
      if (refreshed !== 'unchanged' && runs.has(entry.id))
        target.pushSummary(entry.id, refreshed === 'important');
    }
  };

  return { apply, readSamples, probeOpenRuns };
}
