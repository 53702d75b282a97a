// A store's root: checking it can be read and is a store, and listing its runs (directories of
// runs/ whose log holds a whole first line, not .-named).

import { readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { errorCode } from '../error-code.js';
import { compareUtf8 } from '../../shared/format/utf8.js';
import { hasWholeFirstLine } from './log-file.js';
import { LOG_FILE } from './run-reader.js';

export class StoreError extends Error {}

/** True when path is a directory; absent paths are asked about without an exception. */
export function isDirectory(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
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

/** Throws a StoreError that says why, when root cannot be opened as a store. */
export function checkStore(root: string): void {
  checkReadableDirectory(root);
  const has = (name: string): boolean => isDirectory(join(root, name));
  if (has('runs') || has('artifacts')) return;
  const parent = resolve(root, '..');
  const hint =
    basename(root) === 'runs' || basename(root) === 'artifacts'
      ? ` It looks like a store's ${basename(root)}/ folder: open ${parent} instead.`
      : has('store')
        ? ` Its folder store/ may be one: open ${join(root, 'store')}.`
        : '';
  throw new NotAStoreError(
    `${root} is not a munin store: it holds neither runs/ nor artifacts/.${hint}`,
  );
}

/** The names in runs/ that may be runs (not .-named), newest first: ids start with their time. */
export function listRunCandidates(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, 'runs'));
  } catch {
    return [];
  }
  return names.filter((name) => !name.startsWith('.')).sort((a, b) => compareUtf8(b, a));
}

/** The ids of the store's runs, in byte order. */
export function listRunIds(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(join(root, 'runs'));
  } catch {
    return [];
  }
  return names
    .filter(
      (name) => !name.startsWith('.') && hasWholeFirstLine(join(root, 'runs', name, LOG_FILE)),
    )
    .sort(compareUtf8);
}
