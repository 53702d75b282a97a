// The open store's workspace for the page: its arrangements, saved views and last page, kept per
// store once the store's root is known; and the hook a metrics page reads and sets its
// arrangement through, which keeps it for the page's scope and writes its link into the address.

import type { ReactNode } from 'react';
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useStoreView } from '../state/app-context.js';
import type { BoardLayout } from './board-layout.js';
import { EMPTY_LAYOUT } from './board-layout.js';
import type { BoardLink } from './board-link.js';
import { linkOf, withLink } from './board-link.js';
import { WorkspaceStore } from './workspace-store.js';

const WorkspaceContext = createContext<WorkspaceStore | null>(null);

export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const root = useStoreView().info?.root ?? null;
  const workspace = useMemo(
    () => (root === null ? null : new WorkspaceStore(root, localStorage)),
    [root],
  );
  return <WorkspaceContext.Provider value={workspace}>{children}</WorkspaceContext.Provider>;
}

/** The store's workspace (null until its root is known), rendering again when it changes. */
export function useWorkspace(): WorkspaceStore | null {
  const workspace = useContext(WorkspaceContext);
  useSyncExternalStore(workspace?.subscribe ?? noSubscribe, workspace?.getVersion ?? zero);
  return workspace;
}

/**
 * A metrics page's arrangement: as kept for its scope (an experiment's run pages of a kind, or
 * Compare's), with what its address's link says over it; each change kept for the scope and
 * told as the page's new link, for the address.
 */
export function useBoardLayout(
  scope: string,
  link: BoardLink | undefined,
  onLink: (link: BoardLink) => void,
): [BoardLayout, (update: (layout: BoardLayout) => BoardLayout) => void] {
  const workspace = useContext(WorkspaceContext);
  const [layout, setLayout] = useState<BoardLayout>(() =>
    withLink(workspace?.layout(scope) ?? EMPTY_LAYOUT, link),
  );
  const update = useCallback(
    (change: (layout: BoardLayout) => BoardLayout) =>
      setLayout((current) => {
        const next = change(current);
        if (next === current) return current;
        // Kept and told after the render that makes it: a state updater has no side effects.
        queueMicrotask(() => {
          workspace?.setLayout(scope, next);
          onLink(linkOf(next));
        });
        return next;
      }),
    [workspace, scope, onLink],
  );
  return [layout, update];
}

const noSubscribe = (): (() => void) => () => undefined;
const zero = (): number => 0;

/**
 * Writes the page's address as it now is, without a new entry in the history and without the
 * page reading it again (its state already is what the address says): what a link copies.
 */
export function replaceAddress(hash: string): void {
  if (location.hash === hash) return;
  history.replaceState(history.state, '', hash);
}
