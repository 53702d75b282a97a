// What an op handler is given: the Backend's runs and sessions as the ops need them, and the
// handler table's type, one handler per Api operation.

import type {
  ApiOp,
  ApiResults,
  RequestOf,
  RunSummary,
  Snapshot,
  StoreInfo,
  VersionCheckInfo,
} from '../../../shared/api/contract.js';
import type { HealthEvent } from '../../../shared/api/health.js';
import type { RunsSource, SourceRun } from '../../sources/run-source.js';
import type { LoggedFileBytes } from '../../store/logged-file-bytes.js';
import type { HubSession } from '../session-hub.js';

export interface OpContext {
  /** The runs read so far and the store's artifacts, as the source gives them. */
  readonly source: Pick<RunsSource, 'runs' | 'listArtifacts' | 'readArtifacts' | 'readArtifact'>;
  /** Verifies an artifact's blobs off the event loop, telling sessions how far it got. */
  verifyArtifact(name: string, version?: number): Promise<readonly VersionCheckInfo[]>;
  /** Stops a verification of the artifact under way; true when there was one. */
  cancelVerify(name: string): boolean;
  /** The run, or a no-such-run failure. */
  entry(runId: string): SourceRun;
  /** The run with its samples read (a run listed from its stats hint has none until asked). */
  withSamples(runId: string): SourceRun;
  /** A file the run logged, opened to be read in parts (closed by the caller); rejects why not. */
  loggedFile(runId: string, path: string): Promise<LoggedFileBytes>;
  storeInfo(): StoreInfo;
  listRuns(): RunSummary[];
  /** The run's summary (made now, or the one given) as sessions are told it: its health with it. */
  summarize(run: SourceRun, summary?: RunSummary): RunSummary;
  /** The health events seen since the runs were opened, the newest kept, oldest first. */
  healthEvents(): readonly HealthEvent[];
  /** The session follows these runs from now on; the snapshot its deltas follow. */
  subscribe(session: HubSession, runIds: readonly string[], withRuns: boolean): Snapshot;
  /** Tags or notes of the run were just written here: sessions hear of it at once. */
  written(entry: SourceRun, what: 'tags' | 'notes'): void;
}

export type OpHandler<Op extends ApiOp> = (
  context: OpContext,
  request: RequestOf<Op>,
  session: HubSession,
) => ApiResults[Op] | Promise<ApiResults[Op]>;

export type OpHandlers<Ops extends ApiOp = ApiOp> = { readonly [Op in Ops]: OpHandler<Op> };
