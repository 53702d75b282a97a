// The group-by menu of the runs table and of Compare alike: the fields runs can be grouped by
// (experiment, tags, any param of the runs; several at once, in the order chosen), so both pages
// offer the same choice, which they keep in one setting (useGroupBy).

import { useCallback, useMemo, useRef, useState } from 'react';
import type { RunSummary } from '../../../shared/api/contract.js';
import type { GroupBy, GroupField } from '../state/run-groups.js';
import { groupFieldName } from '../state/run-groups.js';
import { useDismiss } from './use-dismiss.js';

const fieldId = (field: GroupField): string =>
  field.kind === 'param' ? `param:${field.name}` : field.kind;

export function GroupByControl(props: {
  /** The runs whose params are offered: the listed ones, or the compared ones. */
  runs: readonly RunSummary[] | ReadonlyMap<string, RunSummary>;
  groupBy: GroupBy;
  onChange: (next: GroupBy) => void;
  /** What the button says, and its tooltip. */
  label: string;
  title: string;
}) {
  const { runs, groupBy, onChange } = props;
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  useDismiss(open, close, [button, menu]);

  // The param names are read from every run only while the menu is open.
  const params = useMemo(() => {
    if (!open) return [];
    const names = new Set<string>();
    const list = Array.isArray(runs)
      ? runs
      : [...(runs as ReadonlyMap<string, RunSummary>).values()];
    for (const run of list) for (const name of run.params.keys()) names.add(name);
    return [...names].sort();
  }, [runs, open]);

  const fields: GroupField[] = [
    { kind: 'experiment' },
    { kind: 'tags' },
    ...params.map((name): GroupField => ({ kind: 'param', name })),
  ];
  const chosen = new Map(groupBy.map((field, i) => [fieldId(field), i]));
  const toggle = (field: GroupField): void => {
    const id = fieldId(field);
    onChange(chosen.has(id) ? groupBy.filter((f) => fieldId(f) !== id) : [...groupBy, field]);
  };

  return (
    <div style={{ position: 'relative' }}>
      <button
        ref={button}
        className={`btn ${groupBy.length > 0 ? 'on' : ''}`}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="group-by-button"
        title={props.title}
      >
        {props.label}
      </button>
      {open ? (
        <div
          className="columns-menu group-menu"
          role="dialog"
          aria-label="Group by"
          ref={menu}
          data-testid="group-by-menu"
        >
          <div className="section">Group by, in this order</div>
          {fields.map((field) => {
            const id = fieldId(field);
            const order = chosen.get(id);
            return (
              <label key={id} data-testid="group-field">
                <input
                  type="checkbox"
                  checked={order !== undefined}
                  onChange={() => toggle(field)}
                  data-group-field={id}
                />
                <span className={field.kind === 'param' ? 'mono' : undefined}>
                  {groupFieldName(field)}
                </span>
                {field.kind === 'param' ? null : <span className="muted">of the run</span>}
                {order !== undefined && groupBy.length > 1 ? (
                  <span className="muted">#{order + 1}</span>
                ) : null}
              </label>
            );
          })}
          <div className="menu-foot">
            <button
              className="btn small"
              disabled={groupBy.length === 0}
              onClick={() => onChange([])}
            >
              No grouping
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
