// Resuming a run: the lock taken or refused, the log cut before its first line that is not
// whole, a resume record appended, and orphans left out of what is read and of stats.json.

import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeStatsHint } from '../../shared/format/stats-hint.js';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { RunLockedError } from '../../electron/demo/writer/locks.js';
import { RunWriter } from '../../electron/demo/writer/run-writer.js';
import {
  holdLockInAnotherProcess,
  probeFromAnotherProcess,
  release,
  scratchDirs,
  steppingClock,
} from './scratch.js';

const newRoot = scratchDirs();
const holders: ChildProcess[] = [];
afterEach(async () => {
  for (const child of holders.splice(0)) await release(child);
});

/** A run logged to step 600 (every 100), with readings and a file at 500, let go without an end. */
function crashedRun(root: string): { id: string; logPath: string; image: string } {
  const image = join(root, 'image.png');
  writeFileSync(image, 'not really a png');
  const writer = RunWriter.create(root, {
    experiment: 'e',
    params: {},
    provenance: { cwd: root },
    clock: steppingClock(1_800_000_000),
  });
  writer.metric('loss', { goal: 'minimize' });
  for (let step = 0; step <= 600; step += 100) {
    writer.log(step, { loss: 1 / (1 + step) });
    writer.reading({ 'sys/cpu': step });
  }
  writer.file('samples', 500, image);
  writer.abandon();
  return { id: writer.id, logPath: join(writer.dir, 'events.jsonl'), image };
}

function stepsOf(root: string, id: string, key: string): number[] {
  const samples = readRun(root, id).log.series.get(key)!.samples;
  return Array.from({ length: samples.length }, (_, i) => samples.step(i));
}

describe('RunWriter.resume', () => {
  it('cuts a tail that is not a whole line, appends a resume, and leaves orphans out', () => {
    const root = newRoot();
    const { id, logPath, image } = crashedRun(root);
    const whole = readFileSync(logPath);
    appendFileSync(logPath, '{"type":"metrics","time":1800000100.0,"step":700,"val');
    const writer = RunWriter.resume(root, id, {
      step: 400,
      provenance: { cwd: root },
      clock: steppingClock(1_800_000_500),
    });
    expect(writer.currentStep).toBe(400);
    expect(probeFromAnotherProcess(logPath)).toBe('held');
    const afterResume = readFileSync(logPath);
    expect(afterResume.subarray(0, whole.length)).toEqual(whole);
    const resumeLine = afterResume.subarray(whole.length).toString('utf8');
    expect(resumeLine).toMatch(
      /^\{"type":"resume","time":1800000500\.0,"step":400,"provenance":\{"command":.*\}\}\n$/,
    );
    writer.reading({ 'sys/cpu': 1000 });
    for (let step = 500; step <= 1000; step += 100) writer.log(step, { loss: 2 / (1 + step) });
    expect(writer.file('samples', 500, image)).toBe('files/samples/500-1.png');
    writer.end('finished');

    const run = readRun(root, id);
    expect(run.status).toBe('finished');
    expect(run.log.damaged).toBe(0);
    expect(run.log.resumes.map((r) => r.step)).toEqual([400]);
    expect(stepsOf(root, id, 'loss')).toEqual([
      0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000,
    ]);
    const loss = run.log.series.get('loss')!.samples;
    expect(loss.value(5)).toBe(2 / 501);
    // Readings are never orphans: all seven from before the resume stay, at their steps.
    expect(stepsOf(root, id, 'sys/cpu')).toEqual([0, 100, 200, 300, 400, 500, 600, 400]);
    expect(run.log.files.map((f) => f.path)).toEqual(['files/samples/500-1.png']);
    expect(run.statisticsFromHint).toBe(true);
    const fold = new RunLog();
    const read = readLogInto(logPath, root, fold);
    expect(readFileSync(join(run.dir, 'stats.json'), 'utf8')).toBe(
      encodeStatsHint(read.size, fold.foldStatistics()),
    );
    expect(run.statistics.get('loss')!.count).toBe(11);
    expect(run.statistics.get('loss')!.goal).toBe('minimize');
    expect(run.statistics.get('sys/cpu')!.count).toBe(8);
  });

  it('cuts from a line holding NUL bytes, whole records after it included', () => {
    const root = newRoot();
    const { id, logPath } = crashedRun(root);
    const whole = readFileSync(logPath);
    appendFileSync(
      logPath,
      Buffer.concat([
        Buffer.from('{"type":"metrics","time":1.0,"st'),
        Buffer.alloc(40),
        Buffer.from('\n{"type":"summary","time":1.0,"values":{"lost":true}}\n'),
      ]),
    );
    expect(readRun(root, id).stoppedAtNul).toBe(true);
    const writer = RunWriter.resume(root, id, { step: 600, provenance: { cwd: root } });
    writer.end('killed');
    const text = readFileSync(logPath);
    expect(text.subarray(0, whole.length)).toEqual(whole);
    expect(text.includes(0)).toBe(false);
    const run = readRun(root, id);
    expect(run.status).toBe('killed');
    expect(run.log.summary.size).toBe(0);
    expect(run.log.resumes.map((r) => r.step)).toEqual([600]);
    expect(stepsOf(root, id, 'loss')).toEqual([0, 100, 200, 300, 400, 500, 600]);
    expect(run.log.files.map((f) => f.path)).toEqual(['files/samples/500.png']);
  });

  it('learns the kinds of keys from the log', () => {
    const root = newRoot();
    const { id } = crashedRun(root);
    const writer = RunWriter.resume(root, id, { step: 600, provenance: { cwd: root } });
    expect(writer.kindOf('loss')).toBe('metric');
    expect(writer.kindOf('sys/cpu')).toBe('reading');
    expect(() => writer.log(700, { 'sys/cpu': 1 })).toThrow(/is a reading's/);
    expect(() => writer.reading({ loss: 1 })).toThrow(/is a metric's/);
    writer.reading({ 'sys/cpu': 5 });
    expect(readRun(root, id).log.series.get('sys/cpu')!.samples.step(7)).toBe(600);
    writer.end('finished');
  });

  it('is refused when a writer in another process holds the lock', async () => {
    const root = newRoot();
    const { id, logPath } = crashedRun(root);
    const before = readFileSync(logPath);
    holders.push(await holdLockInAnotherProcess(logPath, 'ex'));
    expect(() => RunWriter.resume(root, id, { step: 600, provenance: { cwd: root } })).toThrow(
      RunLockedError,
    );
    expect(() => RunWriter.resume(root, id, { step: 600, provenance: { cwd: root } })).toThrow(
      /locked by another writer/,
    );
    expect(readFileSync(logPath)).toEqual(before);
  });

  it("tries again while only a reader's probe holds the lock", async () => {
    const root = newRoot();
    const { id, logPath } = crashedRun(root);
    holders.push(await holdLockInAnotherProcess(logPath, 'sh', 150));
    const writer = RunWriter.resume(root, id, { step: 600, provenance: { cwd: root } });
    writer.end('finished');
    expect(readRun(root, id).status).toBe('finished');
  });

  it('refuses a run that has ended, a run that does not exist and a log with no start', () => {
    const root = newRoot();
    const writer = RunWriter.create(root, {
      experiment: 'e',
      params: {},
      provenance: { cwd: root },
    });
    writer.end('finished');
    expect(() => RunWriter.resume(root, writer.id, { step: 0 })).toThrow(
      /has ended \(finished\); an ended run cannot be resumed/,
    );
    expect(() => RunWriter.resume(root, 'nope', { step: 0 })).toThrow(/no run "nope"/);
    const { id, logPath } = crashedRun(root);
    writeFileSync(logPath, '');
    expect(() => RunWriter.resume(root, id, { step: 0, provenance: { cwd: root } })).toThrow(
      /has no start record/,
    );
    expect(() => RunWriter.resume(root, '../x', { step: 0 })).toThrow(/is not one segment/);
  });
});
