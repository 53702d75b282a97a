// Helpers for the writer's tests: scratch store roots, a stepping clock, the export read back
// exactly, and lock probes and holders in other processes.

import { afterAll } from 'vitest';
import { spawn, execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeStoreExport } from '../../electron/store/export.js';
import type { JsonValue } from '../../shared/format/json.js';
import { parseJson } from '../../shared/format/json.js';

const REPO = resolve(import.meta.dirname, '../..');

/** A maker of fresh directories, all removed after the file's tests. */
export function scratchDirs(): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'munin-writer-test-'));
    made.push(dir);
    return dir;
  };
}

/** A clock that starts at `start` and moves on by `tick` seconds at each reading. */
export function steppingClock(start: number, tick = 0.25): () => number {
  let now = start - tick;
  return () => (now += tick);
}

/** The store's export, parsed exactly (integers as bigint, objects as Maps). */
export function exportOf(root: string): Map<string, JsonValue> {
  let text = '';
  writeStoreExport(root, (piece) => (text += piece));
  const json = parseJson(Buffer.from(text, 'utf8'));
  if (!(json instanceof Map)) throw new Error('the export is not a JSON object');
  return json as Map<string, JsonValue>;
}

/** Member access on exact JSON, for tests that know the shape. */
export function at(value: JsonValue | undefined, ...path: (string | number)[]): JsonValue {
  let here: JsonValue | undefined = value;
  for (const step of path) {
    if (typeof step === 'number') here = (here as readonly JsonValue[] | undefined)?.[step];
    else here = (here as ReadonlyMap<string, JsonValue> | undefined)?.get(step);
    if (here === undefined) throw new Error(`no member ${path.join('.')}`);
  }
  return here as JsonValue;
}

const PROBE = `
const fs = require('fs'), ext = require('fs-ext');
const fd = fs.openSync(process.argv[1], 'r');
try { ext.flockSync(fd, 'shnb'); process.stdout.write('free'); }
catch (e) { process.stdout.write(e.code === 'EAGAIN' || e.code === 'EWOULDBLOCK' ? 'held' : 'error ' + e.code); }
`;

/** Probes the lock on path from another process, as a reader does. */
export function probeFromAnotherProcess(path: string): string {
  return execFileSync(process.execPath, ['-e', PROBE, path], { cwd: REPO, encoding: 'utf8' });
}

const HOLDER = `
const fs = require('fs'), ext = require('fs-ext');
const fd = fs.openSync(process.argv[1], 'r');
ext.flockSync(fd, process.argv[2]);
process.stdout.write('locked\\n');
const ms = Number(process.argv[3]);
if (ms > 0) setTimeout(() => process.exit(0), ms);
else process.stdin.on('end', () => process.exit(0)).resume();
`;

/**
 * Starts another process that holds a lock ('ex' or 'sh') on path, for `ms` milliseconds or
 * until killed; resolves once the lock is held.
 */
export async function holdLockInAnotherProcess(
  path: string,
  mode: 'ex' | 'sh',
  ms = 0,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', HOLDER, path, mode, String(ms)], {
    cwd: REPO,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolveHeld, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`lock holder exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolveHeld();
    });
  });
  return child;
}

/** Ends a lock holder and waits until it has exited. */
export async function release(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill();
  await exited;
}
