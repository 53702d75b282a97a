// Where event streams are: a .jsonl file opened alone, or the .jsonl files of a folder that is no
// munin store, in it and in its subfolders up to three levels down; each one run, its id the
// file's path below the folder with `/` between names (a file opened alone: its name).

import type { Dirent } from 'node:fs';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { runIdProblem } from '../../../shared/api/validate.js';
import { compareUtf8 } from '../../../shared/format/utf8.js';
import { errorCode } from '../../error-code.js';
import { log } from '../../log.js';
import { StoreError } from '../../store/store.js';

export const STREAM_EXTENSION = '.jsonl';
/** How many levels of subfolders below the opened folder hold streams. */
export const MAX_STREAM_DEPTH = 3;
/** Entries looked at when listing a folder's streams: a folder like a home directory stops here. */
const MAX_ENTRIES_LISTED = 200_000;

/** Where a source's streams are. */
export interface StreamLocation {
  readonly kind: 'file' | 'folder';
  /** The path as opened, resolved. */
  readonly path: string;
  /** The folder the ids are relative to: the opened folder, or the file's own folder. */
  readonly dir: string;
  /** The folder's real path: links in it may lead only inside it. */
  readonly realRoot: string;
  /** A file opened alone: its name, its run's id. */
  readonly fileName: string | null;
}

export function isStreamName(name: string): boolean {
  return (
    name.endsWith(STREAM_EXTENSION) &&
    name.length > STREAM_EXTENSION.length &&
    !name.startsWith('.')
  );
}

/**
 * The location of the streams at path: a .jsonl file, or a folder holding any; null for a
 * folder that holds none. Throws a StoreError for a file that is no .jsonl or a path that
 * cannot be read.
 */
export function streamLocation(path: string): StreamLocation | null {
  const resolved = resolve(path);
  let stat;
  try {
    stat = statSync(resolved);
  } catch (error) {
    const code = errorCode(error);
    throw new StoreError(
      code === 'ENOENT'
        ? `${resolved}: no such file or folder`
        : `${resolved}: cannot be read (${code ?? String(error)})`,
    );
  }
  if (stat.isFile()) {
    if (!isStreamName(basename(resolved)))
      throw new StoreError(
        `${resolved} is a file, but neither a munin store (a folder) nor a JSONL event stream (a ${STREAM_EXTENSION} file)`,
      );
    // A link to a stream elsewhere is opened where it leads: its folder is the one it is read in.
    const real = realpathSync(resolved);
    const store = muninStoreOfLog(real);
    if (store !== null)
      throw new StoreError(
        `${resolved} is the log of a munin store's run, not a JSONL event stream: open the store, ${store}`,
      );
    return {
      kind: 'file',
      path: resolved,
      dir: dirname(real),
      realRoot: dirname(real),
      fileName: basename(real),
    };
  }
  if (!stat.isDirectory())
    throw new StoreError(`${resolved} is neither a folder nor a ${STREAM_EXTENSION} file`);
  const location: StreamLocation = {
    kind: 'folder',
    path: resolved,
    dir: resolved,
    realRoot: realpathSync(resolved),
    fileName: null,
  };
  return listStreams(location, 1).length > 0 ? location : null;
}

/** The store a path is a run's log of (STORE/runs/<id>/events.jsonl), or null. */
function muninStoreOfLog(real: string): string | null {
  if (basename(real) !== 'events.jsonl') return null;
  const runs = dirname(dirname(real));
  if (basename(runs) !== 'runs') return null;
  const store = dirname(runs);
  try {
    return statSync(join(store, 'runs')).isDirectory() ? store : null;
  } catch {
    return null;
  }
}

/** The path of a stream's file from its id (relative to the location, never leaving it). */
export function streamPath(location: StreamLocation, id: string): string {
  return join(location.dir, ...id.split('/'));
}

function readEntries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    log.warn(`${dir} cannot be listed; the streams in it are not read`, error);
    return [];
  }
}

/**
 * The ids of the streams at the location, in byte order (at most `limit`). Folders are entered
 * by name, never through a link (a link could lead out of the folder, or round in a loop); a
 * link to a file is listed, and the safe open decides whether it may be read.
 */
export function listStreams(location: StreamLocation, limit = Infinity): string[] {
  if (location.kind === 'file') return [location.fileName!];
  const ids: string[] = [];
  let looked = 0;
  const visit = (dir: string, prefix: string, depth: number): void => {
    for (const entry of readEntries(dir)) {
      if (ids.length >= limit) return;
      if (++looked > MAX_ENTRIES_LISTED) {
        if (looked === MAX_ENTRIES_LISTED + 1)
          log.warn(
            `${location.path} holds over ${MAX_ENTRIES_LISTED} entries; the rest are not looked at`,
          );
        return;
      }
      const { name } = entry;
      if (name.startsWith('.')) continue;
      const id = prefix + name;
      if (entry.isDirectory()) {
        if (depth < MAX_STREAM_DEPTH) visit(join(dir, name), `${id}/`, depth + 1);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && isStreamName(name)) {
        const problem = runIdProblem(id);
        if (problem === undefined) ids.push(id);
        else log.warn(`${join(dir, name)} is not read: its path cannot be a run's id (${problem})`);
      }
    }
  };
  visit(location.dir, '', 0);
  return ids.sort(compareUtf8);
}

/**
 * The id of the stream a path below the location names, by its names below the folder; null
 * when it names none (not a .jsonl, too deep, a .-name on the way).
 */
export function streamIdOf(location: StreamLocation, parts: readonly string[]): string | null {
  if (parts.length === 0 || parts.some((part) => part.startsWith('.'))) return null;
  if (location.kind === 'file')
    return parts.length === 1 && parts[0] === location.fileName ? parts[0] : null;
  if (parts.length > MAX_STREAM_DEPTH + 1 || !isStreamName(parts[parts.length - 1]!)) return null;
  const id = parts.join('/');
  return runIdProblem(id) === undefined ? id : null;
}
