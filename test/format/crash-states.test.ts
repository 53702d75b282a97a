// "Crash states": every state a crash of a writer or of the system can leave, read as stated.

import { describe, expect, it } from 'vitest';
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { hostIdentities } from '../../electron/store/identities.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { listRunIds } from '../../electron/store/store.js';
import { exportRun, exportStore, NO_HOST } from '../support/export.js';
import {
  endLine,
  fileLine,
  logText,
  metricLine,
  metricsLine,
  startLine,
} from '../support/lines.js';
import {
  runDir,
  tempStores,
  writeArtifactFile,
  writeAt,
  writeBlob,
  writeLog,
  writeRunFile,
  writeStats,
  writeWriter,
} from '../support/store-fixture.js';

const newStore = tempStores();
const host = hostIdentities();

describe('a run directory whose log holds no whole first line is not a run', () => {
  it.each([
    ['an empty log', ''],
    ['a first line without its line feed', startLine()],
    [
      'a first line holding a NUL byte',
      `${startLine().slice(0, 10)}\u0000\u0000${startLine().slice(12)}\n`,
    ],
    ['a log of NUL bytes', '\u0000'.repeat(64)],
  ])('%s', (_what, content) => {
    const root = newStore();
    writeLog(root, 'good', [startLine()]);
    writeLog(root, 'bad', content);
    expect(listRunIds(root)).toEqual(['good']);
    expect(exportStore(root).runs.map((r) => r['id'])).toEqual(['good']);
  });

  it('a run directory without a log, or a file in runs/, is not a run', () => {
    const root = newStore();
    mkdirSync(join(runDir(root, 'nolog'), 'tags'), { recursive: true });
    writeAt(join(root, 'runs', 'a-file'), logText([startLine()]));
    expect(exportStore(root).runs).toEqual([]);
  });

  it('a directory in place of the log is there but cannot be read: an unreadable run', () => {
    const root = newStore();
    mkdirSync(join(runDir(root, 'dirlog'), 'events.jsonl'), { recursive: true });
    expect(exportStore(root).runs).toEqual([
      { id: 'dirlog', status: 'unreadable', error: 'events.jsonl is a directory, not a file' },
    ]);
  });

  it('and so is one that also has a writer file', () => {
    const root = newStore();
    writeLog(root, 'r', startLine().slice(0, 30));
    writeWriter(root, 'r', { machine: host.machine ?? 'm', boot: host.boot ?? 'b' });
    expect(exportStore(root).runs).toEqual([]);
  });
});

describe('a log that ends in bytes that are not whole lines', () => {
  it('is read up to them, and they are not read', () => {
    const root = newStore();
    const whole = logText([startLine(), metricsLine(0, { a: 1 })]);
    writeLog(root, 'r', `${whole}{"type":"metrics","time":5.0,"step":1,"values":{"a":`);
    const run = exportRun(root);
    expect(run['damaged']).toBe(0n);
    expect(run['series']).toEqual({
      a: { kind: 'metric', samples: [[0n, expect.any(Number), 1]] },
    });
  });

  it('an end whose bytes the system had not written reads as NUL bytes, and the run as unended', () => {
    const root = newStore();
    const whole = logText([startLine(), metricsLine(0, { a: 1 })]);
    writeLog(root, 'r', `${whole}${'\u0000'.repeat(endLine('finished').length)}\n`);
    const read = readRun(root, 'r', NO_HOST);
    expect(read.stoppedAtNul).toBe(true);
    expect(read.log.end).toBeNull();
    expect(read.status).toBe('silent');
  });
});

describe('files and entries a crash leaves behind', () => {
  it('a file under files/ that no file record names is ignored', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine(), fileLine('img', 0, 'files/img/0.png')]);
    writeRunFile(root, 'r', 'files/img/0.png', 'a');
    writeRunFile(root, 'r', 'files/img/1.png', 'written before its record, which never came');
    expect(exportRun(root)['files']).toEqual([{ key: 'img', step: 0n, path: 'files/img/0.png' }]);
  });

  it('a .-named file or directory is ignored, in runs/, a run, artifacts/ and blobs/', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine(), metricsLine(0, { a: 1 })]);
    const before = exportStore(root);
    writeLog(root, '.r-copy', [startLine()]);
    writeRunFile(root, 'r', '.notes-3f2a', 'half-written notes');
    writeRunFile(root, 'r', '.writer-tmp', '{"machine":"x","boot":"y"}');
    writeRunFile(root, 'r', 'tags/.tag-tmp', 'tag');
    writeArtifactFile(root, '.m-tmp', '1.json', '{"format":1}');
    writeArtifactFile(root, 'm', '.1.json', '{"format":1}');
    writeAt(join(root, 'blobs', '.copy-1'), 'x');
    expect(exportStore(root)).toEqual(before);
  });

  it('a run directory that holds .deleted and no log is not a run', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine()]);
    renameSync(join(runDir(root, 'r'), 'events.jsonl'), join(runDir(root, 'r'), '.deleted'));
    writeWriter(root, 'r', { boot: 'b' });
    expect(exportStore(root).runs).toEqual([]);
  });

  it('a blob that no version names is ignored by readers', () => {
    const root = newStore();
    const before = exportStore(root);
    writeBlob(root, 'orphaned content');
    expect(exportStore(root)).toEqual(before);
  });
});

describe('a log with no end whose lock no process holds', () => {
  it.runIf(host.boot !== null)('is a crashed run', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine(), metricsLine(0, { a: 1 })]);
    writeWriter(root, 'r', { boot: host.boot! });
    expect(exportRun(root, 'r', host)['status']).toBe('crashed');
  });
});

describe('a writer file replaced with no resume after it', () => {
  it.runIf(host.boot !== null)("reads under the new writer's identities", () => {
    const root = newStore();
    writeLog(root, 'r', [startLine(), metricsLine(0, { a: 1 })]);
    writeWriter(root, 'r', { machine: 'another machine', boot: 'another boot' });
    expect(exportRun(root, 'r', host)['status']).toBe('silent');
    // A new writer on this machine replaced the file, then crashed before its resume.
    writeWriter(root, 'r', { boot: host.boot! });
    const run = exportRun(root, 'r', host);
    expect(run['writer']).toEqual({ boot: host.boot });
    expect(run['status']).toBe('crashed');
    expect(run['resumes']).toEqual([]);
  });
});

describe('an ended run without stats.json', () => {
  it('has its log folded, giving what its hint would have', () => {
    const root = newStore();
    writeLog(root, 'r', [
      startLine(),
      metricLine('a', 'minimize'),
      metricsLine(0, { a: 2 }),
      endLine('finished'),
    ]);
    const folded = readRun(root, 'r', NO_HOST);
    expect(folded.statisticsFromHint).toBe(false);
    expect(exportRun(root)['stats']).toEqual({
      a: {
        kind: 'metric',
        goal: 'minimize',
        count: 1n,
        last: { step: 0n, time: expect.any(Number), value: 2 },
        finite: { least: 2, greatest: 2, mean: 2 },
      },
    });
    writeStats(root, 'r', '{"format":1,');
    expect(readRun(root, 'r', NO_HOST).statisticsFromHint).toBe(false);
  });
});

describe('after a crash of the system', () => {
  it('a line the storage altered so that it still parses reads as written', () => {
    const root = newStore();
    // Written as 1.5, 2.5; the storage changed a digit and brought back a stale record.
    const altered = logText([
      startLine(),
      metricsLine(0, { a: 1.5 }),
      metricsLine(1, { a: 7.5 }),
      metricsLine(0, { a: 1.5 }),
    ]);
    writeLog(root, 'r', altered);
    const samples = (exportRun(root)['series'] as Record<string, { samples: unknown[][] }>)['a']!
      .samples;
    expect(samples.map((s) => [s[0], s[2]])).toEqual([
      [0n, 1.5],
      [1n, 7.5],
      [0n, 1.5],
    ]);
  });
});
