// A store's workspace as the app keeps it (in the page's storage: the browser's for `serve`,
// the app's own for the desktop; never in the store, which viewing never changes): how each
// kind of page was arranged, the saved views, the default one, and the last page shown.

import type { BoardLayout } from './board-layout.js';
import { keptLayout } from './layout-check.js';
import type { SavedView } from './saved-views.js';
import { keptViews } from './saved-views.js';

type Listener = () => void;

/** Where a workspace is kept: localStorage in the page. */
export type WorkspaceStorage = Pick<Storage, 'getItem' | 'setItem'>;

interface Kept {
  layouts: Record<string, BoardLayout>;
  views: SavedView[];
  defaultView: string | null;
  lastRoute: string | null;
}

/** The most arrangements kept for a store: one per experiment and kind of page. */
const MAX_LAYOUTS = 200;

/** What of an arrangement outlives the page: not its key filter or zoom, which a link carries. */
export function keptPart(layout: BoardLayout): BoardLayout {
  const panels: Record<string, BoardLayout['panels'][string]> = {};
  for (const [id, panel] of Object.entries(layout.panels)) {
    const { zoom, ...rest } = panel;
    void zoom;
    if (Object.keys(rest).length > 0) panels[id] = rest;
  }
  return { ...layout, filter: '', panels };
}

export class WorkspaceStore {
  private readonly listeners = new Set<Listener>();
  private kept: Kept;
  private versionValue = 0;
  private epochValue = 0;

  constructor(
    private readonly root: string,
    private readonly storage: WorkspaceStorage,
  ) {
    this.kept = this.read();
  }

  private get key(): string {
    return `munin-view:workspace:${this.root}`;
  }

  private read(): Kept {
    const empty: Kept = { layouts: {}, views: [], defaultView: null, lastRoute: null };
    let raw: unknown;
    try {
      raw = JSON.parse(this.storage.getItem(this.key) ?? 'null');
    } catch {
      return empty;
    }
    if (typeof raw !== 'object' || raw === null) return empty;
    const value = raw as Record<string, unknown>;
    const layouts: Record<string, BoardLayout> = {};
    if (typeof value['layouts'] === 'object' && value['layouts'] !== null)
      for (const [scope, layout] of Object.entries(value['layouts'])) {
        const read = keptLayout(layout);
        if (read !== undefined) layouts[scope] = read;
      }
    const views = keptViews(value['views']);
    const defaultView =
      typeof value['defaultView'] === 'string' && views.some((v) => v.name === value['defaultView'])
        ? value['defaultView']
        : null;
    const lastRoute = typeof value['lastRoute'] === 'string' ? value['lastRoute'] : null;
    return { layouts, views, defaultView, lastRoute };
  }

  private write(): void {
    try {
      this.storage.setItem(this.key, JSON.stringify(this.kept));
    } catch {
      // Storage full or refused: the workspace holds for this page, not the next.
    }
    this.versionValue++;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.versionValue;

  /** Bumped when a view was put back: pages open afresh, reading what it set. */
  get epoch(): number {
    return this.epochValue;
  }

  reopen(): void {
    this.epochValue++;
    this.versionValue++;
    for (const listener of this.listeners) listener();
  }

  /** How the page of `scope` was arranged; undefined when it never was. */
  layout(scope: string): BoardLayout | undefined {
    return this.kept.layouts[scope];
  }

  setLayout(scope: string, layout: BoardLayout): void {
    const layouts = { ...this.kept.layouts };
    delete layouts[scope];
    layouts[scope] = keptPart(layout);
    // The latest arrangement goes last, so that trimming drops the oldest.
    const scopes = Object.keys(layouts);
    for (const old of scopes.slice(0, Math.max(0, scopes.length - MAX_LAYOUTS)))
      delete layouts[old];
    this.kept = { ...this.kept, layouts };
    this.write();
  }

  get views(): readonly SavedView[] {
    return this.kept.views;
  }

  get defaultView(): string | null {
    return this.kept.defaultView;
  }

  /** Saves a view under its name, in place of one of that name. */
  saveView(view: SavedView): void {
    const views = this.kept.views.filter((v) => v.name !== view.name);
    this.kept = { ...this.kept, views: [...views, view] };
    this.write();
  }

  /** Renames a view; false when another already has the name. */
  renameView(from: string, to: string): boolean {
    if (from === to) return true;
    if (this.kept.views.some((v) => v.name === to)) return false;
    this.kept = {
      ...this.kept,
      views: this.kept.views.map((v) => (v.name === from ? { ...v, name: to } : v)),
      defaultView: this.kept.defaultView === from ? to : this.kept.defaultView,
    };
    this.write();
    return true;
  }

  deleteView(name: string): void {
    this.kept = {
      ...this.kept,
      views: this.kept.views.filter((v) => v.name !== name),
      defaultView: this.kept.defaultView === name ? null : this.kept.defaultView,
    };
    this.write();
  }

  /** The view the store opens on; null: the last page shown. */
  setDefaultView(name: string | null): void {
    this.kept = { ...this.kept, defaultView: name };
    this.write();
  }

  get lastRoute(): string | null {
    return this.kept.lastRoute;
  }

  /** Keeps the page shown, to open the store there next time; quietly, without a render. */
  rememberRoute(hash: string): void {
    if (this.kept.lastRoute === hash) return;
    this.kept = { ...this.kept, lastRoute: hash };
    try {
      this.storage.setItem(this.key, JSON.stringify(this.kept));
    } catch {
      // As in write().
    }
  }
}
