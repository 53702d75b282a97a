// The control that says how many panels of a page are hidden ("hidden: 3") and shows them again,
// one or all.

import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '../pages/use-dismiss.js';
import './workspace.css';

export function HiddenPanels(props: {
  /** The hidden panels there are, by name as the page shows them. */
  hidden: readonly { readonly id: string; readonly title: string }[];
  onShow: (ids: readonly string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, [button, menu]);
  if (props.hidden.length === 0) return null;
  return (
    <div className="hidden-panels">
      <button
        ref={button}
        className="btn small"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="hidden-panels"
      >
        hidden: {props.hidden.length}
      </button>
      {open ? (
        <div ref={menu} className="panel-menu hidden-menu" role="menu">
          {props.hidden.map((panel) => (
            <button
              key={panel.id}
              role="menuitem"
              className="mono"
              onClick={() => props.onShow([panel.id])}
              title="Show this panel again"
              data-testid="show-panel"
            >
              {panel.title}
            </button>
          ))}
          <button
            role="menuitem"
            onClick={() => (props.onShow(props.hidden.map((p) => p.id)), close())}
            data-testid="show-all-panels"
          >
            Show all {props.hidden.length}
          </button>
        </div>
      ) : null}
    </div>
  );
}
