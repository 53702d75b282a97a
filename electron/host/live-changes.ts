// Applying what changed on disk to runs already read: tags and notes read again, a log's new
// lines read and pushed as samples, orphan cuts, resets and removals, statuses probed again;
// each told to the sessions as deltas, with the run's summary when it matters.

import type { RunChange, SourceRun } from '../sources/run-source.js';
import type { UnnumberedDelta } from './session-hub.js';

export interface LiveTarget {
  /** The runs read, by id. */
  readonly runs: ReadonlyMap<string, SourceRun>;
  /** Takes a run that vanished out of the runs. */
  drop(runId: string): void;
  broadcast(delta: UnnumberedDelta, runId?: string): void;
  pushSummary(runId: string, important: boolean): void;
}

export interface LiveChanges {
  /** Applies the changes of one read run's files. */
  apply(id: string, changed: ReadonlySet<RunChange>): void;
  /** Reads the samples of a run listed from its hint, and tells sessions what changed. */
  readSamples(entry: SourceRun): 'read' | 'vanished';
  /** Probes runs without an end again: a writer that exits changes no file. */
  probeOpenRuns(): void;
}

export function liveChanges(target: LiveTarget): LiveChanges {
  const { runs } = target;

  const removed = (entry: SourceRun): void => {
    target.drop(entry.id);
    target.broadcast({ type: 'run-removed', runId: entry.id });
  };

  const readSamples = (entry: SourceRun): 'read' | 'vanished' => {
    const result = entry.readSamples();
    if (result?.state === 'vanished') {
      removed(entry);
      return 'vanished';
    }
    // Its summary now counts damaged sample lines too, and its keys as read.
    target.pushSummary(entry.id, true);
    return 'read';
  };

  /** Reads what the run's log gained and pushes it; true when more than samples changed. */
  const refresh = (entry: SourceRun, appendOnly = false): boolean => {
    const statusBefore = entry.status;
    const result = entry.refresh(appendOnly);
    if (result.state === 'vanished') {
      removed(entry);
      return true;
    }
    if (result.state === 'reset') {
      target.broadcast({ type: 'run-reset', runId: entry.id });
      return true;
    }
    // Listed as unreadable, with why: news only when it was not so already.
    if (result.state === 'unreadable') return statusBefore !== 'unreadable';
    for (const change of result.changes) {
      if (change.kind === 'orphans-cut') {
        target.broadcast({ type: 'orphans-cut', runId: entry.id, step: change.step }, entry.id);
      } else {
        const series = entry.columns(change.key, change.from, change.to);
        if (series !== undefined) target.broadcast({ type: 'samples', series }, entry.id);
      }
    }
    return result.recordsChanged || entry.status !== statusBefore;
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
      if (refresh(entry, appendOnly)) important = true;
      if (!runs.has(id)) return;
    }
    target.pushSummary(id, important);
  };

  const probeOpenRuns = (): void => {
    for (const entry of [...runs.values()]) {
      if (!entry.open) continue;
      const statusBefore = entry.status;
      const important = refresh(entry);
      if (runs.has(entry.id))
        target.pushSummary(entry.id, important || entry.status !== statusBefore);
    }
  };

  return { apply, readSamples, probeOpenRuns };
}
