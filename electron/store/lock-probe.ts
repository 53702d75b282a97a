// Probing a run's lock: a shared flock taken without waiting and released at once.
// Node opens every file with O_CLOEXEC, so a probe's descriptor never leaks into a child.

import { closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { log } from '../log.js';
import { errorCode } from '../error-code.js';
import { openStoreFile } from './store-files.js';

interface FsExt {
  flockSync(fd: number, flags: 'sh' | 'ex' | 'shnb' | 'exnb' | 'un'): void;
}

const require = createRequire(import.meta.url);
let fsExt: FsExt | null | undefined;

/** Inside Electron, fs-ext built for Electron's ABI (by build/electron-native.mjs). */
function electronBuild(): string {
  return join(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    '..',
    'electron-native',
    'node_modules',
    'fs-ext',
  );
}

/** fs-ext, loaded on first use; null where its native part is missing, so locks cannot be probed. */
export function loadFsExt(): FsExt | null {
  if (fsExt === undefined) {
    try {
      fsExt = require(
        process.versions['electron'] !== undefined ? electronBuild() : 'fs-ext',
      ) as FsExt;
    } catch (error) {
      // Its native part was not built here: statuses are decided without a lock's word.
      log.debug("fs-ext does not load, so runs' locks are not probed", error);
      fsExt = null;
    }
  }
  return fsExt;
}

export type ProbeResult = 'held' | 'free' | 'unavailable';

function isWouldBlock(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'EAGAIN' || code === 'EWOULDBLOCK';
}

/**
 * Probes the lock on the file at path (the run's log), releasing it at once when granted. The
 * log is opened as any of the store's files (openStoreFile): a FIFO in its place is not waited
 * on, and what is not a file to read is not probed.
 */
export function probeLock(path: string, realRoot: string): ProbeResult {
  const lib = loadFsExt();
  if (lib === null) return 'unavailable';
  let fd: number;
  try {
    fd = openStoreFile(path, realRoot).fd;
  } catch {
    // Not told here: the read of the log, which comes next, meets the same failure and tells it.
    return 'unavailable';
  }
  try {
    lib.flockSync(fd, 'shnb');
    lib.flockSync(fd, 'un');
    return 'free';
  } catch (error) {
    return isWouldBlock(error) ? 'held' : 'unavailable';
  } finally {
    closeSync(fd);
  }
}
