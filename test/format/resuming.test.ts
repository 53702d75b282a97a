// "Resuming a run" as a reader sees it: resumes, orphans, cut lines read on, deleted runs.

import { describe, expect, it } from 'vitest';
import { renameSync, truncateSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { RunLog } from '../../electron/store/log/run-fold.js';
import { readLogInto } from '../../electron/store/log/log-bytes.js';
import { listRunIds } from '../../electron/store/store.js';
import { exportRun, exportStore } from '../support/export.js';
import { foldLines, samplesOf } from '../support/fold.js';
import {
  endLine,
  fileLine,
  logText,
  metricLine,
  metricsLine,
  readingLine,
  resumeLine,
  startLine,
} from '../support/lines.js';
import { appendLog, runDir, tempStores, writeLog, writeWriter } from '../support/store-fixture.js';

const newStore = tempStores();

const steps = (log: RunLog, key: string): number[] | undefined =>
  samplesOf(log, key)?.map(([step]) => step);

describe('a resume record', () => {
  it('is listed with its step and time, in log order', () => {
    const root = newStore();
    writeLog(root, 'r', [
      startLine(),
      metricsLine(0, { a: 1 }),
      resumeLine(0, 1000.5),
      metricsLine(1, { a: 2 }),
      resumeLine(1, 2000.25),
    ]);
    expect(exportRun(root)['resumes']).toEqual([
      { step: 0n, time: 1000.5 },
      { step: 1n, time: 2000.25 },
    ]);
  });
});

describe('orphans', () => {
  it('a metrics sample is an orphan when a later resume names a step below its step', () => {
    const log = foldLines([
      startLine(),
      ...[0, 1, 2, 3, 4, 5].map((s) => metricsLine(s, { loss: s })),
      resumeLine(3),
      metricsLine(4, { loss: 40 }),
    ]);
    expect(samplesOf(log, 'loss')!.map(([s, , v]) => [s, v])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 40],
    ]);
  });

  it("a sample at the resume's own step is kept", () => {
    const log = foldLines([startLine(), metricsLine(3, { a: 1 }), resumeLine(3)]);
    expect(steps(log, 'a')).toEqual([3]);
  });

  it('each resume judges the samples before it, its own new history included', () => {
    const log = foldLines([
      startLine(),
      ...[0, 1, 2, 3, 4, 5, 6].map((s) => metricsLine(s, { a: s })),
      resumeLine(5),
      metricsLine(6, { a: 60 }),
      metricsLine(7, { a: 70 }),
      resumeLine(2),
      metricsLine(3, { a: 300 }),
      resumeLine(9),
    ]);
    expect(samplesOf(log, 'a')!.map(([s, , v]) => [s, v])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 300],
    ]);
  });

  it('readings are never orphans', () => {
    const log = foldLines([
      startLine(),
      metricsLine(5, { loss: 1 }),
      readingLine(5, { 'sys/cpu': 0.5 }),
      readingLine(9, { 'sys/cpu': 0.75 }),
      resumeLine(1),
    ]);
    expect(steps(log, 'sys/cpu')).toEqual([5, 9]);
    expect(steps(log, 'loss')).toEqual([]);
  });

  it('a file record is an orphan when a later resume names a step below its step', () => {
    const root = newStore();
    writeLog(root, 'r', [
      startLine(),
      fileLine('img', 1, 'files/img/1.png'),
      fileLine('img', 4, 'files/img/4.png'),
      fileLine('img', 2, 'files/img/2.png'),
      resumeLine(2),
      fileLine('img', 3, 'files/img/3.png'),
    ]);
    expect(exportRun(root)['files']).toEqual([
      { key: 'img', step: 1n, path: 'files/img/1.png' },
      { key: 'img', step: 2n, path: 'files/img/2.png' },
      { key: 'img', step: 3n, path: 'files/img/3.png' },
    ]);
  });

  it('are left out of series and statistics, and the log keeps them', () => {
    const root = newStore();
    const path = writeLog(root, 'r', [
      startLine(),
      metricLine('a', 'minimize'),
      metricLine('gone', 'minimize'),
      metricsLine(0, { a: 10 }),
      metricsLine(5, { a: -100, gone: 1 }),
      resumeLine(0),
      metricsLine(1, { a: 20 }),
    ]);
    const run = exportRun(root);
    expect(run['series']).toEqual({
      a: {
        kind: 'metric',
        samples: [
          [0n, expect.any(Number), 10],
          [1n, expect.any(Number), 20],
        ],
      },
      // A series whose samples were all orphaned stays, with no samples.
      gone: { kind: 'metric', samples: [] },
    });
    expect(run['stats']).toEqual({
      a: {
        kind: 'metric',
        goal: 'minimize',
        count: 2n,
        last: { step: 1n, time: expect.any(Number), value: 20 },
        finite: { least: 10, greatest: 20, mean: 15 },
      },
    });
    expect(run['damaged']).toBe(0n);
    // The log is not changed by reading it.
    const again = new RunLog();
    readLogInto(path, root, again);
    expect(again.resumes).toHaveLength(1);
  });

  it('a key whose samples were orphaned keeps its kind', () => {
    const log = foldLines([
      startLine(),
      metricsLine(5, { a: 1 }),
      resumeLine(0),
      readingLine(0, { a: 2 }),
    ]);
    expect(log.damaged).toBe(1);
    expect(log.series.get('a')?.kind).toBe('metric');
  });
});

describe('the cut of a line that is not whole', () => {
  it('a reader stopped at a NUL-holed line reads on after a resume cut it off', () => {
    const root = newStore();
    const whole = logText([startLine(), metricsLine(0, { a: 1 }), metricsLine(1, { a: 2 })]);
    const holed = `{"type":"metrics","time":9.0,"step":2,\u0000\u0000\u0000\u0000\n${metricsLine(3, { a: 4 })}\n`;
    const path = writeLog(root, 'r', whole + holed);
    const log = new RunLog();
    const first = readLogInto(path, root, log);
    expect(first.stoppedAtNul).toBe(true);
    expect(first.offset).toBe(Buffer.byteLength(whole));
    // The resumed writer cuts the log before its first line that is not whole and appends.
    truncateSync(path, first.offset);
    appendFileSync(path, logText([resumeLine(1), metricsLine(2, { a: 3 })]));
    const second = readLogInto(path, root, log, first.offset);
    expect(second.stoppedAtNul).toBe(false);
    expect(second.offset).toBe(second.size);
    expect(steps(log, 'a')).toEqual([0, 1, 2]);
    expect(log.resumes).toHaveLength(1);
    expect(log.damaged).toBe(0);
  });

  it('a partial last line cut and followed by a resume is never read', () => {
    const root = newStore();
    const whole = logText([startLine(), metricsLine(0, { a: 1 })]);
    const path = writeLog(root, 'r', `${whole}{"type":"metrics","ti`);
    const log = new RunLog();
    const { offset } = readLogInto(path, root, log);
    truncateSync(path, offset);
    appendFileSync(path, logText([resumeLine(0), metricsLine(1, { a: 2 })]));
    readLogInto(path, root, log, offset);
    expect(log.damaged).toBe(0);
    expect(steps(log, 'a')).toEqual([0, 1]);
  });
});

describe('ending a silent run whose writer is gone', () => {
  it('a resume followed by an end with status killed reads killed', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine(), metricsLine(0, { a: 1 }), metricsLine(1, { a: 2 })]);
    writeWriter(root, 'r', { machine: 'gone machine', boot: 'gone boot' });
    expect(exportRun(root)['status']).toBe('silent');
    appendLog(root, 'r', [resumeLine(1), endLine('killed')]);
    const run = exportRun(root);
    expect(run['status']).toBe('killed');
    expect(run['error']).toBeNull();
    expect(run['resumes']).toEqual([{ step: 1n, time: expect.any(Number) }]);
    expect((run['series'] as Record<string, { samples: unknown[] }>)['a']!.samples).toHaveLength(2);
  });
});

describe('deleting a run', () => {
  it('renaming the log to .deleted ends the run for readers at once', () => {
    const root = newStore();
    writeLog(root, 'keep', [startLine()]);
    writeLog(root, 'doomed', [startLine()]);
    expect(listRunIds(root)).toEqual(['doomed', 'keep']);
    renameSync(
      join(runDir(root, 'doomed'), 'events.jsonl'),
      join(runDir(root, 'doomed'), '.deleted'),
    );
    expect(listRunIds(root)).toEqual(['keep']);
    expect(exportStore(root).runs.map((r) => r['id'])).toEqual(['keep']);
  });

  it('the directory renamed to a .-named entry of runs/ is no run', () => {
    const root = newStore();
    writeLog(root, 'doomed', [startLine()]);
    renameSync(
      join(runDir(root, 'doomed'), 'events.jsonl'),
      join(runDir(root, 'doomed'), '.deleted'),
    );
    renameSync(runDir(root, 'doomed'), runDir(root, '.doomed-removing'));
    writeLog(root, '.half-written', [startLine()]);
    expect(exportStore(root).runs).toEqual([]);
  });
});
