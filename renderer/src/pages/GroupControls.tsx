// Compare's grouping tools: what the runs are grouped by (params of the compared runs, the
// experiment, the tags; several at once, in the order chosen), shared with the runs table, and
// the page's choice of a group's line (mean or median) and band (least to greatest, or ±1 std).

import type { GroupCenter, GroupSpread, RunSummary } from '../../../shared/api/contract.js';
import type { GroupBy } from '../state/run-groups.js';
import { groupFieldName } from '../state/run-groups.js';
import { usePersistedState } from './persisted-choice.js';
import { GroupByControl } from './GroupByControl.js';

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
  const grouped = groupBy.length > 0;
  return (
    <>
      <GroupByControl
        runs={runs}
        groupBy={groupBy}
        onChange={onGroupBy}
        label={
          grouped
            ? `Grouped by ${groupBy.map(groupFieldName).join(' · ')} (${props.groups})`
            : 'Group runs'
        }
        title="Group the runs: each group one curve, its center and band"
      />
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
