// A run's first non-finite sample of each metric key, from the statistics the run already keeps
// (its stats hint, or its series folded once and extended as they grow): no read of its own.

import type { KeyInfo } from '../../shared/api/contract.js';
import type { NonFiniteSample } from '../../shared/api/health.js';
import { compareUtf8 } from '../../shared/format/utf8.js';
import type { SourceRun } from '../sources/run-source.js';

/** The key's first non-finite sample, when it has one. */
export function firstNonFinite(run: SourceRun, key: string): NonFiniteSample | null {
  const first = run.keyStatistics(key)?.nonFinite?.first;
  return first === undefined ? null : { key, ...first };
}

interface Found {
  /** The keys and their counts the list was found for. */
  readonly counts: string;
  readonly samples: readonly NonFiniteSample[];
}

const found = new WeakMap<SourceRun, Found>();

/**
 * Each metric key's first non-finite sample, by step then key. Found again only when a key's
 * count moved: a list of thousands of runs asks this of each, most of them unchanged.
 */
export function nonFiniteSamples(run: SourceRun, keys: readonly KeyInfo[]): NonFiniteSample[] {
  let counts = '';
  for (const info of keys)
    if (info.kind === 'metric') counts += `${info.key}\u0000${info.count}\u0000`;
  const known = found.get(run);
  if (known !== undefined && known.counts === counts) return [...known.samples];
  const samples: NonFiniteSample[] = [];
  for (const info of keys) {
    if (info.kind !== 'metric') continue;
    const sample = firstNonFinite(run, info.key);
    if (sample !== null) samples.push(sample);
  }
  samples.sort((a, b) => a.step - b.step || compareUtf8(a.key, b.key));
  found.set(run, { counts, samples });
  return [...samples];
}
