// Which keys a plot draws and as what: a curve (many points), a scalar line (one point), or a
// breakdown (sibling keys of one point each, drawn as a bar list); and the --key patterns that
// matched nothing.

import type { KeyInfo } from '../../shared/api/contract.js';
import { keyPrefix } from '../../shared/series/curve-math.js';
import { keyMatcher } from './plot-args.js';

export type Block =
  | { readonly shape: 'curve'; readonly key: string }
  | { readonly shape: 'scalar'; readonly key: string }
  | { readonly shape: 'breakdown'; readonly prefix: string; readonly keys: readonly string[] };

export interface Plan {
  readonly blocks: readonly Block[];
  /** Patterns of --key that matched no key of the run. */
  readonly unmatched: readonly string[];
  /** Keys matched but holding no sample yet. */
  readonly empty: readonly string[];
}

/**
 * The blocks for a run's keys: every metric key without patterns (readings only when a pattern
 * names them), in the run's key order; a breakdown where two or more one-point keys share a
 * prefix, at its first key's place.
 */
export function planKeys(keys: readonly KeyInfo[], patterns: readonly string[]): Plan {
  const matchers = patterns.map((p) => ({ pattern: p, test: keyMatcher(p), hits: 0 }));
  const chosen: KeyInfo[] = [];
  for (const info of keys) {
    if (matchers.length === 0) {
      if (info.kind === 'metric') chosen.push(info);
      continue;
    }
    let hit = false;
    for (const m of matchers)
      if (m.test(info.key)) {
        m.hits++;
        hit = true;
      }
    if (hit) chosen.push(info);
  }
  const empty = chosen.filter((k) => k.count === 0).map((k) => k.key);
  const drawable = chosen.filter((k) => k.count > 0);
  const onePointByPrefix = new Map<string, string[]>();
  for (const k of drawable)
    if (k.count === 1) {
      const prefix = keyPrefix(k.key);
      onePointByPrefix.set(prefix, [...(onePointByPrefix.get(prefix) ?? []), k.key]);
    }
  const blocks: Block[] = [];
  const placed = new Set<string>();
  for (const k of drawable) {
    if (k.count > 1) {
      blocks.push({ shape: 'curve', key: k.key });
      continue;
    }
    const prefix = keyPrefix(k.key);
    const siblings = onePointByPrefix.get(prefix)!;
    if (siblings.length >= 2 && prefix !== '') {
      if (!placed.has(prefix)) blocks.push({ shape: 'breakdown', prefix, keys: siblings });
      placed.add(prefix);
    } else blocks.push({ shape: 'scalar', key: k.key });
  }
  return {
    blocks,
    unmatched: matchers.filter((m) => m.hits === 0).map((m) => m.pattern),
    empty,
  };
}
