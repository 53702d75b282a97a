// A run's Metrics tab (model metrics) or System tab (readings): the keys of that kind, with
// their statistics. Model metrics and readings never share a page.

import type { RunDetail } from '../../../shared/api/contract.js';
import type { SeriesKind } from '../../../shared/format/records.js';
import { StatisticsTable } from './StatisticsTable.js';

export function MetricsTab({
  detail,
  kind,
}: {
  detail: RunDetail;
  runId: string;
  kind: SeriesKind;
}) {
  const statistics = detail.statistics.filter((stats) => stats.kind === kind);
  if (statistics.length === 0) {
    return (
      <div className="empty-state">
        <h2>{kind === 'metric' ? 'No metrics' : 'No readings'}</h2>
        {kind === 'metric'
          ? 'This run has logged no metric samples.'
          : 'This run has logged no readings of its machine (sys/… keys such as CPU or memory).'}
      </div>
    );
  }
  return (
    <div className="card">
      <h3>{kind === 'metric' ? 'Metrics' : 'Readings'}</h3>
      <StatisticsTable statistics={statistics} />
    </div>
  );
}
