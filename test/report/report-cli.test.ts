// `munin-view report` from a shell: what it prints and its exits; bad input ends with a message
// and leaves nothing behind (no file, no half-written one under its .-name).

import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempStores } from '../support/store-fixture.js';
import { writeReportStore } from '../support/report-store.js';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'munin-view.js');
const newStore = tempStores();
let root = '';
let out = '';

function report(args: readonly string[]) {
  const result = spawnSync(process.execPath, [BIN, 'report', ...args], {
    env: { PATH: process.env.PATH ?? '', TZ: 'UTC', LANG: 'C.UTF-8' },
    cwd: out,
    timeout: 60_000,
  });
  return {
    status: result.status,
    stdout: result.stdout.toString('utf8'),
    stderr: result.stderr.toString('utf8'),
  };
}

beforeAll(() => {
  root = newStore();
  writeReportStore(root);
  out = newStore();
});

describe('munin-view report', () => {
  it('writes the file and prints its size and what it holds', () => {
    const file = join(out, 'r.html');
    const result = report([root, '--runs', 'spiky,resumed', '--keys', 'train/', '-o', file]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /^wrote .*r\.html \([\d.]+ kB\): 2 runs, 2 curves \(2 exact envelopes at 4,096 columns\)\n$/,
    );
    expect(statSync(file).size).toBeGreaterThan(100_000);
  });

  it('names its file by the time without -o, in the working directory', () => {
    const result = report([root, '--runs', 'resumed', '--keys', 'train/loss']);
    expect(result.status).toBe(0);
    const name = /wrote (\S+)/.exec(result.stdout)![1]!;
    expect(name).toMatch(/munin-report-\d{8}-\d{6}\.html$/);
    expect(existsSync(name)).toBe(true);
  });

  it('says which run or key names nothing, exit 1', () => {
    const run = report([root, '--runs', 'spiky,nope']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no run is "nope"');
    const key = report([root, '--runs', 'spiky', '--keys', 'train/loss', 'eval/nothing']);
    expect(key.status).toBe(1);
    expect(key.stderr).toContain('"eval/nothing" matches no key of these runs');
  });

  it('refuses bad arguments and unreadable input, exit 2', () => {
    for (const [args, says] of [
      [[root], 'report takes --runs'],
      [['--runs', 'spiky'], 'report takes a PATH'],
      [[root, '--runs', 'spiky', '--smooth', '1.5'], '--smooth takes a weight'],
      [[root, '--runs', 'spiky', '--x', 'sideways'], '--x takes step, time'],
      [[root, '--runs', 'spiky', '--note', join(out, 'missing.md')], 'cannot read the note'],
      [[join(out, 'no-store'), '--runs', 'spiky'], 'cannot open'],
    ] as const) {
      const result = report(args);
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toContain(says);
    }
  });

  it('leaves nothing half written when the file cannot be written', () => {
    // A folder where the file should go (a rename cannot replace it), and a folder not there.
    const taken = join(out, 'taken.html');
    mkdirSync(taken);
    writeFileSync(join(taken, 'keep.txt'), 'x');
    for (const target of [taken, join(out, 'no-dir', 'r.html')]) {
      const result = report([root, '--runs', 'spiky', '-o', target]);
      expect(result.status, result.stdout).toBe(2);
      expect(result.stderr).toContain(`cannot write ${target}`);
    }
    expect(readdirSync(taken)).toEqual(['keep.txt']);
    expect(readdirSync(out).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
