// The top bar's way into the command palette for the mouse, showing the keys that open it.

import { useKeyboard } from './keyboard-context.js';
import { BindingCaps } from './KeyCaps.js';
import { shortcutById } from './shortcuts.js';

export function PaletteButton() {
  const { openPalette } = useKeyboard();
  return (
    <button
      className="palette-button"
      onClick={() => openPalette()}
      title="Find a run, key, page or command"
      data-testid="palette-button"
    >
      <SearchIcon />
      <span className="palette-button-text">Search or jump to…</span>
      <BindingCaps strokes={shortcutById('palette.open').bindings[0]!.strokes} />
    </button>
  );
}

export function SearchIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" className="search-icon">
      <circle cx="7" cy="7" r="4.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M10.5 10.5 14 14" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
