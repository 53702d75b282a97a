// The top bar's run events: a bell with the count of events not looked at, and under it this
// session's events, newest first, each leading to its run at its step; with the notification
// settings (the browser's permission, asked here and never on load; watching the running runs)
// and the thresholds that make a stall, which the desktop app lets the user set.

import { useCallback, useRef, useState } from 'react';
import type { HealthEvent } from '../../../shared/api/health.js';
import { eventText, thresholdsText } from '../../../shared/health/health-text.js';
import { useServices, useNow, useStoreView } from '../state/app-context.js';
import type { Route } from '../state/route.js';
import { routeHash } from '../state/route.js';
import { relativeTime, absoluteTime } from '../text/time-text.js';
import { visibleText } from '../text/visible-text.js';
import { useDismiss } from '../pages/use-dismiss.js';
import { useHealthLog, useNoticeChannel, useWatchList } from './HealthProvider.js';
import { targetRoute } from './event-route.js';
import { ThresholdsForm } from './ThresholdsForm.js';
import './health.css';

/** How many events the list shows: the newest. */
const SHOWN = 200;

export function EventsMenu({ navigate }: { navigate: (route: Route) => void }) {
  const { store } = useServices();
  const log = useHealthLog();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, [button, panel]);
  const toggle = (): void => {
    if (!open) store.health.markRead();
    setOpen(!open);
  };
  return (
    <div className="events-menu">
      <button
        ref={button}
        className="icon-btn events-bell"
        onClick={toggle}
        aria-expanded={open}
        aria-label={`Run events${log.unread > 0 ? `, ${log.unread} new` : ''}`}
        title="Run events: stalls, first NaNs, ends and crashes seen while this store is open"
        data-testid="events-button"
      >
        <BellIcon />
        {log.unread > 0 ? (
          <span className="events-unread" data-testid="events-unread">
            {log.unread > 99 ? '99+' : log.unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panel}
          className="events-panel"
          role="dialog"
          aria-label="Run events"
          data-testid="events-panel"
        >
          <div className="events-head">
            <strong>Run events</strong>
            <span className="muted">since this store was opened</span>
          </div>
          <EventList
            events={log.events}
            onOpen={(route) => {
              close();
              navigate(route);
            }}
          />
          <NotificationSettings />
        </div>
      ) : null}
    </div>
  );
}

function EventList({
  events,
  onOpen,
}: {
  events: readonly HealthEvent[];
  onOpen: (route: Route) => void;
}) {
  const view = useStoreView();
  const now = useNow(10_000);
  if (events.length === 0)
    return (
      <div className="events-empty" data-testid="events-empty">
        No events yet. A run that stalls, logs its first NaN or infinity, ends or crashes is listed
        here while this store is open.
      </div>
    );
  const newest = events.slice(-SHOWN).reverse();
  return (
    <ol className="events-list" data-testid="events-list">
      {newest.map((event) => {
        const run = view.runs.get(event.runId);
        const name = visibleText(run?.name ?? run?.experiment ?? event.runId);
        const route = targetRoute(event);
        return (
          <li key={event.id} data-kind={event.kind} data-run-id={event.runId}>
            <a
              href={routeHash(route)}
              onClick={(click) => (click.preventDefault(), onOpen(route))}
              data-testid="event-link"
            >
              <span className={`event-kind ${event.kind}`}>{kindName(event)}</span>
              <span className="event-run">{name}</span>
              <span className="event-text">{visibleText(eventText(event))}</span>
              <span className="event-when" title={absoluteTime(event.time)}>
                {relativeTime(event.time, now)}
              </span>
            </a>
          </li>
        );
      })}
    </ol>
  );
}

function kindName(event: HealthEvent): string {
  return event.kind === 'nonfinite' ? 'NaN/Inf' : event.kind;
}

/** Notifications in this transport, what is watched, and the thresholds that apply. */
function NotificationSettings() {
  const { bridge } = useServices();
  const view = useStoreView();
  const channel = useNoticeChannel();
  const watch = useWatchList();
  const [permission, setPermission] = useState(channel.permission);
  const watched = watch === null ? 0 : watch.countWatched(view.runs.keys());
  return (
    <div className="events-settings">
      <div className="row">
        <span className="muted">Notifications</span>
        {channel.kind === 'desktop' ? (
          <span data-testid="notify-state">on, for the runs you watch</span>
        ) : permission === 'granted' ? (
          <span data-testid="notify-state">on in this browser, for the runs you watch</span>
        ) : permission === 'denied' ? (
          <span data-testid="notify-state" className="warn-text">
            blocked by this browser: allow them in its site settings
          </span>
        ) : permission === 'unsupported' ? (
          <span data-testid="notify-state">this browser has none</span>
        ) : (
          <button
            className="btn small"
            data-testid="notify-ask"
            onClick={() => void channel.ask().then(setPermission)}
          >
            Notify me in this browser
          </button>
        )}
      </div>
      {watch !== null ? (
        <label className="row" data-testid="watch-running">
          <input
            type="checkbox"
            checked={watch.watchRunning}
            onChange={(event) => (watch.watchRunning = event.target.checked)}
          />
          Watch every run that is running when I open the store
          <span className="muted">({watched} watched)</span>
        </label>
      ) : null}
      {view.info !== null ? (
        <div className="events-thresholds" data-testid="thresholds">
          <span className="muted">A run stalls after </span>
          {thresholdsText(view.info.health)}
          {bridge.desktop !== null ? (
            <ThresholdsForm desktop={bridge.desktop} current={view.info.health} />
          ) : (
            <span className="muted"> (set by serve’s --stall-after and --stall-factor)</span>
          )}
        </div>
      ) : null}
    </div>
  );
}

function BellIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path
        d="M8 1.5a4 4 0 0 0-4 4v2.7L2.6 11h10.8L12 8.2V5.5a4 4 0 0 0-4-4zM6.3 12.5a1.8 1.8 0 0 0 3.4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}
