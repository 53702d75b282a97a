// The runs of a Compare as pills linking to their pages: with more than a few rows of them (a
// Compare of 200 runs filled the screen), the first rows and a button to show them all.

import { useState } from 'react';
import type { RunSummary } from '../../../shared/api/contract.js';
import { routeHash } from '../state/route.js';
import { FarBadge } from '../remote/RemoteSourcePills.js';
import type { RunStyle } from '../charts/run-colors.js';
import { RunSwatch } from '../charts/RunSwatch.js';
import { SourceBadge } from '../components/SourceBadge.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { VisibleText } from '../components/VisibleText.js';

/** Pills shown before the rest are folded away: some three rows on a laptop's screen. */
export const RUNS_SHOWN_FOLDED = 24;

export function CompareRunList(props: {
  readonly runs: readonly RunSummary[];
  readonly styleOf: (runId: string) => RunStyle;
}) {
  const { runs, styleOf } = props;
  const [unfolded, setUnfolded] = useState(false);
  const folds = runs.length > RUNS_SHOWN_FOLDED;
  const shown = folds && !unfolded ? runs.slice(0, RUNS_SHOWN_FOLDED) : runs;
  return (
    <div className="row" style={{ flexWrap: 'wrap' }} data-testid="compare-runs">
      {shown.map((run) => (
        <a
          key={run.id}
          href={routeHash({ page: 'run', runId: run.id, tab: 'overview' })}
          className="pill"
          data-testid="compare-run"
        >
          <RunSwatch {...styleOf(run.id)} />
          <VisibleText text={run.name ?? run.id} /> <SourceBadge source={run.source} />
          <FarBadge runId={run.id} />
          <StatusBadge status={run.status} />
        </a>
      ))}
      {folds ? (
        <button
          type="button"
          className="link-btn"
          onClick={() => setUnfolded(!unfolded)}
          data-testid="compare-runs-more"
        >
          {unfolded ? 'Show fewer' : `+ ${runs.length - RUNS_SHOWN_FOLDED} more runs`}
        </button>
      ) : null}
    </div>
  );
}
