// A row of the runs table and its cells: status, the run's name over its experiment and error,
// progress, tags (as many as fit, then "+n"), times, param, summary and metric values, and a
// 'dirty' badge on runs started from a dirty work tree.

import { useMemo } from 'react';
import type { RemoteSourceState, RunSummary } from '../../../shared/api/contract.js';
import { unreachedWords } from '../remote/remote-sources.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { TableHealthMark } from '../health/HealthMarks.js';
import { SourceBadge } from '../components/SourceBadge.js';
import { ValueView } from '../components/ValueView.js';
import { VisibleText } from '../components/VisibleText.js';
import { absoluteTime, columnDateTime, duration, relativeTime } from '../text/time-text.js';
import { visibleText } from '../text/visible-text.js';
import type { ColumnSpec } from './column-layout.js';
import { fitTags } from './column-layout.js';
import { columnKey } from './column-id.js';
import { runDuration } from './runs-table-model.js';
import type { StatisticsBySource } from './metric-columns.js';
import { metricCellValue } from './metric-columns.js';
import '../sweeps/sweeps.css';

/** The line of an error that says what went wrong: a traceback's last line, not its first. */
export function errorHeadline(error: string): string {
  const lines = error
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return lines[lines.length - 1] ?? error;
}

const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });

/** A step count as the column has room for it: exact up to 99,999, then 7.14M; the title is exact. */
function stepCount(n: number): string {
  return n < 100_000 ? String(n) : COMPACT.format(n);
}

function Progress({ run }: { run: RunSummary }) {
  if (run.lastStep === null) return <span className="muted">—</span>;
  if (run.steps === null || run.steps <= 0)
    return <span className="progress label">step {run.lastStep}</span>;
  const fraction = Math.min(1, run.lastStep / run.steps);
  return (
    <div className="progress" title={`step ${run.lastStep} of ${run.steps}`}>
      <div className="bar">
        <div style={{ width: `${(fraction * 100).toFixed(1)}%` }} />
      </div>
      <span className="label">
        {stepCount(run.lastStep)}/{stepCount(run.steps)}
      </span>
    </div>
  );
}

// What the tag chips are drawn with (.tag in styles.css): measured on a canvas, not laid out.
const TAG_PADDING = 14;
const CELL_GAP = 6;
const CELL_PADDING = 20;
const textWidths = new Map<string, number>();
let measureContext: CanvasRenderingContext2D | null | undefined;

function tagWidth(text: string): number {
  const known = textWidths.get(text);
  if (known !== undefined) return known;
  if (measureContext === undefined) {
    measureContext = document.createElement('canvas').getContext('2d');
    if (measureContext !== null)
      measureContext.font = `11.5px ${getComputedStyle(document.body).fontFamily}`;
  }
  // Without a canvas, 6.5 px a character is near what the UI font draws.
  const width = (measureContext?.measureText(text).width ?? text.length * 6.5) + TAG_PADDING;
  textWidths.set(text, width);
  return width;
}

function Tags({ tags, cellWidth }: { tags: readonly string[]; cellWidth: number | undefined }) {
  const shown = useMemo(
    () =>
      cellWidth === undefined
        ? tags.length
        : fitTags(tags.map(tagWidth), cellWidth - CELL_PADDING, CELL_GAP, (left) =>
            tagWidth(`+${left}`),
          ),
    [tags, cellWidth],
  );
  const left = tags.length - shown;
  if (tags.length === 0) return null;
  return (
    <span className="tag-list" title={tags.join(', ')}>
      {tags.slice(0, shown).map((tag) => (
        <span className="tag" key={tag}>
          {tag}
        </span>
      ))}
      {left > 0 ? (
        <span className="tag more" data-testid="more-tags">
          +{left}
        </span>
      ) : null}
    </span>
  );
}

function Cell(props: {
  column: ColumnSpec;
  run: RunSummary;
  now: number;
  depth: number;
  /** The column's width as laid out, in px, where the cell needs it (tags). */
  width: number | undefined;
  statistics: StatisticsBySource;
}) {
  const { column, run, now, depth } = props;
  const id = column.id;
  switch (id.kind) {
    case 'status':
      return (
        <div className="status-cell">
          <StatusBadge status={run.status} lastWrite={run.lastWrite} now={now} compact />
          <TableHealthMark run={run} now={now} />
        </div>
      );
    case 'name': {
      const title = run.name ?? run.experiment ?? run.id;
      return (
        <div className="run-name" style={{ paddingLeft: depth * 18 }}>
          <span className="title" title={visibleText(title)}>
            {depth > 0 ? '↳ ' : ''}
            <VisibleText text={title} />
            {run.dirty === true ? (
              <span
                className="dirty-badge"
                title="Started from a dirty work tree: its git.diff holds the changes"
                data-testid="dirty-badge"
              >
                dirty
              </span>
            ) : null}
            {run.source === 'munin' ? null : (
              <>
                {' '}
                <SourceBadge source={run.source} />
              </>
            )}
          </span>
          <span
            className="sub"
            title={[run.experiment, run.error].filter((t) => t !== null).join('\n') || undefined}
          >
            {run.experiment !== null ? <span>{run.experiment}</span> : null}
            {run.experiment !== null && run.error !== null ? ' · ' : null}
            {run.error !== null ? (
              <span className="run-error" data-testid="run-error-headline">
                {errorHeadline(run.error)}
              </span>
            ) : null}
          </span>
        </div>
      );
    }
    case 'id':
      return (
        // Cut at its start when narrow: an id's end tells runs apart, its start is their time.
        <span className="mono muted cut run-id" title={visibleText(run.id)}>
          <span dir="ltr">
            <VisibleText text={run.id} />
          </span>
        </span>
      );
    case 'start':
      return run.startTime === null ? (
        <span className="muted">—</span>
      ) : (
        <span className="cut" title={absoluteTime(run.startTime)}>
          {columnDateTime(run.startTime)}
        </span>
      );
    case 'duration': {
      const seconds = runDuration(run);
      return <span>{seconds === null ? '—' : duration(seconds)}</span>;
    }
    case 'progress':
      return <Progress run={run} />;
    case 'lastWrite':
      return (
        <span className="cut" title={absoluteTime(run.lastWrite)}>
          {relativeTime(run.lastWrite, now)}
        </span>
      );
    case 'tags':
      return <Tags tags={run.tags} cellWidth={props.width} />;
    case 'param':
    case 'summary': {
      const value = (id.kind === 'param' ? run.params : run.summary).get(id.key);
      return value === undefined ? <span className="muted">—</span> : <ValueView value={value} />;
    }
    case 'metric': {
      const value = metricCellValue(id, run.id, props.statistics);
      return value === undefined ? <span className="muted">—</span> : <ValueView value={value} />;
    }
  }
}

/** A run's row: its checkbox (which selects it for comparing), then its cells; a click opens it. */
export function RunRow(props: {
  run: RunSummary;
  /** How deep the run nests under its parent runs. */
  depth: number;
  /** Where the row sits in the virtualized list, in px. */
  top: number;
  columns: readonly ColumnSpec[];
  template: string;
  /** The columns' laid-out widths, in px, by column key. */
  widths: ReadonlyMap<string, number>;
  now: number;
  statistics: StatisticsBySource;
  atCursor: boolean;
  selected: boolean;
  onSelect: () => void;
  onOpen: () => void;
  /** The far store of the run, when it is not reached now: the row is greyed, as last seen. */
  unreached?: RemoteSourceState | null;
}) {
  const { run, unreached } = props;
  return (
    <div
      className={`grid-row ${props.atCursor ? 'cursor' : ''} ${props.selected ? 'selected' : ''} ${unreached != null ? 'unreached' : ''}`}
      title={unreached != null ? unreachedWords(unreached).long : undefined}
      style={{ top: props.top, gridTemplateColumns: props.template }}
      onClick={props.onOpen}
      data-run-id={run.id}
      role="row"
    >
      <div onClick={(event) => event.stopPropagation()}>
        <input
          type="checkbox"
          checked={props.selected}
          onChange={props.onSelect}
          aria-label={`Select ${visibleText(run.name ?? run.id)}`}
        />
      </div>
      {props.columns.map((column) => {
        const key = columnKey(column.id);
        return (
          <div key={key} className={column.numeric ? 'num' : undefined} data-cell={key}>
            <Cell
              column={column}
              run={run}
              now={props.now}
              depth={props.depth}
              width={props.widths.get(key)}
              statistics={props.statistics}
            />
          </div>
        );
      })}
    </div>
  );
}

/**
 * A group's header row: its checkbox (which selects the group's runs for comparing), fold
 * arrow, colour swatch (the colour Compare draws the group in), label and run count.
 */
export function GroupRow(props: {
  label: string;
  count: number;
  collapsed: boolean;
  color: string;
  top: number;
  atCursor: boolean;
  /** How many of the group's runs are selected. */
  selected: number;
  onToggle: () => void;
  onSelect: () => void;
}) {
  const all = props.selected === props.count && props.count > 0;
  return (
    <div
      className={`group-row ${props.atCursor ? 'cursor' : ''}`}
      style={{ top: props.top }}
      onClick={props.onToggle}
      data-testid="group-row"
      data-group-label={props.label}
      aria-expanded={!props.collapsed}
    >
      <span className="group-label">
        <input
          type="checkbox"
          checked={all}
          ref={(box) => {
            if (box !== null) box.indeterminate = props.selected > 0 && !all;
          }}
          onClick={(event) => event.stopPropagation()}
          onChange={props.onSelect}
          aria-label={`Select the runs of ${props.label}`}
        />
        <span>{props.collapsed ? '▸' : '▾'}</span>
        <span className="group-swatch" style={{ background: props.color }} />
        {props.label}
        <span className="muted">{props.count}</span>
      </span>
    </div>
  );
}
