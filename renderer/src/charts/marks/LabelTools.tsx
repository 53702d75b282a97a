// A curve panel's compact tools for an event stream's key: filter the curve to one label's value,
// colour its stretches by a label, and show the copy a resume abandoned. Absent for a key with
// no labels and no abandoned samples (every munin run's).

import type { LabelFilter } from '../../../../shared/api/contract.js';
import { visibleText } from '../../text/visible-text.js';

export interface LabelChoice {
  readonly filter: LabelFilter | null;
  readonly colourBy: string | null;
  readonly orphans: boolean;
}

export const NO_CHOICE: LabelChoice = { filter: null, colourBy: null, orphans: false };

export function LabelTools(props: {
  panelKey: string;
  labels: readonly { name: string; values: readonly string[] }[];
  orphans: number;
  choice: LabelChoice;
  onChoice: (choice: LabelChoice) => void;
  /** False on a step_metric axis, where label segments (by step or time) have no place. */
  canColour: boolean;
}) {
  const { labels, orphans, choice, onChoice, panelKey } = props;
  if (labels.length === 0 && orphans === 0) return null;
  // A filter is one option "label=value", told apart by JSON: a value may hold any character.
  const filterValue =
    choice.filter === null ? '' : JSON.stringify([choice.filter.label, choice.filter.value]);
  return (
    <div className="stream-tools" data-testid="label-tools">
      {labels.length > 0 ? (
        <>
          <label title="Draw only the samples whose label has this value">
            filter:{' '}
            <select
              value={filterValue}
              aria-label={`filter ${panelKey} by a label`}
              data-testid="label-filter"
              onChange={(event) => {
                const value = event.target.value;
                const [label, text] = value === '' ? [] : (JSON.parse(value) as [string, string]);
                onChoice({
                  ...choice,
                  filter: label === undefined ? null : { label, value: text! },
                });
              }}
            >
              <option value="">all samples</option>
              {labels.flatMap((label) =>
                label.values.map((value) => (
                  <option
                    key={`${label.name}\u0000${value}`}
                    value={JSON.stringify([label.name, value])}
                  >
                    {visibleText(`${label.name}=${value}`)}
                  </option>
                )),
              )}
            </select>
          </label>
          <label
            title={
              props.canColour
                ? 'Colour the curve’s stretches by the value of a label'
                : 'Colouring by a label needs a step or time axis'
            }
          >
            colour by{' '}
            <select
              value={choice.colourBy ?? ''}
              disabled={!props.canColour}
              aria-label={`colour ${panelKey} by a label`}
              data-testid="label-colour"
              onChange={(event) =>
                onChoice({
                  ...choice,
                  colourBy: event.target.value === '' ? null : event.target.value,
                })
              }
            >
              <option value="">—</option>
              {labels.map((label) => (
                <option key={label.name} value={label.name}>
                  {visibleText(label.name)}
                </option>
              ))}
            </select>
          </label>
        </>
      ) : null}
      {orphans > 0 ? (
        <label
          title={`Draw faintly, under the curve, the ${orphans.toLocaleString('en')} samples a resume abandoned`}
        >
          <input
            type="checkbox"
            checked={choice.orphans}
            data-testid="orphans-toggle"
            onChange={(event) => onChoice({ ...choice, orphans: event.target.checked })}
          />
          show abandoned copy ({orphans.toLocaleString('en')} samples)
        </label>
      ) : null}
    </div>
  );
}

/** The key to a label's colours under a panel. */
export function ValueKey({
  label,
  colours,
}: {
  label: string;
  colours: ReadonlyMap<string, string>;
}) {
  if (colours.size === 0) return null;
  return (
    <div className="marks-key" data-testid="value-key">
      <span className="muted">{visibleText(label)}:</span>
      {[...colours].map(([value, color]) => (
        <span key={value} className="marks-key-item" data-value={value}>
          <span className="value-swatch" style={{ background: color }} />
          {visibleText(value)}
        </span>
      ))}
      <span className="muted">(unlabelled stretches in the run’s colour)</span>
    </div>
  );
}
