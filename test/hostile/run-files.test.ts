// Hostile stores, the files of a run: FIFOs, a device, links out of the store and files without
// permissions in place of notes, writer, stats.json, git.diff, tags/ and a run's directory. The
// export and `serve`, each in a child, answer within a bound, read and write nothing outside the
// store, and say what cannot be read.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { ApiResponse, RunDetail } from '../../shared/api/contract.js';
import { endLine, metricsLine, startLine } from '../support/lines.js';
import { addTag, blake2bHex, runDir, writeLog } from '../support/store-fixture.js';
import { hostileDirs, MiB, runCli, serveSession, startServe } from './harness.js';

const newDir = hostileDirs();
const SECRET = 'SECRET-OUTSIDE-THE-STORE-7f3a';
/** No call may take longer: a FIFO opened for reading without a writer would block for ever. */
const BOUND_MS = 20_000;

function mkfifo(path: string): void {
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo ${path}: ${made.stderr.toString()}`);
}

/** A run that ended, with a sample: a store's ordinary run, beside which the hostile files sit. */
function goodRun(root: string, id: string): string {
  writeLog(root, id, [startLine(), metricsLine(0, { loss: 0.5 }), endLine('finished')]);
  return runDir(root, id);
}

interface HostileStore {
  readonly root: string;
  /** Outside the store: must stay as it is, and its contents must never be served. */
  readonly outside: string;
}

function hostileStore(): HostileStore {
  const dir = newDir();
  const root = join(dir, 'store');
  const outside = join(dir, 'outside');
  mkdirSync(join(outside, 'run'), { recursive: true });
  writeFileSync(join(outside, 'passwd'), `root:x:0:0:${SECRET}\n`);
  writeFileSync(join(outside, 'notes'), `${SECRET}\n`);
  // A run outside the store, which a link in runs/ leads to.
  writeFileSync(
    join(outside, 'run', 'events.jsonl'),
    `${startLine('', SECRET)}\n${endLine('finished')}\n`,
  );
  mkdirSync(join(outside, 'tags'));
  writeFileSync(join(outside, 'tags', blake2bHex(SECRET)), SECRET);

  for (const name of ['notes', 'writer', 'stats.json', 'git.diff'])
    mkfifo(join(goodRun(root, `fifo-${name}`), name));
  mkdirSync(join(goodRun(root, 'fifo-tag'), 'tags'));
  mkfifo(join(runDir(root, 'fifo-tag'), 'tags', blake2bHex('fifo')));
  addTag(root, 'fifo-tag', 'kept');

  symlinkSync('/dev/zero', join(goodRun(root, 'notes-dev-zero'), 'notes'));
  symlinkSync(join(outside, 'passwd'), join(goodRun(root, 'diff-out'), 'git.diff'));
  symlinkSync(join(outside, 'notes'), join(goodRun(root, 'notes-out'), 'notes'));
  symlinkSync(join(outside, 'tags'), join(goodRun(root, 'tags-out'), 'tags'));
  symlinkSync(join(outside, 'run'), join(root, 'runs', 'run-out'));
  // A link that stays inside the store is followed: an archived run, linked into runs/.
  goodRun(root, 'archived-original');
  mkdirSync(join(root, 'archive'));
  symlinkSync(join(root, 'runs', 'archived-original'), join(root, 'archive', 'kept'));
  symlinkSync(join(root, 'archive', 'kept'), join(root, 'runs', 'link-in'));

  goodRun(root, 'noperm-notes');
  writeFileSync(join(runDir(root, 'noperm-notes'), 'notes'), 'private notes\n');
  chmodSync(join(runDir(root, 'noperm-notes'), 'notes'), 0o000);
  chmodSync(join(goodRun(root, 'noperm-log'), 'events.jsonl'), 0o000);
  const tagDir = join(goodRun(root, 'noperm-tag'), 'tags');
  mkdirSync(tagDir);
  writeFileSync(join(tagDir, blake2bHex('secret tag')), 'secret tag');
  chmodSync(join(tagDir, blake2bHex('secret tag')), 0o000);
  chmodSync(goodRun(root, 'noperm-dir'), 0o000);
  return { root, outside };
}

/** The outside tree as bytes and names: compared before and after to show nothing was written. */
function snapshot(dir: string): string {
  const walk = (path: string): string[] =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .sort()
          .flatMap((name) => [`${path}/${name}`, ...walk(join(path, name))])
      : [readFileSync(path, 'utf8')];
  return walk(dir).join('\n');
}

interface ExportedRun {
  readonly id: string;
  readonly status: string;
  readonly error: string | null;
  readonly notes?: string | null;
  readonly tags?: string[];
}

describe('a store with FIFOs, devices, links out and closed files', () => {
  it('exports within a bound, listing what cannot be read as unreadable with why', async () => {
    const { root, outside } = hostileStore();
    const before = snapshot(outside);
    const outcome = await runCli(['export', root], { timeoutMs: BOUND_MS });
    expect(outcome.timedOut).toBe(false);
    expect(outcome.status).toBe(0);
    expect(outcome.peakRssBytes).toBeLessThan(300 * MiB);
    expect(outcome.stdout).not.toContain(SECRET);
    const runs = new Map(
      (JSON.parse(outcome.stdout) as { runs: ExportedRun[] }).runs.map((run) => [run.id, run]),
    );
    for (const id of ['fifo-notes', 'fifo-writer', 'fifo-stats.json', 'fifo-git.diff'])
      expect(runs.get(id)?.status).toBe('finished');
    expect(runs.get('fifo-notes')?.notes).toBeNull();
    expect(runs.get('fifo-tag')?.tags).toEqual(['kept']);
    expect(runs.get('notes-dev-zero')?.notes).toBeNull();
    expect(runs.get('notes-out')?.notes).toBeNull();
    expect(runs.get('tags-out')?.tags).toEqual([]);
    expect(runs.get('link-in')?.status).toBe('finished');
    expect(runs.get('run-out')).toEqual({
      id: 'run-out',
      status: 'unreadable',
      error: expect.stringMatching(/^its directory is a link out of the store/),
    });
    {
      // The child runs as nobody when the tests run as root: permissions bite either way.
      expect(runs.get('noperm-log')).toEqual({
        id: 'noperm-log',
        status: 'unreadable',
        error: 'events.jsonl cannot be read: permission denied',
      });
      expect(runs.get('noperm-dir')).toEqual({
        id: 'noperm-dir',
        status: 'unreadable',
        error: 'events.jsonl cannot be read: permission denied',
      });
      expect(runs.get('noperm-notes')?.notes).toBeNull();
    }
    expect(outcome.stderr).toMatch(/fifo-notes\/notes is a FIFO \(named pipe\), not a file/);
    expect(snapshot(outside)).toBe(before);
  });

  it('serves each run, saying which files cannot be read, and writes nowhere but the store', async () => {
    const { root, outside } = hostileStore();
    const before = snapshot(outside);
    const served = await startServe(root, { timeoutMs: 120_000 });
    const session = await serveSession(served);
    const call = async (request: Record<string, unknown>): Promise<ApiResponse> => {
      const started = performance.now();
      const response = await session.request(request);
      expect(performance.now() - started).toBeLessThan(BOUND_MS);
      return response;
    };
    const detail = async (runId: string): Promise<RunDetail> => {
      const response = await call({ op: 'runDetail', runId });
      if (!response.ok) throw new Error(`${runId}: ${response.error.message}`);
      return response.result as RunDetail;
    };
    try {
      const listed = await call({ op: 'listRuns' });
      expect(listed.ok).toBe(true);

      const fifoNotes = await detail('fifo-notes');
      expect(fifoNotes.notesInfo.readOnly).toMatch(/is a FIFO \(named pipe\), not a file/);
      expect(fifoNotes.fileProblems).toContainEqual({
        file: 'notes',
        reason: 'is a FIFO (named pipe), not a file',
      });
      const refused = await call({ op: 'setNotes', runId: 'fifo-notes', text: 'mine' });
      expect(refused).toEqual({
        ok: false,
        error: { code: 'write-failed', message: expect.stringMatching(/not replaced/) },
      });

      const fifoTag = await detail('fifo-tag');
      expect(fifoTag.summary.tags).toEqual(['kept']);
      expect(fifoTag.fileProblems).toEqual([
        { file: `tags/${blake2bHex('fifo')}`, reason: 'is a FIFO (named pipe), not a file' },
      ]);

      const fifoDiff = await detail('fifo-git.diff');
      expect(fifoDiff.gitDiff).toEqual({
        size: null,
        problem: 'is a FIFO (named pipe), not a file',
      });

      const diffOut = await detail('diff-out');
      expect(diffOut.gitDiff?.problem).toMatch(/is a link out of the store .*it is not followed/);
      const diff = await call({ op: 'gitDiff', runId: 'diff-out' });
      expect(diff.ok).toBe(false);
      expect(JSON.stringify(diff)).not.toContain(SECRET);
      expect(JSON.stringify(diff)).toMatch(/unreadable/);

      const devZero = await detail('notes-dev-zero');
      expect(devZero.notes).toBeNull();
      expect(devZero.notesInfo.readOnly).toMatch(/link out of the store/);

      const tagsOut = await detail('tags-out');
      expect(tagsOut.summary.tags).toEqual([]);
      const addOut = await call({ op: 'addTag', runId: 'tags-out', tag: 'mine' });
      expect(addOut.ok).toBe(false);

      const runOut = await detail('run-out');
      expect(runOut.summary.status).toBe('unreadable');
      expect(runOut.summary.error).toMatch(/^its directory is a link out of the store/);
      expect(JSON.stringify(runOut)).not.toContain(SECRET);
      expect((await call({ op: 'addTag', runId: 'run-out', tag: 'mine' })).ok).toBe(false);
      expect((await call({ op: 'setNotes', runId: 'run-out', text: 'mine' })).ok).toBe(false);

      const linkIn = await detail('link-in');
      expect(linkIn.summary.status).toBe('finished');

      {
        const closedNotes = await detail('noperm-notes');
        expect(closedNotes.notesInfo.readOnly).toMatch(/permission denied/);
        const overwrite = await call({ op: 'setNotes', runId: 'noperm-notes', text: 'lost?' });
        expect(overwrite.ok).toBe(false);
        const closedLog = await detail('noperm-log');
        expect(closedLog.summary).toMatchObject({
          status: 'unreadable',
          error: 'events.jsonl cannot be read: permission denied',
        });
        const closedTag = await detail('noperm-tag');
        expect(closedTag.fileProblems).toEqual([
          {
            file: `tags/${blake2bHex('secret tag')}`,
            reason: 'cannot be read: permission denied',
          },
        ]);
      }
    } finally {
      await session.close();
      const outcome = await served.stop();
      expect(outcome.timedOut).toBe(false);
      expect(outcome.peakRssBytes).toBeLessThan(300 * MiB);
    }
    chmodSync(join(runDir(root, 'noperm-notes'), 'notes'), 0o644);
    expect(readFileSync(join(runDir(root, 'noperm-notes'), 'notes'), 'utf8')).toBe(
      'private notes\n',
    );
    expect(snapshot(outside)).toBe(before);
  }, 150_000);
});
