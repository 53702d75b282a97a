// The locks a writer takes: the exclusive lock on a run's log for the writer's whole life, and
// the shared lock on the store's lock file while it publishes a version or changes an alias.

import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { loadFsExt } from '../../store/lock-probe.js';
import { errorCode } from '../../error-code.js';

/** Thrown when a writer, not a reader's probe, holds a run's lock. */
export class RunLockedError extends Error {}

type FsExt = NonNullable<ReturnType<typeof loadFsExt>>;

function requireFsExt(what: string): FsExt {
  const lib = loadFsExt();
  if (lib === null) {
    throw new Error(
      `cannot lock ${what}: the fs-ext native module did not load, and a writer must hold the lock`,
    );
  }
  return lib;
}

function isWouldBlock(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'EAGAIN' || code === 'EWOULDBLOCK';
}

function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** How often, and how long apart, a writer tries again when only readers' probes hold a lock. */
const PROBED_RETRIES = 40;
const PROBED_RETRY_MS = 25;

/**
 * Takes the exclusive lock on the open log fd without waiting on a writer. When the lock is
 * held, a shared probe tells who holds it: granted, only readers' probes do, and they let go at
 * once, so it tries again; refused, a writer does, and it throws RunLockedError.
 */
export function lockRunLog(fd: number, logPath: string): void {
  const lib = requireFsExt(logPath);
  for (let attempt = 0; ; attempt++) {
    try {
      lib.flockSync(fd, 'exnb');
      return;
    } catch (error) {
      if (!isWouldBlock(error)) throw error;
    }
    try {
      lib.flockSync(fd, 'shnb');
    } catch (error) {
      if (!isWouldBlock(error)) throw error;
      throw new RunLockedError(
        `${logPath} is locked by another writer: the run is being written by a live process`,
      );
    }
    lib.flockSync(fd, 'un');
    if (attempt >= PROBED_RETRIES) {
      throw new Error(
        `${logPath}: readers' probes kept its lock held for ${PROBED_RETRIES * PROBED_RETRY_MS} ms; try again`,
      );
    }
    sleepMs(PROBED_RETRY_MS);
  }
}

/** Runs fn holding a shared lock on <root>/lock, created when missing; a collector excludes it. */
export function withSharedStoreLock<T>(root: string, fn: () => T): T {
  const path = join(root, 'lock');
  const lib = requireFsExt(path);
  const fd = openSync(path, 'a');
  try {
    lib.flockSync(fd, 'sh');
    return fn();
  } finally {
    // Closing the descriptor releases the lock.
    closeSync(fd);
  }
}
