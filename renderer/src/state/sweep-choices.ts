// The sweep choices a user makes and keeps in the app's own settings (local storage, never the
// store): how runs are grouped, shared by the runs table and Compare, and the derived views of
// each store (formulas only, never data), shared by every page that shows panels or columns.

import { useCallback } from 'react';
import { usePersistedState } from '../pages/persisted-choice.js';
import { useStoreView } from './app-context.js';
import type { GroupBy, GroupField } from './run-groups.js';

function isGroupField(value: unknown): value is GroupField {
  if (typeof value !== 'object' || value === null) return false;
  const field = value as Record<string, unknown>;
  if (field['kind'] === 'param') return typeof field['name'] === 'string';
  return field['kind'] === 'experiment' || field['kind'] === 'tags';
}

/** How runs are grouped now, on the runs table and Compare alike; none by default. */
export function useGroupBy(): [GroupBy, (next: GroupBy) => void] {
  return usePersistedState<GroupBy>('groupBy', [], (value) =>
    Array.isArray(value) && value.every(isGroupField) ? value : undefined,
  );
}

/** A derived view: a name to show it by and the formula it is read with. */
export interface DerivedView {
  readonly name: string;
  readonly formula: string;
}

function isViewList(value: unknown): value is DerivedView[] {
  return (
    Array.isArray(value) &&
    value.every(
      (view) =>
        typeof view === 'object' &&
        view !== null &&
        typeof (view as DerivedView).name === 'string' &&
        typeof (view as DerivedView).formula === 'string',
    )
  );
}

/**
 * The derived views of the store open now (kept per store by its root), with ways to add or
 * replace one by name and to remove one.
 */
export function useDerivedViews(): {
  readonly views: readonly DerivedView[];
  readonly save: (view: DerivedView) => void;
  readonly remove: (name: string) => void;
} {
  const root = useStoreView().info?.root ?? '';
  const [views, setViews] = usePersistedState<DerivedView[]>(`views:${root}`, [], (value) =>
    isViewList(value) ? value : undefined,
  );
  const save = useCallback(
    (view: DerivedView) =>
      setViews((current) => [...current.filter((v) => v.name !== view.name), view]),
    [setViews],
  );
  const remove = useCallback(
    (name: string) => setViews((current) => current.filter((v) => v.name !== name)),
    [setViews],
  );
  return { views, save, remove };
}
