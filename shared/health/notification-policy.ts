// Which health events become notifications, and how they read: at most one per run per kind a
// minute (a run that stalls and writes again every few minutes does not ring every time), and one
// summary when many runs end at once (a sweep's end is one notice, not forty). Pure: the app in
// a browser and the desktop app's main process decide alike.

import type { HealthEvent } from '../api/health.js';
import { eventText } from './health-text.js';

/** A notification to show, and where clicking it leads. */
export interface Notice {
  readonly title: string;
  readonly body: string;
  /** The run it opens, at the step and key; null for a summary of several runs. */
  readonly runId: string | null;
  readonly step: number | null;
  readonly key: string | null;
  /** Notices of one tag replace each other where the system allows. */
  readonly tag: string;
}

/** The least time between two notices of one run and kind. */
export const NOTICE_GAP_MS = 60_000;
/** Ends in one batch from this many runs on are told as one summary. */
export const SUMMARY_FROM = 3;

const ENDS: ReadonlySet<HealthEvent['kind']> = new Set(['finished', 'failed', 'killed', 'crashed']);

export class NotificationPolicy {
  /** When each run and kind was last told, in ms. */
  private readonly told = new Map<string, number>();

  /**
   * The notices for a batch of events (those of watched runs, seen together), in order; `name`
   * names a run as the user knows it.
   */
  decide(batch: readonly HealthEvent[], name: (runId: string) => string, nowMs: number): Notice[] {
    const fresh = batch.filter((event) => {
      const slot = `${event.runId}\u0000${event.kind}`;
      const last = this.told.get(slot);
      if (last !== undefined && nowMs - last < NOTICE_GAP_MS) return false;
      this.told.set(slot, nowMs);
      return true;
    });
    const ends = fresh.filter((event) => ENDS.has(event.kind));
    const summarised = ends.length >= SUMMARY_FROM;
    const notices: Notice[] = [];
    for (const event of fresh) {
      if (summarised && ENDS.has(event.kind)) continue;
      notices.push({
        title: `${name(event.runId)}: ${event.kind === 'nonfinite' ? 'non-finite value' : event.kind}`,
        body: eventText(event),
        runId: event.runId,
        step: event.step,
        key: event.key,
        tag: `${event.runId}:${event.kind}`,
      });
    }
    if (summarised) notices.push(summaryNotice(ends, name));
    return notices;
  }
}

/** "5 runs ended": how many of each end, and the first few runs by name. */
function summaryNotice(ends: readonly HealthEvent[], name: (runId: string) => string): Notice {
  const counts = new Map<string, number>();
  for (const event of ends) counts.set(event.kind, (counts.get(event.kind) ?? 0) + 1);
  const tally = [...counts].map(([kind, n]) => `${n} ${kind}`).join(', ');
  const names = ends.slice(0, 3).map((event) => name(event.runId));
  const more = ends.length > names.length ? `, and ${ends.length - names.length} more` : '';
  return {
    title: `${ends.length} runs ended`,
    body: `${tally}: ${names.join(', ')}${more}`,
    runId: null,
    step: null,
    key: null,
    tag: 'runs-ended',
  };
}
