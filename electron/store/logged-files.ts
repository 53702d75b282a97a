// The files a run logged, read through one safe open: a file is read only when a file record that
// is not an orphan names it, its path stays inside the run's directory, and it is a regular file
// there; anything else is refused with the reason. Both transports serve files through this.

import { closeSync, realpathSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { LoggedFileInfo, LoggedFileKind } from '../../shared/api/contract.js';
import type { FileRecord } from '../../shared/format/records.js';
import { isAbsent } from './file-errors.js';
import type { OpenedFile } from './store-files.js';
import { openStoreFile, UnreadableFile, whyUnreadable } from './store-files.js';

/** What a file's extension says it is: the type it is served with, and how the page shows it. */
const TYPES: Record<string, { readonly contentType: string; readonly kind: LoggedFileKind }> = {
  '.png': { contentType: 'image/png', kind: 'image' },
  '.jpg': { contentType: 'image/jpeg', kind: 'image' },
  '.jpeg': { contentType: 'image/jpeg', kind: 'image' },
  '.gif': { contentType: 'image/gif', kind: 'image' },
  '.webp': { contentType: 'image/webp', kind: 'image' },
  '.bmp': { contentType: 'image/bmp', kind: 'image' },
  '.avif': { contentType: 'image/avif', kind: 'image' },
  // Shown only in an <img>, where a script in it never runs.
  '.svg': { contentType: 'image/svg+xml', kind: 'image' },
  '.wav': { contentType: 'audio/wav', kind: 'audio' },
  '.mp3': { contentType: 'audio/mpeg', kind: 'audio' },
  '.ogg': { contentType: 'audio/ogg', kind: 'audio' },
  '.oga': { contentType: 'audio/ogg', kind: 'audio' },
  '.opus': { contentType: 'audio/ogg', kind: 'audio' },
  '.flac': { contentType: 'audio/flac', kind: 'audio' },
  '.m4a': { contentType: 'audio/mp4', kind: 'audio' },
  '.mp4': { contentType: 'video/mp4', kind: 'video' },
  '.m4v': { contentType: 'video/mp4', kind: 'video' },
  '.webm': { contentType: 'video/webm', kind: 'video' },
  '.ogv': { contentType: 'video/ogg', kind: 'video' },
  '.csv': { contentType: 'text/csv; charset=utf-8', kind: 'table' },
  '.tsv': { contentType: 'text/tab-separated-values; charset=utf-8', kind: 'table' },
  // A JSON file is shown as a table when it is one (an array of objects, an object of columns).
  '.json': { contentType: 'application/json', kind: 'table' },
  '.jsonl': { contentType: 'application/jsonl', kind: 'table' },
  '.md': { contentType: 'text/markdown; charset=utf-8', kind: 'markdown' },
  '.markdown': { contentType: 'text/markdown; charset=utf-8', kind: 'markdown' },
  // Shown in a sandboxed frame that runs no script, or as its source.
  '.html': { contentType: 'text/html; charset=utf-8', kind: 'html' },
  '.htm': { contentType: 'text/html; charset=utf-8', kind: 'html' },
  '.txt': { contentType: 'text/plain; charset=utf-8', kind: 'text' },
  '.log': { contentType: 'text/plain; charset=utf-8', kind: 'text' },
  '.yaml': { contentType: 'application/yaml', kind: 'text' },
  '.yml': { contentType: 'application/yaml', kind: 'text' },
  '.xml': { contentType: 'application/xml', kind: 'text' },
  '.npy': { contentType: 'application/octet-stream', kind: 'other' },
  '.pt': { contentType: 'application/octet-stream', kind: 'other' },
};
const OTHER = { contentType: 'application/octet-stream', kind: 'other' as const };

export function typeOfLoggedFile(path: string): {
  readonly contentType: string;
  readonly kind: LoggedFileKind;
} {
  return TYPES[extname(path).toLowerCase()] ?? OTHER;
}

/**
 * A logged file that may not be read: 404 when no record names it, 403 when it may not be read,
 * 503 when it is on another machine that is not reached now.
 */
export class LoggedFileRefusal extends Error {
  constructor(
    readonly status: 404 | 403 | 503,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * Why a record's path cannot name a file inside the run's directory, or null when it can: it must
 * be relative, its segments neither empty, `.` nor `..`, and it holds no NUL or backslash (which
 * another system reads as a separator).
 */
export function loggedPathProblem(path: string): string | null {
  if (path.length === 0) return 'the path is empty';
  if (path.includes('\0')) return 'the path holds a NUL byte';
  if (path.includes('\\')) return 'the path holds a backslash';
  if (path.startsWith('/')) return 'the path is absolute';
  for (const segment of path.split('/')) {
    if (segment === '..') return 'the path leads out of the run’s directory (..)';
    if (segment === '' || segment === '.') return 'the path has an empty or "." segment';
  }
  return null;
}

/**
 * Opens the file that `path` names for the run at runDir, whose non-orphan file records are
 * `records`. Throws a LoggedFileRefusal saying why it may not be read.
 */
export function openLoggedFile(
  runDir: string,
  records: readonly FileRecord[],
  path: string,
): OpenedFile {
  if (!records.some((record) => record.path === path))
    throw new LoggedFileRefusal(404, 'no file record of the run names this file');
  return openInRun(realRunDirectory(runDir), path);
}

function realRunDirectory(runDir: string): string {
  try {
    return realpathSync(runDir);
  } catch (error) {
    throw new LoggedFileRefusal(403, `the run's directory ${whyUnreadable(runDir, error)}`);
  }
}

/** Opens path, a record's, inside the run's real directory; throws a LoggedFileRefusal. */
function openInRun(realRunDir: string, path: string): OpenedFile {
  const problem = loggedPathProblem(path);
  if (problem !== null) throw new LoggedFileRefusal(403, problem);
  try {
    // The run's own directory bounds it: a link may lead elsewhere in the run, never out of it.
    return openStoreFile(join(realRunDir, path), realRunDir);
  } catch (error) {
    if (isAbsent(error)) throw new LoggedFileRefusal(404, 'the file is not there');
    const reason =
      error instanceof UnreadableFile
        ? error.reason.replace('out of the store', 'out of the run’s directory')
        : whyUnreadable(path, error);
    throw new LoggedFileRefusal(403, `the file ${reason}`);
  }
}

/** The run's logged files as the Files tab lists them, each opened once to tell its size. */
export function describeLoggedFiles(
  runDir: string,
  records: readonly FileRecord[],
): LoggedFileInfo[] {
  let realRunDir: string | null = null;
  let dirProblem: string | null = null;
  try {
    realRunDir = realRunDirectory(runDir);
  } catch (error) {
    if (!(error instanceof LoggedFileRefusal)) throw error;
    dirProblem = error.reason;
  }
  return records.map((record) => {
    const { contentType, kind } = typeOfLoggedFile(record.path);
    let size: number | null = null;
    let problem = dirProblem;
    if (realRunDir !== null) {
      try {
        const opened = openInRun(realRunDir, record.path);
        size = opened.stat.size;
        closeSync(opened.fd);
      } catch (error) {
        if (!(error instanceof LoggedFileRefusal)) throw error;
        problem = error.reason;
      }
    }
    const { key, step, time, path } = record;
    return { key, step, time, path, size, contentType, kind, problem };
  });
}
