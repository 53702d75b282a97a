// Compare's grouping tools: what the runs are grouped by (params of the compared runs, the
// experiment, the tags; several at once, in the order chosen), shared with the runs table, and
// the page's choice of a group's line (mean or median) and band (least to greatest, or ±1 std).

import { useCallback, useMemo, useRef, useState } from 'react';
import type { GroupCenter, GroupSpread, RunSummary } from '../../../shared/api/contract.js';
import type { GroupBy, GroupField } from '../state/run-groups.js';
import { groupFieldName } from '../state/run-groups.js';
import { usePersistedState } from './persisted-choice.js';
import { useDismiss } from './use-dismiss.js';

const sameField = (a: GroupField, b: GroupField): boolean =>
  a.kind === b.kind && (a.kind !== 'param' || (b.kind === 'param' && a.name === b.name));

/** Compare's line and band, kept for the page in the app's settings. */
export function useGroupDrawing(): {
  center: GroupCenter;
  spread: GroupSpread;
  setCenter: (center: GroupCenter) => void;
  setSpread: (spread: GroupSpread) => void;
} {
  const [center, setCenter] = usePersistedState<GroupCenter>('compare:groupCenter', 'mean', (v) =>
    v === 'mean' || v === 'median' ? v : undefined,
  );
  const [spread, setSpread] = usePersistedState<GroupSpread>(
    'compare:groupSpread',
    'min-max',
    (v) => (v === 'min-max' || v === 'std' ? v : undefined),
  );
  return { center, spread, setCenter, setSpread };
}

export function GroupControls(props: {
  runs: readonly RunSummary[];
  groupBy: GroupBy;
  onGroupBy: (next: GroupBy) => void;
  /** How many groups the runs make now, for the button to say. */
  groups: number;
  drawing: ReturnType<typeof useGroupDrawing>;
}) {
  const { runs, groupBy, onGroupBy, drawing } = props;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, [button, menu]);
  const fields = useMemo((): GroupField[] => {
    const params = [...new Set(runs.flatMap((run) => [...run.params.keys()]))].sort();
    return [
      ...params.map((name): GroupField => ({ kind: 'param', name })),
      { kind: 'experiment' },
      { kind: 'tags' },
    ];
  }, [runs]);
  const toggle = (field: GroupField): void =>
    onGroupBy(
      groupBy.some((f) => sameField(f, field))
        ? groupBy.filter((f) => !sameField(f, field))
        : [...groupBy, field],
    );
  const grouped = groupBy.length > 0;
  return (
    <>
      <div style={{ position: 'relative' }}>
        <button
          ref={button}
          className="btn"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          data-testid="group-by-button"
          title="Group the runs: each group one curve, its center and band"
        >
          {grouped
            ? `Grouped by ${groupBy.map(groupFieldName).join(' · ')} (${props.groups})`
            : 'Group runs'}
        </button>
        {open ? (
          <div ref={menu} className="columns-menu group-menu" data-testid="group-by-menu">
            <div className="section">Group by (in the order chosen)</div>
            {fields.map((field) => {
              const at = groupBy.findIndex((f) => sameField(f, field));
              const name = groupFieldName(field);
              return (
                <label key={`${field.kind}:${name}`} data-testid="group-field">
                  <input type="checkbox" checked={at >= 0} onChange={() => toggle(field)} />
                  <span className={field.kind === 'param' ? 'mono' : ''}>{name}</span>
                  {field.kind === 'param' ? null : <span className="muted">of the run</span>}
                  {at >= 0 && groupBy.length > 1 ? <span className="muted">#{at + 1}</span> : null}
                </label>
              );
            })}
            {grouped ? (
              <div className="menu-foot">
                <button className="btn small" onClick={() => onGroupBy([])}>
                  Ungroup
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      {grouped ? (
        <>
          <label className="row" title="The line each group is drawn as">
            line
            <select
              value={drawing.center}
              onChange={(event) => drawing.setCenter(event.target.value as GroupCenter)}
              data-testid="group-center"
            >
              <option value="mean">mean</option>
              <option value="median">median</option>
            </select>
          </label>
          <label className="row" title="The band around each group's line">
            band
            <select
              value={drawing.spread}
              onChange={(event) => drawing.setSpread(event.target.value as GroupSpread)}
              data-testid="group-spread"
            >
              <option value="min-max">min – max</option>
              <option value="std">±1 std</option>
            </select>
          </label>
        </>
      ) : null}
    </>
  );
}
