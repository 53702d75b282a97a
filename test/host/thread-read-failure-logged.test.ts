// A log read on a thread that fails is logged, not lost: a big run's read that its thread could
// not do warns with the run's id (and the run is read on the host's thread all the same), and a
// segment its thread could not read is told with the log and the bytes. readLogInWorker is
// replaced for this file by one that fails; the segment helper runs on a real thread (npm test
// builds the worker first).

import { afterEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import type * as ThreadedRead from '../../electron/store/log/threaded-read.js';
import { Backend } from '../../electron/host/backend.js';
import type { SegmentSamples } from '../../electron/store/log/read-types.js';
import { FOLD_THREAD, startSegmentHelpers } from '../../electron/store/log/segment-pool.js';
import type { SegmentPlan } from '../../electron/store/log/segmented-read.js';
import { planSegments } from '../../electron/store/log/segmented-read.js';
import { metricsLine, startLine } from '../support/lines.js';
import { tempStores, writeLog } from '../support/store-fixture.js';
import { captureLog } from '../support/captured-log.js';

vi.mock('../../electron/store/log/threaded-read.js', async (importOriginal) => ({
  ...(await importOriginal<typeof ThreadedRead>()),
  readLogInWorker: () => Promise.reject(new Error('the reading thread stopped (1)')),
}));

// Imported after the mock is set up, from the real module, for the segment scan.
const { workerScript } = await vi.importActual<typeof ThreadedRead>(
  '../../electron/store/log/threaded-read.js',
);

/** One helper thread reading the log at path in the plan's segments, as a big read starts it. */
function helpersFor(path: string, plan: SegmentPlan, failed: (why: string) => void) {
  return startSegmentHelpers<SegmentSamples>(
    workerScript('store/log', 'segment-scan-worker'),
    { path, realRoot: join(path, '..', '..', '..') },
    1,
    plan,
    failed,
    (k) => `${path}: bytes ${plan.cuts[k]} to ${plan.cuts[k + 1]}`,
  );
}

const ID = '20261129T000000Z-000b1g00';
const newStore = tempStores();
const captured = captureLog(false);
const backends: Backend[] = [];
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
});

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('a read on a thread that fails', () => {
  it("is warned of with the run's id, and the run is read here instead", async () => {
    const root = newStore();
    writeLog(root, ID, [startLine(), metricsLine(1, { 'train/loss': 0.5 })]);
    const backend = await Backend.open(root, { threadedReadBytes: 1, watch: { mode: 'events' } });
    backends.push(backend);
    await until(() => backend.listRuns().length > 0);
    expect(backend.listRuns().map((run) => run.id)).toEqual([ID]);
    expect(captured.lines).toEqual([
      [
        'warn',
        `munin-view: warning: run ${ID}: its log could not be read on a thread of its own; ` +
          'reading it here: the reading thread stopped (1)',
      ],
    ]);
  });

  it('tells of a segment its thread could not read, with the log and the bytes', async () => {
    const missing = join(newStore(), 'runs', ID, 'events.jsonl');
    const told: string[] = [];
    const plan = planSegments([0, 100, 200]);
    const helpers = helpersFor(missing, plan, (why) => told.push(why));
    expect(await helpers.delivered(1)).toBeUndefined();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/bytes 100 to 200 could not be read on a thread \(ENOENT/);
    expect(told[0]).toContain(missing);
  });

  it('tells nothing of a segment its thread was stopped on: the fold no longer wanted it', async () => {
    const missing = join(newStore(), 'runs', ID, 'events.jsonl');
    const told: string[] = [];
    const plan = planSegments([0, 10, 20]);
    // Segment 1 is the helper's (its id is the first after the fold's) before the thread starts.
    expect(plan.claims.claim(FOLD_THREAD + 1)).toBe(1);
    const helpers = helpersFor(missing, plan, (why) => told.push(why));
    helpers.stop();
    expect(await helpers.delivered(1)).toBeUndefined();
    expect(told).toEqual([]);
  });
});
