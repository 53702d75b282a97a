// The exact samples of a page's keys for a CSV: what the page holds whole, and from the host
// what it holds only in part (a series too long to send whole).

import type { MuninBridge } from '../../../shared/api/bridge.js';
import type { Columns } from '../../../shared/series/curve-math.js';
import { unwrap } from '../api/call.js';
import type { ClientSeries } from '../state/client-series.js';
import type { CsvSeries } from './download.js';

export function exactSeries(
  bridge: MuninBridge,
  runs: readonly { readonly runId: string; readonly label: string }[],
  seriesByRun: ReadonlyMap<string, ReadonlyMap<string, ClientSeries>>,
  keys: readonly string[],
): Promise<CsvSeries[]> {
  const wanted: Promise<CsvSeries>[] = [];
  for (const key of keys) {
    for (const run of runs) {
      const series = seriesByRun.get(run.runId)?.get(key);
      if (series === undefined) continue;
      if (!series.partial) {
        const columns: Columns = { ...series.view(), length: series.length };
        wanted.push(Promise.resolve({ runId: run.runId, runName: run.label, key, columns }));
        continue;
      }
      wanted.push(
        bridge.api.series({ runId: run.runId, keys: [key] }).then((response): CsvSeries => {
          const [whole] = unwrap(response);
          const columns: Columns =
            whole === undefined
              ? { steps: [], times: [], values: [], length: 0 }
              : {
                  steps: whole.steps,
                  times: whole.times,
                  values: whole.values,
                  length: whole.steps.length,
                };
          return { runId: run.runId, runName: run.label, key, columns };
        }),
      );
    }
  }
  return Promise.all(wanted);
}
