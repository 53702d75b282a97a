// A FIFO in place of a run's log, with no writer at its other end: `export` and `serve` go on
// without it instead of waiting in open() forever, and say why it was left out.

import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WsClient } from '../support/live-ws.js';
import { writerFileText } from '../support/live-store.js';
import { recordsText, writeLongLog } from './big-logs.js';
import { hostileDirs, runCli, startServe } from './harness.js';

const newDir = hostileDirs();

const GOOD = '20261101T100000Z-0000aaaa';
const FIFO = '20261101T110000Z-0000bbbb';

let store: string;
beforeAll(() => {
  store = newDir();
  writeLongLog(store, GOOD, recordsText(5), 0);
  const dir = join(store, 'runs', FIFO);
  mkdirSync(dir, { recursive: true });
  expect(spawnSync('mkfifo', ['-m', '0644', join(dir, 'events.jsonl')]).status).toBe(0);
  // A writer of this boot: a reader probes the run's lock, which opens the FIFO too.
  writeFileSync(join(dir, 'writer'), writerFileText());
});

describe('a FIFO as a run log', () => {
  it('export returns, with the other runs and the FIFO run as unreadable, saying why', async () => {
    const outcome = await runCli(['export', store], { timeoutMs: 30_000 });
    expect(outcome.timedOut).toBe(false);
    expect(outcome.status).toBe(0);
    const exported = JSON.parse(outcome.stdout) as { runs: { id: string; status: string }[] };
    expect(exported.runs.map((run) => run.id)).toEqual([GOOD, FIFO]);
    expect(exported.runs[1]).toEqual({
      id: FIFO,
      status: 'unreadable',
      error: 'events.jsonl is a FIFO (named pipe), not a file',
    });
    expect(outcome.stderr).toContain('is a FIFO (named pipe), not a file');
  });

  it('serve lists the other runs, and the FIFO run as unreadable, and answers', async () => {
    const server = await startServe(store, { timeoutMs: 30_000 });
    try {
      const client = await WsClient.connect(Number(server.url.port), server.token);
      const runs = await client.ok({ op: 'listRuns' });
      expect(runs.map((run) => run.id)).toContain(GOOD);
      expect(runs.find((run) => run.id === FIFO)).toMatchObject({
        status: 'unreadable',
        error: 'events.jsonl is a FIFO (named pipe), not a file',
      });
      await client.close();
    } finally {
      const outcome = await server.stop();
      expect(outcome.timedOut).toBe(false);
    }
  });
});
