// A run's status as a coloured badge; a running run's pulses on its own page, a silent one says
// when it last wrote (in a table in a few characters, so that the badge shows whole).

import type { RunStatusName } from '../../../shared/api/contract.js';
import { absoluteTime, relativeTime, shortAge } from '../text/time-text.js';

const EXPLANATIONS: Record<RunStatusName, string> = {
  finished: 'The run ended and said it finished.',
  failed: 'The run ended with an error.',
  killed: 'The run ended, stopped before it finished.',
  running: 'A process holds the run’s lock: it is being written now.',
  crashed: 'The run has no end and no process holds its lock: its writer exited without ending it.',
  silent:
    'The run has no end and this machine cannot probe its lock (it was written on another machine or boot): live and dead writers look the same from here.',
  unreadable:
    'The run cannot be read: its log or directory cannot be opened (the reason is shown), or its first record is not a start of the format this viewer reads.',
};

/** A silent run's label: when it last wrote, whole on a page, in a table's few characters. */
function silentLabel(lastWrite: number, now: number | undefined, compact: boolean): string {
  if (!compact) return `silent · last wrote ${relativeTime(lastWrite, now)}`;
  const age = shortAge(lastWrite, now);
  return age === null ? 'silent' : `silent ${age}`;
}

export function StatusBadge(props: {
  status: RunStatusName;
  lastWrite?: number;
  now?: number;
  /** Animate a running run's ring: on the run's own page, one badge, not a list of them. */
  pulse?: boolean;
  /** A table's column: the short form of what the badge says, so that it shows whole. */
  compact?: boolean;
}) {
  const { status, lastWrite, now } = props;
  const compact = props.compact === true;
  const label =
    status === 'silent' && lastWrite !== undefined ? silentLabel(lastWrite, now, compact) : status;
  const wrote =
    status === 'silent' && lastWrite !== undefined
      ? ` It last wrote ${relativeTime(lastWrite, now)} (${absoluteTime(lastWrite)}).`
      : '';
  return (
    <span
      className={`status ${status}${props.pulse === true ? ' pulse' : ''}`}
      title={EXPLANATIONS[status] + wrote}
      data-status={status}
    >
      {label}
    </span>
  );
}
