// The palette's own sources, registered like any other: pages (the runs, the artifacts, the run
// shown's tabs), runs (by name, id, tag or experiment), the store's keys and the app's commands.
// Each reads the store when the palette asks, so a live store costs nothing while it is closed.

import { useMemo } from 'react';
import type { RunSummary } from '../../../shared/api/contract.js';
import type { OpenStoreResult } from '../../../shared/api/bridge.js';
import { useServices } from '../state/app-context.js';
import type { Route, RunTab } from '../state/route.js';
import { rememberLast } from '../state/remember-last.js';
import { visibleText } from '../text/visible-text.js';
import type { PaletteItem, PaletteSource } from './palette-sources.js';
import { usePaletteSource } from './palette-sources.js';
import type { AppActions } from './shortcut-handlers.js';
import { newestFirst } from './run-order.js';
import { keyRoute, storeKeys } from './key-targets.js';

/** What the built-in sources do: the shortcuts' actions and a few of the palette's own. */
export interface BuiltInActions extends AppActions {
  /** The route shown now. */
  route(): Route;
  toggleTheme(): void;
  /** Focuses the runs filter, going to the runs first from another page. */
  focusRunsFilter(): void;
  /** The runs table's CSV export, while the table is shown and lists runs. */
  exportRunsCsv(): (() => void) | null;
}

const RUN_TABS: readonly [RunTab, string][] = [
  ['overview', 'Overview'],
  ['metrics', 'Metrics'],
  ['system', 'System'],
  ['files', 'Files'],
  ['notes', 'Notes'],
];

/** How many of the newest runs the palette shows before anything is typed. */
const NEWEST_RUNS = 5;

function runItem(run: RunSummary, open: (runId: string) => void): PaletteItem {
  const details = [
    run.experiment,
    run.name !== null ? run.id : null,
    ...run.tags.map((t) => `#${t}`),
  ];
  return {
    id: run.id,
    label: visibleText(run.name ?? run.id),
    detail: visibleText(details.filter((part) => part !== null).join(' · ')),
    keywords: [run.id, ...run.tags, ...(run.experiment !== null ? [run.experiment] : [])],
    run: () => open(run.id),
  };
}

// Derived once per state of the store's runs, only when the palette asks.
const runItemsOf = rememberLast(
  (runs: ReadonlyMap<string, RunSummary>, open: (runId: string) => void) =>
    [...runs.values()].map((run) => runItem(run, open)),
);
const newestRunsOf = rememberLast((runs: ReadonlyMap<string, RunSummary>) =>
  newestFirst(runs.values()).slice(0, NEWEST_RUNS),
);
const keysOf = rememberLast((runs: ReadonlyMap<string, RunSummary>) => storeKeys(runs.values()));

export function BuiltInSources({
  theme,
  actions,
}: {
  theme: 'light' | 'dark';
  actions: BuiltInActions;
}) {
  const { store, bridge, toast } = useServices();

  const pages: PaletteSource = useMemo(
    () => ({
      id: 'pages',
      title: 'Pages',
      items: () => {
        const items: PaletteItem[] = [
          {
            id: 'runs',
            label: 'Runs',
            detail: 'the runs table',
            shortcut: 'go.runs',
            run: () => actions.navigate({ page: 'runs' }),
          },
          {
            id: 'artifacts',
            label: 'Artifacts',
            detail: 'datasets, models and their versions',
            shortcut: 'go.artifacts',
            run: () => actions.navigate({ page: 'artifacts' }),
          },
        ];
        const route = actions.route();
        if (route.page !== 'run') return items;
        const run = store.getView().runs.get(route.runId);
        const name = visibleText(run?.name ?? route.runId);
        for (const [tab, label] of RUN_TABS)
          items.push({
            id: `tab:${tab}`,
            label,
            detail: `${name}${tab === route.tab ? ' · shown' : ''}`,
            run: () => actions.navigate({ page: 'run', runId: route.runId, tab }),
          });
        return items;
      },
    }),
    [store, actions],
  );

  const runs: PaletteSource = useMemo(() => {
    const open = (runId: string): void => actions.navigate({ page: 'run', runId, tab: 'overview' });
    return {
      id: 'runs',
      title: 'Runs',
      items: (query) => {
        const all = store.getView().runs;
        if (query !== '') return runItemsOf(all, open);
        return newestRunsOf(all).map((id) => runItem(all.get(id)!, open));
      },
    };
  }, [store, actions]);

  const keys: PaletteSource = useMemo(
    () => ({
      id: 'keys',
      title: 'Keys',
      items: (query) => {
        // A store's keys are many and alike: they are listed for a query only.
        if (query === '') return [];
        return keysOf(store.getView().runs).map((entry) => ({
          id: `${entry.kind}:${entry.key}`,
          label: visibleText(entry.key),
          detail: `${entry.kind} · ${entry.runs} ${entry.runs === 1 ? 'run' : 'runs'}`,
          run: () => actions.navigate(keyRoute(entry, actions.route(), store.getView().runs)),
        }));
      },
    }),
    [store, actions],
  );

  const commands: PaletteSource = useMemo(() => {
    const report = (result: OpenStoreResult): void => {
      if (!result.ok && !result.cancelled) toast(result.message, 'error');
    };
    return {
      id: 'commands',
      title: 'Commands',
      prefix: '>',
      items: () => {
        const selected = [...store.session.getSelection()].filter((id) =>
          store.getView().runs.has(id),
        ).length;
        const exportCsv = actions.exportRunsCsv();
        const desktop = bridge.desktop;
        const items: (PaletteItem | null)[] = [
          {
            id: 'compare',
            label: 'Compare the selected runs',
            detail: selected === 0 ? 'none selected' : `${selected} selected`,
            shortcut: 'compare.selected',
            run: () => actions.compareSelection(),
          },
          {
            id: 'filter',
            label: 'Filter the runs',
            detail: 'tag:best lr<0.01 is:running …',
            shortcut: 'table.filter',
            run: () => actions.focusRunsFilter(),
          },
          {
            id: 'theme',
            label: `Switch to the ${theme === 'dark' ? 'light' : 'dark'} theme`,
            keywords: ['Toggle theme', 'Color theme'],
            run: () => actions.toggleTheme(),
          },
          exportCsv === null
            ? null
            : {
                id: 'export-csv',
                label: 'Export the runs table as CSV',
                detail: 'its columns, filter and sort',
                run: exportCsv,
              },
          desktop === null
            ? null
            : {
                id: 'open-store',
                label: 'Open a store…',
                detail: 'in place of the runs open now',
                run: () => void desktop.openStoreDialog().then(report),
              },
          desktop === null
            ? null
            : {
                id: 'add-stream',
                label: 'Add an event stream beside…',
                detail: 'a .jsonl file, to compare with these runs',
                run: () => void desktop.addStreamDialog().then(report),
              },
          {
            id: 'shortcuts',
            label: 'Show the keyboard shortcuts',
            shortcut: 'sheet.open',
            run: () => actions.openSheet(),
          },
        ];
        return items.filter((item): item is PaletteItem => item !== null);
      },
    };
  }, [store, bridge, toast, actions, theme]);

  usePaletteSource(pages);
  usePaletteSource(runs);
  usePaletteSource(keys);
  usePaletteSource(commands);
  return null;
}
