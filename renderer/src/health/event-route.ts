// Where a health event or a clicked notice leads: its run's Metrics tab at its step (its key
// alone, for a first NaN), or the runs, for a summary of several.

import type { NoticeTarget } from '../../../shared/api/bridge.js';
import type { Route } from '../state/route.js';

export function targetRoute(target: NoticeTarget): Route {
  if (target.runId === null) return { page: 'runs' };
  return {
    page: 'run',
    runId: target.runId,
    tab: 'metrics',
    metrics: { key: target.key, step: target.step },
  };
}
