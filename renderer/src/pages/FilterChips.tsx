// The runs filter's chips (a chip per status, on to show only those; a removable chip per
// parallel-coordinates brush), and what the filter line says is wrong or missing.

import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';
import type { RunStatusName } from '../../../shared/api/contract.js';
import { brushText } from '../sweeps/parcoords-model.js';
import type { SweepState } from '../sweeps/sweep-state.js';
import type { ParsedQuery } from './run-query.js';
import { STATUS_ORDER } from './runs-table-model.js';

export function FilterChips(props: {
  counts: ReadonlyMap<RunStatusName, number>;
  statuses: ReadonlySet<RunStatusName>;
  onToggleStatus: (status: RunStatusName) => void;
  sweep: SweepState;
}) {
  const { counts, statuses, sweep } = props;
  const chips = useRef<HTMLDivElement>(null);
  useOverflowEdges(chips);
  return (
    <>
      <div className="chips" role="group" aria-label="Status" ref={chips}>
        {STATUS_ORDER.filter((status) => counts.has(status)).map((status) => (
          <button
            key={status}
            className={`chip ${statuses.has(status) ? 'on' : ''}`}
            onClick={() => props.onToggleStatus(status)}
            data-testid={`status-chip-${status}`}
          >
            {status} <span className="count">{counts.get(status)}</span>
          </button>
        ))}
      </div>
      {sweep.brushes.map((brush) => {
        const text = brushText(brush, sweep.result);
        return (
          <span className="brush-chip" key={text} data-testid="brush-chip">
            {text}
            <button
              onClick={() => sweep.setBrush(brush.axis, null)}
              aria-label={`Remove the brush ${text}`}
              title="Remove this brush: the table lists the runs it left out again"
            >
              ×
            </button>
          </span>
        );
      })}
    </>
  );
}

/**
 * Marks a scrolling strip's edges that hide chips (data-more="start", "end" or both), so that a
 * chip cut by the strip fades out instead of ending mid-word with nothing to say there is more.
 */
function useOverflowEdges(ref: RefObject<HTMLElement | null>): void {
  const frame = useRef(0);
  // After every render (the chips may have changed), then on the strip's resizes and scrolls;
  // read in the next frame, once however many renders came before it: reading the strip's
  // widths in a render forces a layout of the whole page (17 ms at 100,000 runs, per keystroke).
  useEffect(() => {
    const strip = ref.current;
    if (strip !== null && frame.current === 0)
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        markHiddenEdges(strip);
      });
  });
  useEffect(() => {
    const strip = ref.current;
    if (strip === null) return;
    const mark = (): void => markHiddenEdges(strip);
    const observer = new ResizeObserver(mark);
    observer.observe(strip);
    strip.addEventListener('scroll', mark, { passive: true });
    return () => {
      observer.disconnect();
      strip.removeEventListener('scroll', mark);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [ref]);
}

function markHiddenEdges(strip: HTMLElement): void {
  const start = strip.scrollLeft > 1;
  const end = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
  const more = start && end ? 'both' : start ? 'start' : end ? 'end' : '';
  if (strip.dataset.more !== more) strip.dataset.more = more;
}

/** What the line under the filter says: why it does not parse, a key no run has, or a read failed. */
export function filterProblem(
  parsed: ParsedQuery,
  unknownKeys: readonly string[],
  problems: ReadonlyMap<string, string>,
): { kind: 'error' | 'note'; text: string } | null {
  if (!parsed.ok) return { kind: 'error', text: `${parsed.error} — the filter is not applied.` };
  if (unknownKeys.length > 0)
    return {
      kind: 'note',
      text: `No run has a param, summary value or statistic named ${unknownKeys.map((k) => `“${k}”`).join(', ')}.`,
    };
  const problem = [...problems.values()][0];
  return problem === undefined
    ? null
    : { kind: 'note', text: `Metric statistics could not be read: ${problem}` };
}
