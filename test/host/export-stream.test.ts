// The export made at its reader's pace: writePieces takes a piece only when the stream has room
// and gives the pieces up when the stream goes; a live run's export is fixed at its first piece,
// and cut short, not made inconsistent, when a resume rewrites its samples meanwhile.

import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { Backend } from '../../electron/host/backend.js';
import { ExportChangedError } from '../../electron/store/export.js';
import { writePieces } from '../../electron/store/export-stream.js';
import { metricsLine, resumeLine, startLine } from '../support/lines.js';
import { logPath, tempStores, writeLog } from '../support/store-fixture.js';

const newStore = tempStores();
const backends: Backend[] = [];
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
});

const PIECE = 'x'.repeat(10_000);

/** Pieces of 10 000 characters, counting how many were made and whether they were given up. */
function counted(total: number) {
  const state = { made: 0, givenUp: false };
  function* pieces(): Generator<string, void, undefined> {
    try {
      for (; state.made < total;) {
        state.made++;
        yield PIECE;
      }
    } finally {
      state.givenUp = state.made < total;
    }
  }
  return { state, pieces: pieces() };
}

/**
 * A stream whose reader takes one write a turn, and notes how far ahead the making ran; with
 * goneAfter, it is destroyed at that write, as a client that goes away.
 */
function slowStream(state: { made: number }, goneAfter = Infinity) {
  const seen = { written: 0, writes: 0, mostAhead: 0 };
  const stream = new Writable({
    highWaterMark: 16 << 10,
    write(chunk: Buffer, _encoding, done) {
      seen.written += chunk.length / PIECE.length;
      seen.mostAhead = Math.max(seen.mostAhead, state.made - seen.written);
      if (++seen.writes >= goneAfter) setImmediate(() => stream.destroy());
      else setImmediate(done);
    },
  });
  return { stream, seen };
}

const LOG_LINES = 20_000;

describe('writePieces', () => {
  it('writes every piece in order, making each only when the stream has room', async () => {
    const { state, pieces } = counted(500);
    const { stream, seen } = slowStream(state);
    expect(await writePieces(stream, pieces)).toBe(true);
    expect(seen.written).toBe(500);
    // One write of about 64 KiB in the stream, and the next being gathered: never the text.
    expect(seen.mostAhead).toBeLessThan(16);
  });

  it('gives the pieces up when the stream is destroyed midway', async () => {
    const { state, pieces } = counted(10_000);
    const { stream } = slowStream(state, 5);
    expect(await writePieces(stream, pieces)).toBe(false);
    expect(state.givenUp).toBe(true);
    expect(state.made).toBeLessThan(50);
  });

  it('answers false, not throwing, when the stream fails', async () => {
    const { state, pieces } = counted(100);
    const failing = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    expect(await writePieces(failing, pieces)).toBe(false);
    expect(state.givenUp).toBe(true);
  });
});

describe('the export of a live store, made in pieces', () => {
  async function liveStore() {
    const root = newStore();
    const id = '20261101T080000Z-00000001';
    const lines = [startLine()];
    for (let step = 0; step < LOG_LINES; step++) lines.push(metricsLine(step, { loss: step / 3 }));
    writeLog(root, id, lines);
    const backend = await Backend.open(root, { watch: { mode: 'events' }, coalesceMs: 1 });
    backends.push(backend);
    return { root, id, backend };
  }

  /** Takes pieces until the samples of the run have begun. */
  function intoSamples(pieces: Generator<string, void, undefined>): string {
    let text = '';
    while (!text.includes('"samples":[[')) text += (pieces.next() as { value: string }).value;
    return text;
  }

  const lastStep = (backend: Backend) => backend.listRuns()[0]?.lastStep;

  it('exports a run that grows meanwhile as it was at its first piece', async () => {
    const { root, id, backend } = await liveStore();
    const pieces = backend.exportPieces();
    let text = intoSamples(pieces);
    appendFileSync(logPath(root, id), `${metricsLine(LOG_LINES, { loss: 1 })}\n`);
    await expect.poll(() => lastStep(backend), { timeout: 10_000 }).toBe(LOG_LINES);
    for (const piece of pieces) text += piece;
    const run = (JSON.parse(text) as { runs: { series: { loss: { samples: unknown[] } } }[] })
      .runs[0]!;
    expect(run.series.loss.samples).toHaveLength(LOG_LINES);
    expect(text).toContain(`"count":${LOG_LINES}`);
  });

  it('is cut short when a resume rewrites samples it has begun', async () => {
    const { root, id, backend } = await liveStore();
    const pieces = backend.exportPieces();
    intoSamples(pieces);
    appendFileSync(logPath(root, id), `${resumeLine(10)}\n${metricsLine(11, { loss: 1 })}\n`);
    await expect.poll(() => lastStep(backend), { timeout: 10_000 }).toBe(11);
    expect(() => [...pieces]).toThrow(ExportChangedError);
  });
});
