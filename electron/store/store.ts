// A store's root: checking it can be read and is a store, and listing its runs (directories of
// runs/ whose log holds a whole first line, not .-named).

import type { Dirent } from 'node:fs';
import { readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { errorCode } from '../error-code.js';
import { sortUtf8 } from '../../shared/format/utf8.js';
import { log } from '../log.js';
import { isAbsent } from './file-errors.js';
import { firstLineOf } from './log/log-bytes.js';
import { LOG_FILE } from './log/read-run.js';
import { realStoreRoot } from './store-files.js';

export class StoreError extends Error {}

/** What a path is, followed where it is a link: asked without an exception when absent. */
export function directoryState(path: string): 'directory' | 'absent' | 'other' {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat === undefined ? 'absent' : stat.isDirectory() ? 'directory' : 'other';
  } catch {
    // A probe: what cannot be stat'ed (a folder on the way without permission) is no directory.
    return 'other';
  }
}

/** True when path is a directory; absent paths are asked about without an exception. */
export function isDirectory(path: string): boolean {
  return directoryState(path) === 'directory';
}

/** Throws a StoreError saying why, when root is not a readable directory. */
export function checkReadableDirectory(root: string): void {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(root).isDirectory();
  } catch (error) {
    const code = errorCode(error);
    throw new StoreError(
      code === 'ENOENT'
        ? `${root}: no such directory`
        : `${root}: cannot be read (${code ?? String(error)})`,
    );
  }
  if (!isDirectory) throw new StoreError(`${root}: not a directory`);
  try {
    readdirSync(root);
  } catch (error) {
    const code = errorCode(error);
    throw new StoreError(`${root}: cannot be read (${code ?? String(error)})`);
  }
}

export class NotAStoreError extends StoreError {}

/** The names the layout gives a store's root; a root that holds nothing else is a store. */
const ROOT_LAYOUT_NAMES: ReadonlySet<string> = new Set([
  'runs',
  'artifacts',
  'blobs',
  'lock',
  'deletions',
]);

/**
 * True when root holds nothing but names of the layout (and .-named work in progress, which
 * readers ignore). A writer makes runs/ when it first writes a run, so a new store is an empty
 * directory, and people open the viewer on it before the first run starts.
 */
function holdsOnlyLayout(root: string): boolean {
  try {
    return readdirSync(root).every((name) => name.startsWith('.') || ROOT_LAYOUT_NAMES.has(name));
  } catch {
    // checkReadableDirectory listed it a moment ago; gone or closed since, it is no store.
    return false;
  }
}

/** Throws a StoreError that says why, when root cannot be opened as a store. */
export function checkStore(root: string): void {
  checkReadableDirectory(root);
  const has = (name: string): boolean => isDirectory(join(root, name));
  if (has('runs') || has('artifacts')) return;
  const parent = resolve(root, '..');
  // A store's own runs/ or artifacts/, empty or not, is refused: its store is what was meant.
  const storeFolder = basename(root) === 'runs' || basename(root) === 'artifacts';
  if (!storeFolder && holdsOnlyLayout(root)) return;
  const hint = storeFolder
    ? ` It looks like a store's ${basename(root)}/ folder: open ${parent} instead.`
    : has('store')
      ? ` Its folder store/ may be one: open ${join(root, 'store')}.`
      : '';
  throw new NotAStoreError(
    `${root} is not a munin store: it holds other things and neither runs/ nor artifacts/.${hint}`,
  );
}

/** The entries of runs/ that are not .-named, with their types; none when it cannot be read. */
function runsDirents(root: string): Dirent[] {
  try {
    return readdirSync(join(root, 'runs'), { withFileTypes: true }).filter(
      (entry) => !entry.name.startsWith('.'),
    );
  } catch {
    // Told by the plain listing, which comes first.
    return [];
  }
}

/** The names in runs/ that are not .-named; none when there is no runs/ or it cannot be read. */
function runsEntries(root: string): string[] {
  const runs = join(root, 'runs');
  try {
    return readdirSync(runs).filter((name) => !name.startsWith('.'));
  } catch (error) {
    // A store of artifacts only has no runs/.
    if (!isAbsent(error)) log.warn(`${runs} cannot be listed; no runs are read`, error);
    return [];
  }
}

/** The names in runs/ that may be runs (not .-named), oldest first: ids start with their time. */
export function listRunCandidates(root: string): string[] {
  return sortUtf8(runsEntries(root));
}

/**
 * The names in runs/ that are directories, not links: a reader need not stat them again to know
 * they lie in the store (a call a run, 100,000 opening a lab's store), as whatever is opened in
 * them is still checked as it is opened, should one be swapped for a link meanwhile. Listing
 * with types takes twice a plain listing's time (65 against 120 ms at 100,000 runs), so it is
 * not what a store's first rows wait for.
 */
export function plainRunDirectories(root: string): Set<string> {
  return new Set(
    runsDirents(root)
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
}

/** The ids of the store's runs, in byte order: those that cannot be read too, to be told so. */
export function listRunIds(root: string, realRoot = realStoreRoot(root)): string[] {
  const ids = runsEntries(root).filter((name) => {
    const logPath = join(root, 'runs', name, LOG_FILE);
    const firstLine = firstLineOf(logPath, realRoot);
    if (firstLine.state === 'whole') return true;
    // There but not to be read: listed, and read as unreadable with the reason.
    if (firstLine.state === 'unreadable') {
      log.warn(`${logPath} ${firstLine.reason}; its run is listed as unreadable`);
      return true;
    }
    log.debug(`${logPath} has no whole first line: not a run (yet), left out`);
    return false;
  });
  return sortUtf8(ids);
}
