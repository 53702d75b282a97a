// GET /api/export of `serve` grows with a live run and equals writeStoreExport once it ends.

import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import type { RunningServer } from '../../electron/host/serve.js';
import { serve } from '../../electron/host/serve.js';
import { writeStoreExport } from '../../electron/store/export.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { blake2b256Hex } from '../../shared/format/digest.js';
import { encodeStatsHint } from '../../shared/format/stats-hint.js';
import { endLine, metricsLine, readingLine, startLine } from '../support/live-lines.js';
import { liveDirs, liveWriters, waitUntil } from '../support/live-scratch.js';
import {
  logPathOf,
  runDirOf,
  samplesText,
  startLiveRun,
  writeEndedRun,
  writerFileText,
} from '../support/live-store.js';

const newDir = liveDirs();
const startWriter = liveWriters();
const TOKEN = 'live-export-token';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A store of ended runs (one with its stats.json hint), a crashed run, an unreadable one, and an artifact. */
function fixtureStore(): string {
  const root = newDir();
  writeEndedRun(root, '20261101T080000Z-00000001', { steps: 50, tags: ['a', 'b'], notes: 'n' });
  const hinted = '20261101T080000Z-00000002';
  writeEndedRun(root, hinted, { steps: 20 });
  const { log, logSize } = readRun(root, hinted);
  writeFileSync(
    join(runDirOf(root, hinted), 'stats.json'),
    encodeStatsHint(logSize, log.foldStatistics()),
  );
  const crashed = '20261101T080000Z-00000003';
  mkdirSync(runDirOf(root, crashed), { recursive: true });
  writeFileSync(join(runDirOf(root, crashed), 'writer'), writerFileText());
  writeFileSync(
    logPathOf(root, crashed),
    startLine('crashed') + samplesText(0, 7) + '{"type":"metr',
  );
  const foreign = '20261101T080000Z-00000004';
  mkdirSync(runDirOf(root, foreign), { recursive: true });
  writeFileSync(logPathOf(root, foreign), '{"type":"start","time":1.5,"format":2}\n');
  const blob = Buffer.from('weights');
  const hex = blake2b256Hex(blob);
  mkdirSync(join(root, 'blobs', 'blake2b-256'), { recursive: true });
  writeFileSync(join(root, 'blobs', 'blake2b-256', hex), blob);
  mkdirSync(join(root, 'artifacts', 'model', 'aliases'), { recursive: true });
  writeFileSync(
    join(root, 'artifacts', 'model', '1.json'),
    `{"format":1,"time":1800000000.5,"run":"20261101T080000Z-00000001","step":40,"digest":"blake2b-256:${hex}","size":7,"metadata":{"framework":"kaun"}}`,
  );
  writeFileSync(
    join(root, 'artifacts', 'model', '2.json'),
    '{"format":1,"time":1800000001.5,"deleted":true}',
  );
  writeFileSync(join(root, 'artifacts', 'model', 'aliases', 'best'), '1\n');
  return root;
}

function storeExport(root: string): string {
  let text = '';
  writeStoreExport(root, (piece) => (text += piece));
  return text;
}

async function getExport(server: RunningServer, auth: 'header' | 'query' | 'none' = 'header') {
  const query = auth === 'query' ? `?token=${TOKEN}` : '';
  const headers: Record<string, string> =
    auth === 'header' ? { Authorization: `Bearer ${TOKEN}` } : {};
  return fetch(`http://127.0.0.1:${server.port}/api/export${query}`, { headers });
}

async function exportText(server: RunningServer): Promise<string> {
  const response = await getExport(server);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return response.text();
}

/** The number of samples of key in the run `id` of an export's text. */
function sampleCount(text: string, id: string, key: string): number {
  const parsed = JSON.parse(text) as {
    runs: { id: string; series?: Record<string, { samples: unknown[] }> }[];
  };
  return parsed.runs.find((run) => run.id === id)?.series?.[key]?.samples.length ?? -1;
}

describe('GET /api/export on a live store', () => {
  it('grows as the live run writes, and equals writeStoreExport once it has ended', async () => {
    const root = newDir();
    cpSync(fixtureStore(), root, { recursive: true });
    const backend = await Backend.open(root, { watch: { mode: 'events' } });
    closers.push(() => backend.close());
    const server = await serve(backend, { port: 0, token: TOKEN, rendererDir: newDir() });
    closers.push(() => server.close());

    expect((await getExport(server, 'none')).status).toBe(401);
    expect((await getExport(server, 'query')).status).toBe(200);
    expect(await exportText(server)).toBe(storeExport(root));

    const live = '20261101T090000Z-0000ffff';
    const writer = startWriter();
    const handle = await startLiveRun(writer, root, live);
    const counts: number[] = [];
    for (let round = 0; round < 4; round++) {
      let text = '';
      for (let step = round * 25; step < (round + 1) * 25; step++) {
        text += metricsLine(step, { 'train/loss': 1 / (step + 1) });
        if (step % 5 === 0) text += readingLine(step, { 'sys/cpu': step / 100 });
      }
      // Lines split across writes: the export never holds half a line's sample.
      const cut = Math.floor(text.length / 2) + 3;
      await writer.append(handle, text.slice(0, cut));
      await writer.append(handle, text.slice(cut));
      const expected = (round + 1) * 25;
      const seen = await waitUntil(`the export to hold ${expected} samples`, async () => {
        const count = sampleCount(await exportText(server), live, 'train/loss');
        return count === expected && count;
      });
      counts.push(seen);
      // While the writer is live and still, the live export is what a fresh read exports.
      await waitUntil(
        'the live export to equal a fresh export',
        async () => (await exportText(server)) === storeExport(root),
      );
    }
    expect(counts).toEqual([25, 50, 75, 100]);

    await writer.append(handle, endLine('finished'));
    const { log, logSize } = readRun(root, live);
    await writer.replaceFile(
      join(runDirOf(root, live), 'stats.json'),
      encodeStatsHint(logSize, log.foldStatistics()),
    );
    await writer.exit();
    const final = storeExport(root);
    expect(final).toContain('"status":"finished"');
    await waitUntil(
      'the export to equal writeStoreExport',
      async () => (await exportText(server)) === final,
    );
    expect(JSON.parse(await exportText(server))).toEqual(JSON.parse(final));
  });
});
