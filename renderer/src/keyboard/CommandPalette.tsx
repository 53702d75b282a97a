// The command palette: a dialog with a combobox input over a listbox of results grouped by
// source, the active one followed by aria-activedescendant; arrows move, Enter or a click opens,
// Escape (the layer's) closes.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { PaletteRegistry } from './palette-sources.js';
import type { RankedGroup } from './palette-rank.js';
import { rankPalette } from './palette-rank.js';
import { useShortcutScope } from './keyboard-context.js';
import { paletteHandlers } from './shortcut-handlers.js';
import { KeyHints, ShortcutCaps } from './KeyCaps.js';
import { SearchIcon } from './PaletteButton.js';
import { strokeOf } from './key-strokes.js';
import { MAC } from './platform.js';

/** The label with the query's matched characters marked. */
function Highlighted({ text, positions }: { text: string; positions: readonly number[] }) {
  if (positions.length === 0) return <>{text}</>;
  const marked = new Set(positions);
  const parts: { text: string; hit: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const hit = marked.has(i);
    const last = parts[parts.length - 1];
    if (last !== undefined && last.hit === hit) last.text += text[i];
    else parts.push({ text: text[i]!, hit });
  }
  return <>{parts.map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}

const optionId = (index: number): string => `palette-option-${index}`;

export function CommandPalette({
  initialQuery,
  registry,
  onClose,
}: {
  initialQuery: string;
  registry: PaletteRegistry;
  onClose: () => void;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const groups: RankedGroup[] = useMemo(
    () => rankPalette(registry.list(), query),
    [registry, query],
  );
  const flat = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  const activeAt = Math.min(active, Math.max(0, flat.length - 1));

  useEffect(() => {
    const field = input.current;
    field?.focus();
    // Opened with ">": the caret after it, ready for the command's name.
    field?.setSelectionRange(field.value.length, field.value.length);
  }, []);

  useEffect(() => {
    list.current?.querySelector(`#${optionId(activeAt)}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeAt]);

  const choose = (index: number): void => {
    const chosen = flat[index];
    if (chosen === undefined) return;
    onClose();
    chosen.item.run();
  };

  useShortcutScope(
    'palette',
    paletteHandlers({
      // Round, as VS Code's quick open goes: past the last result to the first.
      moveActive: (step) =>
        setActive(flat.length === 0 ? 0 : (activeAt + step + flat.length) % flat.length),
      chooseActive: () => choose(activeAt),
    }),
    input,
  );

  let index = 0;
  return (
    <div
      className="kb-backdrop palette-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        data-testid="palette"
      >
        <div className="palette-field">
          <SearchIcon />
          <input
            ref={input}
            role="combobox"
            aria-expanded={flat.length > 0}
            aria-controls="palette-listbox"
            aria-autocomplete="list"
            aria-activedescendant={flat.length > 0 ? optionId(activeAt) : undefined}
            aria-label="Find a run, key, page or command"
            placeholder="Find a run, key, page or command — type > for commands only"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={(event) => {
              // The listbox is not in the tab order: Tab would leave the dialog for the page. The
              // palette's own keys again would reach the browser (Chrome's Ctrl+K searches).
              const stroke = strokeOf(event.nativeEvent, MAC);
              if (event.key === 'Tab' || stroke === 'Mod+k' || stroke === 'Mod+Shift+p')
                event.preventDefault();
            }}
            spellCheck={false}
            autoComplete="off"
            data-testid="palette-input"
          />
        </div>
        <div
          ref={list}
          className="palette-results"
          role="listbox"
          id="palette-listbox"
          aria-label="Results"
          // A click chooses; it must not take focus from the input first.
          onMouseDown={(event) => event.preventDefault()}
        >
          {groups.map((group) => (
            <div
              key={group.sourceId}
              role="group"
              aria-labelledby={`palette-group-${group.sourceId}`}
              data-source={group.sourceId}
            >
              <div className="palette-group-title" id={`palette-group-${group.sourceId}`}>
                {group.title}
              </div>
              {group.items.map((ranked) => {
                const at = index++;
                return (
                  <div
                    key={ranked.item.id}
                    id={optionId(at)}
                    role="option"
                    aria-selected={at === activeAt}
                    className={`palette-option ${at === activeAt ? 'active' : ''}`}
                    onMouseMove={() => {
                      if (at !== activeAt) setActive(at);
                    }}
                    onClick={() => choose(at)}
                    data-testid="palette-option"
                    data-source={group.sourceId}
                    data-item={ranked.item.id}
                  >
                    <span className="palette-label">
                      <Highlighted text={ranked.item.label} positions={ranked.positions} />
                    </span>
                    {ranked.item.detail !== undefined ? (
                      <span className="palette-detail">{ranked.item.detail}</span>
                    ) : null}
                    {ranked.item.shortcut !== undefined ? (
                      <ShortcutCaps id={ranked.item.shortcut} />
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))}
          {flat.length === 0 ? (
            <div className="palette-empty" data-testid="palette-empty">
              Nothing matches “{query}”.
            </div>
          ) : null}
        </div>
        <div className="palette-footer">
          <KeyHints
            hints={[
              [['palette.up', 'palette.down'], 'to move'],
              [['palette.choose'], 'to open'],
              [['overlay.close'], 'to close'],
            ]}
          />
          <span className="key-hint">
            <kbd>&gt;</kbd> commands only
          </span>
        </div>
      </div>
    </div>
  );
}
