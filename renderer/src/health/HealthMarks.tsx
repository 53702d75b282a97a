// A run's health where its status shows: a short mark under the badge in the runs table ("stalled
// 7 min", "NaN at 1,204"), and in words in its page's header, with the watch toggle there.

import type { RunSummary } from '../../../shared/api/contract.js';
import { healthMarks, shortHealthMark } from '../../../shared/health/health-text.js';
import { visibleText } from '../text/visible-text.js';
import { useWatchList } from './HealthProvider.js';
import './health.css';

/** The mark in a table's status cell, the whole of it on hover; nothing when all is well. */
export function TableHealthMark({ run, now }: { run: RunSummary; now: number }) {
  const short = shortHealthMark(run.health, run.status, run.lastWrite, now);
  if (short === null) return null;
  const marks = healthMarks(run.health, run.status, run.lastWrite, now);
  return (
    <span
      className={`health-mark ${marks[0]?.kind ?? 'nonfinite'}`}
      title={visibleText(marks.map((mark) => mark.text).join('; '))}
      data-testid="health-mark"
    >
      {visibleText(short)}
    </span>
  );
}

/** The header's line of marks, each in words; nothing when all is well. */
export function HeaderHealthMarks({ run, now }: { run: RunSummary; now: number }) {
  const marks = healthMarks(run.health, run.status, run.lastWrite, now);
  if (marks.length === 0) return null;
  return (
    <div className="health-line" data-testid="run-health">
      {marks.map((mark) => (
        <span key={mark.text} className={`health-mark ${mark.kind}`}>
          {visibleText(mark.text)}
        </span>
      ))}
    </div>
  );
}

/** Watch a run: its events notify. */
export function WatchToggle({
  runIds,
  label,
  small = true,
}: {
  runIds: readonly string[];
  label?: string;
  /** A run header's small button; a toolbar's is of the toolbar's size. */
  small?: boolean;
}) {
  const watch = useWatchList();
  if (watch === null || runIds.length === 0) return null;
  const watched = watch.countWatched(runIds);
  const all = watched === runIds.length;
  const what = label ?? (runIds.length === 1 ? 'this run' : `${runIds.length} runs`);
  return (
    <button
      className={`btn ${small ? 'small ' : ''}watch-toggle ${all ? 'on' : ''}`}
      aria-pressed={all}
      onClick={() => watch.setWatched(runIds, !all)}
      title={
        all
          ? `Stop notifying the events of ${what}`
          : `Notify when ${what} stalls, logs a NaN, ends or crashes`
      }
      data-testid="watch-toggle"
    >
      {all ? 'Watching' : 'Watch'}
      {runIds.length > 1 && watched > 0 && !all ? ` (${watched} of ${runIds.length})` : ''}
    </button>
  );
}
