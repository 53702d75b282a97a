// A cap on the frames `serve` sends, on a real socket: an answer over it arrives in parts, each
// under the cap, the same answer once put together, and the socket goes on, and a batch of deltas over the frame target arrives in
// several frames, in order, with no delta missing.

import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync } from 'node:fs';
import { Backend } from '../../electron/host/backend.js';
import { serve } from '../../electron/host/serve.js';
import { FLOW_LIMITS } from '../../electron/host/socket-outbox.js';
import type { Delta, Snapshot } from '../../shared/api/contract.js';
import { metricsLine, startLine } from '../support/lines.js';
import { logPath, tempStores, writeLog } from '../support/store-fixture.js';
import { ServeClient } from '../hostile/serve-client.js';
import { fakeRenderer, tempDirs } from './harness.js';

const newStore = tempStores();
const newDir = tempDirs();
const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

const BIG = '20261101T080000Z-00000001';
const SMALL = '20261101T080000Z-00000002';
const KEYS = Array.from({ length: 20 }, (_, k) => `k${k}`);
const TOKEN = 'frame-cap-test-token';

const lines = (from: number, to: number, keys: readonly string[]): string[] =>
  Array.from({ length: to - from }, (_, i) =>
    metricsLine(from + i, Object.fromEntries(keys.map((key) => [key, (from + i) / 7]))),
  );

describe('the frame cap of serve', () => {
  it('sends an answer over the cap in parts, and cuts a batch of deltas into frames in order', async () => {
    const root = newStore();
    writeLog(root, BIG, [startLine(), ...lines(0, 3000, ['loss', 'acc'])]);
    writeLog(root, SMALL, [startLine(), ...lines(0, 2, KEYS)]);
    const backend = await Backend.open(root, { watch: { mode: 'events' } });
    closers.push(() => backend.close());
    const flow = { ...FLOW_LIMITS, maxFrameBytes: 32 << 10, deltaFrameBytes: 2 << 10 };
    const running = await serve(backend, {
      port: 0,
      token: TOKEN,
      rendererDir: fakeRenderer(newDir()),
      flow,
    });
    closers.push(() => running.close());
    const client = await ServeClient.open(new URL(running.url), TOKEN);
    closers.push(() => client.close());

    // 3000 samples of two keys: 144 KB of columns, once refused as too large.
    const partsBefore = client.messages.length;
    const big = await client.ok<Snapshot>({ op: 'subscribe', runIds: [BIG] });
    expect(big.series.map((s) => [s.key, s.steps.length, s.values[2999]])).toEqual([
      ['loss', 3000, 2999 / 7],
      ['acc', 3000, 2999 / 7],
    ]);
    const parts = client.messages.slice(partsBefore).filter((m) => m.type === 'response-part');
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...client.frameBytes)).toBeLessThanOrEqual(flow.maxFrameBytes);

    const snapshot = await client.ok<Snapshot>({ op: 'subscribe', runIds: [SMALL] });
    const framesBefore = client.messages.length;
    // One append, read in one turn: 20 series of 60 samples, 30 KB of deltas at once.
    appendFileSync(
      logPath(root, SMALL),
      lines(2, 62, KEYS)
        .map((line) => `${line}\n`)
        .join(''),
    );
    const samplesOf = (): Delta[] =>
      client.messages
        .slice(framesBefore)
        .flatMap((message) => (message.deltas ?? []) as Delta[])
        .filter((delta) => delta.type === 'samples');
    await client.waitFor(
      () => (samplesOf().length >= KEYS.length ? true : undefined),
      'the samples of every key',
    );
    const deltaFrames = client.messages
      .map((message, index) => ({ message, bytes: client.frameBytes[index]! }))
      .slice(framesBefore)
      .filter(({ message }) => message.type === 'deltas');
    expect(deltaFrames.length).toBeGreaterThan(5);
    for (const { bytes } of deltaFrames)
      expect(bytes).toBeLessThanOrEqual(2 * flow.deltaFrameBytes);
    const seqs = deltaFrames.flatMap(({ message }) => message.deltas!.map((delta) => delta.seq));
    expect(seqs).toEqual(seqs.map((_, i) => snapshot.seq + 1 + i));
    const counts = samplesOf().map((delta) =>
      delta.type === 'samples' ? `${delta.series.key}:${delta.series.steps.length}` : '',
    );
    expect(counts.sort()).toEqual(KEYS.map((key) => `${key}:60`).sort());
    expect(client.messages.some((message) => message.type === 'resync')).toBe(false);
  });
});
