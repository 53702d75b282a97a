// A curve panel's head: its key (a derived view's marked so, with its formula), the x axis' name,
// and the downloads it offers.

import { DerivedBadge } from './DerivedBadge.js';

export function CurvePanelHead(props: {
  title: string;
  formula: string | undefined;
  xName: string;
  onExportCsv: (() => void) | undefined;
  onExportPng: (() => void) | undefined;
}) {
  return (
    <div className="panel-head">
      <span className="panel-title mono" title={props.title}>
        {props.title}
      </span>
      {props.formula === undefined ? null : <DerivedBadge formula={props.formula} />}
      <span className="spacer" />
      <span className="panel-axis muted" data-testid="x-axis-label">
        x: {props.xName}
      </span>
      {props.onExportCsv === undefined ? null : (
        <button
          className="btn ghost small"
          title="Download the exact samples as CSV"
          onClick={props.onExportCsv}
        >
          CSV
        </button>
      )}
      {props.onExportPng === undefined ? null : (
        <button
          className="btn ghost small"
          title="Download the chart as PNG"
          onClick={props.onExportPng}
        >
          PNG
        </button>
      )}
    </div>
  );
}
