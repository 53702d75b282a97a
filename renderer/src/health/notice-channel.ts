// Where notices are shown: the desktop app's system notifications (through its main process), or
// the browser's Notifications API once the user allowed it (asked from the events list, never on
// load); either way a click brings the page to where the notice leads.

import type { DesktopFunctions, NoticeTarget } from '../../../shared/api/bridge.js';
import type { Notice } from '../../../shared/health/notification-policy.js';

export type NoticePermission = 'granted' | 'denied' | 'default' | 'unsupported';

export interface NoticeChannel {
  readonly kind: 'desktop' | 'browser';
  permission(): NoticePermission;
  /** Asks the user to allow notifications (a browser's own prompt); what they answered. */
  ask(): Promise<NoticePermission>;
  show(notice: Notice): void;
  /** Called with where a clicked notice leads. */
  onClick(listener: (target: NoticeTarget) => void): () => void;
}

export function desktopChannel(desktop: DesktopFunctions): NoticeChannel {
  return {
    kind: 'desktop',
    permission: () => 'granted',
    ask: () => Promise.resolve('granted'),
    show: (notice) => void desktop.showNotification(notice),
    onClick: (listener) => desktop.onNotificationClick(listener),
  };
}

export function browserChannel(): NoticeChannel {
  const listeners = new Set<(target: NoticeTarget) => void>();
  const api = (): typeof Notification | null =>
    typeof Notification === 'function' ? Notification : null;
  return {
    kind: 'browser',
    permission: () => api()?.permission ?? 'unsupported',
    ask: async () => {
      const notifications = api();
      return notifications === null ? 'unsupported' : notifications.requestPermission();
    },
    show: (notice) => {
      const notifications = api();
      if (notifications === null || notifications.permission !== 'granted') return;
      const shown = new notifications(notice.title, { body: notice.body, tag: notice.tag });
      shown.onclick = () => {
        window.focus();
        shown.close();
        const target = { runId: notice.runId, step: notice.step, key: notice.key };
        for (const listener of listeners) listener(target);
      };
    },
    onClick: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
