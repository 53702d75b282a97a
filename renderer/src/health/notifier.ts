// From the page's new health events to notices: the watched runs' events gathered for a moment
// (so that runs ending together are seen together), put through the shared policy, and shown on
// the channel the page has.

import type { HealthEvent } from '../../../shared/api/health.js';
import { NotificationPolicy } from '../../../shared/health/notification-policy.js';
import type { HealthLog } from './health-log.js';
import type { NoticeChannel } from './notice-channel.js';
import type { WatchList } from './watch-list.js';

/** How long events are gathered before they are decided on together. */
export const GATHER_MS = 1000;

export function startNotifier(options: {
  readonly log: HealthLog;
  readonly watch: WatchList;
  readonly channel: NoticeChannel;
  /** A run's name as the user knows it. */
  readonly name: (runId: string) => string;
  readonly gatherMs?: number;
}): () => void {
  const policy = new NotificationPolicy();
  let gathered: HealthEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = (): void => {
    timer = null;
    const batch = gathered;
    gathered = [];
    for (const notice of policy.decide(batch, options.name, Date.now()))
      options.channel.show(notice);
  };
  const off = options.log.onNew((event) => {
    if (!options.watch.isWatched(event.runId)) return;
    gathered.push(event);
    timer ??= setTimeout(flush, options.gatherMs ?? GATHER_MS);
  });
  return () => {
    off();
    if (timer !== null) clearTimeout(timer);
  };
}
