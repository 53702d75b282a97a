// A run's keys with their statistics: count, last value, least, greatest, mean and the
// non-finite samples, which no curve can hold and so are always stated.

import type { KeyStatisticsInfo } from '../../../shared/api/contract.js';
import { floatText, exactFloatText } from '../text/value-text.js';

function Num({ value }: { value: number }) {
  return (
    <span
      title={exactFloatText(value)}
      className={Number.isFinite(value) ? undefined : 'value-special'}
    >
      {floatText(value)}
    </span>
  );
}

export function StatisticsTable({ statistics }: { statistics: readonly KeyStatisticsInfo[] }) {
  return (
    <table className="stats-table" data-testid="statistics-table">
      <thead>
        <tr>
          <th>key</th>
          <th>goal</th>
          <th>samples</th>
          <th>last step</th>
          <th>last</th>
          <th>least</th>
          <th>greatest</th>
          <th>mean</th>
          <th>non-finite</th>
        </tr>
      </thead>
      <tbody>
        {statistics.map((stats) => (
          <tr key={stats.key} data-key={stats.key}>
            <td className="mono">{stats.key}</td>
            <td>{stats.goal ?? '—'}</td>
            <td>{stats.count}</td>
            <td>{stats.last.step}</td>
            <td>
              <Num value={stats.last.value} />
            </td>
            <td>{stats.finite === null ? '—' : <Num value={stats.finite.least} />}</td>
            <td>{stats.finite === null ? '—' : <Num value={stats.finite.greatest} />}</td>
            <td>{stats.finite === null ? '—' : <Num value={stats.finite.mean} />}</td>
            <td>
              {stats.nonFinite === null ? (
                '—'
              ) : (
                <span
                  className="value-special"
                  title={`first at step ${stats.nonFinite.first.step}`}
                >
                  {stats.nonFinite.count} (first {floatText(stats.nonFinite.first.value)} @{' '}
                  {stats.nonFinite.first.step})
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
