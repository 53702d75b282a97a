// Runs grouped for a sweep: by one or more params, the experiment or the tag set, each group the
// runs that share those values, in the order of the values (numbers by value). The runs table and
// Compare group by the same rule, so a group is the same runs on both.

import type { RunSummary } from '../../../shared/api/contract.js';
import type { Value } from '../../../shared/format/values.js';
import { sortableValue, valueText } from '../text/value-text.js';

/** What runs are grouped by: a param's value, the experiment, or the run's set of tags. */
export type GroupField =
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'experiment' }
  | { readonly kind: 'tags' };

/** The fields a grouping goes by, in order; none: no grouping. */
export type GroupBy = readonly GroupField[];

export interface RunGroup {
  /** Stable across reads while the values are the same: the values' exact text, joined. */
  readonly id: string;
  /** What the group is, for a legend: `lr=0.1 · batch=128`. */
  readonly label: string;
  /** Per field, the value's text (exact), or null when the runs lack it. */
  readonly values: readonly (string | null)[];
  /** The group's runs, in the order they were given. */
  readonly runIds: readonly string[];
}

/** A field's name, as a legend or a menu says it. */
export function groupFieldName(field: GroupField): string {
  switch (field.kind) {
    case 'param':
      return field.name;
    case 'experiment':
      return 'experiment';
    case 'tags':
      return 'tags';
  }
}

/** The value a field takes on a run, for sorting and for its text; undefined when it has none. */
function fieldValue(run: RunSummary, field: GroupField): Value | undefined {
  switch (field.kind) {
    case 'param':
      return run.params.get(field.name);
    case 'experiment':
      return run.experiment ?? undefined;
    case 'tags':
      return run.tags.length === 0 ? undefined : [...run.tags].sort().join(', ');
  }
}

const NONE = '(none)';

/** Groups runs by the fields; with no field, every run is a group of its own. */
export function groupRuns(runs: readonly RunSummary[], by: GroupBy): RunGroup[] {
  if (by.length === 0)
    return runs.map((run) => ({
      id: run.id,
      label: run.name ?? run.id,
      values: [],
      runIds: [run.id],
    }));
  const groups = new Map<string, { values: (Value | undefined)[]; runIds: string[] }>();
  for (const run of runs) {
    const values = by.map((field) => fieldValue(run, field));
    // The exact text tells 0.1 from 0.10000000000000002, and an int 1 from a float 1.0.
    const id = values
      .map((value) =>
        value === undefined ? '\u0000' : `${typeof value}:${valueText(value).exact}`,
      )
      .join('\u0001');
    const group = groups.get(id);
    if (group === undefined) groups.set(id, { values, runIds: [run.id] });
    else group.runIds.push(run.id);
  }
  return [...groups]
    .sort(([, a], [, b]) => compareValues(a.values, b.values))
    .map(([id, { values, runIds }]) => {
      const texts = values.map((value) => (value === undefined ? null : valueText(value).exact));
      return {
        id,
        label: by.map((field, i) => `${groupFieldName(field)}=${texts[i] ?? NONE}`).join(' · '),
        values: texts,
        runIds,
      };
    });
}

function compareValues(
  a: readonly (Value | undefined)[],
  b: readonly (Value | undefined)[],
): number {
  for (let i = 0; i < a.length; i++) {
    const x = sortableValue(a[i]);
    const y = sortableValue(b[i]);
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}
