// What each panel of a metrics board is set to: its x axis (its own choice, the page's, or the
// step metric its key declares), its smoothing and log y, its kept zoom, its width in the grid,
// and the name its step-metric axis goes by.

import type { BoardLayout, PanelWidth } from '../workspace/board-layout.js';
import { panelId } from '../workspace/board-layout.js';
import type { Panel } from './panel-layout.js';
import type { XAxisMode } from './curve-data.js';
import type { XAxisChoice } from './BoardToolbar.js';
import type { BoardRun } from './board-run.js';

export interface PanelLooks {
  /** A panel's own smoothing and log y, or the page's. */
  looksOf(key: string): { smoothing: number; logY: boolean };
  modeOf(key: string): XAxisMode;
  /** The x of panels that share one: the overlay, and the cursor sync of a page. */
  readonly sharedMode: XAxisMode;
  /** A panel's kept zoom, when it is in the panel's axis: under another the whole series shows. */
  zoomOf(key: string): readonly [number, number] | null;
  widthOf(panel: Panel): PanelWidth;
  /** The step metrics the runs declare for key, as its axis is named. */
  xLabelFor(key: string): string;
}

export function panelLooks(
  layout: BoardLayout,
  runs: readonly BoardRun[],
  pageMode: XAxisChoice,
): PanelLooks {
  const declaresStepMetric = (key: string): boolean =>
    runs.some((run) => run.declarations.get(key)?.stepMetric != null);
  const modeOf = (key: string): XAxisMode =>
    layout.panels[key]?.xMode ??
    (pageMode !== 'declared' ? pageMode : declaresStepMetric(key) ? 'step_metric' : 'step');
  return {
    looksOf: (key) => ({
      smoothing: layout.panels[key]?.smoothing ?? layout.smoothing,
      logY: layout.panels[key]?.logY ?? layout.logY,
    }),
    modeOf,
    sharedMode: pageMode === 'declared' || pageMode === 'step_metric' ? 'step' : pageMode,
    zoomOf: (key) => {
      const zoom = layout.panels[key]?.zoom;
      return zoom !== undefined && zoom.mode === modeOf(key) ? zoom.range : null;
    },
    widthOf: (panel) =>
      layout.panels[panelId(panel)]?.width ??
      // A breakdown of several runs needs the row: a bar per run per category.
      (panel.type === 'breakdown' && runs.length > 1 ? 3 : 1),
    xLabelFor: (key) => {
      const names = new Set(
        runs.map((run) => run.declarations.get(key)?.stepMetric).filter((n) => n != null),
      );
      return names.size === 0 ? 'step_metric' : [...names].join(' / ');
    },
  };
}
