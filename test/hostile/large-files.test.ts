// Hostile stores, large small files: a 600 MB git.diff and 100 MB notes. `serve` in a child
// answers in bounded time and memory, shows each in part with its size, saves the diff in
// pieces, and never answers a large file as absent.

import { describe, expect, it } from 'vitest';
import { closeSync, openSync, readFileSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { GitDiffPart, GitDiffText, RunDetail } from '../../shared/api/contract.js';
import { endLine, metricsLine, startLine } from '../support/lines.js';
import { runDir, writeLog } from '../support/store-fixture.js';
import { hostileDirs, MiB, runCli, serveSession, startServe } from './harness.js';

const newDir = hostileDirs();
const BOUND_MS = 20_000;
const DIFF_BYTES = 600 * 1e6;
const NOTES_LINE = 'Notes, written by a script that did not stop.\n';

/** A 600 MB git.diff: a real first part, then a sparse tail, so the test writes little. */
function writeHugeDiff(path: string): Buffer {
  const head = Buffer.from(
    'diff --git a/train.py b/train.py\n--- a/train.py\n+++ b/train.py\n@@ -1 +1 @@\n-lr = 0.1\n+lr = 0.05\n',
  );
  const fd = openSync(path, 'w');
  writeSync(fd, head);
  closeSync(fd);
  truncateSync(path, DIFF_BYTES);
  return head;
}

describe('a run with a 600 MB git.diff and 100 MB notes', () => {
  it('is served in part, with sizes, in bounded time and memory', async () => {
    const root = join(newDir(), 'store');
    writeLog(root, 'big', [startLine(), metricsLine(0, { loss: 1 }), endLine('finished')]);
    const head = writeHugeDiff(join(runDir(root, 'big'), 'git.diff'));
    const notes = NOTES_LINE.repeat(Math.ceil((100 * 1e6) / NOTES_LINE.length));
    writeFileSync(join(runDir(root, 'big'), 'notes'), notes);

    const served = await startServe(root, { timeoutMs: 120_000 });
    const session = await serveSession(served);
    const timed = async <T>(request: Record<string, unknown>): Promise<T> => {
      const started = performance.now();
      const response = await session.request(request);
      expect(performance.now() - started).toBeLessThan(BOUND_MS);
      if (!response.ok) throw new Error(response.error.message);
      return response.result as T;
    };
    try {
      const detail = await timed<RunDetail>({ op: 'runDetail', runId: 'big' });
      expect(detail.gitDiff).toEqual({ size: DIFF_BYTES, problem: null });
      expect(detail.notesInfo).toEqual({
        size: notes.length,
        truncated: true,
        readOnly:
          'the notes are 100 MB, more than the 1.0 MB the app edits; only their first part ' +
          'is shown: edit the file itself (runs/big/notes)',
      });
      expect(detail.notes!.length).toBeLessThanOrEqual(MiB);
      expect(notes.startsWith(detail.notes!)).toBe(true);

      const diff = await timed<GitDiffText>({ op: 'gitDiff', runId: 'big' });
      expect(diff.size).toBe(DIFF_BYTES);
      expect(diff.truncated).toBe(true);
      expect(diff.text.length).toBe(MiB);
      expect(diff.text.startsWith(head.toString())).toBe(true);

      const first = await timed<GitDiffPart>({ op: 'gitDiffPart', runId: 'big', offset: 0 });
      expect(first).toMatchObject({ offset: 0, next: 4 * MiB, size: DIFF_BYTES });
      expect(Buffer.from(first.base64, 'base64').subarray(0, head.length)).toEqual(head);
      const last = await timed<GitDiffPart>({
        op: 'gitDiffPart',
        runId: 'big',
        offset: DIFF_BYTES - 10,
      });
      expect(last).toMatchObject({ offset: DIFF_BYTES - 10, next: DIFF_BYTES });
      expect(Buffer.from(last.base64, 'base64')).toEqual(Buffer.alloc(10));

      const save = await session.request({ op: 'setNotes', runId: 'big', text: 'short' });
      expect(save).toEqual({
        ok: false,
        error: { code: 'write-failed', message: expect.stringMatching(/edit the file itself/) },
      });
    } finally {
      await session.close();
      const outcome = await served.stop();
      expect(outcome.timedOut).toBe(false);
      expect(outcome.peakRssBytes).toBeLessThan(300 * MiB);
    }
    expect(readFileSync(join(runDir(root, 'big'), 'notes'), 'utf8').length).toBe(notes.length);
  }, 150_000);
});

describe('a run with 100 MB notes, exported', () => {
  it('exports the notes whole, in bounded memory', async () => {
    const root = join(newDir(), 'store');
    writeLog(root, 'big', [startLine(), metricsLine(0, { loss: 1 }), endLine('finished')]);
    // Characters of two, three and four bytes, so that reads in pieces cut inside some of them.
    const line = `${NOTES_LINE.trimEnd()} é ✓ 🎉 "quoted" \\ tab\t\n`;
    const notes = line.repeat(Math.ceil((100 * 1e6) / Buffer.byteLength(line)));
    writeFileSync(join(runDir(root, 'big'), 'notes'), notes);
    const outcome = await runCli(['export', root], {
      timeoutMs: 60_000,
      keepStdoutBytes: 400 * 1e6,
    });
    expect(outcome.timedOut).toBe(false);
    expect(outcome.status).toBe(0);
    const exported = JSON.parse(outcome.stdout) as { runs: { notes: string }[] };
    expect(exported.runs[0]!.notes.length).toBe(notes.length);
    expect(exported.runs[0]!.notes === notes).toBe(true);
    // The export holds a MiB of the notes at a time, not 100 MB of them and their JSON.
    expect(outcome.peakRssBytes).toBeLessThan(150 * MiB);
  }, 120_000);
});
