// The one-point keys of an offline report: a tile of a key's value per run, and sibling keys
// under one prefix as a breakdown, laid out by the app's own rule and drawn by its own panels.

import type { ReportDocument } from '../../../shared/report/report-document.js';
import { BreakdownPanel } from '../charts/BreakdownPanel.js';
import { layoutPanels } from '../charts/panel-layout.js';
import { ScalarTile } from '../charts/ScalarTile.js';
import { ReportCurves } from './report-curves.js';
import type { ReportRunStyle } from './report-styles.js';

export function ReportTiles({
  document,
  styles,
  filter,
}: {
  document: ReportDocument;
  styles: readonly ReportRunStyle[];
  filter: (key: string) => boolean;
}) {
  const byKey = new Map(document.scalars.map((scalar) => [scalar.key, scalar]));
  const panels = layoutPanels(new Map([...byKey.keys()].map((key) => [key, 1])), filter).flatMap(
    (section) => section.panels,
  );
  if (panels.length === 0) return null;
  const styleOf = (run: number) => ({ ...styles[run]!, runId: ReportCurves.runId(run) });
  return (
    <div className="panel-grid" data-testid="report-tiles">
      {panels.map((panel) => {
        if (panel.type === 'tile') {
          const scalar = byKey.get(panel.key)!;
          return (
            <div className="panel-slot" key={panel.key}>
              <ScalarTile
                title={panel.key}
                goal={scalar.goal}
                entries={scalar.values.map(({ run, step, value }) => ({
                  ...styleOf(run),
                  step,
                  value,
                }))}
              />
            </div>
          );
        }
        if (panel.type !== 'breakdown') return null;
        const goal = panel.keys.map((key) => byKey.get(key)!.goal).find((g) => g !== null) ?? null;
        return (
          <div className="panel-slot" key={panel.prefix}>
            <BreakdownPanel
              prefix={panel.prefix}
              keys={panel.keys}
              goal={goal}
              runs={document.runs.map((_, run) => ({
                ...styleOf(run),
                values: new Map(
                  panel.keys.flatMap((key) => {
                    const found = byKey.get(key)!.values.find((v) => v.run === run);
                    return found === undefined ? [] : [[key, found.value] as const];
                  }),
                ),
              }))}
            />
          </div>
        );
      })}
    </div>
  );
}
