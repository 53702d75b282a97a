// A run's Metrics tab (model metrics) or System tab (readings): the panels of that kind, then
// every key's statistics. Model metrics and readings never share a page.

import { useMemo } from 'react';
import type { RunDetail } from '../../../shared/api/contract.js';
import type { SeriesKind } from '../../../shared/format/records.js';
import { StatisticsTable } from './StatisticsTable.js';
import { MetricsBoard } from '../charts/MetricsBoard.js';
import type { BoardRun } from '../charts/MetricsBoard.js';
import { visibleText } from '../text/visible-text.js';

export function MetricsTab({
  detail,
  runId,
  kind,
}: {
  detail: RunDetail;
  runId: string;
  kind: SeriesKind;
}) {
  const statistics = detail.statistics.filter((stats) => stats.kind === kind);
  const { summary } = detail;
  const runs: BoardRun[] = useMemo(
    () => [
      {
        runId,
        label: visibleText(summary.name ?? runId),
        startTime: summary.startTime ?? 0,
        declarations: new Map(detail.metrics.map((d) => [d.key, d])),
      },
    ],
    [runId, summary.name, summary.startTime, detail.metrics],
  );
  return (
    <div className="stack">
      <MetricsBoard runs={runs} kind={kind} />
      {statistics.length > 0 ? (
        <div className="card">
          <h3>{kind === 'metric' ? 'Statistics of the metrics' : 'Statistics of the readings'}</h3>
          <StatisticsTable statistics={statistics} />
        </div>
      ) : null}
    </div>
  );
}
