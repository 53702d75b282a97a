// The runs of an offline report as its pages name and colour them: the colours the app showed
// them in when it saved the report, else the palette in the report's order; names made unique.

import type { ReportRun } from '../../../shared/report/report-document.js';
import { RunColorRegistry } from '../charts/run-colors.js';
import type { RunStyle } from '../charts/run-colors.js';

export interface ReportRunStyle extends RunStyle {
  readonly label: string;
}

function shortId(id: string): string {
  const dash = id.lastIndexOf('-');
  return dash < 0 ? id : id.slice(dash + 1);
}

export function reportStyles(runs: readonly ReportRun[]): ReportRunStyle[] {
  const palette = new RunColorRegistry().stylesFor(runs.map((_, index) => String(index)));
  const names = runs.map((run) => run.name ?? run.id);
  return runs.map((run, index) => {
    const name = names[index]!;
    const shared = names.filter((n) => n === name).length > 1;
    const label = shared && run.name !== null ? `${name} · ${shortId(run.id)}` : name;
    const style = run.style ?? palette.get(String(index))!;
    return { label, color: style.color, ...(style.dash === undefined ? {} : { dash: style.dash }) };
  });
}
