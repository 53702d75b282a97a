// Reads the statistics the runs table needs (its metric columns, its filter's `key.stat` terms,
// the parallel coordinates' result axis) with keyStatistics: once per source, and again when the
// runs change meaningfully (a run added, a step logged, a status changed), at most every 2 s.

import { useEffect, useRef, useState } from 'react';
import type { MuninBridge } from '../../../shared/api/bridge.js';
import type { KeyStatisticsRow, RunSummary } from '../../../shared/api/contract.js';
import { unwrap } from '../api/call.js';
import { useServices } from '../state/app-context.js';
import type { StatisticsBySource, StatisticsSource } from './metric-columns.js';
import { sourceId } from './metric-columns.js';
import { rememberLast } from '../state/remember-last.js';

const THROTTLE_MS = 2000;

/** What of the runs statistics depend on: their ids, last steps and statuses. */
export function statisticsVersion(runs: Iterable<RunSummary>): string {
  const parts: string[] = [];
  for (const run of runs) parts.push(`${run.id}:${run.lastStep ?? ''}:${run.status}`);
  return parts.sort().join('\n');
}

const versionOf = rememberLast((runs: ReadonlyMap<string, RunSummary>) =>
  statisticsVersion(runs.values()),
);

/** One source's statistics: of a key, or of a view (the host leaves out runs it cannot read). */
async function readStatistics(
  bridge: MuninBridge,
  source: StatisticsSource,
  runs: ReadonlyMap<string, RunSummary>,
): Promise<readonly KeyStatisticsRow[]> {
  if (source.formula === undefined)
    return unwrap(await bridge.api.keyStatistics({ key: source.key })) as KeyStatisticsRow[];
  const response = await bridge.api.keyStatistics({
    key: source.key,
    formula: source.formula,
    runIds: [...runs.keys()],
  });
  return unwrap(response) as KeyStatisticsRow[];
}

export function useTableStatistics(
  sources: readonly StatisticsSource[],
  runs: ReadonlyMap<string, RunSummary>,
): { statistics: StatisticsBySource; problems: ReadonlyMap<string, string> } {
  const { bridge } = useServices();
  const [statistics, setStatistics] = useState<StatisticsBySource>(new Map());
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  // With nothing to read, what the statistics depend on need not be known: a sort of every run.
  const version = sources.length === 0 ? '' : versionOf(runs);
  // Per source, the version its statistics were read at, and when the last reads went out.
  const readAt = useRef(new Map<string, string>());
  const lastRead = useRef(0);
  const sourcesKey = sources.map(sourceId).join('\u0000');
  // The runs as of the read: version stands for them in the effect's deps.
  const runsRef = useRef(runs);
  runsRef.current = runs;

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    const stale = sources.filter((s) => readAt.current.get(sourceId(s)) !== version);
    if (stale.length === 0) return;
    // A new source is read at once; a change of the runs waits out the throttle.
    const fresh = stale.some((s) => !readAt.current.has(sourceId(s)));
    const wait = fresh ? 0 : Math.max(0, lastRead.current + THROTTLE_MS - Date.now());
    const timer = setTimeout(() => {
      lastRead.current = Date.now();
      for (const source of stale) {
        const id = sourceId(source);
        readAt.current.set(id, version);
        void readStatistics(bridge, source, runsRef.current)
          .then((rows) => {
            if (!mounted.current) return;
            setStatistics((current) => {
              const next = new Map(current);
              next.set(id, new Map(rows.map((row) => [row.runId, row])));
              return next;
            });
            setProblems((current) => {
              if (!current.has(id)) return current;
              const next = new Map(current);
              next.delete(id);
              return next;
            });
          })
          .catch((error: unknown) => {
            if (!mounted.current) return;
            // Read again on the next change rather than never.
            readAt.current.delete(id);
            setProblems((current) => new Map(current).set(id, String(error)));
          });
      }
    }, wait);
    // A read not yet sent is dropped, and the next run of the effect sends it.
    return () => clearTimeout(timer);
    // sourcesKey stands for sources, whose array is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sourcesKey, version, bridge]);

  return { statistics, problems };
}
