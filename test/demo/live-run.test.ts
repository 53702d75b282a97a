// The demo's live run: running (its lock held) while it writes, killed once stopped; and the
// command's --live mode, which ends the run and exits 0 on SIGINT.

import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readRun } from '../../electron/store/log/read-run.js';
import { listRunIds } from '../../electron/store/store.js';
import { startLiveRun } from '../../electron/demo/live-run.js';

const REPO = resolve(import.meta.dirname, '../..');
const CLI = join(REPO, 'bin/munin-view.js');
const COMPILED = join(REPO, 'out/electron/cli.js');
const made: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'munin-live-test-'));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const PROBE = `
const fs = require('fs'), ext = require('fs-ext');
const fd = fs.openSync(process.argv[1], 'r');
try { ext.flockSync(fd, 'shnb'); process.stdout.write('free'); }
catch (e) { process.stdout.write(e.code === 'EAGAIN' ? 'held' : 'error ' + e.code); }
`;

function probe(path: string): string {
  return execFileSync(process.execPath, ['-e', PROBE, path], { cwd: REPO, encoding: 'utf8' });
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

describe('the live run', () => {
  it('writes metrics and readings while it holds its lock, and ends killed', async () => {
    const root = scratch();
    const run = startLiveRun(root, { samplesPerSecond: 50, evalEvery: 10, seed: 3 });
    await sleep(1300);
    expect(probe(join(run.dir, 'events.jsonl'))).toBe('held');
    const live = readRun(root, run.id);
    expect(live.status).toBe('running');
    expect(live.log.start!.experiment).toBe('cifar-live');
    expect(live.log.series.get('train/loss')!.samples.length).toBeGreaterThan(10);
    expect(live.log.series.get('sys/cpu')!.kind).toBe('reading');
    expect(live.log.series.get('sys/cpu')!.samples.length).toBeGreaterThanOrEqual(2);
    run.stop();
    run.stop();
    const ended = readRun(root, run.id);
    expect(ended.status).toBe('killed');
    expect(ended.statisticsFromHint).toBe(true);
    expect(probe(join(run.dir, 'events.jsonl'))).toBe('free');
  });
});

describe.skipIf(!existsSync(COMPILED))('munin-view demo DIR --live', () => {
  it('keeps a run writing until SIGINT, then ends it killed and exits 0', async () => {
    const root = join(scratch(), 'store');
    const child = spawn(process.execPath, [CLI, 'demo', root, '--live'], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    await new Promise<void>((ready, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('live run ')) ready();
      });
      child.once('exit', () => fail(new Error(`demo exited early: ${err}`)));
    });
    await sleep(500);
    const liveId = /live run (\S+)/.exec(out)![1]!;
    expect(readRun(root, liveId).status).toBe('running');
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(out).toContain(`SIGINT: ended live run ${liveId} as killed`);
    expect(out).toContain('cifar-sweep/resnet18-lr0.1-s2');
    expect(readRun(root, liveId).status).toBe('killed');
    expect(listRunIds(root)).toContain(liveId);
  });
});
