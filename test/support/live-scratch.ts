// Scratch directories and writer processes for live tests, cleaned up after; bounded waiting.

import { afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LiveWriter } from './live-writer.js';

/** Returns a maker of fresh directories, all removed after the file's tests. */
export function liveDirs(): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'munin-live-test-'));
    made.push(dir);
    return dir;
  };
}

/** Returns a starter of writer processes, each killed after the file's tests if still alive. */
export function liveWriters(): () => LiveWriter {
  const started: LiveWriter[] = [];
  afterAll(async () => {
    for (const writer of started) await writer.kill();
  });
  return () => {
    const writer = LiveWriter.start();
    started.push(writer);
    return writer;
  };
}

/**
 * Polls `probe` (sync or async) every few milliseconds until it returns something other than undefined or
 * false, and returns that; throws after timeoutMs, saying what it waited for.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
