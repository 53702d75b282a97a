// An Api client for live tests: checks deltas' seq and keeps what a subscriber holds.

import type {
  ApiRequest,
  ApiResponse,
  ApiResults,
  Delta,
  Snapshot,
} from '../../shared/api/contract.js';
import { HeldRun } from './live-model.js';

export class ApiClient {
  readonly deltas: Delta[] = [];
  /** Every delta whose seq did not follow the one before. */
  readonly seqProblems: string[] = [];
  /** What this client holds of the runs it follows, by run id. */
  readonly held = new Map<string, HeldRun>();
  private lastSeq = 0;
  private snapshotSeq: number | null = null;

  constructor(private readonly send: (request: unknown) => Promise<ApiResponse>) {}

  /** Takes one pushed delta; hand this to Backend.connect or to the WebSocket's handler. */
  readonly receive = (delta: Delta): void => {
    if (delta.seq !== this.lastSeq + 1)
      this.seqProblems.push(`delta ${delta.type} has seq ${delta.seq} after ${this.lastSeq}`);
    this.lastSeq = delta.seq;
    this.deltas.push(delta);
    if (this.snapshotSeq !== null && delta.seq > this.snapshotSeq) this.apply(delta);
  };

  private apply(delta: Delta): void {
    if (delta.type === 'samples') {
      const { runId, key, kind, steps, times, values } = delta.series;
      this.heldOf(runId).append(key, kind, steps, times, values);
    } else if (delta.type === 'orphans-cut') {
      this.heldOf(delta.runId).cut(delta.step);
    } else if (delta.type === 'run-reset') {
      this.heldOf(delta.runId).clear();
    }
  }

  private heldOf(runId: string): HeldRun {
    let held = this.held.get(runId);
    if (held === undefined) this.held.set(runId, (held = new HeldRun()));
    return held;
  }

  request(request: unknown): Promise<ApiResponse> {
    return this.send(request);
  }

  /** Sends a valid request and returns its result; throws the error it got instead. */
  async ok<Op extends ApiRequest['op']>(
    request: Extract<ApiRequest, { op: Op }>,
  ): Promise<ApiResults[Op]> {
    const response = await this.send(request);
    if (!response.ok)
      throw new Error(`${request.op}: ${response.error.code} ${response.error.message}`);
    return response.result as ApiResults[Op];
  }

  /** Subscribes, takes the snapshot's series, then the deltas that came after it. */
  async subscribe(runIds: readonly string[]): Promise<Snapshot> {
    const snapshot = await this.ok({ op: 'subscribe', runIds });
    this.held.clear();
    for (const id of runIds) this.heldOf(id);
    for (const series of snapshot.series)
      this.heldOf(series.runId).append(
        series.key,
        series.kind,
        series.steps,
        series.times,
        series.values,
      );
    this.snapshotSeq = snapshot.seq;
    for (const delta of this.deltas) if (delta.seq > snapshot.seq) this.apply(delta);
    return snapshot;
  }

  /** The deltas of a type received so far, optionally only those matching. */
  of<T extends Delta['type']>(
    type: T,
    match: (delta: Extract<Delta, { type: T }>) => boolean = () => true,
  ): Extract<Delta, { type: T }>[] {
    return this.deltas.filter(
      (delta): delta is Extract<Delta, { type: T }> =>
        delta.type === type && match(delta as Extract<Delta, { type: T }>),
    );
  }
}
