// What an arrangement is kept for: every run page of one experiment, of a kind (its metrics or
// its readings), since their keys are the same by name; and Compare's, of a kind.

import type { SeriesKind } from '../../../shared/format/records.js';
import type { Route } from '../state/route.js';

export function runScope(experiment: string | null, kind: SeriesKind): string {
  return `run:${experiment ?? ''}:${kind}`;
}

export function compareScope(kind: SeriesKind): string {
  return `compare:${kind}`;
}

/** The scope of the board a route shows, or null for a page without one. */
export function routeScope(
  route: Route,
  experimentOf: (runId: string) => string | null,
): string | null {
  if (route.page === 'run' && (route.tab === 'metrics' || route.tab === 'system'))
    return runScope(experimentOf(route.runId), route.tab === 'metrics' ? 'metric' : 'reading');
  if (route.page === 'compare') {
    const tab = route.tab ?? 'metrics';
    if (tab === 'metrics' || tab === 'system')
      return compareScope(tab === 'metrics' ? 'metric' : 'reading');
  }
  return null;
}
