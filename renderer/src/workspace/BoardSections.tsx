// A metrics page's panels as arranged: the pinned ones first in a section of their own, then each
// key prefix's section (folded or open) in the order its panels were put in, every panel in a
// frame that sizes it, drags it within its section and holds its menu.

import type { ReactNode } from 'react';
import type { Panel } from '../charts/panel-layout.js';
import type { BoardLayout, PanelWidth } from './board-layout.js';
import { PINNED, movePanel, panelId, setHidden, setPanel, setPinned } from './board-layout.js';
import { PanelFrame } from './PanelFrame.js';
import type { ArrangedBoard } from './board-layout.js';
import './workspace.css';

export function BoardSections(props: {
  arranged: ArrangedBoard;
  layout: BoardLayout;
  onLayout: (update: (layout: BoardLayout) => BoardLayout) => void;
  collapsed: ReadonlySet<string>;
  onToggleSection: (prefix: string) => void;
  widthOf: (panel: Panel) => PanelWidth;
  renderPanel: (panel: Panel) => ReactNode;
}) {
  const { arranged, layout, onLayout } = props;
  const pinned = new Set(layout.pinned);
  const grid = (section: string, panels: readonly Panel[]) => {
    const shown = panels.map(panelId);
    return (
      <div className="panel-grid">
        {panels.map((panel, index) => {
          const id = panelId(panel);
          return (
            <PanelFrame
              key={id}
              id={id}
              section={section}
              index={index}
              count={panels.length}
              width={props.widthOf(panel)}
              layout={layout.panels[id]}
              pinned={pinned.has(id)}
              curve={panel.type === 'curve'}
              onMove={(from, to) =>
                onLayout((current) => movePanel(current, section, shown, from, to))
              }
              actions={{
                pin: (on) => onLayout((current) => setPinned(current, id, on)),
                hide: () => onLayout((current) => setHidden(current, [id], true)),
                set: (patch) => onLayout((current) => setPanel(current, id, patch)),
                reset: () =>
                  onLayout((current) => {
                    const panels = { ...current.panels };
                    delete panels[id];
                    return { ...current, panels };
                  }),
              }}
            >
              {props.renderPanel(panel)}
            </PanelFrame>
          );
        })}
      </div>
    );
  };
  return (
    <>
      {arranged.pinned.length > 0 ? (
        <div className="section pinned" data-testid="pinned-section">
          <div className="section-head">
            <span>Pinned</span>
            <span className="muted">{arranged.pinned.length}</span>
          </div>
          {grid(PINNED, arranged.pinned)}
        </div>
      ) : null}
      {arranged.sections.map((section) => {
        const isCollapsed = props.collapsed.has(section.prefix);
        return (
          <div className="section" key={section.prefix} data-testid="panel-section">
            <button
              className="section-head"
              onClick={() => props.onToggleSection(section.prefix)}
              aria-expanded={!isCollapsed}
            >
              <span>{isCollapsed ? '▸' : '▾'}</span>
              <span className="mono">{section.prefix === '' ? '(top level)' : section.prefix}</span>
              <span className="muted">{section.panels.length}</span>
            </button>
            {isCollapsed ? null : grid(section.prefix, section.panels)}
          </div>
        );
      })}
    </>
  );
}
