// `munin-view watch`: a JSON line per event as writer processes change their runs (a stall,
// writing again, a first NaN, a failed end, a crash), nothing of the past, --once's state of
// every run without an end, words without --json, exit 0 on SIGTERM, and bad flags refused.

import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseExact } from '../support/export.js';
import { endLine, metricsLine, startLine } from '../support/live-lines.js';
import { liveDirs, liveWriters, waitUntil } from '../support/live-scratch.js';
import { logPathOf, runDirOf, startLiveRun, writeEndedRun } from '../support/live-store.js';

const BIN = fileURLToPath(new URL('../../bin/munin-view.js', import.meta.url));
const newDir = liveDirs();
const newWriter = liveWriters();
const LIVE = '20261204T110000Z-0000b001';
const DOOMED = '20261204T110000Z-0000b002';

interface Watching {
  lines(): Record<string, unknown>[];
  text(): string;
  stop(): Promise<number | null>;
}

const children: ReturnType<typeof spawn>[] = [];
afterAll(() => children.forEach((child) => child.kill('SIGKILL')));

/** Starts `watch` and resolves once it has opened the store (its first read is its baseline). */
async function watch(args: readonly string[]): Promise<Watching> {
  const child = spawn(process.execPath, [BIN, 'watch', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (err += text));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  // Opening takes a moment; there is nothing to print of the past, so a pause is the sign.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (child.exitCode !== null) throw new Error(`watch exited: ${err}`);
  return {
    lines: () =>
      out
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => parseExact(line) as Record<string, unknown>),
    text: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('munin-view watch', () => {
  it('prints a JSON line per event, from then on only', async () => {
    const root = newDir();
    writeEndedRun(root, '20261204T100000Z-0000b000');
    const live = newWriter();
    const handle = await startLiveRun(live, root, LIVE, startLine('watched'));
    const doomedWriter = newWriter();
    const doomed = await startLiveRun(doomedWriter, root, DOOMED, startLine('doomed'));
    // Both write every 200 ms from before the watch opens: neither stalls until one stops.
    await live.tick(handle, 'loss', 200);
    await doomedWriter.tick(doomed, 'loss', 200);
    const watching = await watch([root, '--json', '--stall-after', '1', '--stall-factor', '2']);
    expect(watching.lines()).toEqual([]);

    const { step } = await live.untick(handle);
    // Of the live run (the doomed one, writing on a loaded machine, may pause past the floor).
    const byEvent = (event: string, run = LIVE) =>
      watching.lines().filter((line) => line['event'] === event && line['run'] === run);
    await waitUntil('stalled', () => byEvent('stalled').length === 1, 8000);
    const stalled = byEvent('stalled')[0]!;
    expect(Object.keys(stalled)).toEqual([
      'time',
      'run',
      'event',
      'step',
      'last_write',
      'interval',
    ]);
    expect(stalled).toMatchObject({ run: LIVE, step: BigInt(step) });
    expect(stalled['time'] as number).toBeGreaterThan(stalled['last_write'] as number);

    await live.append(handle, metricsLine(step + 1, { loss: Number.NaN }));
    await waitUntil('nonfinite', () => byEvent('nonfinite').length === 1, 8000);
    expect(byEvent('writing')).toHaveLength(1);
    expect(byEvent('nonfinite')[0]).toMatchObject({
      run: LIVE,
      event: 'nonfinite',
      step: BigInt(step + 1),
      key: 'loss',
      value: { float: 'NaN' },
    });

    await live.append(handle, endLine('failed'));
    await doomedWriter.kill();
    await waitUntil(
      'failed and crashed',
      () => byEvent('failed').length + byEvent('crashed', DOOMED).length === 2,
      8000,
    );
    expect(byEvent('failed')[0]).toMatchObject({ run: LIVE, error: 'it broke' });
    expect(byEvent('crashed', DOOMED)[0]).toMatchObject({ run: DOOMED });
    expect(await watching.stop()).toBe(0);
  });

  it('prints a finished end, and a run copied in from another machine once it stalls', async () => {
    const root = newDir();
    const ending = newWriter();
    const id = '20261204T110000Z-0000b003';
    const handle = await startLiveRun(ending, root, id, startLine('ending'));
    await ending.tick(handle, 'loss', 200);
    const watching = await watch([root, '--json', '--stall-after', '1', '--stall-factor', '2']);
    const copied = '20261204T110000Z-0000b004';
    mkdirSync(runDirOf(root, copied), { recursive: true });
    // Another machine's writer: its lock cannot be probed here, so the run reads silent.
    writeFileSync(
      join(runDirOf(root, copied), 'writer'),
      JSON.stringify({ machine: 'e'.repeat(64), boot: 'another-boot' }),
    );
    writeFileSync(logPathOf(root, copied), startLine('copied') + metricsLine(0, { loss: 1 }));
    const { step } = await ending.untick(handle);
    await ending.append(handle, endLine('finished'));
    const line = (event: string, run: string) =>
      watching.lines().find((l) => l['event'] === event && l['run'] === run);
    await waitUntil(
      'finished and stalled',
      () => line('finished', id) && line('stalled', copied),
      8000,
    );
    expect(line('finished', id)).toEqual({
      time: expect.any(Number),
      run: id,
      event: 'finished',
      step: BigInt(step),
    });
    expect(line('stalled', copied)).toMatchObject({ step: 0n, interval: null });
    expect(await watching.stop()).toBe(0);
  });

  it('--once prints the state of every run without an end, then exits', () => {
    const root = newDir();
    writeEndedRun(root, '20261204T100000Z-0000c000');
    const silent = '20261204T100000Z-0000c001';
    mkdirSync(runDirOf(root, silent), { recursive: true });
    writeFileSync(join(runDirOf(root, silent), 'writer'), '{}');
    writeFileSync(
      logPathOf(root, silent),
      startLine('copied') + metricsLine(4, { loss: Infinity }),
    );
    const json = spawnSync(process.execPath, [BIN, 'watch', root, '--once', '--json'], {
      encoding: 'utf8',
    });
    expect(json.status).toBe(0);
    const lines = json.stdout
      .trimEnd()
      .split('\n')
      .map((line) => parseExact(line));
    expect(lines).toEqual([
      expect.objectContaining({ run: silent, event: 'writing', step: 4n }),
      expect.objectContaining({
        run: silent,
        event: 'nonfinite',
        step: 4n,
        key: 'loss',
        value: { float: 'Infinity' },
      }),
    ]);
    const words = spawnSync(process.execPath, [BIN, 'watch', root, '--once'], { encoding: 'utf8' });
    expect(words.stdout).toMatch(/ copied \(20261204T100000Z-0000c001\) {2}writing: last wrote \d/);
    expect(words.stdout).toContain('+Inf in loss at 4');
  });

  it('refuses a bad flag or no path with exit 2, and says why', () => {
    const store = newDir();
    const refused = [
      [store, '--stall-after', '0'],
      [store, '--stall-factor', 'x'],
      [store, '--follow'],
      ['--json'],
      [join(store, 'missing')],
    ];
    for (const args of refused) {
      const result = spawnSync(process.execPath, [BIN, 'watch', ...args], { encoding: 'utf8' });
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^munin-view: /);
    }
  });
});
