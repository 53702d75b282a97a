// Generates a synthetic munin log of metrics lines for benchmarks, as the writer would lay it out.

import { closeSync, openSync, writeSync } from 'node:fs';
import { encodeRecord } from '../../shared/format/records.js';
import { Prng } from '../support/prng.js';

/** A small deterministic PRNG (mulberry32), so every run benchmarks the same bytes. */
export function seededRandom(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}

/**
 * Writes a start and `steps` metrics records of `keys` floats each; returns the byte size. Runs
 * of one seed hold the same values.
 */
export function generateMetricsLog(
  path: string,
  steps: number,
  keys: readonly string[],
  seed = 42,
): number {
  const random = seededRandom(seed);
  const fd = openSync(path, 'w');
  let bytes = 0;
  let pending = '';
  const flush = (): void => {
    bytes += writeSync(fd, pending);
    pending = '';
  };
  const t0 = 1_793_541_787.25;
  pending +=
    encodeRecord({
      type: 'start',
      time: t0,
      experiment: 'bench',
      name: null,
      parent: null,
      steps: steps - 1,
      params: new Map(),
      provenance: null,
    }) + '\n';
  for (let step = 0; step < steps; step++) {
    const values = new Map<string, number>();
    for (let k = 0; k < keys.length; k++) {
      // Computed floats, as training loops produce them: most need 16 or 17 digits to read back.
      values.set(keys[k]!, (2.5 / (1 + step * 1e-3)) * (1 + 0.1 * random()) + k);
    }
    pending += encodeRecord({ type: 'metrics', time: t0 + step * 0.01, step, values }) + '\n';
    if (pending.length > 1 << 20) flush();
  }
  flush();
  closeSync(fd);
  return bytes;
}
