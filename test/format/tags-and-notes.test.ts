// "Tags and notes": tags named by digest, damaged tag files ignored, byte order, notes text.

import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tagDigest } from '../../shared/format/digest.js';
import { readNotes, readTags } from '../../electron/store/run-files.js';

/** The notes' text as read, or null when there are none (or they cannot be read). */
function readNotesText(dir: string, root: string): string | null {
  const read = readNotes(dir, root);
  return read.state === 'read' ? read.text : null;
}
import { exportRun } from '../support/export.js';
import { startLine } from '../support/lines.js';
import {
  addTag,
  blake2bHex,
  runDir,
  tempStores,
  writeLog,
  writeNotes,
  writeRunFile,
  writeTagFile,
} from '../support/store-fixture.js';

const newStore = tempStores();

function run(): { root: string; dir: string } {
  const root = newStore();
  writeLog(root, 'r', [startLine()]);
  return { root, dir: runDir(root, 'r') };
}

describe('a tag is the file tags/<digest> holding its bytes', () => {
  it('the digest is the 64 lowercase hex digits of BLAKE2b-256 of its UTF-8 bytes', () => {
    // Computed independently with Python's hashlib.blake2b(digest_size=32).
    expect(tagDigest('baseline')).toBe(
      '779ea67d396551b0ec3b1d55a0970951c7ab436fa6ed78c15138efcd6bbafed8',
    );
    expect(tagDigest('日本 ✓')).toBe(
      '69bd1701453dd34bf6f5fe6d85c660d524c37cd2a797d02012b916c8fc93f408',
    );
  });

  it("a run's tags are read from tags/ and exported in byte order", () => {
    const { root, dir } = run();
    for (const tag of ['zeta', 'Alpha', 'alpha', '\u{1F600}', '\ufffd', 'best run'])
      addTag(root, 'r', tag);
    const expected = ['Alpha', 'alpha', 'best run', 'zeta', '\ufffd', '\u{1F600}'];
    expect(readTags(dir, root).tags).toEqual(expected);
    expect(exportRun(root)['tags']).toEqual(expected);
  });

  it('two tags are equal when their bytes are: names differing only in case are two tags', () => {
    const { root, dir } = run();
    addTag(root, 'r', 'A');
    addTag(root, 'r', 'a');
    expect(readTags(dir, root).tags).toEqual(['A', 'a']);
    // Composed and decomposed é are different bytes, so different tags.
    addTag(root, 'r', '\u00e9');
    addTag(root, 'r', 'e\u0301');
    expect(readTags(dir, root).tags).toHaveLength(4);
  });

  it('a tag file whose bytes do not digest to its name is damaged and ignored', () => {
    const { root, dir } = run();
    addTag(root, 'r', 'good');
    writeTagFile(root, 'r', tagDigest('expected'), 'something else');
    writeTagFile(root, 'r', tagDigest('trailing'), 'trailing\n');
    expect(readTags(dir, root).tags).toEqual(['good']);
  });

  it('names that are not lowercase digests, and .-named files, are ignored', () => {
    const { root, dir } = run();
    addTag(root, 'r', 'good');
    writeTagFile(root, 'r', blake2bHex('upper').toUpperCase(), 'upper');
    writeTagFile(root, 'r', `.${blake2bHex('wip')}`, 'wip');
    writeTagFile(root, 'r', '.tmp-123', 'wip');
    writeTagFile(root, 'r', 'readme', 'readme');
    mkdirSync(join(dir, 'tags', blake2bHex('a directory')));
    expect(readTags(dir, root).tags).toEqual(['good']);
  });

  it('a tag file holding no valid tag is ignored, even when named by its digest', () => {
    const { root, dir } = run();
    writeTagFile(root, 'r', blake2bHex(''), '');
    writeTagFile(root, 'r', blake2bHex('a\nb'), 'a\nb');
    const invalid = Buffer.from([0x61, 0xff]);
    writeTagFile(root, 'r', blake2bHex(invalid), invalid);
    expect(readTags(dir, root).tags).toEqual([]);
  });

  it('no tags/ directory means no tags', () => {
    const { root } = run();
    expect(exportRun(root)['tags']).toEqual([]);
  });
});

describe('notes', () => {
  it("hold the run's notes as UTF-8 text", () => {
    const { root, dir } = run();
    writeNotes(root, 'r', 'First pass.\nLearning rate too high? 日本\n');
    expect(readNotesText(dir, root)).toBe('First pass.\nLearning rate too high? 日本\n');
    expect(exportRun(root)['notes']).toBe('First pass.\nLearning rate too high? 日本\n');
  });

  it('absent notes are none; empty notes are an empty text', () => {
    const { root, dir } = run();
    expect(exportRun(root)['notes']).toBeNull();
    writeNotes(root, 'r', '');
    expect(readNotesText(dir, root)).toBe('');
  });

  it("a .-named file beside notes, a writer's replacement in progress, is not read", () => {
    const { root, dir } = run();
    writeNotes(root, 'r', 'old');
    writeRunFile(root, 'r', '.notes.tmp-42', 'new, half written');
    expect(readNotesText(dir, root)).toBe('old');
  });
});
