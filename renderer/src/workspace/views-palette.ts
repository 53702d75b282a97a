// The saved views as the command palette lists them: "Open view: NAME", which opens the view
// (use-views-palette.ts registers the source through the palette's extension point).

import { visibleText } from '../text/visible-text.js';
import type { PaletteSource } from '../keyboard/palette-items.js';
import type { SavedView } from './saved-views.js';
import { viewPageText } from './saved-views.js';
import type { WorkspaceStore } from './workspace-store.js';

/**
 * The palette's source of the store's saved views, read when the palette asks (a view saved or
 * renamed since is listed as it is now); none while the store's workspace is not known yet.
 * Views are few and named by the person: they are listed before anything is typed too.
 */
export function viewsSource(
  workspace: Pick<WorkspaceStore, 'views' | 'defaultView'> | null,
  open: (view: SavedView) => void,
): PaletteSource {
  return {
    id: 'views',
    title: 'Saved views',
    items: () =>
      (workspace?.views ?? []).map((view) => {
        const first = view.name === workspace?.defaultView ? ' · opens first' : '';
        return {
          id: view.name,
          label: `Open view: ${visibleText(view.name)}`,
          detail: `${viewPageText(view.page)}${first}`,
          run: () => open(view),
        };
      }),
  };
}
