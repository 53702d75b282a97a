// The provenance a writer builds: git's commit and dirtiness, and git.diff written at a start
// from a dirty work tree (and never at a resume), so that applying it gives the tracked files back.

import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readRun } from '../../electron/store/log/read-run.js';
import { RunWriter } from '../../electron/demo/writer/run-writer.js';
import { scratchDirs } from './scratch.js';

const newDir = scratchDirs();

function hasGit(): boolean {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  });
}

function workTree(): { dir: string; commit: string } {
  const dir = newDir();
  git(dir, 'init', '-q');
  writeFileSync(join(dir, 'train.py'), 'lr = 0.1\n');
  writeFileSync(join(dir, 'weights.bin'), Buffer.from([0, 1, 2, 255]));
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'first');
  return { dir, commit: git(dir, 'rev-parse', 'HEAD').trim() };
}

describe.skipIf(!hasGit())('git in the provenance', () => {
  it('records a clean work tree and writes no git.diff', () => {
    const { dir, commit } = workTree();
    writeFileSync(join(dir, 'untracked.txt'), 'not recorded');
    const root = newDir();
    const writer = RunWriter.create(root, {
      experiment: 'e',
      params: {},
      provenance: { cwd: dir },
    });
    writer.end('finished');
    const provenance = readRun(root, writer.id).log.start!.provenance!;
    expect(provenance.get('git')).toEqual(
      new Map<string, unknown>([
        ['commit', commit],
        ['dirty', false],
      ]),
    );
    expect(existsSync(join(writer.dir, 'git.diff'))).toBe(false);
  });

  it('writes git diff --binary HEAD at the start of a dirty work tree, and none at a resume', () => {
    const { dir, commit } = workTree();
    writeFileSync(join(dir, 'train.py'), 'lr = 0.03\n');
    writeFileSync(join(dir, 'weights.bin'), Buffer.from([9, 9, 0, 128]));
    const root = newDir();
    const writer = RunWriter.create(root, {
      experiment: 'e',
      params: {},
      provenance: { cwd: dir },
    });
    writer.abandon();
    const run = readRun(root, writer.id);
    expect(run.log.start!.provenance!.get('git')).toEqual(
      new Map<string, unknown>([
        ['commit', commit],
        ['dirty', true],
      ]),
    );
    const diff = readFileSync(join(writer.dir, 'git.diff'));
    expect(diff).toEqual(execFileSync('git', ['diff', '--binary', 'HEAD'], { cwd: dir }));
    expect(diff.toString('latin1')).toContain('GIT binary patch');

    // The diff applied on the commit gives back the tracked files the run started from.
    const expected = readFileSync(join(dir, 'weights.bin'));
    git(dir, 'checkout', '-q', '--', '.');
    git(dir, 'apply', join(writer.dir, 'git.diff'));
    expect(readFileSync(join(dir, 'weights.bin'))).toEqual(expected);
    expect(readFileSync(join(dir, 'train.py'), 'utf8')).toBe('lr = 0.03\n');

    writeFileSync(join(dir, 'train.py'), 'lr = 0.01\n');
    const resumed = RunWriter.resume(root, writer.id, { step: 0, provenance: { cwd: dir } });
    resumed.end('finished');
    expect(readFileSync(join(writer.dir, 'git.diff'))).toEqual(diff);
  });

  it('records no git outside a work tree', () => {
    const root = newDir();
    const writer = RunWriter.create(root, {
      experiment: 'e',
      params: {},
      provenance: { cwd: root },
    });
    writer.end('finished');
    expect(readRun(root, writer.id).log.start!.provenance!.has('git')).toBe(false);
  });
});
