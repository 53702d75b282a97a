// The runs table's group-by control: a menu of the fields runs can be grouped by (experiment,
// tags, any param, several at once, in the order chosen), kept with useGroupBy so Compare groups
// the same way.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunSummary } from '../../../shared/api/contract.js';
import type { GroupBy, GroupField } from '../state/run-groups.js';
import { groupFieldName } from '../state/run-groups.js';

const fieldId = (field: GroupField): string =>
  field.kind === 'param' ? `param:${field.name}` : field.kind;

export function GroupByControl(props: {
  runs: ReadonlyMap<string, RunSummary>;
  groupBy: GroupBy;
  onChange: (next: GroupBy) => void;
}) {
  const { groupBy, onChange } = props;
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent): void => {
      const target = event.target as Node;
      if (menu.current?.contains(target) || button.current?.contains(target)) return;
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    window.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  const params = useMemo(() => {
    const names = new Set<string>();
    for (const run of props.runs.values()) for (const name of run.params.keys()) names.add(name);
    return [...names].sort();
  }, [props.runs]);

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
  const label =
    groupBy.length === 0 ? 'none' : groupBy.map((field) => groupFieldName(field)).join(' · ');

  return (
    <div style={{ position: 'relative' }}>
      <button
        ref={button}
        className={`btn ${groupBy.length > 0 ? 'on' : ''}`}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="group-by-button"
        title="Group runs by params, experiment or tags (Compare groups the same way)"
      >
        Group: {label}
      </button>
      {open ? (
        <div className="columns-menu" role="dialog" aria-label="Group by" ref={menu}>
          <div className="section">Group by, in this order</div>
          {fields.map((field) => {
            const id = fieldId(field);
            const order = chosen.get(id);
            return (
              <label key={id}>
                <input
                  type="checkbox"
                  checked={order !== undefined}
                  onChange={() => toggle(field)}
                  data-group-field={id}
                />
                <span className={field.kind === 'param' ? 'mono' : undefined}>
                  {groupFieldName(field)}
                </span>
                {order !== undefined && groupBy.length > 1 ? (
                  <span className="muted">{order + 1}</span>
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
