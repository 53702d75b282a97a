// A report in one line, as `munin-view report` prints it and the app tells it once saved.

import type { ReportDocument } from '../../shared/report/report-document.js';

const plural = (n: number, word: string): string =>
  `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

export function reportSummary(document: ReportDocument): string {
  const { runs, panels, scalars, missingKeys } = document;
  const envelopes = panels.filter((panel) => panel.holding === 'envelopes');
  const parts = [plural(runs.length, 'run'), plural(panels.length, 'curve')];
  if (panels.length > 0) {
    const whole = panels.length - envelopes.length;
    const held = whole > 0 ? [`${whole} every sample`] : [];
    if (envelopes.length > 0)
      held.push(
        `${envelopes.length} exact envelopes at ${envelopes[0]!.columns!.toLocaleString('en')} columns`,
      );
    parts[1] += ` (${held.join(', ')})`;
  }
  if (scalars.length > 0) parts.push(plural(scalars.length, 'tile'));
  const line = parts.join(', ');
  return missingKeys.length === 0 ? line : `${line}; no samples of ${missingKeys.join(', ')}`;
}
