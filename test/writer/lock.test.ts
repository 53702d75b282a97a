// The writer's lock seen from other processes: held for the writer's whole life, free once it
// ends or lets the run go, and the run's status follows.

import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readRun } from '../../electron/store/log/read-run.js';
import { RunWriter } from '../../electron/demo/writer/run-writer.js';
import { probeFromAnotherProcess, scratchDirs } from './scratch.js';

const newRoot = scratchDirs();

describe("the run's lock", () => {
  it('is held from the start until the end, and the run reads running meanwhile', () => {
    const root = newRoot();
    const writer = RunWriter.create(root, {
      experiment: 'e',
      params: {},
      provenance: { cwd: root },
    });
    const logPath = join(writer.dir, 'events.jsonl');
    expect(probeFromAnotherProcess(logPath)).toBe('held');
    expect(readRun(root, writer.id).status).toBe('running');
    writer.log(0, { loss: 1 });
    expect(probeFromAnotherProcess(logPath)).toBe('held');
    writer.end('finished');
    expect(probeFromAnotherProcess(logPath)).toBe('free');
    expect(readRun(root, writer.id).status).toBe('finished');
  });

  it('is let go without an end by abandon, and the run reads crashed on this boot', () => {
    const root = newRoot();
    const writer = RunWriter.create(root, {
      experiment: 'e',
      params: {},
      provenance: { cwd: root },
    });
    writer.log(0, { loss: 1 });
    writer.abandon();
    expect(probeFromAnotherProcess(join(writer.dir, 'events.jsonl'))).toBe('free');
    const run = readRun(root, writer.id);
    expect(run.status).toBe('crashed');
    expect(run.log.end).toBeNull();
    expect(() => writer.log(1, { loss: 1 })).toThrow(/has let the run go/);
  });
});
