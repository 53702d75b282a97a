// The `?` sheet: every shortcut of the table, by where it works, with its keys; a modal dialog
// that Escape, its close button or a click outside closes.

import { useEffect, useRef } from 'react';
import { SHEET_SECTIONS, shortcutText, shortcutsIn } from './shortcuts.js';
import type { ShortcutId } from './shortcuts.js';
import { ShortcutCaps } from './KeyCaps.js';
import { MAC } from './platform.js';

export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => dialog.current?.focus(), []);
  return (
    <div
      className="kb-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className="shortcut-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcut-sheet-title"
        tabIndex={-1}
        onKeyDown={(event) => {
          // Tab goes between the sheet and its close button, never out to the page behind.
          if (event.key !== 'Tab') return;
          event.preventDefault();
          const onButton = document.activeElement === closeButton.current;
          (onButton ? dialog.current : closeButton.current)?.focus();
        }}
        data-testid="shortcut-sheet"
      >
        <header>
          <h2 id="shortcut-sheet-title">Keyboard shortcuts</h2>
          <button
            ref={closeButton}
            className="icon-btn"
            onClick={onClose}
            aria-label="Close"
            title="Close (Esc)"
          >
            ✕
          </button>
        </header>
        <div className="sheet-sections">
          {SHEET_SECTIONS.map((section) => (
            <section key={section.scope} className="sheet-section">
              <h3>{section.title}</h3>
              <table>
                <tbody>
                  {shortcutsIn(section.scope).map((shortcut) => (
                    <tr
                      key={shortcut.id}
                      data-testid="shortcut-row"
                      data-shortcut={shortcut.id}
                      data-scope={section.scope}
                    >
                      <th scope="row">
                        <ShortcutCaps id={shortcut.id as ShortcutId} />
                      </th>
                      <td>{shortcut.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
        <footer>
          Keys that type a character never act while you type in a field;{' '}
          {shortcutText('palette.open', MAC)} and {shortcutText('overlay.close', MAC)} work
          everywhere.
        </footer>
      </div>
    </div>
  );
}
