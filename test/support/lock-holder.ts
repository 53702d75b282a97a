// Child processes that hold a run's lock as a writer does (fs-ext flock), ended by their own pid.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { closeSync, openSync } from 'node:fs';

const require = createRequire(import.meta.url);
const FS_EXT = require.resolve('fs-ext');

export interface LockHolder {
  /** The process that holds the lock. */
  readonly pid: number;
  /** Ends the holder and waits until its lock is gone. */
  release(): Promise<void>;
}

function waitForLine(child: ChildProcess, expected: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const onExit = (code: number | null): void =>
      reject(new Error(`lock holder exited (${code}) before "${expected}": ${err}`));
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = expected.exec(out);
      if (match !== null) {
        child.off('exit', onExit);
        resolve(match);
      }
    });
    child.on('exit', onExit);
    child.on('error', reject);
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts a process that takes the lock on path ('ex' as a writer, 'sh' as a reader's probe
 * would, but kept), prints "locked" and waits until it is ended.
 */
export async function holdLock(path: string, mode: 'ex' | 'sh' = 'ex'): Promise<LockHolder> {
  const script = `
    const fs = require('node:fs');
    const ext = require(${JSON.stringify(FS_EXT)});
    const fd = fs.openSync(${JSON.stringify(path)}, 'r+');
    ext.flockSync(fd, ${JSON.stringify(mode)});
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1 << 30);
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForLine(child, /locked\n/);
  return {
    pid: child.pid!,
    release: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface FsExt {
  flockSync(fd: number, flags: 'shnb' | 'exnb' | 'un'): void;
}

/** True when a lock of `mode` on path can be taken now; it is released at once. */
export function lockIsFree(path: string, mode: 'shnb' | 'exnb' = 'exnb'): boolean {
  const ext = require(FS_EXT) as FsExt;
  const fd = openSync(path, 'r');
  try {
    ext.flockSync(fd, mode);
    ext.flockSync(fd, 'un');
    return true;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/**
 * A writer that takes the lock, starts a process sharing its open log (as a fork without exec
 * would), and exits: the lock stays with that process. Returns that process.
 */
export async function holdLockThroughInheritor(path: string): Promise<LockHolder> {
  const script = `
    const fs = require('node:fs');
    const { spawn } = require('node:child_process');
    const ext = require(${JSON.stringify(FS_EXT)});
    const fd = fs.openSync(${JSON.stringify(path)}, 'r+');
    ext.flockSync(fd, 'ex');
    const heir = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], {
      stdio: ['ignore', 'ignore', 'ignore', fd],
      detached: true,
    });
    heir.unref();
    process.stdout.write('heir ' + heir.pid + '\\n');
  `;
  const writer = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const match = await waitForLine(writer, /heir (\d+)\n/);
  await exited(writer);
  const pid = Number(match[1]);
  return {
    pid,
    release: async () => {
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      // The killed process may stay a zombie until reaped, but its open files close at exit.
      const deadline = Date.now() + 10_000;
      while (!lockIsFree(path) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
