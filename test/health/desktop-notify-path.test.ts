// The desktop app's notification path, from the same event source as every other: a Backend's
// health deltas (a writer process's run stalling), taken by the page's event log, decided on by
// the notifier for the watched runs, handed through the desktop channel to main's notifier, shown
// with (a stand-in for) Electron's Notification; its click leads back to the run at its step.

import { afterEach, describe, expect, it } from 'vitest';
import { Backend } from '../../electron/host/backend.js';
import { DesktopNotifier } from '../../electron/notify/desktop-notifier.js';
import type { DesktopFunctions, NoticeTarget } from '../../shared/api/bridge.js';
import { HealthLog } from '../../renderer/src/health/health-log.js';
import { desktopChannel } from '../../renderer/src/health/notice-channel.js';
import { startNotifier } from '../../renderer/src/health/notifier.js';
import { WatchList } from '../../renderer/src/health/watch-list.js';
import { startLine } from '../support/live-lines.js';
import { liveDirs, liveWriters, waitUntil } from '../support/live-scratch.js';
import { startLiveRun } from '../support/live-store.js';

const newDir = liveDirs();
const newWriter = liveWriters();
const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

describe('desktop notifications', () => {
  it('show a watched run’s stall through Electron’s Notification, and a click opens it', async () => {
    const root = newDir();
    const writer = newWriter();
    const watchedId = '20261204T130000Z-0000e001';
    const otherId = '20261204T130000Z-0000e002';
    const watchedRun = await startLiveRun(writer, root, watchedId, startLine('watched'));
    const otherRun = await startLiveRun(writer, root, otherId, startLine('other'));
    await writer.tick(watchedRun, 'loss', 100);
    await writer.tick(otherRun, 'loss', 100);

    const backend = await Backend.open(root, {
      watch: { mode: 'events' },
      healthTickMs: 50,
      health: { stallAfter: 1, stallFactor: 2 },
    });
    opened.push(() => backend.close());
    const log = new HealthLog();
    const session = backend.connect((deltas) => {
      for (const delta of deltas) if (delta.type === 'health') log.push(delta.event);
    });
    opened.push(() => session.close());
    log.take(await backend.healthEvents());

    // Main's side: the system's notifications, stood in for, and where clicks lead.
    const shown: { title: string; body: string; click: () => void }[] = [];
    const clicks: NoticeTarget[] = [];
    const notifier = new DesktopNotifier(
      (options) => {
        const notification = { ...options, click: (): void => undefined };
        shown.push(notification);
        return {
          on: (_event, listener) => void (notification.click = listener),
          show: () => undefined,
        };
      },
      (target) => clicks.push(target),
    );
    // The preload's desktop functions, as IPC would carry them to main.
    const clickListeners = new Set<(target: NoticeTarget) => void>();
    const desktop = {
      showNotification: async (notice: unknown) => notifier.show(structuredClone(notice)),
      onNotificationClick: (listener: (target: NoticeTarget) => void) => {
        clickListeners.add(listener);
        return () => clickListeners.delete(listener);
      },
    } as unknown as DesktopFunctions;

    const storage = new Map<string, string>();
    const watch = new WatchList(root, {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    });
    watch.opened(backend.listRuns());
    watch.setWatched([otherId], false);
    const stop = startNotifier({
      log,
      watch,
      channel: desktopChannel(desktop),
      name: (runId) => backend.listRuns().find((run) => run.id === runId)?.experiment ?? runId,
      gatherMs: 50,
    });
    opened.push(stop);

    // Its cadence learnt from the appends seen, so that the notice says it.
    await waitUntil(
      'a cadence',
      () => backend.listRuns().find((run) => run.id === watchedId)?.health?.interval != null,
      6000,
    );
    await writer.untick(watchedRun);
    await writer.untick(otherRun);
    await waitUntil('both stalled', () => log.getView().events.length === 2, 6000);
    await waitUntil('the notice', () => shown.length === 1, 2000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'watched: stalled' });
    expect(shown[0]!.body).toMatch(/^stalled: last wrote \S+ s ago, usually every 0\.1 s$/);
    shown[0]!.click();
    const stalled = log.getView().events.find((event) => event.runId === watchedId)!;
    expect(clicks).toEqual([{ runId: watchedId, step: stalled.step, key: null }]);
  });
});
