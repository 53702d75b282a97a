// Notifications: the shared policy (once per run and kind a minute, one summary when many runs
// end together), the page's watch list (choices kept per store, the runs running at open), its
// event log (the past read, what came since unread, missed events told as new), and the desktop
// notifier through which Electron's Notification shows a notice and a click comes back.

import { describe, expect, it } from 'vitest';
import type { HealthEvent } from '../../shared/api/health.js';
import { NotificationPolicy, NOTICE_GAP_MS } from '../../shared/health/notification-policy.js';
import type { ChoiceStorage } from '../../renderer/src/health/watch-list.js';
import { WatchList } from '../../renderer/src/health/watch-list.js';
import { HealthLog } from '../../renderer/src/health/health-log.js';
import { asNotice, DesktopNotifier } from '../../electron/notify/desktop-notifier.js';
import type { NoticeTarget } from '../../shared/api/bridge.js';
import { runSummary } from '../support/run-summary.js';

let nextId = 0;
function event(
  runId: string,
  kind: HealthEvent['kind'],
  more: Partial<HealthEvent> = {},
): HealthEvent {
  return {
    id: ++nextId,
    time: 1000,
    runId,
    kind,
    step: 7,
    key: null,
    value: null,
    error: null,
    lastWrite: null,
    interval: null,
    ...more,
  };
}
const name = (runId: string): string => `run ${runId}`;

describe('NotificationPolicy', () => {
  it('tells a run’s kind of event once a minute, another kind or run at once', () => {
    const policy = new NotificationPolicy();
    const first = policy.decide([event('a', 'stalled', { lastWrite: 900, interval: 5 })], name, 0);
    expect(first).toEqual([
      {
        title: 'run a: stalled',
        body: 'stalled: last wrote 1 min ago, usually every 5 s',
        runId: 'a',
        step: 7,
        key: null,
        tag: 'a:stalled',
      },
    ]);
    expect(policy.decide([event('a', 'stalled')], name, NOTICE_GAP_MS - 1)).toEqual([]);
    expect(policy.decide([event('a', 'writing'), event('b', 'stalled')], name, 1000)).toHaveLength(
      2,
    );
    expect(policy.decide([event('a', 'stalled')], name, NOTICE_GAP_MS)).toHaveLength(1);
  });

  it('names a non-finite value with its key and step', () => {
    const [notice] = new NotificationPolicy().decide(
      [event('a', 'nonfinite', { key: 'train/loss', step: 1204, value: Number.NaN })],
      name,
      0,
    );
    expect(notice).toMatchObject({
      title: 'run a: non-finite value',
      body: 'NaN in train/loss at 1,204',
      key: 'train/loss',
      step: 1204,
    });
  });

  it('tells many runs ending together as one summary, other events apart', () => {
    const batch = [
      event('a', 'finished'),
      event('b', 'failed', { error: 'OOM' }),
      event('c', 'finished'),
      event('d', 'crashed'),
      event('e', 'finished'),
      event('a', 'nonfinite', { key: 'k', value: Infinity }),
    ];
    const notices = new NotificationPolicy().decide(batch, name, 0);
    expect(notices).toEqual([
      expect.objectContaining({ runId: 'a', title: 'run a: non-finite value' }),
      {
        title: '5 runs ended',
        body: '3 finished, 1 failed, 1 crashed: run a, run b, run c, and 2 more',
        runId: null,
        step: null,
        key: null,
        tag: 'runs-ended',
      },
    ]);
    // Two ends are told each.
    expect(
      new NotificationPolicy().decide([event('a', 'finished'), event('b', 'killed')], name, 0),
    ).toHaveLength(2);
  });
});

function memoryStorage(): ChoiceStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('WatchList', () => {
  it('watches the runs running at open, until the setting is off or a run is unwatched', () => {
    const storage = memoryStorage();
    const watch = new WatchList('/store', storage);
    expect(watch.isWatched('live')).toBe(false);
    watch.opened([runSummary('live', { status: 'running' }), runSummary('done')]);
    // Taken once: a run running later is not watched by the setting.
    watch.opened([runSummary('later', { status: 'running' })]);
    expect(['live', 'done', 'later'].map((id) => watch.isWatched(id))).toEqual([
      true,
      false,
      false,
    ]);
    watch.setWatched(['live'], false);
    watch.setWatched(['done'], true);
    expect(watch.isWatched('live')).toBe(false);
    expect(watch.countWatched(['live', 'done', 'later'])).toBe(1);
    watch.setWatched(['live'], true);
    watch.watchRunning = false;
    expect(watch.isWatched('live')).toBe(true);
  });

  it('keeps choices per store, and the setting for every store', () => {
    const storage = memoryStorage();
    const first = new WatchList('/a', storage);
    first.setWatched(['r1'], true);
    first.watchRunning = false;
    const again = new WatchList('/a', storage);
    expect(again.isWatched('r1')).toBe(true);
    expect(again.watchRunning).toBe(false);
    expect(new WatchList('/b', storage).isWatched('r1')).toBe(false);
    // A choice kept in a form it cannot read is none.
    storage.items.set('munin-view:watch:/c', '{"r1": true}');
    expect(new WatchList('/c', storage).isWatched('r1')).toBe(false);
  });
});

describe('HealthLog', () => {
  it('takes the kept events as read, counts what comes after, and tells only those', () => {
    const log = new HealthLog();
    const told: number[] = [];
    log.onNew((e) => told.push(e.id));
    const kept = [event('a', 'stalled'), event('a', 'writing')];
    log.take(kept);
    expect(log.getView()).toEqual({ events: kept, unread: 0 });
    const fresh = event('b', 'failed');
    log.push(fresh);
    log.push(fresh);
    expect(log.getView().unread).toBe(1);
    expect(told).toEqual([fresh.id]);
    log.markRead();
    expect(log.getView().unread).toBe(0);
    // After a gap, what the host kept that the page missed is told as new.
    const missed = event('c', 'crashed');
    log.take([...kept, fresh, missed]);
    expect(told).toEqual([fresh.id, missed.id]);
    expect(log.getView().events.map((e) => e.id)).toEqual(
      [...kept, fresh, missed].map((e) => e.id),
    );
    expect(log.eventsOf('c')).toEqual([missed]);
  });
});

describe('DesktopNotifier', () => {
  const notice = { title: 't', body: 'b', tag: 'g', runId: 'r', step: 3, key: 'k' };

  it('shows a notice with Electron’s Notification and tells where a click leads', () => {
    const made: { options: object; click?: () => void; shown: boolean }[] = [];
    const clicked: NoticeTarget[] = [];
    const notifier = new DesktopNotifier(
      (options) => {
        const shown = { options, shown: false } as (typeof made)[number];
        made.push(shown);
        return {
          on: (_event, listener) => void (shown.click = listener),
          show: () => void (shown.shown = true),
        };
      },
      (target) => clicked.push(target),
    );
    expect(notifier.show(notice)).toBe(true);
    expect(made).toEqual([
      expect.objectContaining({ options: { title: 't', body: 'b' }, shown: true }),
    ]);
    made[0]!.click!();
    expect(clicked).toEqual([{ runId: 'r', step: 3, key: 'k' }]);
    expect(new DesktopNotifier(null, () => undefined).show(notice)).toBe(false);
  });

  it('refuses what is not a notice', () => {
    for (const bad of [
      null,
      'x',
      { ...notice, title: 1 },
      { ...notice, step: -1 },
      { ...notice, runId: 5 },
    ])
      expect(asNotice(bad)).toBeNull();
    expect(asNotice({ ...notice, runId: null, step: null, key: null })).not.toBeNull();
  });
});
