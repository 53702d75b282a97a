// The health events of the open store as the page holds them: those the host kept when the page
// opened, then each as it is told; which of them the user has not looked at yet; and a feed of
// the new ones, for notifications.

import type { HealthEvent } from '../../../shared/api/health.js';
import { HEALTH_EVENTS_KEPT } from '../../../shared/api/health.js';

type Listener = () => void;

export interface HealthLogView {
  /** Oldest first. */
  readonly events: readonly HealthEvent[];
  /** Events told after the user last opened the list. */
  readonly unread: number;
}

export class HealthLog {
  private readonly listeners = new Set<Listener>();
  private readonly newListeners = new Set<(event: HealthEvent) => void>();
  private seenId = 0;
  /** Whether the host's kept events were taken once: those are the past, read already. */
  private taken = false;
  private view: HealthLogView = { events: [], unread: 0 };

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getView = (): HealthLogView => this.view;

  /** Told each event that happens while the page is open (not those it found kept). */
  onNew(listener: (event: HealthEvent) => void): () => void {
    this.newListeners.add(listener);
    return () => this.newListeners.delete(listener);
  }

  /**
   * The events the host kept: what happened before the page opened counts as read, and after a
   * reconnection those the page missed are told as new.
   */
  take(kept: readonly HealthEvent[]): void {
    const first = !this.taken;
    this.taken = true;
    const held = new Map(this.view.events.map((event) => [event.id, event]));
    const missed = first ? [] : kept.filter((event) => !held.has(event.id));
    // The first time, what the host kept and the page was not told is the past: read already.
    if (first)
      for (const event of kept)
        if (!held.has(event.id)) this.seenId = Math.max(this.seenId, event.id);
    for (const event of kept) held.set(event.id, event);
    const events = [...held.values()].sort((a, b) => a.id - b.id).slice(-HEALTH_EVENTS_KEPT);
    this.set(events);
    for (const event of missed) for (const listener of this.newListeners) listener(event);
  }

  push(event: HealthEvent): void {
    if (this.view.events.some((held) => held.id === event.id)) return;
    const events = [...this.view.events, event].sort((a, b) => a.id - b.id);
    this.set(events.length > HEALTH_EVENTS_KEPT ? events.slice(-HEALTH_EVENTS_KEPT) : events);
    for (const listener of this.newListeners) listener(event);
  }

  /** The user looked at the list: every event so far is read. */
  markRead(): void {
    this.seenId = this.view.events.at(-1)?.id ?? this.seenId;
    this.set(this.view.events);
  }

  /** The events of one run, oldest first. */
  eventsOf(runId: string): HealthEvent[] {
    return this.view.events.filter((event) => event.runId === runId);
  }

  private set(events: readonly HealthEvent[]): void {
    const unread = events.filter((event) => event.id > this.seenId).length;
    this.view = { events, unread };
    for (const listener of this.listeners) listener();
  }
}
