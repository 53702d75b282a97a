// The panels of a page's derived views: each view a curve the host reads as its formula over
// each run's keys (or, grouped, over each group's runs), marked derived with its formula. A view
// is a formula, never data: its panel asks again whenever the runs' samples change.

import type { GroupCenter, GroupSpread } from '../../../shared/api/contract.js';
import type { DerivedView } from '../state/sweep-choices.js';
import type { XAxisMode } from './curve-data.js';
import { EnvelopeCurve } from './EnvelopeCurve.js';
import type { CurveGroup } from './GroupCurve.js';
import { GroupCurve } from './GroupCurve.js';
import type { BoardRun } from './board-run.js';
import type { PngSpec } from './png-export.js';
import type { RunStyle } from './run-colors.js';

export interface BoardGrouping {
  readonly groups: readonly CurveGroup[];
  readonly center: GroupCenter;
  readonly spread: GroupSpread;
}

export function DerivedPanels(props: {
  readonly views: readonly DerivedView[];
  readonly runs: readonly BoardRun[];
  readonly grouping: BoardGrouping | undefined;
  readonly styleOf: (runId: string) => RunStyle;
  /** The page's x: a derived view has no step_metric of its own, so 'declared' is step. */
  readonly mode: XAxisMode;
  readonly logY: boolean;
  readonly smoothing: number;
  readonly refresh: string;
  readonly onExportPng: (canvas: HTMLCanvasElement, spec: PngSpec, key: string) => void;
}) {
  const { views, runs, grouping, mode } = props;
  if (views.length === 0) return null;
  return (
    <div className="section" data-testid="derived-section">
      <div className="section-head">
        <span className="derived-badge">derived</span>
        <span className="muted">
          {views.length} view{views.length === 1 ? '' : 's'}, read from the runs’ keys when shown
        </span>
      </div>
      <div className="panel-grid">
        {views.map((view) =>
          grouping !== undefined ? (
            <div className="panel-slot" key={view.name}>
              <GroupCurve
                title={view.name}
                formula={view.formula}
                groups={grouping.groups}
                mode={mode}
                logY={props.logY}
                smoothing={props.smoothing}
                center={grouping.center}
                spread={grouping.spread}
                refresh={props.refresh}
                onExportPng={(canvas, spec) => props.onExportPng(canvas, spec, view.name)}
              />
            </div>
          ) : (
            <div className="panel-slot" key={view.name}>
              <EnvelopeCurve
                title={view.name}
                formula={view.formula}
                mode={mode}
                logY={props.logY}
                smoothing={props.smoothing}
                refresh={props.refresh}
                runs={runs.map((run) => ({
                  runId: run.runId,
                  label: run.label,
                  ...props.styleOf(run.runId),
                  startTime: run.startTime,
                  goal: null,
                }))}
                onExportPng={(canvas, spec) => props.onExportPng(canvas, spec, view.name)}
              />
            </div>
          ),
        )}
      </div>
    </div>
  );
}
