// The palette's extension point: any component under the keyboard layer adds a source of items
// (saved views, say) with usePaletteSource, for as long as it is mounted; the palette lists the
// sources registered when it opens, in the order they were registered.

import { createContext, useContext, useEffect } from 'react';
import type { PaletteSource } from './palette-items.js';
import type { PaletteRegistry } from './palette-registry.js';

export type { PaletteItem, PaletteSource } from './palette-items.js';
export { PaletteRegistry } from './palette-registry.js';

export const PaletteRegistryContext = createContext<PaletteRegistry | null>(null);

/**
 * Lists `source` in the palette while the calling component is mounted. Memoize the source (its
 * items read the latest data when the palette asks): a new object each render registers again.
 */
export function usePaletteSource(source: PaletteSource): void {
  const registry = useContext(PaletteRegistryContext);
  if (registry === null) throw new Error('usePaletteSource outside the keyboard layer');
  useEffect(() => registry.register(source), [registry, source]);
}
