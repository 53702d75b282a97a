// Comparing selected runs: their curves, the files they logged at one step, and their params and
// summaries side by side, rows that differ first and marked, so what changed is what one sees.
// Grouped (by params, experiment or tags), each group's curves are its center and band.

import type { RunSummary } from '../../../shared/api/contract.js';
import type { Value } from '../../../shared/format/values.js';
import { valueText } from '../text/value-text.js';
import { ValueView } from '../components/ValueView.js';
import { VisibleText } from '../components/VisibleText.js';
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import type { CompareTab, Route } from '../state/route.js';
import { routeHash } from '../state/route.js';
import { useServices, useStoreView } from '../state/app-context.js';
import { UnreachedNotice } from '../remote/RemoteSourcePills.js';
import { unwrap } from '../api/call.js';
import { KeptBoard } from '../workspace/KeptBoard.js';
import { compareScope } from '../workspace/scopes.js';
import type { BoardLink } from '../workspace/board-link.js';
import { linkText } from '../workspace/board-link.js';
import { replaceAddress } from '../workspace/WorkspaceProvider.js';
import type { BoardRun } from '../charts/board-run.js';
import { runColors } from '../charts/run-colors.js';
import { visibleText } from '../text/visible-text.js';
import { CompareFiles } from '../files/compare/CompareFiles.js';
import { NO_EXTRAS } from '../charts/marks/run-extras.js';
import type { RunDeclarations } from './run-declarations.js';
import { nextDeclarations, runDeclarations } from './run-declarations.js';
import { groupRuns } from '../state/run-groups.js';
import { useDerivedViews, useGroupBy } from '../state/sweep-choices.js';
import type { BoardGrouping } from '../charts/DerivedPanels.js';
import { groupStyles } from '../charts/group-style.js';
import { GroupControls, useGroupDrawing } from './GroupControls.js';
import { DerivedViews } from './DerivedViews.js';
import { CompareRunList } from './CompareRunList.js';

function sameValues(values: (Value | undefined)[]): boolean {
  const texts = values.map((v) =>
    v === undefined ? '\u0000' : `${valueText(v).kind}:${valueText(v).exact}`,
  );
  return texts.every((text) => text === texts[0]);
}

function ValuesComparison({
  title,
  runs,
  pick,
}: {
  title: string;
  runs: RunSummary[];
  pick: (run: RunSummary) => ReadonlyMap<string, Value>;
}) {
  const keys = [...new Set(runs.flatMap((run) => [...pick(run).keys()]))];
  const rows = keys
    .map((key) => ({ key, values: runs.map((run) => pick(run).get(key)) }))
    .map((row) => ({ ...row, same: sameValues(row.values) }))
    .sort((a, b) => Number(a.same) - Number(b.same) || (a.key < b.key ? -1 : 1));
  return (
    <div className="card">
      <h3>
        {title} <span className="muted">{rows.filter((r) => !r.same).length} differ</span>
      </h3>
      <table className="stats-table">
        <thead>
          <tr>
            <th>key</th>
            {runs.map((run) => (
              <th key={run.id}>
                <VisibleText text={run.name ?? run.id} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} style={row.same ? { opacity: 0.6 } : { fontWeight: 560 }}>
              <td className="mono">
                {row.same ? '' : '≠ '}
                {row.key}
              </td>
              {row.values.map((value, index) => (
                <td key={index}>
                  {value === undefined ? (
                    <span className="muted">—</span>
                  ) : (
                    <ValueView value={value} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ComparePage({
  runIds,
  navigate,
  initialTab,
  board,
}: {
  runIds: readonly string[];
  navigate: (route: Route) => void;
  /** The tab and the board as the address set them (a link followed). */
  initialTab?: CompareTab | undefined;
  board?: BoardLink | undefined;
}) {
  const view = useStoreView();
  const { bridge, store, toast } = useServices();
  const [tab, setTabState] = useState<CompareTab>(initialTab ?? 'metrics');
  // An address followed while the page is shown (a key chosen in the palette) that names another
  // tab or board shows them, as opening the page at it would; the tab's and the board's own
  // edits replace the address without following it.
  const address = `${initialTab ?? 'metrics'}\u0000${linkText(board)}`;
  const [followed, setFollowed] = useState(address);
  if (followed !== address) {
    setFollowed(address);
    setTabState(initialTab ?? 'metrics');
  }
  const setTab = (next: CompareTab): void => {
    setTabState(next);
    replaceAddress(routeHash({ page: 'compare', runIds, tab: next }));
  };
  const onLink = useCallback(
    (link: BoardLink) => replaceAddress(routeHash({ page: 'compare', runIds, tab, board: link })),
    // runIds is a new array on every render; the address names the same runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(runIds), tab],
  );
  const [declarations, setDeclarations] = useState<ReadonlyMap<string, RunDeclarations>>(new Map());
  const runs = runIds
    .map((id) => view.runs.get(id))
    .filter((run): run is RunSummary => run !== undefined);
  // runIds is a new array on every render; idsKey names the same list. It is JSON, not ids
  // joined by a separator: an id may hold any character but "/".
  const idsKey = JSON.stringify(runIds);
  const runsKey = JSON.stringify(runs.map((r) => [r.id, r.name, r.startTime]));

  // The runs' series and details are asked for in the commit, with the board's first envelopes,
  // not after the page's first paint: the host answers what lays the page out first, but only
  // of what it has been asked (asked after paint, a Compare's snapshot came some 15 ms after its
  // envelopes were begun, and the board was laid out only then).
  useLayoutEffect(() => void store.follow(JSON.parse(idsKey) as string[]), [store, idsKey]);

  useLayoutEffect(() => {
    let cancelled = false;
    void Promise.all(
      (JSON.parse(idsKey) as string[]).map(async (id) => {
        const detail = unwrap(await bridge.api.runDetail({ runId: id }));
        return [id, runDeclarations(detail)] as const;
      }),
    )
      .then((read) => {
        if (!cancelled) setDeclarations((held) => nextDeclarations(held, read));
      })
      .catch((error: unknown) => toast(`Could not read the runs: ${String(error)}`, 'error'));
    return () => {
      cancelled = true;
    };
  }, [bridge, idsKey, toast]);

  const boardRuns: BoardRun[] = useMemo(
    () =>
      (JSON.parse(runsKey) as [string, string | null, number | null][]).map(([id]) => {
        const run = view.runs.get(id);
        return {
          runId: id,
          label: visibleText(run?.name ?? id),
          startTime: run?.startTime ?? 0,
          declarations: declarations.get(id)?.metrics ?? new Map(),
          extras: declarations.get(id)?.extras ?? NO_EXTRAS,
        };
      }),
    // Summaries change with every sample; the board needs only what runsKey names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [runsKey, declarations],
  );

  const [groupBy, setGroupBy] = useGroupBy();
  const drawing = useGroupDrawing();
  const derived = useDerivedViews();
  const groups = useMemo(
    () => (groupBy.length === 0 ? [] : groupRuns(runs, groupBy)),
    // runs is new with every render; runsKey names them, and groups change with their params.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [groupBy, runsKey, view.runs],
  );
  const grouping: BoardGrouping | undefined = useMemo(() => {
    if (groups.length === 0) return undefined;
    const groupStyle = groupStyles(groups.map((g) => g.id));
    return {
      groups: groups.map((group) => ({
        id: group.id,
        label: group.label,
        style: groupStyle.get(group.id)!,
        runs: group.runIds.map((id) => ({
          runId: id,
          label: visibleText(view.runs.get(id)?.name ?? id),
        })),
      })),
      center: drawing.center,
      spread: drawing.spread,
    };
  }, [groups, drawing.center, drawing.spread, view.runs]);
  const runStyles = runColors.stylesFor(runs.map((run) => run.id));
  // Grouped, a run wears its group's colour: the curves on the page are the groups'.
  const styles =
    grouping === undefined
      ? runStyles
      : new Map(
          grouping.groups.flatMap((group) =>
            group.runs.map((r) => [r.runId, group.style] as const),
          ),
        );
  // What the grouping menu reads of the runs (their param names), not their samples: the tools,
  // and so the board beside them, keep their identity while live runs grow.
  const fieldsKey = JSON.stringify(runs.map((run) => [run.id, [...run.params.keys()]]));
  const tools = useMemo(
    () => (
      <>
        <GroupControls
          runs={runs}
          groupBy={groupBy}
          onGroupBy={setGroupBy}
          groups={groups.length}
          drawing={drawing}
        />
        <DerivedViews
          views={derived.views}
          onSave={derived.save}
          onRemove={derived.remove}
          runIds={JSON.parse(idsKey) as string[]}
        />
      </>
    ),
    // runs and drawing are new on every render; fieldsKey names what the menu reads of the
    // runs, and drawing's parts are listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      fieldsKey,
      idsKey,
      groupBy,
      setGroupBy,
      groups.length,
      drawing.center,
      drawing.spread,
      drawing.setCenter,
      drawing.setSpread,
      derived.views,
      derived.save,
      derived.remove,
    ],
  );
  const tabs: readonly [CompareTab, string][] = [
    ['metrics', 'Metrics'],
    ['system', 'System'],
    ['files', 'Files'],
    ['params', 'Params & summary'],
  ];

  return (
    <div className="run-page" data-testid="compare-page">
      <div className="run-header">
        <a href="#/" onClick={(event) => (event.preventDefault(), navigate({ page: 'runs' }))}>
          ← Runs
        </a>
        <h1>
          Compare {runs.length} runs
          {grouping === undefined ? null : (
            <span className="muted"> in {grouping.groups.length} groups</span>
          )}
        </h1>
        <CompareRunList runs={runs} styleOf={(id) => styles.get(id) ?? runStyles.get(id)!} />
        <div className="tabs" role="tablist">
          {tabs.map(([id, label]) => (
            <button
              key={id}
              role="tab"
              aria-selected={tab === id}
              className={`tab ${tab === id ? 'on' : ''}`}
              onClick={() => setTab(id)}
              data-testid={`compare-tab-${id}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <UnreachedNotice runIds={runIds} />
      <div className="page-body stack">
        {runs.length < runIds.length ? (
          <div className="warn-box">
            {runIds.length - runs.length} of the chosen runs are no longer in the store.
          </div>
        ) : null}
        {tab === 'metrics' ? (
          <KeptBoard
            // Keyed apart from the System tab's: children with the same key are one board to
            // React, whatever their place, and the readings would keep the metrics' x axis.
            key={`metric\u0000${address}`}
            scope={compareScope('metric')}
            link={initialTab === undefined || initialTab === 'metrics' ? board : undefined}
            onLink={onLink}
            runs={boardRuns}
            kind="metric"
            grouping={grouping}
            views={derived.views}
            tools={tools}
          />
        ) : null}
        {tab === 'system' ? (
          <KeptBoard
            key={`reading\u0000${address}`}
            scope={compareScope('reading')}
            link={initialTab === 'system' ? board : undefined}
            onLink={onLink}
            runs={boardRuns}
            kind="reading"
            grouping={grouping}
          />
        ) : null}
        {tab === 'files' ? <CompareFiles runs={runs} styles={runStyles} /> : null}
        {tab === 'params' ? (
          <>
            <ValuesComparison title="Params" runs={runs} pick={(run) => run.params} />
            <ValuesComparison title="Summary" runs={runs} pick={(run) => run.summary} />
          </>
        ) : null}
      </div>
    </div>
  );
}
