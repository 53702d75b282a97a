// What a metrics board shows, as a report asks for it: its panels in the order shown (pinned
// first; hidden ones and folded sections left out), each curve with its own axis, smoothing, log
// y and zoom, tiles and breakdowns by their keys, then the page's derived views.

import type {
  ReportAxis,
  ReportGroupingAsk,
  ReportPanelAsk,
} from '../../../shared/api/report-ask.js';
import type { GroupCenter, GroupSpread } from '../../../shared/api/contract.js';
import type { RunStyle } from '../charts/run-colors.js';
import type { XAxisMode } from '../charts/curve-data.js';
import type { ArrangedBoard } from '../workspace/board-layout.js';
import type { DerivedView } from '../state/sweep-choices.js';

export interface BoardShown {
  readonly arranged: ArrangedBoard;
  /** Sections folded away, by prefix. */
  readonly collapsed: ReadonlySet<string>;
  readonly views: readonly DerivedView[];
  readonly modeOf: (key: string) => XAxisMode;
  readonly looksOf: (key: string) => { smoothing: number; logY: boolean };
  /** The panel's zoomed range on its axis, or null. */
  readonly zoomOf: (key: string) => readonly [number, number] | null;
  /** What the page's derived views are drawn against, and with. */
  readonly viewMode: XAxisMode;
  readonly viewLooks: { smoothing: number; logY: boolean };
}

const axisOf = (mode: XAxisMode): ReportAxis => mode;

export function boardReportPanels(shown: BoardShown): ReportPanelAsk[] {
  const panels = [
    ...shown.arranged.pinned,
    ...shown.arranged.sections
      .filter((section) => !shown.collapsed.has(section.prefix))
      .flatMap((section) => section.panels),
  ];
  const asks: ReportPanelAsk[] = [];
  for (const panel of panels) {
    const keys = panel.type === 'breakdown' ? panel.keys : [panel.key];
    for (const key of keys) {
      const looks = shown.looksOf(key);
      asks.push({
        key,
        axis: axisOf(shown.modeOf(key)),
        smoothing: looks.smoothing,
        logY: looks.logY,
        zoom: panel.type === 'curve' ? shown.zoomOf(key) : null,
      });
    }
  }
  for (const view of shown.views)
    asks.push({
      key: view.name,
      formula: view.formula,
      axis: axisOf(shown.viewMode),
      smoothing: shown.viewLooks.smoothing,
      logY: shown.viewLooks.logY,
      zoom: null,
    });
  return asks;
}

/** A report's first title, from the runs it shows: one run's name, or a few of theirs. */
export function reportTitleOf(labels: readonly string[]): string {
  if (labels.length === 1) return labels[0]!;
  const named = labels.slice(0, 3).join(', ');
  return `${labels.length} runs: ${named}${labels.length > 3 ? ', …' : ''}`;
}

/** A board's groups as a report asks for them: each group's runs by their place among runIds. */
export function groupingAsk(
  grouping: {
    readonly center: GroupCenter;
    readonly spread: GroupSpread;
    readonly groups: readonly {
      readonly label: string;
      readonly style: RunStyle;
      readonly runs: readonly { readonly runId: string }[];
    }[];
  },
  runIds: readonly string[],
): ReportGroupingAsk {
  const place = new Map(runIds.map((id, index) => [id, index]));
  return {
    center: grouping.center,
    spread: grouping.spread,
    groups: grouping.groups.flatMap((group) => {
      const runs = group.runs.flatMap((run) => place.get(run.runId) ?? []);
      return runs.length === 0
        ? []
        : [
            {
              label: group.label,
              style: {
                color: group.style.color,
                ...(group.style.dash === undefined ? {} : { dash: group.style.dash }),
              },
              runs,
            },
          ];
    }),
  };
}
