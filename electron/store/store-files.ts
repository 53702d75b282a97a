// The one safe open of a store's files: never blocks (a FIFO or device in place of a file), never
// follows a link out of the store, and tells a file that is unreadable, with why, from one absent.

import type { Stats } from 'node:fs';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
} from 'node:fs';
import { sep } from 'node:path';
import { errorCode } from '../error-code.js';
import { isAbsent } from './file-errors.js';

/** A file or directory of the layout that is there but cannot be read as one; says why. */
export class UnreadableFile extends Error {
  // Its code is never ENOENT or ENOTDIR: a file that is there but unreadable is never absent.
  constructor(
    readonly path: string,
    /** Why, as the user reads it: "is a FIFO, not a file", "permission denied". */
    readonly reason: string,
    readonly code: string | null = null,
  ) {
    super(`${path} ${reason}`);
    this.name = 'UnreadableFile';
  }
}

// O_NONBLOCK: opening a FIFO for reading waits for a writer without it. O_NOFOLLOW: a final
// link is looked at before it is followed. libuv adds O_CLOEXEC.
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/** The words a file type that is not a regular file is named by. */
function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSymbolicLink()) return 'a link';
  if (stat.isFile()) return 'a file';
  return 'of a kind no store holds';
}

/** True when the real path `real` is the store's real root or below it. */
export function isInside(real: string, realRoot: string): boolean {
  return real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
}

/** Why an open or a read failed, as the user reads it; absence is no such failure. */
export function unreadableFromError(path: string, error: unknown): UnreadableFile {
  const code = errorCode(error);
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? 'cannot be read: permission denied'
      : code === 'ELOOP'
        ? 'is a loop of links'
        : code === 'EISDIR'
          ? 'is a directory, not a file'
          : `cannot be read (${code ?? String(error)})`;
  return new UnreadableFile(path, reason, code ?? null);
}

/**
 * Where a link at path leads, when that is inside the store; throws UnreadableFile when it leads
 * out, or nowhere.
 */
function followInside(path: string, realRoot: string): string {
  let target: string;
  try {
    target = realpathSync(path);
  } catch (error) {
    if (isAbsent(error)) throw new UnreadableFile(path, 'is a link to nothing', 'EDANGLING');
    throw unreadableFromError(path, error);
  }
  if (!isInside(target, realRoot))
    throw new UnreadableFile(
      path,
      `is a link out of the store (to ${target}); it is not followed`,
      'EXDEV',
    );
  return target;
}

export interface OpenedFile {
  readonly fd: number;
  readonly stat: Stats;
  /** Where the file opened really is: inside the bound it was opened in. */
  readonly realPath: string;
}

/**
 * Opens the layout file at path for reading: a regular file, or a link to one inside the store.
 * Throws the file system's error when it is absent (isAbsent), else an UnreadableFile.
 */
export function openStoreFile(path: string, realRoot: string): OpenedFile {
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (error) {
    if (isAbsent(error)) throw error;
    // Linux says ELOOP for a final link under O_NOFOLLOW, the BSDs and macOS EMLINK or ELOOP.
    const code = errorCode(error);
    // A socket, or a device without a driver, refuses to open: what it is says more than ENXIO.
    const stat = code === 'ENXIO' ? lstatSync(path, { throwIfNoEntry: false }) : undefined;
    if (stat !== undefined && !stat.isFile())
      throw new UnreadableFile(path, `is ${kindOf(stat)}, not a file`, 'ENOTFILE');
    if (code !== 'ELOOP' && code !== 'EMLINK') throw unreadableFromError(path, error);
    const target = followInside(path, realRoot);
    try {
      fd = openSync(target, READ_FLAGS);
    } catch (inner) {
      throw isAbsent(inner) ? inner : unreadableFromError(path, inner);
    }
  }
  let stat: Stats;
  try {
    stat = fstatSync(fd);
  } catch (error) {
    closeSync(fd);
    throw unreadableFromError(path, error);
  }
  if (!stat.isFile()) {
    closeSync(fd);
    throw new UnreadableFile(path, `is ${kindOf(stat)}, not a file`, 'ENOTFILE');
  }
  // A link on the way (a run's directory, tags/) is followed by the open itself: where the file
  // opened really is decides.
  const real = openedPath(fd, path);
  if (!isInside(real, realRoot)) {
    closeSync(fd);
    throw new UnreadableFile(path, `leads out of the store (to ${real}); it is not read`, 'EXDEV');
  }
  return { fd, stat, realPath: real };
}

/** Where the file open as fd really is: Linux names it in /proc; elsewhere its path's. */
function openedPath(fd: number, path: string): string {
  if (process.platform === 'linux') {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      // No /proc mounted (some containers): the path's real path, a moment later.
    }
  }
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Checks that path is a directory of the store: a directory, or a link to one inside the store.
 * Returns false when it is absent; throws UnreadableFile when it is something else.
 */
export function checkStoreDirectory(path: string, realRoot: string): boolean {
  let stat: Stats | undefined;
  try {
    // Asked without an exception: most runs have no tags/, and a thrown ENOENT costs more.
    stat = lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if (isAbsent(error)) return false;
    throw unreadableFromError(path, error);
  }
  if (stat === undefined) return false;
  if (stat.isSymbolicLink()) {
    const target = followInside(path, realRoot);
    try {
      stat = lstatSync(target);
    } catch (error) {
      if (isAbsent(error)) return false;
      throw unreadableFromError(path, error);
    }
  }
  if (!stat.isDirectory())
    throw new UnreadableFile(path, `is ${kindOf(stat)}, not a directory`, 'ENOTADIR');
  return true;
}

/** True when nothing has the name path; a name that cannot be looked at is not missing. */
function isMissing(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

/** A small file of the layout as read: its first bytes up to a limit, and its whole size. */
export type StoreFileRead =
  | { readonly state: 'absent' }
  | { readonly state: 'unreadable'; readonly reason: string }
  | {
      readonly state: 'read';
      readonly bytes: Buffer;
      /** The file's size when it was opened: more than bytes.length when truncated. */
      readonly size: number;
      readonly truncated: boolean;
    };

/**
 * Reads at most `limit` bytes of the layout file at path. A file that is larger is read in part
 * and says so; one that keeps growing is read up to the limit all the same. `usuallyAbsent` asks
 * whether the name is there before opening it.
 */
export function readStoreFile(
  path: string,
  realRoot: string,
  limit: number,
  usuallyAbsent = false,
): StoreFileRead {
  // Most runs have no notes and no tags: a name asked about first costs less than a thrown ENOENT.
  if (usuallyAbsent && isMissing(path)) return { state: 'absent' };
  let opened: OpenedFile;
  try {
    opened = openStoreFile(path, realRoot);
  } catch (error) {
    if (isAbsent(error)) return { state: 'absent' };
    return { state: 'unreadable', reason: whyUnreadable(path, error) };
  }
  const { fd, stat } = opened;
  try {
    const wanted = Math.min(stat.size, limit);
    const bytes = Buffer.allocUnsafe(wanted);
    let filled = 0;
    while (filled < wanted) {
      const read = readSync(fd, bytes, filled, wanted - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return {
      state: 'read',
      bytes: filled === wanted ? bytes : bytes.subarray(0, filled),
      size: stat.size,
      truncated: stat.size > limit,
    };
  } catch (error) {
    return { state: 'unreadable', reason: whyUnreadable(path, error) };
  } finally {
    closeSync(fd);
  }
}

/** The store's real path: links in the path to it resolved, so that paths below compare. */
export function realStoreRoot(root: string): string {
  return realpathSync(root);
}

/** Why a file could not be opened or read, as the user reads it, whatever was thrown. */
export function whyUnreadable(path: string, error: unknown): string {
  return (error instanceof UnreadableFile ? error : unreadableFromError(path, error)).reason;
}
