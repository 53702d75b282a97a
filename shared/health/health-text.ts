// A run's health and its events in words, the same in the app, its notifications and `watch`:
// "stalled: last wrote 7 min ago, usually every 5 s", "NaN in train/loss at 1,204".

import type { RunStatusName } from '../api/contract.js';
import type { HealthEvent, HealthThresholds, RunHealth } from '../api/health.js';

/** A span of seconds in a few characters: "0.2 s", "12 s", "7 min", "3 h", "2 d". */
export function spanText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  if (seconds < 10) return `${Number(seconds.toPrecision(seconds < 1 ? 1 : 2))} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86400)} d`;
}

/** A step as people read it: 1,204. */
export function stepText(step: number): string {
  return step.toLocaleString('en');
}

/** NaN, +Inf or -Inf. */
export function nonFiniteName(value: number): string {
  return Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf';
}

/** "NaN in train/loss at 1,204". */
export function nonFiniteText(sample: {
  readonly key: string;
  readonly step: number;
  readonly value: number;
}): string {
  return `${nonFiniteName(sample.value)} in ${sample.key} at ${stepText(sample.step)}`;
}

/** "stalled: last wrote 7 min ago, usually every 5 s". */
export function stallText(lastWrite: number, interval: number | null, now: number): string {
  const usually = interval === null ? '' : `, usually every ${spanText(interval)}`;
  return `stalled: last wrote ${spanText(now - lastWrite)} ago${usually}`;
}

/** When the thresholds make a run stalled, in words, for the UI to say which apply. */
export function thresholdsText(thresholds: HealthThresholds): string {
  return `${spanText(thresholds.stallAfter)} without a write, and ${thresholds.stallFactor}× its usual interval between writes`;
}

/** One thing a run's health says, and its kind (for its colour). */
export interface HealthMarkText {
  readonly kind: 'clock' | 'stalled' | 'nonfinite';
  readonly text: string;
}

/** How many keys' non-finite samples are named before "and n more keys". */
const NAMED_KEYS = 3;

/** A run's health in words, most pressing first: its page header's marks; empty when all is well. */
export function healthMarks(
  health: RunHealth | null,
  status: RunStatusName,
  lastWrite: number,
  now: number,
): HealthMarkText[] {
  if (health === null) return [];
  const marks: HealthMarkText[] = [];
  if (health.clockAhead)
    marks.push({ kind: 'clock', text: 'last wrote in the future: the clocks disagree' });
  else if (health.stalled && (status === 'running' || status === 'silent'))
    marks.push({ kind: 'stalled', text: stallText(lastWrite, health.interval, now) });
  for (const sample of health.nonFinite.slice(0, NAMED_KEYS))
    marks.push({ kind: 'nonfinite', text: nonFiniteText(sample) });
  const more = health.nonFinite.length - NAMED_KEYS;
  if (more > 0)
    marks.push({ kind: 'nonfinite', text: `and ${more} more key${more > 1 ? 's' : ''}` });
  return marks;
}

/** A run's health in a table cell's few characters: "stalled 7 min", "NaN at 1,204"; or null. */
export function shortHealthMark(
  health: RunHealth | null,
  status: RunStatusName,
  lastWrite: number,
  now: number,
): string | null {
  if (health === null) return null;
  if (health.clockAhead) return 'clock ahead';
  if (health.stalled && (status === 'running' || status === 'silent'))
    return `stalled ${spanText(now - lastWrite)}`;
  const first = health.nonFinite[0];
  return first === undefined ? null : `${nonFiniteName(first.value)} at ${stepText(first.step)}`;
}

/** An event in words, without its run: "failed: CUDA out of memory", "NaN in loss at 7". */
export function eventText(event: HealthEvent): string {
  switch (event.kind) {
    case 'stalled':
      return event.lastWrite === null
        ? 'stalled'
        : stallText(event.lastWrite, event.interval, event.time);
    case 'writing':
      return 'writing again';
    case 'nonfinite':
      return event.key === null || event.step === null || event.value === null
        ? 'a non-finite value'
        : nonFiniteText({ key: event.key, step: event.step, value: event.value });
    case 'failed':
      return event.error === null ? 'failed' : `failed: ${event.error}`;
    case 'crashed':
      return 'crashed: its writer is gone without an end';
    default:
      return event.step === null ? event.kind : `${event.kind} at step ${stepText(event.step)}`;
  }
}
