// `munin-view serve` sends /api/export at its reader's pace: a client that stops reading makes
// the server hold a little of the export, not all of it, and what a client gets is the very
// bytes `munin-view export` prints.

import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { StoreInfo } from '../../shared/api/contract.js';
import { encodeFloat } from '../../shared/format/values.js';
import { Prng } from '../support/prng.js';
import { hostileDirs, MiB, startCli, startServe } from './harness.js';
import { mib, residentMemory } from './proc-memory.js';
import { ServeClient } from './serve-client.js';

const newDir = hostileDirs();
const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

const RUNS = 6;
const LINES = 25_000;
const KEYS = 20;
/**
 * Holding the export whole takes more than its size; sent at the client's pace it takes some
 * pieces, and the young generation's growth (up to 48 MiB) under the strings made.
 */
const GROWTH_BOUND = 64 * MiB;
/** How long the slow client reads nothing after its first chunk. */
const PAUSE_MS = 4000;

/** A store of RUNS runs of LINES lines of KEYS metrics: 3M samples, 130 MB exported. */
function bigStore(): string {
  const root = join(newDir(), 'store');
  const prng = new Prng(16);
  // Values of 17 digits, as a training loss logs them: the export is large beside the store's
  // memory, which holds them as 8-byte floats.
  const value = (): string => encodeFloat(prng.next() + prng.u32() * 2 ** -53);
  for (let run = 0; run < RUNS; run++) {
    const dir = join(root, 'runs', `20261101T08000${run}Z-0000000${run}`);
    mkdirSync(dir, { recursive: true });
    const lines = [
      '{"type":"start","time":1.5,"format":1,"experiment":"e","params":{},"provenance":{}}',
    ];
    for (let step = 0; step < LINES; step++) {
      const values = Array.from({ length: KEYS }, (_, k) => `"loss/${k}":${value()}`);
      const time = encodeFloat(1_800_000_000 + step * 0.123456789);
      lines.push(`{"type":"metrics","time":${time},"step":${step},"values":{${values.join(',')}}}`);
    }
    writeFileSync(join(dir, 'events.jsonl'), lines.join('\n') + '\n');
  }
  return root;
}

interface Received {
  readonly bytes: number;
  readonly sha256: string;
}

/** GET /api/export; with pauseMs, the response is not read for that long after its first chunk. */
function fetchExport(url: URL, token: string, pauseMs = 0) {
  return new Promise<Received>((done, fail) => {
    const get = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/export',
        headers: { Authorization: `Bearer ${token}` },
        agent: false,
      },
      (response) => {
        expect(response.statusCode).toBe(200);
        const hash = createHash('sha256');
        let bytes = 0;
        let paused = pauseMs === 0;
        response.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          bytes += chunk.length;
          if (paused) return;
          paused = true;
          response.pause();
          setTimeout(() => response.resume(), pauseMs);
        });
        response.on('end', () => done({ bytes, sha256: hash.digest('hex') }));
        response.on('error', fail);
      },
    );
    get.on('error', fail);
    get.end();
  });
}

/** What `munin-view export` prints for the store, hashed as it comes. */
async function cliExport(root: string): Promise<Received> {
  const running = startCli(['export', root], { timeoutMs: 120_000, keepStdoutBytes: 0 });
  const hash = createHash('sha256');
  let bytes = 0;
  running.child.stdout!.on('data', (text: string) => {
    hash.update(text, 'utf8');
    bytes += Buffer.byteLength(text, 'utf8');
  });
  const outcome = await running.done;
  expect(outcome.status, outcome.stderr).toBe(0);
  return { bytes, sha256: hash.digest('hex') };
}

describe('GET /api/export to a client that reads slowly', () => {
  it('holds a bounded part of the export, and sends the bytes `export` prints', async () => {
    const root = bigStore();
    const server = await startServe(root, { timeoutMs: 240_000 });
    stops.push(server.stop);
    const pid = server.child.child.pid!;
    // Every run read in, so that what the export adds is all that grows from here.
    const probe = await ServeClient.open(server.url, server.token);
    for (;;) {
      const info = await probe.ok<StoreInfo>({ op: 'storeInfo' });
      if (info.runsToRead === 0 && info.runsRead === RUNS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    probe.close();
    const before = residentMemory(pid);

    const slow = await fetchExport(server.url, server.token, PAUSE_MS);
    const after = residentMemory(pid);
    const grew = after.peakRssBytes - before.rssBytes;
    const figures =
      `export ${mib(slow.bytes)}; serve ${mib(before.rssBytes)} before, peak ` +
      `${mib(before.peakRssBytes)} before, ${mib(after.peakRssBytes)} after: grew ${mib(grew)}`;
    expect(slow.bytes, figures).toBeGreaterThan(2 * GROWTH_BOUND);
    expect(grew, figures).toBeLessThan(GROWTH_BOUND);

    const normal = await fetchExport(server.url, server.token);
    const printed = await cliExport(root);
    expect(normal).toEqual(printed);
    expect(slow).toEqual(printed);
    const outcome = await server.stop();
    expect(outcome.timedOut).toBe(false);
  }, 240_000);
});
