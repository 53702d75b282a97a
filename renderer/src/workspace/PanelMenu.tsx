// A panel's menu: pin it to the top or unpin it, hide it, move it a place earlier or later (the
// keyboard's way to reorder), its width and height, and a curve's own x axis, log y and smoothing
// over the page's; a reset back to the page's settings.

import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '../pages/use-dismiss.js';
import type { XAxisMode } from '../charts/curve-data.js';
import type { PanelLayout, PanelWidth } from './board-layout.js';
import { X_MODES } from './board-layout.js';

export interface PanelMenuActions {
  pin(on: boolean): void;
  hide(): void;
  set(patch: Partial<PanelLayout>): void;
  reset(): void;
}

const WIDTHS: readonly [PanelWidth, string][] = [
  [1, 'one column'],
  [2, 'two columns'],
  [3, 'the whole row'],
];

const AXIS_NAMES: Readonly<Record<XAxisMode, string>> = {
  step: 'step',
  step_metric: 'step_metric',
  wall: 'wall time',
  relative: 'time since start',
};

export function PanelMenu(props: {
  id: string;
  layout: PanelLayout | undefined;
  width: PanelWidth;
  pinned: boolean;
  curve: boolean;
  canMoveEarlier: boolean;
  canMoveLater: boolean;
  onMoveEarlier: () => void;
  onMoveLater: () => void;
  actions: PanelMenuActions;
}) {
  const { layout, actions } = props;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, [button, menu]);
  const act = (action: () => void) => () => (action(), close());
  return (
    <div className="panel-menu-anchor">
      <button
        ref={button}
        className="panel-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Arrange panel ${props.id}`}
        title="Pin, hide, move or size this panel"
        onClick={() => setOpen(!open)}
        data-testid="panel-menu-button"
      >
        ⋯
      </button>
      {open ? (
        <div ref={menu} className="panel-menu" role="menu" data-testid="panel-menu">
          <button
            role="menuitem"
            onClick={act(() => actions.pin(!props.pinned))}
            data-testid="panel-pin"
          >
            {props.pinned ? 'Unpin' : 'Pin to the top'}
          </button>
          <button role="menuitem" onClick={act(actions.hide)} data-testid="panel-hide">
            Hide
          </button>
          <button
            role="menuitem"
            disabled={!props.canMoveEarlier}
            onClick={act(props.onMoveEarlier)}
          >
            Move earlier
          </button>
          <button role="menuitem" disabled={!props.canMoveLater} onClick={act(props.onMoveLater)}>
            Move later
          </button>
          <div className="menu-label">Width</div>
          <div className="menu-choices" role="group" aria-label="Width">
            {WIDTHS.map(([width, name]) => (
              <button
                key={width}
                role="menuitemradio"
                aria-checked={props.width === width}
                className={props.width === width ? 'on' : ''}
                title={name}
                onClick={() => actions.set({ width })}
                data-testid={`panel-width-${width}`}
              >
                {width === 3 ? 'full' : width}
              </button>
            ))}
          </div>
          {props.curve ? (
            <>
              <div className="menu-label">Height</div>
              <div className="menu-choices" role="group" aria-label="Height">
                {(['normal', 'tall'] as const).map((height) => {
                  const on = (layout?.tall === true) === (height === 'tall');
                  return (
                    <button
                      key={height}
                      role="menuitemradio"
                      aria-checked={on}
                      className={on ? 'on' : ''}
                      onClick={() => actions.set({ tall: height === 'tall' ? true : undefined })}
                      data-testid={`panel-height-${height}`}
                    >
                      {height}
                    </button>
                  );
                })}
              </div>
              <label className="menu-row">
                x axis
                <select
                  value={layout?.xMode ?? ''}
                  onChange={(event) =>
                    actions.set({
                      xMode:
                        event.target.value === '' ? undefined : (event.target.value as XAxisMode),
                    })
                  }
                >
                  <option value="">the page’s</option>
                  {X_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {AXIS_NAMES[mode]}
                    </option>
                  ))}
                </select>
              </label>
              <label className="menu-row">
                log y
                <select
                  value={layout?.logY === undefined ? '' : layout.logY ? 'on' : 'off'}
                  onChange={(event) =>
                    actions.set({
                      logY: event.target.value === '' ? undefined : event.target.value === 'on',
                    })
                  }
                  data-testid="panel-log-y"
                >
                  <option value="">the page’s</option>
                  <option value="on">on</option>
                  <option value="off">off</option>
                </select>
              </label>
              <label className="menu-row">
                smoothing
                <input
                  type="range"
                  min={0}
                  max={0.99}
                  step={0.01}
                  value={layout?.smoothing ?? 0}
                  onChange={(event) => actions.set({ smoothing: Number(event.target.value) })}
                  data-testid="panel-smoothing"
                />
                <span className="mono">
                  {layout?.smoothing === undefined ? 'page' : layout.smoothing.toFixed(2)}
                </span>
              </label>
            </>
          ) : null}
          <button role="menuitem" onClick={act(actions.reset)} data-testid="panel-reset">
            Back to the page’s settings
          </button>
        </div>
      ) : null}
    </div>
  );
}
