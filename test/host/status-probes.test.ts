// The periodic status probe of runs without an end tells sessions only what changed: a run as
// it was (status, log's size and time) sends nothing, however many probes pass.

import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { Backend } from '../../electron/host/backend.js';
import { ApiClient } from '../support/live-client.js';
import { metricsLine, startLine } from '../support/live-lines.js';
import { liveDirs, waitUntil } from '../support/live-scratch.js';
import { logPathOf, runDirOf, samplesText } from '../support/live-store.js';

const newDir = liveDirs();
const QUIET = '20261101T100000Z-0000aaaa';
const BUSY = '20261101T110000Z-0000bbbb';

const backends: Backend[] = [];
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
});

/** A run without an end or a writer: nothing changes it but what a test appends. */
function writeOpenRun(root: string, id: string): void {
  mkdirSync(runDirOf(root, id), { recursive: true });
  writeFileSync(logPathOf(root, id), startLine('open') + samplesText(0, 5));
}

describe('status probes', () => {
  it('send nothing of an open run that did not change, and tell of one that did', async () => {
    const root = newDir();
    writeOpenRun(root, QUIET);
    writeOpenRun(root, BUSY);
    // The watcher polls too seldom to see anything here: only the probes read the logs.
    const backend = await Backend.open(root, {
      watch: { mode: 'polling', intervalMs: 600_000 },
      statusIntervalMs: 50,
      summaryThrottleMs: 50,
    });
    backends.push(backend);
    let client: ApiClient | null = null;
    const session = backend.connect((deltas) => {
      for (const delta of deltas) client!.receive(delta);
    });
    client = new ApiClient((request) => session.request(request));
    expect((await client.ok({ op: 'listRuns' })).map((run) => run.id)).toEqual([QUIET, BUSY]);
    const changedOf = (id: string) => client.of('run-changed', (d) => d.run.id === id);
    // Each round takes at least one probe: the one that finds the step appended.
    for (let step = 5; step < 10; step++) {
      appendFileSync(logPathOf(root, BUSY), metricsLine(step, { loss: step }));
      await waitUntil(`the probe that reads step ${step}`, () =>
        changedOf(BUSY).some((d) => d.run.lastStep === step),
      );
    }
    expect(changedOf(QUIET)).toEqual([]);
    session.close();
  });
});
