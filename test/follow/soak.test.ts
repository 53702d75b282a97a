// Soak: a million samples written over a minute while a follower polls: none lost or doubled.

import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RunFollower } from '../../electron/follow/run-follower.js';
import {
  applyFollow,
  freshRead,
  heldDifference,
  HeldRun,
  logDifference,
  storeRootOf,
} from '../support/live-model.js';
import { startLine } from '../support/live-lines.js';
import { liveDirs, liveWriters } from '../support/live-scratch.js';

const newDir = liveDirs();
const startWriter = liveWriters();

const SAMPLES = Number(process.env['MUNIN_SOAK_SAMPLES'] ?? 1_000_000);
const DURATION_MS = Math.max(1000, Math.round((55_000 * SAMPLES) / 1_000_000));
const POLL_MS = 25;

describe('soak', () => {
  it(
    `${SAMPLES} samples written over ${DURATION_MS} ms, followed by a timer: none lost or doubled`,
    async () => {
      const dir = join(newDir(), 'runs', 'soak');
      mkdirSync(dir, { recursive: true });
      const path = join(dir, 'events.jsonl');
      const writer = startWriter();
      const handle = await writer.open(path);
      await writer.append(handle, startLine('soak'));
      const follower = new RunFollower(path, storeRootOf(path));
      const held = new HeldRun();
      let polls = 0;
      let pollsWithSamples = 0;
      let failure: Error | null = null;
      let lastCheck = Date.now();
      const timer = setInterval(() => {
        if (failure !== null) return;
        try {
          const result = follower.poll();
          polls++;
          if (result.state !== 'read') throw new Error(`poll ${polls} gave ${result.state}`);
          if (result.changes.length > 0) pollsWithSamples++;
          applyFollow(held, result, follower.log);
          if (Date.now() - lastCheck > 5000) {
            // Mid-soak: what is held is what the follower has read, sample for sample.
            const difference = heldDifference(held, follower.log);
            if (difference !== null) throw new Error(`after poll ${polls}: ${difference}`);
            lastCheck = Date.now();
          }
        } catch (error) {
          failure = error as Error;
        }
      }, POLL_MS);
      let written;
      try {
        written = await writer.soak(handle, {
          seed: 20261101,
          samples: SAMPLES,
          durationMs: DURATION_MS,
        });
      } finally {
        clearInterval(timer);
      }
      await writer.exit();
      expect(failure).toBeNull();
      applyFollow(held, follower.poll(), follower.log);

      const { log, read } = freshRead(path);
      expect(follower.offset).toBe(read.offset);
      expect(read.offset).toBe(read.size);
      expect(logDifference(follower.log, log)).toBeNull();
      expect(heldDifference(held, log)).toBeNull();
      const heldCounts: Record<string, number> = {};
      for (const [key, series] of held.series) heldCounts[key] = series.length;
      expect(heldCounts).toEqual(written.counts);
      expect(held.totalSamples).toBe(SAMPLES);
      expect(log.damaged).toBe(0);
      // The follower read the log as it grew, not once at the end.
      expect(pollsWithSamples).toBeGreaterThan(Math.min(100, DURATION_MS / POLL_MS / 4));
      expect(written.writes).toBeGreaterThan(pollsWithSamples / 2);
    },
    DURATION_MS + 60_000,
  );
});
