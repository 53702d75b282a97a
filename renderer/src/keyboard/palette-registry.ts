// The sources the palette lists, in the order they were registered, one per id.

import type { PaletteSource } from './palette-items.js';

export class PaletteRegistry {
  private sources: readonly PaletteSource[] = [];

  /** Adds a source, or puts it in the place of the one of its id; returns its removal. */
  register(source: PaletteSource): () => void {
    const at = this.sources.findIndex((s) => s.id === source.id);
    this.sources =
      at < 0 ? [...this.sources, source] : this.sources.map((s, i) => (i === at ? source : s));
    return () => {
      // Only this registration: a source registered since under the same id stays.
      this.sources = this.sources.filter((s) => s !== source);
    };
  }

  list(): readonly PaletteSource[] {
    return this.sources;
  }
}
