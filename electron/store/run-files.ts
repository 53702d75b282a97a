// The small files of a run directory: writer, tags and notes, read as the format says, each
// through the one safe open, each up to a limit, and a file that cannot be read told from one
// that is absent.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseJson } from '../../shared/format/json.js';
import { HEX_DIGEST, tagDigest } from '../../shared/format/digest.js';
import { decodeUtf8, compareUtf8 } from '../../shared/format/utf8.js';
import { isTag } from '../../shared/format/names.js';
import { log } from '../log.js';
import { errorCode } from '../error-code.js';
import { isAbsent } from './file-errors.js';
import { checkStoreDirectory, readStoreFile, UnreadableFile } from './store-files.js';

/** The writer file holds two identities: anything longer is not one the format writes. */
const WRITER_LIMIT = 64 << 10;
/** A tag is a text; a file longer than this cannot be a tag anyone writes, and is damaged. */
const TAG_LIMIT = 64 << 10;
/** Notes up to this size are read whole and can be edited; larger ones are shown in part. */
export const NOTES_LIMIT = 1 << 20;

export interface WriterIdentity {
  readonly machine?: string;
  readonly boot?: string;
}

/** A file of the run that is there but cannot be read: which (relative to the run) and why. */
export interface FileProblem {
  readonly file: string;
  readonly reason: string;
}

/** Paths already warned of: the writer file is read again at every status probe. */
const warnedUnreadable = new Set<string>();

/** Warns once per path of a run file that is there but cannot be read. */
export function warnUnreadable(path: string, reason: string, outcome: string): void {
  if (warnedUnreadable.has(path)) return;
  warnedUnreadable.add(path);
  log.warn(`${path} ${reason}; ${outcome}`);
}

/**
 * A file's bytes when it is there, readable and within limit; else null: absent, or warned of
 * (once) as unreadable or too large and then taken as absent, as its `outcome` says.
 */
export function readOptional(
  path: string,
  realRoot: string,
  limit: number,
  outcome = 'it is taken as absent',
): Buffer | null {
  const read = readStoreFile(path, realRoot, limit);
  if (read.state === 'absent') return null;
  if (read.state === 'unreadable') {
    warnUnreadable(path, read.reason, outcome);
    return null;
  }
  if (read.truncated) {
    warnUnreadable(path, `is ${read.size} bytes, more than the ${limit} read`, outcome);
    return null;
  }
  return read.bytes;
}

/** The run's writer file: the latest writer's identities; null when absent or not an object. */
export function readWriterFile(runDir: string, realRoot: string): WriterIdentity | null {
  const bytes = readOptional(join(runDir, 'writer'), realRoot, WRITER_LIMIT);
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

export interface TagsRead {
  /** The run's tags in byte order. */
  readonly tags: string[];
  /** Tag files (or tags/ itself) that are there but cannot be read. */
  readonly problems: readonly FileProblem[];
}

/**
 * The run's tags in byte order. A tag file whose bytes do not digest to its name is damaged and
 * ignored, as is any name that is not a digest (work in progress, or not of the layout); one that
 * cannot be read is counted among the problems, not dropped in silence.
 */
export function readTags(runDir: string, realRoot: string): TagsRead {
  const tagsDir = join(runDir, 'tags');
  const problems: FileProblem[] = [];
  let names: string[];
  try {
    if (!checkStoreDirectory(tagsDir, realRoot)) return { tags: [], problems };
    names = readdirSync(tagsDir);
  } catch (error) {
    // Gone since the check: no tags.
    if (isAbsent(error)) return { tags: [], problems };
    const reason =
      error instanceof UnreadableFile
        ? error.reason
        : `cannot be listed (${errorCode(error) ?? String(error)})`;
    warnUnreadable(tagsDir, reason, 'its tags are not read');
    return { tags: [], problems: [{ file: 'tags', reason }] };
  }
  const tags: string[] = [];
  for (const name of names) {
    if (!HEX_DIGEST.test(name)) continue;
    const path = join(tagsDir, name);
    const read = readStoreFile(path, realRoot, TAG_LIMIT);
    if (read.state === 'absent') continue;
    if (read.state === 'unreadable') {
      warnUnreadable(path, read.reason, 'the tag is counted as unreadable');
      problems.push({ file: `tags/${name}`, reason: read.reason });
      continue;
    }
    if (read.truncated) continue;
    const tag = decodeUtf8(read.bytes, 0, read.bytes.length);
    if (tag === undefined || !isTag(tag) || tagDigest(tag) !== name) continue;
    tags.push(tag);
  }
  return { tags: tags.sort(compareUtf8), problems };
}

/** The run's notes as read: absent, unreadable (why), or their text, whole or in part. */
export type NotesRead =
  | { readonly state: 'absent' }
  | { readonly state: 'unreadable'; readonly reason: string }
  | {
      readonly state: 'read';
      readonly text: string;
      /** The file's size in bytes. */
      readonly size: number;
      /** True when the notes are longer than NOTES_LIMIT and text is their first part. */
      readonly truncated: boolean;
    };

/** The length of the longest prefix of bytes that ends on a whole UTF-8 sequence. */
function wholeUtf8Prefix(bytes: Uint8Array): number {
  let end = bytes.length;
  // Back over continuation bytes (10xxxxxx) to the lead of the last sequence, at most 3.
  let back = 0;
  while (back < 3 && end - back - 1 >= 0 && (bytes[end - back - 1]! & 0xc0) === 0x80) back++;
  const leadAt = end - back - 1;
  if (leadAt < 0) return end;
  const lead = bytes[leadAt]!;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (length > back + 1) end = leadAt;
  return end;
}

/** The run's notes; those larger than `limit` are read in part, cut on a character. */
export function readNotes(runDir: string, realRoot: string, limit = NOTES_LIMIT): NotesRead {
  const read = readNotesUntold(runDir, realRoot, limit);
  if (read.state === 'unreadable')
    warnUnreadable(
      join(runDir, 'notes'),
      read.reason,
      'the notes are shown as unreadable and are not overwritten',
    );
  return read;
}

/** As readNotes, without warning of notes that cannot be read: for a thread that cannot log. */
export function readNotesUntold(runDir: string, realRoot: string, limit = NOTES_LIMIT): NotesRead {
  const read = readStoreFile(join(runDir, 'notes'), realRoot, limit, true);
  if (read.state === 'absent' || read.state === 'unreadable') return read;
  const bytes = read.truncated ? read.bytes.subarray(0, wholeUtf8Prefix(read.bytes)) : read.bytes;
  return {
    state: 'read',
    text: bytes.toString('utf8'),
    size: read.size,
    truncated: read.truncated,
  };
}

/**
 * Notes too large to hold: the export reads them in pieces as it writes them, so that notes of
 * any size are exported whole in bounded memory.
 */
export class LargeNotes {
  constructor(
    readonly path: string,
    readonly realRoot: string,
  ) {}
}

/** The notes as an export holds them: their text, or, when large, where to read them. */
export function readNotesForExport(runDir: string, realRoot: string): string | LargeNotes | null {
  const read = readNotes(runDir, realRoot);
  if (read.state !== 'read') return null;
  return read.truncated ? new LargeNotes(join(runDir, 'notes'), realRoot) : read.text;
}
