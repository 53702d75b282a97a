// A board's first envelopes asked for as it mounts, before its snapshot is in: the runs'
// summaries already tell which keys are too long to send whole, so their panels' envelopes are
// asked for at once, at the width a panel of the board will have (measured on a hidden panel of
// the board's own classes), and each panel takes its answer when it asks for the same (see
// envelope-requests). Without this a Compare asked only once the snapshot had come back and the
// board of pending panels had been laid out (some 110 ms before its first panel was drawn).

import type { RefObject } from 'react';
import { useLayoutEffect } from 'react';
import type { EnvelopeQuery, KeyInfo } from '../../../shared/api/contract.js';
import { WHOLE_SERIES_LIMIT } from '../../../shared/api/contract.js';
import type { MuninBridge } from '../../../shared/api/bridge.js';
import type { SeriesKind } from '../../../shared/format/records.js';
import type { BoardLayout, PanelWidth } from '../workspace/board-layout.js';
import { arrange } from '../workspace/board-layout.js';
import type { Panel } from './panel-layout.js';
import { layoutPanels } from './panel-layout.js';
import type { XAxisMode } from './curve-data.js';
import type { PanelAsk, QueryLine } from './envelope-requests.js';
import { askAhead, envelopeQueries } from './envelope-requests.js';
import { guessedColumns } from './use-plot-columns.js';

/** What the board says of its page, to ask its first envelopes as its panels will. */
export interface BoardPlan {
  readonly runs: readonly { readonly runId: string; readonly startTime: number }[];
  readonly kind: SeriesKind;
  /** Each run's keys as its summary lists them; undefined for a run not listed. */
  readonly keysOf: (runId: string) => readonly KeyInfo[] | undefined;
  /** Whether the board holds the run's series of the key already (its panel asks itself). */
  readonly holds: (runId: string, key: string) => boolean;
  readonly layout: BoardLayout;
  readonly keyFilter: (key: string) => boolean;
  readonly modeOf: (key: string) => XAxisMode;
  readonly zoomOf: (key: string) => readonly [number, number] | null;
  readonly smoothingOf: (key: string) => number;
  readonly widthOf: (panel: Panel) => PanelWidth;
}

/**
 * The curve panels the board will show whose series surely come as counts (a run's or all runs'
 * together past what a snapshot sends whole), not held yet; each with its width in the grid.
 */
export function panelsToAskAhead(plan: BoardPlan): {
  ask: Omit<PanelAsk, 'columns'>;
  width: PanelWidth;
  lines: QueryLine[];
}[] {
  const counts = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const { runId } of plan.runs)
    for (const info of plan.keysOf(runId) ?? []) {
      if (info.kind !== plan.kind) continue;
      counts.set(info.key, Math.max(counts.get(info.key) ?? 0, info.count));
      totals.set(info.key, (totals.get(info.key) ?? 0) + info.count);
    }
  const arranged = arrange(layoutPanels(counts, plan.keyFilter), plan.layout);
  const collapsed = new Set(plan.layout.collapsed);
  const shown = [
    ...arranged.pinned,
    ...arranged.sections.filter((s) => !collapsed.has(s.prefix)).flatMap((s) => s.panels),
  ];
  return shown.flatMap((panel) => {
    if (panel.type !== 'curve') return [];
    const { key } = panel;
    if ((totals.get(key) ?? 0) <= WHOLE_SERIES_LIMIT) return [];
    if (plan.runs.some(({ runId }) => plan.holds(runId, key))) return [];
    const ask = {
      key,
      mode: plan.modeOf(key),
      range: plan.zoomOf(key),
      smoothing: plan.smoothingOf(key),
    };
    // The runs with the key, in the board's order: the lines its panel will ask for.
    const lines = plan.runs
      .filter(({ runId }) =>
        (plan.keysOf(runId) ?? []).some((info) => info.key === key && info.kind === plan.kind),
      )
      .map(({ runId, startTime }) => ({ runId, startTime, copy: 'series' as const }));
    return [{ ask, width: plan.widthOf(panel), lines }];
  });
}

/**
 * The chart host's width of a panel `width` wide in the board's grid, measured on a hidden copy
 * of a panel's frame, built of the classes the board's own are, at the end of the board.
 */
function hostWidth(board: HTMLElement, width: PanelWidth): number {
  const section = document.createElement('div');
  section.className = 'section';
  section.style.cssText = 'visibility:hidden;height:0;overflow:hidden';
  section.innerHTML =
    `<div class="panel-grid"><div class="panel-frame w${width}"><div class="panel-slot">` +
    '<div class="panel card" style="content-visibility:visible"><div class="chart-frame">' +
    '<div class="chart-host"></div></div></div></div></div>';
  board.appendChild(section);
  const host = section.querySelector<HTMLElement>('.chart-host')!;
  const measured = host.clientWidth;
  section.remove();
  return measured;
}

/** Asks, as the board mounts, for the first envelopes of the panels it will lay out. */
export function usePrefetchEnvelopes(
  bridge: MuninBridge,
  board: RefObject<HTMLElement | null>,
  plan: () => BoardPlan | null,
): void {
  useLayoutEffect(() => {
    const element = board.current;
    const boardPlan = plan();
    if (element === null || boardPlan === null) return;
    const panels = panelsToAskAhead(boardPlan);
    if (panels.length === 0) return;
    const widths = new Map<PanelWidth, number>();
    const asks: EnvelopeQuery[][] = [];
    for (const { ask, width, lines } of panels) {
      let host = widths.get(width);
      if (host === undefined) widths.set(width, (host = hostWidth(element, width)));
      if (host <= 0) continue;
      asks.push(
        envelopeQueries(lines, { ...ask, columns: guessedColumns(host, devicePixelRatio) }),
      );
    }
    // Sent once the commit is done, after what its page asks in it (the runs' series and
    // details, in layout effects of the page, which run after the board's): the host answers
    // in the order it reads, and the board is laid out from those, while the envelopes are made.
    queueMicrotask(() => asks.forEach((queries) => askAhead(bridge, queries)));
    // Once, as the board mounts: later, its panels ask for themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
