// Registers the saved views' source with the command palette: a view chosen there opens as the
// Views menu opens it, its parts put back and its page shown.

import { useMemo } from 'react';
import { useServices } from '../state/app-context.js';
import { usePaletteSource } from '../keyboard/palette-sources.js';
import { openView } from './view-apply.js';
import { viewsSource } from './views-palette.js';
import { useWorkspace } from './WorkspaceProvider.js';

/** Lists the store's saved views in the palette while the calling component is mounted. */
export function useViewsInPalette(): void {
  const { store } = useServices();
  const workspace = useWorkspace();
  const source = useMemo(
    () =>
      viewsSource(workspace, (view) => {
        if (workspace === null) return;
        const runs = store.getView().runs;
        location.hash = openView(view, { workspace, runs, session: store.session });
      }),
    [workspace, store],
  );
  usePaletteSource(source);
}
