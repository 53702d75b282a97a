// Writing files the way the format asks: a .-named file first, synced, and only then its name,
// so that a name never holds a partial file, even after a power loss.

import { closeSync, fsyncSync, openSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { log } from '../../log.js';
import { errorCode } from '../../error-code.js';

/** A fresh .-named entry name: readers ignore it and collectors may remove it. */
export function workInProgressName(purpose: string): string {
  return `.${purpose}-${process.pid}-${randomBytes(6).toString('hex')}`;
}

/** Writes all of bytes at the descriptor's position, going on after short writes. */
export function writeAll(fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Removes a file or directory, ignoring that it is already gone or cannot be removed. */
export function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch (error) {
    // The entry is .-named, so what is left of it is ignored by readers and swept by collectors.
    log.debug(`${path} is left behind`, error);
  }
}

/** Creates a .-named file in dir holding bytes, synced; returns its path. Removes it on failure. */
export function writeSyncedTemporary(dir: string, purpose: string, bytes: Uint8Array): string {
  const path = join(dir, workInProgressName(purpose));
  const fd = openSync(path, 'wx');
  try {
    writeAll(fd, bytes);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    removeQuietly(path);
    throw error;
  }
  closeSync(fd);
  return path;
}

/**
 * Replaces dir/name whole: a .-named file in dir, synced, renamed over the name, and the
 * directory synced so that the name survives a power loss too. Readers see the old content or
 * the new, never a mix; on failure the old file stays and the temporary is gone.
 */
export function replaceFileWhole(
  dir: string,
  name: string,
  bytes: Uint8Array,
  purpose: string,
): void {
  const temporary = writeSyncedTemporary(dir, purpose, bytes);
  try {
    renameSync(temporary, join(dir, name));
  } catch (error) {
    removeQuietly(temporary);
    throw error;
  }
  syncDirectory(dir);
}

/** Syncs a file already written, through a descriptor of its own. */
export function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Syncs a directory so that the names just made in it survive a power loss, where the system allows. */
export function syncDirectory(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    // Some systems (Windows) cannot open a directory to sync it: the files are synced already.
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Some systems (Windows) cannot sync a directory; the file contents are synced all the same.
  } finally {
    closeSync(fd);
  }
}

/** Removes a file, a missing one included. */
export function unlinkIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}
