// The desktop app's notifications: a notice the page decided on (by the shared policy, for the
// runs the user watches) checked and shown with Electron's Notification; a click brings the window
// forward and tells the page where to go. Typed against a small slice of electron.d.ts, so that
// it is tested without Electron's binary.

import type { NoticeTarget } from '../../shared/api/bridge.js';
import type { Notice } from '../../shared/health/notification-policy.js';

/** What is used of Electron's Notification. */
export interface SystemNotification {
  on(event: 'click', listener: () => void): void;
  show(): void;
}

export type SystemNotificationMaker = (options: {
  readonly title: string;
  readonly body: string;
}) => SystemNotification;

/** Notices shown and not yet clicked are held: a notification let go of loses its handlers. */
const HELD = 32;
const MAX_TITLE = 200;
const MAX_BODY = 1000;

export class DesktopNotifier {
  private readonly held: SystemNotification[] = [];

  constructor(
    /** Makes a system notification; null where the system shows none. */
    private readonly make: SystemNotificationMaker | null,
    /** A notice was clicked: bring the window forward and open where it leads. */
    private readonly clicked: (target: NoticeTarget) => void,
  ) {}

  /** Shows what the page sent when it is a notice; false when it is none or nothing shows it. */
  show(raw: unknown): boolean {
    const notice = asNotice(raw);
    if (notice === null || this.make === null) return false;
    const shown = this.make({
      title: notice.title.slice(0, MAX_TITLE),
      body: notice.body.slice(0, MAX_BODY),
    });
    const target: NoticeTarget = { runId: notice.runId, step: notice.step, key: notice.key };
    shown.on('click', () => this.clicked(target));
    shown.show();
    this.held.push(shown);
    if (this.held.length > HELD) this.held.shift();
    return true;
  }
}

/** The notice a page sent, checked member by member; null for anything else. */
export function asNotice(raw: unknown): Notice | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const notice = raw as Record<string, unknown>;
  const text = (name: string): string | null =>
    typeof notice[name] === 'string' ? (notice[name] as string) : null;
  const title = text('title');
  const body = text('body');
  const tag = text('tag');
  const runId = notice['runId'];
  const step = notice['step'];
  const key = notice['key'];
  if (title === null || body === null || tag === null) return null;
  if (runId !== null && typeof runId !== 'string') return null;
  if (key !== null && typeof key !== 'string') return null;
  if (step !== null && !(typeof step === 'number' && Number.isSafeInteger(step) && step >= 0))
    return null;
  return { title, body, tag, runId, step, key };
}
