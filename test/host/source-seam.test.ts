// The seam between the host and where runs come from, proven by a source that is no munin store:
// an in-memory source whose runs take no tags or notes. The Backend lists, details, follows,
// exports and refuses writes to its runs through the seam alone.

import { afterEach, describe, expect, it } from 'vitest';
import { Backend } from '../../electron/host/backend.js';
import type { KeyStatistics } from '../../shared/series/statistics.js';
import { StatisticsAccumulator } from '../../shared/series/statistics.js';
import type { ExportParts } from '../../electron/store/export.js';
import type {
  OfferedSeries,
  RunChange,
  RunRefresh,
  RunsSource,
  SourceEvents,
  SourceRun,
} from '../../electron/sources/run-source.js';
import type {
  ApiResponse,
  Delta,
  RunDetail,
  RunSummary,
  SeriesColumns,
  Snapshot,
} from '../../shared/api/contract.js';

/** A run held in memory: one key, samples appended by the test. */
class MemoryRun implements SourceRun {
  readonly capabilities = { tags: false, notes: false };
  readonly status = 'running' as const;
  readonly tags: readonly string[] = [];
  readonly open = true;
  readonly samplesRead = true;
  readonly lastWrite = 0;
  private steps: number[] = [];
  private told = 0;

  constructor(readonly id: string) {}

  append(...steps: number[]): void {
    this.steps.push(...steps);
  }

  readSamples(): RunRefresh | null {
    return null;
  }

  recentWriteTimes(): readonly number[] {
    return [];
  }

  refresh(): RunRefresh {
    const from = this.told;
    this.told = this.steps.length;
    return {
      state: 'read',
      changes: from === this.told ? [] : [{ kind: 'samples', key: 'loss', from, to: this.told }],
      recordsChanged: false,
      fileChanged: from !== this.told,
    };
  }

  refreshTags(): void {}
  refreshNotes(): void {}

  summary(): RunSummary {
    return {
      id: this.id,
      status: this.status,
      error: null,
      experiment: 'memory',
      name: this.id,
      parent: null,
      startTime: 0,
      endTime: null,
      lastWrite: 0,
      lastStep: this.steps.at(-1) ?? null,
      steps: null,
      params: new Map(),
      summary: new Map(),
      tags: [],
      keys: [{ key: 'loss', kind: 'metric', count: this.steps.length, goal: null }],
      damaged: 0,
      hasNotes: false,
      fileCount: 0,
      source: 'munin',
      readOnly: 'a memory run takes no tags or notes',
      dirty: null,
      health: null,
    };
  }

  uses(): [] {
    return [];
  }
  detail(): RunDetail {
    return {
      summary: this.summary(),
      provenance: null,
      notes: null,
      writer: null,
      resumes: [],
      metrics: [],
      uses: [],
      files: [],
      statistics: [],
      notesInfo: { size: 0, truncated: false, readOnly: 'a memory run takes no notes' },
      gitDiff: null,
      fileProblems: [],
      waitingOnHole: false,
      annotations: [],
      labels: [],
      orphans: [],
    };
  }

  series(): undefined {
    return undefined;
  }

  declaration(): undefined {
    return undefined;
  }

  keyStatistics(key: string): KeyStatistics | undefined {
    const fold = new StatisticsAccumulator();
    const { steps, times, values } = this.columns(key) ?? { steps: [], times: [], values: [] };
    steps.forEach((step, i) => fold.add(step, times[i]!, values[i]!));
    return fold.result('metric', null) ?? undefined;
  }

  columns(key: string, from = 0, to = this.steps.length): SeriesColumns | undefined {
    if (key !== 'loss') return undefined;
    const steps = Float64Array.from(this.steps.slice(from, to));
    return {
      runId: this.id,
      key,
      kind: 'metric',
      steps,
      times: steps.map((s) => s / 10),
      values: steps.map((s) => 1 / (1 + s)),
    };
  }

  subscribedSeries(): OfferedSeries[] {
    const loss = { runId: this.id, key: 'loss', kind: 'metric' as const };
    return [{ ...loss, length: this.steps.length, whole: () => this.columns('loss')! }];
  }

  envelope(): { refused: string } {
    return { refused: 'no envelopes of memory runs' };
  }

  sampleAt(): { refused: string } {
    return { refused: 'no points of memory runs' };
  }

  labelSegments(): [] {
    return [];
  }

  gitDiff(): null {
    return null;
  }

  gitDiffPart(): never {
    throw new Error('a memory run has no git.diff');
  }

  listFiles(): [] {
    return [];
  }

  openFile(): never {
    throw new Error('a memory run logged no files');
  }

  addTag(): void {
    throw new Error('a memory run takes no tags');
  }

  removeTag(): void {
    throw new Error('a memory run takes no tags');
  }

  writeNotes(): void {
    throw new Error('a memory run takes no notes');
  }
}

class MemorySource implements RunsSource {
  readonly root = '/memory';
  readonly paths = [{ root: '/memory', name: 'memory', kind: 'munin' as const }];
  readonly polling = false;
  readonly runs = new Map<string, MemoryRun>();
  readonly toRead = 0;
  readonly reading = new Map<string, { bytes: number; size: number }>();
  events: SourceEvents | null = null;
  closed = false;

  constructor(...ids: string[]) {
    for (const id of ids) this.runs.set(id, new MemoryRun(id));
  }

  async open(events: SourceEvents): Promise<void> {
    this.events = events;
  }

  readChanged(): void {}

  drop(runId: string): void {
    this.runs.delete(runId);
  }

  exportParts(): ExportParts {
    return {
      ids: [...this.runs.keys()],
      run: function* (id: string) {
        yield JSON.stringify({ id });
      },
      artifacts: function* () {},
    };
  }

  listArtifacts(): [] {
    return [];
  }
  readArtifacts(): [] {
    return [];
  }
  readArtifact(): undefined {
    return undefined;
  }

  verifyArtifact(name: string): Promise<never> {
    return Promise.reject(new Error(`a memory source has no artifact ${name}`));
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  /** A change the source saw: the host reads it through the run's own refresh. */
  changed(runId: string, what: RunChange = 'log'): void {
    this.events!.runChanged(runId, what);
  }
}

const opened: Backend[] = [];
afterEach(async () => {
  for (const backend of opened.splice(0)) await backend.close();
});

async function connect(source: MemorySource) {
  const backend = await Backend.openSource(source, { gatherMs: 1, coalesceMs: 1 });
  opened.push(backend);
  const deltas: Delta[] = [];
  const session = backend.connect((batch) => deltas.push(...batch));
  const call = async <T>(request: Record<string, unknown>): Promise<T> => {
    const response = (await session.request(request)) as ApiResponse;
    if (!response.ok) throw new Error(`${response.error.code}: ${response.error.message}`);
    return response.result as T;
  };
  return { backend, session, deltas, call };
}

describe('a source of runs that is no munin store', () => {
  it('lists, details and snapshots its runs through the seam', async () => {
    const source = new MemorySource('a', 'b');
    source.runs.get('a')!.append(0, 1, 2);
    const { backend, call } = await connect(source);
    expect(backend.root).toBe('/memory');
    expect(backend.listRuns().map((run) => run.id)).toEqual(['a', 'b']);
    expect((await call<RunDetail>({ op: 'runDetail', runId: 'a' })).summary.lastStep).toBe(2);
    const snapshot = await call<Snapshot>({ op: 'subscribe', runIds: ['a'] });
    expect(snapshot.series.map((s) => [...s.steps])).toEqual([[0, 1, 2]]);
    const info = await call<{ name: string; runsRead: number }>({ op: 'storeInfo' });
    expect([info.name, info.runsRead]).toEqual(['memory', 2]);
    const exported = [...backend.exportPieces()].join('');
    expect(JSON.parse(exported)).toEqual({ runs: [{ id: 'a' }, { id: 'b' }], artifacts: {} });
  });

  it('follows a run as the source tells of changes, and announces a run added later', async () => {
    const source = new MemorySource('a');
    const { deltas, call } = await connect(source);
    await call({ op: 'subscribe', runIds: ['a', 'late'] });
    source.runs.get('a')!.append(0, 1);
    source.changed('a');
    await expect
      .poll(() =>
        deltas
          .filter((d) => d.type === 'samples')
          .map((d) => d.type === 'samples' && [...d.series.steps]),
      )
      .toEqual([[0, 1]]);
    const late = new MemoryRun('late');
    late.append(5);
    source.runs.set('late', late);
    source.events!.runAdded(late);
    await expect
      .poll(() =>
        deltas
          .map((d) =>
            d.type === 'run-added'
              ? d.run.id
              : d.type === 'samples'
                ? `${d.series.runId}:${d.series.steps.length}`
                : null,
          )
          .filter((d) => d !== null),
      )
      .toEqual(['a:2', 'late', 'late:1']);
  });

  it('refuses tags and notes for a run that takes none, saying so', async () => {
    const { call } = await connect(new MemorySource('a'));
    await expect(call({ op: 'addTag', runId: 'a', tag: 'x' })).rejects.toThrow(
      'bad-request: the tags of run a cannot be written here',
    );
    await expect(call({ op: 'setNotes', runId: 'a', text: 'x' })).rejects.toThrow(
      'bad-request: the notes of run a cannot be written here',
    );
    await expect(
      call({ op: 'envelope', runId: 'a', key: 'loss', x: 'step', x0: 0, x1: 1, width: 10 }),
    ).rejects.toThrow('bad-request: no envelopes of memory runs');
  });

  it('closes the source with the Backend', async () => {
    const source = new MemorySource('a');
    const { backend } = await connect(source);
    opened.splice(opened.indexOf(backend), 1);
    await backend.close();
    expect(source.closed).toBe(true);
  });
});
