// The far mirror against a scripted far host: a run fetched, grown by deltas, then a gap in the
// far numbering (deltas the far host dropped) and a fresh snapshot, another gap while that
// snapshot is still fetching; what the host is told adds up to the far series exactly.

import { describe, expect, it } from 'vitest';
import type {
  ApiOp,
  ApiResults,
  Delta,
  RequestOf,
  RunSummary,
  SeriesColumns,
} from '../../shared/api/contract.js';
import { FarIds } from '../../electron/sources/remote/far-ids.js';
import { FarMirror } from '../../electron/sources/remote/far-mirror.js';
import { RemoteArtifacts } from '../../electron/sources/remote/remote-artifacts.js';
import type { FarRunHost, RemoteRun } from '../../electron/sources/remote/remote-run.js';
import { runSummary } from '../support/run-summary.js';

/** A far host holding one run's `loss`, its deltas numbered as a session's are. */
class ScriptedFar {
  steps: number[] = [];
  seq = 0;
  followed: readonly string[] = [];
  /** When set, each request waits until the test answers it (answerNext), as of then. */
  manual = false;
  private readonly waiting: (() => void)[] = [];
  /** A snapshot sends whole at most this many samples of a key; longer ones go as counts. */
  wholeLimit = Infinity;

  /** Answers the oldest request waiting, as the far state is now; false when none waits. */
  answerNext(): boolean {
    const next = this.waiting.shift();
    next?.();
    return next !== undefined;
  }

  columns(from = 0): SeriesColumns {
    const steps = Float64Array.from(this.steps.slice(from));
    return { runId: 'r', key: 'loss', kind: 'metric', steps, times: steps, values: steps };
  }

  summary(): RunSummary {
    return runSummary('r', {
      keys: [{ key: 'loss', kind: 'metric', count: this.steps.length, goal: null }],
    });
  }

  /** Appends samples; returns the delta telling them, numbered. */
  append(...steps: number[]): Delta {
    const from = this.steps.length;
    this.steps.push(...steps);
    return { type: 'samples', seq: ++this.seq, series: this.columns(from) };
  }

  readonly request = <Op extends ApiOp>(request: RequestOf<Op>): Promise<ApiResults[Op]> =>
    new Promise((resolve, reject) => {
      const answer = (): void => {
        try {
          resolve(this.answer(request));
        } catch (error) {
          reject(error as Error);
        }
      };
      if (this.manual) this.waiting.push(answer);
      else setImmediate(answer);
    });

  private answer<Op extends ApiOp>(request: RequestOf<Op>): ApiResults[Op] {
    if (request.op === 'subscribe') {
      const { runIds, withRuns } = request as RequestOf<'subscribe'>;
      this.followed = runIds;
      const whole = this.steps.length <= this.wholeLimit;
      const series = runIds.includes('r')
        ? [
            whole
              ? this.columns()
              : {
                  ...this.columns(),
                  steps: new Float64Array(0),
                  times: new Float64Array(0),
                  values: new Float64Array(0),
                  partial: true,
                  total: this.steps.length,
                },
          ]
        : [];
      return {
        seq: this.seq,
        runs: withRuns === false ? null : [this.summary()],
        series,
      } as unknown as ApiResults[Op];
    }
    if (request.op === 'series') return [this.columns()] as unknown as ApiResults[Op];
    if (request.op === 'runDetail') return { metrics: [] } as unknown as ApiResults[Op];
    throw new Error(`the scripted far host takes no ${request.op}`);
  }
}

function mirrorOf(far: ScriptedFar) {
  const ids = new FarIds('');
  const runs = new Map<string, RemoteRun>();
  const host: FarRunHost = {
    host: 'far',
    ids,
    connected: true,
    request: far.request,
    fetchSamples: () => {},
    usesOf: () => [],
  };
  const told: string[] = [];
  const mirror = new FarMirror(ids, runs, host, new RemoteArtifacts(ids), {
    added: () => {},
    changed: (runId, what) => told.push(`${runId} ${what}`),
    artifactsChanged: () => {},
    healthEvent: () => {},
    readingStarted: () => {},
    verifyProgress: () => {},
  });
  return { mirror, runs, told };
}

/** What a subscriber holds after taking every refresh of the run. */
function follow(run: RemoteRun, held: number[]): void {
  const result = run.refresh();
  if (result.state === 'reset') {
    held.length = 0;
    held.push(...(run.columns('loss')?.steps ?? []));
    return;
  }
  if (result.state !== 'read') throw new Error(result.state);
  for (const change of result.changes) {
    if (change.kind !== 'samples') throw new Error('no cut was written');
    held.push(...run.columns(change.key, change.from, change.to)!.steps);
  }
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('the far mirror', () => {
  it('takes a gap in the far deltas as a fresh snapshot, telling only what is new', async () => {
    const far = new ScriptedFar();
    far.steps = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const { mirror, runs } = mirrorOf(far);
    await mirror.snapshot();
    const run = runs.get('r')!;
    await mirror.load([run]);
    const held = [...run.columns('loss')!.steps];
    mirror.deltas([far.append(10, 11, 12)]);
    follow(run, held);
    // Two deltas the far host dropped, then one that shows the gap.
    far.append(13);
    far.append(14);
    mirror.deltas([far.append(15, 16)]);
    await settle();
    await settle();
    follow(run, held);
    mirror.deltas([far.append(17)]);
    follow(run, held);
    expect(held).toEqual(far.steps);
  });

  it('takes a second gap, met while the first snapshot still fetches, with a snapshot of its own', async () => {
    const far = new ScriptedFar();
    far.steps = [0, 1, 2, 3];
    const { mirror, runs } = mirrorOf(far);
    await mirror.snapshot();
    const run = runs.get('r')!;
    await mirror.load([run]);
    const held = [...run.columns('loss')!.steps];
    // Snapshots carry the run as counts only from now: its key is fetched after.
    far.wholeLimit = 2;
    far.manual = true;
    mirror.deltas([far.append(4)]);
    far.append(5);
    mirror.deltas([far.append(6)]);
    await settle();
    // The first snapshot subscribes, and asks for the key.
    expect(far.answerNext()).toBe(true);
    await settle();
    // While that fetch waits, another gap.
    far.append(7);
    mirror.deltas([far.append(8)]);
    // The fetch answers; a second snapshot follows it, and fetches the key again.
    while (far.answerNext()) await settle();
    await settle();
    follow(run, held);
    far.manual = false;
    mirror.deltas([far.append(9)]);
    follow(run, held);
    expect(held).toEqual(far.steps);
  });
});
