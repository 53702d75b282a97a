// The theme the page shows, as React state, and its colours: what paints a canvas with the
// theme's colours (uPlot's grid, axes, markers) draws again when the theme changes, not on reload.

import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

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

export type Theme = 'light' | 'dark';

function systemTheme(): Theme {
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The theme shown: the system's, until the user picks the other one (kept). */
export function useTheme(): [Theme, () => void] {
  const [chosen, setChosen] = useState<Theme | null>(() => {
    const saved = localStorage.getItem('munin-view:theme');
    return saved === 'light' || saved === 'dark' ? saved : null;
  });
  const [system, setSystem] = useState<Theme>(systemTheme);
  useEffect(() => {
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = (): void => setSystem(systemTheme());
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  const theme = chosen ?? system;
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
  }, [theme]);
  const toggle = useCallback(() => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    // Choosing the system's own theme goes back to following the system.
    if (next === system) localStorage.removeItem('munin-view:theme');
    else localStorage.setItem('munin-view:theme', next);
    setChosen(next === system ? null : next);
  }, [theme, system]);
  return [theme, toggle];
}
