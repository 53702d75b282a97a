// The top bar's saved views: save the page as it is under a name; open, rename, delete a view, or
// make it the one the store opens on; export the store's views to a file and import a file of
// them, told plainly when it is none this app reads. The views are in the command palette too.

import { useCallback, useRef, useState } from 'react';
import { useSelection, useServices, useStoreView } from '../state/app-context.js';
import { useGroupBy } from '../state/sweep-choices.js';
import { useDismiss } from '../pages/use-dismiss.js';
import { safeFileName, saveBlob } from '../charts/download.js';
import type { SavedView } from './saved-views.js';
import { freeName, readViewsFile, viewPageText, viewsFileText } from './saved-views.js';
import { captureView, openView } from './view-apply.js';
import { useWorkspace } from './WorkspaceProvider.js';
import { useViewsInPalette } from './use-views-palette.js';
import './workspace.css';

export function ViewsMenu() {
  const { store, toast } = useServices();
  const view = useStoreView();
  const workspace = useWorkspace();
  const [groupBy] = useGroupBy();
  const [selected] = useSelection();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const close = useCallback(() => (setOpen(false), setRenaming(null), setProblem(null)), []);
  useDismiss(open, close, [button, panel]);
  useViewsInPalette();
  if (workspace === null) return null;
  const views = workspace.views;

  const save = (): void => {
    const wanted = name.trim();
    if (wanted === '') return;
    workspace.saveView(
      captureView(wanted, location.hash, {
        workspace,
        runs: view.runs,
        runsFilter: store.session.runsFilter,
        groupBy,
        selected,
      }),
    );
    setName('');
    toast(`Saved the view “${wanted}”`);
  };
  const open_ = (saved: SavedView): void => {
    const route = openView(saved, { workspace, runs: view.runs, session: store.session });
    close();
    location.hash = route;
  };
  const importFile = async (chosen: File): Promise<void> => {
    const read = readViewsFile(await chosen.text(), chosen.size);
    if (!read.ok) return setProblem(read.problem);
    const taken = views.map((v) => v.name);
    for (const imported of read.views) {
      const free = freeName(imported.name, taken);
      taken.push(free);
      workspace.saveView({ ...imported, name: free });
    }
    setProblem(null);
    toast(`Imported ${read.views.length} view${read.views.length === 1 ? '' : 's'}`);
  };
  return (
    <div className="views-menu">
      <button
        ref={button}
        className="btn small"
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
        title="Saved views: pages as you set them up, kept for this store"
        data-testid="views-button"
      >
        Views{views.length > 0 ? ` (${views.length})` : ''}
      </button>
      {open ? (
        <div
          ref={panel}
          className="panel-menu views-panel"
          role="dialog"
          aria-label="Saved views"
          data-testid="views-panel"
        >
          {views.length === 0 ? (
            <div className="muted" style={{ padding: '6px' }}>
              No saved views yet: set a page up, then save it here under a name.
            </div>
          ) : null}
          {views.map((saved) =>
            renaming?.from === saved.name ? (
              <form
                key={saved.name}
                onSubmit={(event) => {
                  event.preventDefault();
                  const to = renaming.to.trim();
                  if (to !== '' && !workspace.renameView(saved.name, to))
                    return setProblem(`A view is already called “${to}”.`);
                  setRenaming(null);
                }}
              >
                <input
                  className="text"
                  autoFocus
                  value={renaming.to}
                  onChange={(event) => setRenaming({ from: saved.name, to: event.target.value })}
                  aria-label={`New name of ${saved.name}`}
                />
                <button className="btn small" type="submit">
                  Rename
                </button>
              </form>
            ) : (
              <div className="view-row" key={saved.name} data-view={saved.name}>
                <button
                  className="view-name"
                  onClick={() => open_(saved)}
                  title={`Open: ${saved.route}`}
                  data-testid="view-open"
                >
                  {saved.name} <span className="muted">· {viewPageText(saved.page)}</span>
                </button>
                {workspace.defaultView === saved.name ? (
                  <span className="default-mark">opens first</span>
                ) : null}
                <button
                  className="icon"
                  title={
                    workspace.defaultView === saved.name
                      ? 'Open the last page instead'
                      : 'Open the store on this view'
                  }
                  aria-label={`Make ${saved.name} the default view`}
                  aria-pressed={workspace.defaultView === saved.name}
                  onClick={() =>
                    workspace.setDefaultView(
                      workspace.defaultView === saved.name ? null : saved.name,
                    )
                  }
                  data-testid="view-default"
                >
                  {workspace.defaultView === saved.name ? '★' : '☆'}
                </button>
                <button
                  className="icon"
                  title="Rename"
                  aria-label={`Rename ${saved.name}`}
                  onClick={() => setRenaming({ from: saved.name, to: saved.name })}
                  data-testid="view-rename"
                >
                  ✎
                </button>
                <button
                  className="icon"
                  title="Delete"
                  aria-label={`Delete ${saved.name}`}
                  onClick={() => workspace.deleteView(saved.name)}
                  data-testid="view-delete"
                >
                  ×
                </button>
              </div>
            ),
          )}
          <form onSubmit={(event) => (event.preventDefault(), save())}>
            <input
              className="text"
              placeholder="Name this page as a view"
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-label="The new view's name"
              data-testid="view-name"
            />
            <button
              className="btn small primary"
              type="submit"
              disabled={name.trim() === ''}
              data-testid="view-save"
            >
              Save
            </button>
          </form>
          {problem !== null ? (
            <div className="views-problem" role="alert" data-testid="views-problem">
              {problem}
            </div>
          ) : null}
          <div className="views-foot">
            <button
              className="btn small"
              disabled={views.length === 0}
              onClick={() =>
                saveBlob(
                  new Blob([viewsFileText(views)], { type: 'application/json' }),
                  `${safeFileName(view.info?.name ?? 'store')}-views.json`,
                )
              }
              data-testid="views-export"
            >
              Export…
            </button>
            <button
              className="btn small"
              onClick={() => file.current?.click()}
              data-testid="views-import"
            >
              Import…
            </button>
            <input
              ref={file}
              type="file"
              accept="application/json,.json"
              hidden
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                if (chosen !== undefined) void importFile(chosen);
              }}
              data-testid="views-file"
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
