// The theme the page shows, as React state, and its colours: what paints a canvas with the
// theme's colours (uPlot's grid, axes, markers) draws again when the theme changes, not on reload.

import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function currentTheme(): string {
  return document.documentElement.dataset['theme'] ?? '';
}

/** The name of the theme shown ('light', 'dark'); a component using it renders again on a change. */
export function useThemeName(): string {
  return useSyncExternalStore(subscribe, currentTheme);
}

/**
 * Colours read, by theme and property. Reading a computed style first restyles whatever changed
 * since: a board building its charts read four a chart between its DOM changes, and each read
 * restyled the page (16 ms of a Compare's open). A theme's colours change only with the theme.
 */
const coloursRead = new Map<string, string>();

/** A colour of the theme, by its CSS custom property (--border, --muted, …). */
export function themeColor(name: string): string {
  // Read on every live draw (edge markers): a joined key, not JSON; neither holds a NUL.
  const key = `${currentTheme()}\u0000${name}`;
  let colour = coloursRead.get(key);
  if (colour === undefined) {
    colour = getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
    coloursRead.set(key, colour);
  }
  return colour;
}
