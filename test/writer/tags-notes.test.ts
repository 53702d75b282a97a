// Tags and notes as the format writes them: exact bytes under their names, no work in progress
// left behind, the run's directory never made again, and old state kept when a write fails.

import { describe, expect, it } from 'vitest';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { tagDigest } from '../../shared/format/digest.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { RunWriter } from '../../electron/demo/writer/run-writer.js';
import { addTag, removeTag, writeNotes } from '../../electron/store/writer/tags-notes.js';
import { scratchDirs } from './scratch.js';

const newRoot = scratchDirs();

/** The real root of the store a run directory is in, as the host hands it to the writes. */
function rootOf(runDir: string): string {
  return realpathSync(join(runDir, '..', '..'));
}
const runsAsRoot = process.getuid?.() === 0;

function newRun(): { root: string; id: string; dir: string } {
  const root = newRoot();
  const writer = RunWriter.create(root, { experiment: 'e', params: {}, provenance: { cwd: root } });
  writer.end('finished');
  return { root, id: writer.id, dir: writer.dir };
}

function workInProgress(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith('.'));
}

describe('tags', () => {
  it('are files named by the digest of their bytes, holding the bytes', () => {
    const { root, id, dir } = newRun();
    addTag(dir, rootOf(dir), 'baseline');
    addTag(dir, rootOf(dir), 'Grüße ✓');
    addTag(dir, rootOf(dir), 'baseline');
    const tagsDir = join(dir, 'tags');
    expect(readdirSync(tagsDir).sort()).toEqual(
      [tagDigest('baseline'), tagDigest('Grüße ✓')].sort(),
    );
    expect(readFileSync(join(tagsDir, tagDigest('Grüße ✓')))).toEqual(
      Buffer.from('Grüße ✓', 'utf8'),
    );
    expect(workInProgress(tagsDir)).toEqual([]);
    expect(readRun(root, id).tags).toEqual(['Grüße ✓', 'baseline'].sort());
    removeTag(dir, rootOf(dir), 'baseline');
    removeTag(dir, rootOf(dir), 'baseline');
    removeTag(dir, rootOf(dir), 'never added');
    expect(readRun(root, id).tags).toEqual(['Grüße ✓']);
  });

  it('refuse what is not a tag', () => {
    const { dir } = newRun();
    expect(() => addTag(dir, rootOf(dir), 'a,b')).toThrow(/cannot hold a comma/);
    expect(() => addTag(dir, rootOf(dir), '')).toThrow(/cannot be empty/);
    expect(() => addTag(dir, rootOf(dir), 'tab\there')).toThrow(/control characters/);
    expect(() => addTag(dir, rootOf(dir), 'x\ud800')).toThrow(/valid Unicode/);
    expect(existsSync(join(dir, 'tags'))).toBe(false);
  });

  it('never make a deleted run directory again', () => {
    const { dir } = newRun();
    rmSync(dir, { recursive: true });
    expect(() => addTag(dir, rootOf(dir), 'late')).toThrow(
      /does not exist \(the run may have been deleted\)/,
    );
    expect(existsSync(dir)).toBe(false);
  });

  it('keep the old tags when a write fails, and leave no temporary file', () => {
    const { root, id, dir } = newRun();
    addTag(dir, rootOf(dir), 'kept');
    // A directory in the way of the new tag's name makes its rename fail, root or not.
    const blocker = join(dir, 'tags', tagDigest('blocked'));
    mkdirSync(blocker);
    writeFileSync(join(blocker, 'inside'), 'x');
    expect(() => addTag(dir, rootOf(dir), 'blocked')).toThrow(/cannot add tag "blocked"/);
    expect(workInProgress(join(dir, 'tags'))).toEqual([]);
    expect(readRun(root, id).tags).toEqual(['kept']);
  });
});

describe('notes', () => {
  it('are replaced whole with the exact text', () => {
    const { root, id, dir } = newRun();
    writeNotes(dir, rootOf(dir), '# first\n');
    const text = '# Sweep notes\n\n- lr 0.1 wins ✓\n- \u0000 and tabs\there are fine in notes\n';
    writeNotes(dir, rootOf(dir), text);
    expect(readFileSync(join(dir, 'notes'))).toEqual(Buffer.from(text, 'utf8'));
    expect(workInProgress(dir)).toEqual([]);
    expect(readRun(root, id).notes).toBe(text);
    writeNotes(dir, rootOf(dir), '');
    expect(readRun(root, id).notes).toBe('');
  });

  it('refuse text that has no UTF-8 form', () => {
    const { dir } = newRun();
    expect(() => writeNotes(dir, rootOf(dir), 'half \udbff')).toThrow(/lone surrogate/);
    expect(existsSync(join(dir, 'notes'))).toBe(false);
  });

  it('never make a deleted run directory again', () => {
    const { dir } = newRun();
    rmSync(dir, { recursive: true });
    expect(() => writeNotes(dir, rootOf(dir), 'late')).toThrow(/does not exist/);
    expect(existsSync(dir)).toBe(false);
  });

  it.skipIf(runsAsRoot)('keep the old notes when the run directory cannot be written', () => {
    const { dir } = newRun();
    writeNotes(dir, rootOf(dir), 'old');
    chmodSync(dir, 0o555);
    try {
      expect(() => writeNotes(dir, rootOf(dir), 'new')).toThrow(/cannot write the notes/);
      expect(readFileSync(join(dir, 'notes'), 'utf8')).toBe('old');
      expect(workInProgress(dir)).toEqual([]);
    } finally {
      chmodSync(dir, 0o755);
    }
  });

  it('keep what holds the name when the rename fails, and leave no temporary file', () => {
    const { dir } = newRun();
    // Permissions do not stop root, so a non-empty directory named notes makes the rename fail.
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', 'old'), 'old');
    expect(() => writeNotes(dir, rootOf(dir), 'new')).toThrow(/cannot write the notes/);
    expect(readFileSync(join(dir, 'notes', 'old'), 'utf8')).toBe('old');
    expect(workInProgress(dir)).toEqual([]);
  });
});
