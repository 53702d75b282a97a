// A store's root: checking it can be read, and listing its runs (directories of runs/ whose log
// holds a whole first line, not .-named).

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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
    const code = (error as { code?: string }).code;
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
    const code = (error as { code?: string }).code;
    throw new StoreError(`${root}: cannot be read (${code ?? String(error)})`);
  }
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
