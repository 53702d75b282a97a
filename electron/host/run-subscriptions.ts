// The runs as sessions reach them: by id (a run that is not there is a no-such-run failure), with
// their samples read first when they were listed from a stats hint, followed by sessions (a
// snapshot of their series now, their samples pushed once a run still being read is added).

import type { RunSummary, Snapshot } from '../../shared/api/contract.js';
import type { LoggedFileBytes } from '../store/logged-file-bytes.js';
import { openedFileBytes } from '../store/logged-file-bytes.js';
import { LoggedFileRefusal } from '../store/logged-files.js';
import type { OpenedFile } from '../store/store-files.js';
import type { RunsSource, SourceRun } from '../sources/run-source.js';
import { ApiFailure } from './ops/api-failure.js';
import type { LiveChanges } from './live-changes.js';
import type { HubSession, SessionHub, UnnumberedDelta } from './session-hub.js';
import { withinSampleBudget } from './snapshot-budget.js';
import { listRuns } from './store-listing.js';

export class RunSubscriptions {
  constructor(
    private readonly source: Pick<RunsSource, 'runs'>,
    private readonly hub: SessionHub,
    private readonly live: Pick<LiveChanges, 'readSamples'>,
    private readonly broadcast: (delta: UnnumberedDelta, runId?: string) => void,
    /** A run's summary as sessions are told it (its health with it). */
    private readonly summarize: (run: SourceRun) => RunSummary,
  ) {}

  /** The run, or a no-such-run failure. */
  entry(runId: string): SourceRun {
    const run = this.source.runs.get(runId);
    if (run === undefined) throw new ApiFailure('no-such-run', `no run ${runId} in this store`);
    return run;
  }

  /** The run, its samples read first when it was listed without them. */
  withSamples(runId: string): SourceRun {
    const run = this.entry(runId);
    if (!run.samplesRead && this.live.readSamples(run) === 'vanished')
      throw new ApiFailure('no-such-run', `run ${runId} was deleted`);
    return run;
  }

  /**
   * Opens a file the run logged, for its bytes; the caller closes the fd. Throws a
   * LoggedFileRefusal: 404 for a run that is not in the store, and as openLoggedFile refuses.
   */
  openLoggedFile(runId: string, path: string): OpenedFile {
    const run = this.source.runs.get(runId);
    if (run === undefined) throw new LoggedFileRefusal(404, 'no run of the store has this id');
    // A run listed from its stats hint has no file records yet: the log's are the ones to trust.
    if (!run.samplesRead && this.live.readSamples(run) === 'vanished')
      throw new LoggedFileRefusal(404, 'the run was deleted');
    return run.openFile(path);
  }

  /**
   * A file the run logged, opened to be read in parts; the caller closes it. A far run's is read
   * through its host (its samples are not fetched for it); else as openLoggedFile opens it.
   * Rejects with a LoggedFileRefusal.
   */
  async loggedFile(runId: string, path: string): Promise<LoggedFileBytes> {
    const run = this.source.runs.get(runId);
    if (run?.fetchFile !== undefined) return run.fetchFile(path);
    return openedFileBytes(this.openLoggedFile(runId, path));
  }

  /** The session follows these runs from now on; the snapshot its deltas follow. */
  subscribe(session: HubSession, runIds: readonly string[], withRuns: boolean): Snapshot {
    const { runs } = this.source;
    for (const id of runIds) if (runs.has(id)) this.withSamples(id);
    // Every run asked for is followed, read or not: a run still being read, or not reached yet
    // by the reading of a big store, has its series pushed once it is added (see announce).
    session.followed = new Set(runIds);
    const series = withinSampleBudget(
      runIds.flatMap((id) => runs.get(id)?.subscribedSeries() ?? []),
    );
    return { seq: session.seq, runs: withRuns ? listRuns(runs, this.summarize) : null, series };
  }

  /**
   * Tells sessions of a run just added, and pushes its series to those that follow it: a page
   * opened before the run was read holds none of its series, and no snapshot will bring them.
   */
  announce(run: SourceRun): void {
    if (this.hub.size === 0) return;
    this.broadcast({ type: 'run-added', run: this.summarize(run) });
    if (!this.hub.followed(run.id)) return;
    if (!run.samplesRead && this.live.readSamples(run) === 'vanished') return;
    for (const series of withinSampleBudget(run.subscribedSeries()))
      this.broadcast({ type: 'samples', series }, run.id);
  }
}
