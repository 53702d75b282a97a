// The toolbar of a metrics page: the key filter (and why a /regex/ does not parse), the page's x
// axis, smoothing, log y, a page's own toggles (the image steps), and how many panels it shows.

import type { ReactNode } from 'react';
import { memo } from 'react';
import type { XAxisMode } from './curve-data.js';

/** The page's x axis: one for every panel, or each key on its declared axis (its step_metric). */
export type XAxisChoice = XAxisMode | 'declared';

/** The x axes a panel can take, and their names in the menus. */
export const X_MODES: readonly [XAxisMode, string][] = [
  ['step', 'step'],
  ['step_metric', 'step_metric'],
  ['wall', 'wall time'],
  ['relative', 'time since start'],
];

/** The page's axes: a metrics page adds each key's declared one. */
export const PAGE_X_MODES: readonly [XAxisChoice, string][] = [
  ['declared', 'step, or the key’s step_metric'],
  ...X_MODES,
];

/** Memoized: a live frame renders the board's panels, not its toolbar. */
export const BoardToolbar = memo(function BoardToolbar(props: {
  filter: string;
  onFilter: (filter: string) => void;
  filterError: string | null;
  pageMode: XAxisChoice;
  modes: readonly (readonly [XAxisChoice, string])[];
  onPageMode: (mode: XAxisChoice) => void;
  smoothing: number;
  onSmoothing: (weight: number) => void;
  logY: boolean;
  onLogY: (logY: boolean) => void;
  panels: number;
  /** Toggles only some pages have, after log y. */
  extra?: ReactNode;
}) {
  return (
    <div className="board-toolbar">
      <input
        className="text"
        style={{ width: 260 }}
        placeholder="Filter keys (text or /regex/)"
        value={props.filter}
        onChange={(event) => props.onFilter(event.target.value)}
        aria-label="Filter keys"
        data-testid="key-filter"
      />
      {props.filterError !== null ? (
        <span className="value-special">{props.filterError}</span>
      ) : null}
      <label className="row">
        x axis
        <select
          value={props.pageMode}
          onChange={(event) => props.onPageMode(event.target.value as XAxisChoice)}
          data-testid="page-x-axis"
        >
          {props.modes.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label
        className="row"
        title="Debiased exponential moving average; the raw line stays faint behind"
      >
        smoothing
        <input
          type="range"
          min={0}
          max={0.99}
          step={0.01}
          value={props.smoothing}
          onChange={(event) => props.onSmoothing(Number(event.target.value))}
          data-testid="smoothing"
        />
        <span className="mono" style={{ width: 32 }}>
          {props.smoothing.toFixed(2)}
        </span>
      </label>
      <label className="row">
        <input
          type="checkbox"
          checked={props.logY}
          onChange={(event) => props.onLogY(event.target.checked)}
          data-testid="log-y"
        />
        log y
      </label>
      {props.extra}
      <span className="spacer" />
      <span className="muted">
        {props.panels} panel{props.panels === 1 ? '' : 's'} · drag to zoom · double-click resets
      </span>
    </div>
  );
});
