// The small files of a run directory: writer, tags and notes, read as the format says.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseJson } from '../../shared/format/json.js';
import { HEX_DIGEST, tagDigest } from '../../shared/format/digest.js';
import { decodeUtf8, compareUtf8 } from '../../shared/format/utf8.js';
import { isTag } from '../../shared/format/names.js';
import { log } from '../log.js';
import { isAbsent } from './file-errors.js';

export interface WriterIdentity {
  readonly machine?: string;
  readonly boot?: string;
}

/** Paths already warned of: the writer file is read again at every status probe. */
const warnedUnreadable = new Set<string>();

/** Warns once per path of a run file that is there but cannot be read, and is taken as absent. */
function warnUnreadable(path: string, error: unknown): void {
  if (warnedUnreadable.has(path)) return;
  warnedUnreadable.add(path);
  log.warn(`${path} cannot be read; it is taken as absent`, error);
}

/**
 * A file's bytes, or null when it is absent or cannot be read (which is logged). Absence is asked first without
 * an exception: most runs have no notes or tags, and a thrown ENOENT costs more than the read.
 */
export function readOptional(path: string, usuallyThere = false): Buffer | null {
  // A file most runs have (writer, an ended run's stats.json) is read without asking first:
  // the stat would be one more system call per run, ten thousand opening a big store.
  if (!usuallyThere && statSync(path, { throwIfNoEntry: false }) === undefined) return null;
  try {
    return readFileSync(path);
  } catch (error) {
    // Absent (gone since the stat, or read without asking first): what the format allows.
    if (!isAbsent(error)) warnUnreadable(path, error);
    return null;
  }
}

/** The run's writer file: the latest writer's identities; null when absent or not an object. */
export function readWriterFile(runDir: string): WriterIdentity | null {
  const bytes = readOptional(join(runDir, 'writer'), true);
  if (bytes === null) return null;
  const json = parseJson(bytes);
  if (!(json instanceof Map)) return null;
  const machine = json.get('machine');
  const boot = json.get('boot');
  return {
    ...(typeof machine === 'string' && machine.length > 0 ? { machine } : {}),
    ...(typeof boot === 'string' && boot.length > 0 ? { boot } : {}),
  };
}

/**
 * The run's tags in byte order. A tag file whose bytes do not digest to its name is damaged and
 * ignored, as is any name that is not a digest (work in progress, or not of the layout).
 */
export function readTags(runDir: string): string[] {
  const tagsDir = join(runDir, 'tags');
  if (statSync(tagsDir, { throwIfNoEntry: false }) === undefined) return [];
  let names: string[];
  try {
    names = readdirSync(tagsDir);
  } catch (error) {
    // Gone since the stat, or a file named tags: no tags.
    if (!isAbsent(error)) warnUnreadable(tagsDir, error);
    return [];
  }
  const tags: string[] = [];
  for (const name of names) {
    if (!HEX_DIGEST.test(name)) continue;
    const bytes = readOptional(join(tagsDir, name));
    if (bytes === null) continue;
    const tag = decodeUtf8(bytes, 0, bytes.length);
    if (tag === undefined || !isTag(tag) || tagDigest(tag) !== name) continue;
    tags.push(tag);
  }
  return tags.sort(compareUtf8);
}

/** The run's notes, or null when it has none. */
export function readNotes(runDir: string): string | null {
  const bytes = readOptional(join(runDir, 'notes'));
  return bytes === null ? null : bytes.toString('utf8');
}
