// What a Compare's runs' details add to its board (each key's declaration, the run's marks,
// stages, labels and abandoned copies), and whether a new reading of them changes anything.

import type { MetricDeclaration, RunDetail } from '../../../shared/api/contract.js';
import type { RunExtras } from '../charts/marks/run-extras.js';
import { extrasKey, runExtras } from '../charts/marks/run-extras.js';

/** What a run's detail adds to the board, and `said`, the text of it that tells a change. */
export interface RunDeclarations {
  readonly metrics: ReadonlyMap<string, MetricDeclaration>;
  readonly extras: RunExtras;
  readonly said: string;
}

type Said = Pick<RunDetail, 'metrics' | 'annotations' | 'resumes' | 'labels' | 'orphans'>;

const saidOf = (detail: Said): string => JSON.stringify([detail.metrics, extrasKey(detail)]);

/** What a run that declares nothing and marks nothing says: what the board assumes before. */
const NOTHING_SAID = saidOf({ metrics: [], annotations: [], resumes: [], labels: [], orphans: [] });

export function runDeclarations(detail: Said): RunDeclarations {
  return {
    metrics: new Map(detail.metrics.map((d) => [d.key, d])),
    extras: runExtras(detail),
    said: saidOf(detail),
  };
}

/**
 * The runs' declarations as read now, or `held` itself when they say what it does (a run not
 * held says nothing): a plain sweep's runs declare nothing, and a board given the same again is
 * not rendered again (a Compare's twelve panels were, some 15 ms, while their envelopes came).
 */
export function nextDeclarations(
  held: ReadonlyMap<string, RunDeclarations>,
  read: readonly (readonly [string, RunDeclarations])[],
): ReadonlyMap<string, RunDeclarations> {
  const same = read.every(([id, run]) => run.said === (held.get(id)?.said ?? NOTHING_SAID));
  return same ? held : new Map(read);
}
