// Where a health event or a clicked notice leads: the run's Metrics tab at its step, its key
// shown alone (a filter that matches that key and no other), a route that reads back.

import { describe, expect, it } from 'vitest';
import { targetRoute } from '../../renderer/src/health/event-route.js';
import { exactKeyFilter, keyMatcher } from '../../renderer/src/charts/panel-layout.js';
import type { Route } from '../../renderer/src/state/route.js';
import { parseRoute, routeHash } from '../../renderer/src/state/route.js';

describe('an event’s route', () => {
  it('opens the run’s Metrics at the step and key, or the runs for a summary', () => {
    expect(targetRoute({ runId: 'r', step: 12, key: 'train/loss' })).toEqual({
      page: 'run',
      runId: 'r',
      tab: 'metrics',
      metrics: { key: 'train/loss', step: 12 },
    });
    expect(targetRoute({ runId: null, step: null, key: null })).toEqual({ page: 'runs' });
  });

  it('reads back from its hash, the Files tab’s focus as before', () => {
    const routes: Route[] = [
      { page: 'run', runId: 'r?1', tab: 'metrics', metrics: { key: 'a&b=c/d', step: 1204 } },
      { page: 'run', runId: 'r', tab: 'metrics', metrics: { key: null, step: 5 } },
      { page: 'run', runId: 'r', tab: 'files', files: { key: 'k', step: 3 } },
      { page: 'run', runId: 'r', tab: 'metrics' },
    ];
    for (const route of routes) expect(parseRoute(routeHash(route))).toEqual(route);
    // A focus belongs to the tab it was made for: the Overview takes none.
    expect(parseRoute('#/run/r/overview?key=k&step=3')).toEqual({
      page: 'run',
      runId: 'r',
      tab: 'overview',
    });
  });

  it('filters the board to the key alone, whatever it holds', () => {
    for (const key of ['train/loss', 'a.b*c', 'x(1)[2]', 'p+q?', 'dollar$^', 'back\\slash']) {
      const matcher = keyMatcher(exactKeyFilter(key));
      expect(matcher.error).toBeNull();
      expect(matcher.test(key)).toBe(true);
      expect(matcher.test(`${key}_ema`)).toBe(false);
      expect(matcher.test(`x${key}`)).toBe(false);
    }
  });
});
