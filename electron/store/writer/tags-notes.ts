// Changing a run's tags and notes as the format says: a .-named file, synced, then renamed to
// its name; tags/ is created when missing, but never the run's directory, so that a run a
// deletion removed meanwhile is not made again. Nothing is written through a link, or outside
// the store.

import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { isInside } from '../store-files.js';
import { tagDigest } from '../../../shared/format/digest.js';
import { tagProblem } from '../../../shared/format/names.js';
import { encodeUtf8 } from '../../../shared/format/utf8.js';
import { quoted, requireUtf8String } from './text-checks.js';
import { errorCode } from '../../error-code.js';
import { describeError, replaceFileWhole, unlinkIfPresent } from './durable-files.js';

function requireTag(tag: string): string {
  const problem = tagProblem(tag);
  if (problem !== undefined) throw new Error(`${quoted(tag)} is not a tag: ${problem}`);
  return tag;
}

function failure(what: string, runDir: string, error: unknown): Error {
  const reason =
    errorCode(error) === 'ENOENT'
      ? `the run's directory ${runDir} does not exist (the run may have been deleted)`
      : describeError(error);
  return new Error(`cannot ${what}: ${reason}`, { cause: error });
}

/**
 * Throws why, unless dir is a directory itself (not a link to one) whose real path is inside the
 * store: a write there could otherwise land outside it. An absent dir passes when `mayBeAbsent`.
 */
function requireRealDirectory(dir: string, realRoot: string, mayBeAbsent = false): void {
  let stat;
  try {
    stat = lstatSync(dir);
  } catch (error) {
    if (mayBeAbsent && errorCode(error) === 'ENOENT') return;
    throw error;
  }
  if (stat.isSymbolicLink()) throw new Error(`${dir} is a link; nothing is written through it`);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a directory`);
  const real = realpathSync(dir);
  if (!isInside(real, realRoot))
    throw new Error(`${dir} leads out of the store (to ${real}); nothing is written there`);
}

/** Adds a tag to the run at runDir; adding a tag it has already rewrites the same file. */
export function addTag(runDir: string, realRoot: string, tag: string): void {
  requireTag(tag);
  const tagsDir = join(runDir, 'tags');
  const what = `add tag ${quoted(tag)}`;
  try {
    requireRealDirectory(runDir, realRoot);
    requireRealDirectory(tagsDir, realRoot, true);
    // Not recursive: a missing run directory must stay missing.
    mkdirSync(tagsDir);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw failure(what, runDir, error);
  }
  try {
    // Made by another process meanwhile, it must be a directory of the store all the same.
    requireRealDirectory(tagsDir, realRoot);
    replaceFileWhole(tagsDir, tagDigest(tag), encodeUtf8(tag), 'tag');
  } catch (error) {
    throw failure(what, runDir, error);
  }
}

/** Removes a tag from the run at runDir; a tag it does not have is already removed. */
export function removeTag(runDir: string, realRoot: string, tag: string): void {
  requireTag(tag);
  try {
    requireRealDirectory(runDir, realRoot);
    requireRealDirectory(join(runDir, 'tags'), realRoot, true);
    // Unlinking a name removes a link itself, never what it leads to.
    unlinkIfPresent(join(runDir, 'tags', tagDigest(tag)));
  } catch (error) {
    throw new Error(`cannot remove tag ${quoted(tag)}: ${describeError(error)}`, { cause: error });
  }
}

/** Replaces the notes of the run at runDir whole; readers see the old notes or the new. */
export function writeNotes(runDir: string, realRoot: string, text: string): void {
  requireUtf8String(text, 'notes');
  try {
    requireRealDirectory(runDir, realRoot);
    // The rename replaces a link named notes, never the file it leads to.
    replaceFileWhole(runDir, 'notes', encodeUtf8(text), 'notes');
  } catch (error) {
    throw failure('write the notes', runDir, error);
  }
}
