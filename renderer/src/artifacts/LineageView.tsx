// A version's lineage drawn left to right: the run that produced it, the version, and the runs
// that used it, the used side folded past a few runs into "+N more runs" that opens.

import { useState } from 'react';
import type { ArtifactVersionDetail } from '../../../shared/api/contract.js';
import { VisibleText } from '../components/VisibleText.js';
import type { Route } from '../state/route.js';
import { routeHash } from '../state/route.js';
import { AliasChips, MovedAliasNote } from './artifact-words.js';

/** Runs shown on the used side before the rest fold away: more would push the page long. */
const SHOWN_USES = 5;

function RunBox(props: {
  runId: string;
  name: string | null;
  navigate: (route: Route) => void;
  children?: React.ReactNode;
}) {
  const route: Route = { page: 'run', runId: props.runId, tab: 'overview' };
  return (
    <a
      className="lineage-box run"
      href={routeHash(route)}
      data-testid="lineage-run"
      onClick={(event) => (event.preventDefault(), props.navigate(route))}
    >
      <strong>{props.name ?? <span className="muted">unnamed run</span>}</strong>
      <span className="mono muted">
        <VisibleText text={props.runId} />
      </span>
      {props.children}
    </a>
  );
}

export function LineageView(props: {
  name: string;
  version: ArtifactVersionDetail;
  navigate: (route: Route) => void;
}) {
  const { name, version, navigate } = props;
  const [unfolded, setUnfolded] = useState(false);
  const uses = unfolded ? version.usedBy : version.usedBy.slice(0, SHOWN_USES);
  const folded = version.usedBy.length - uses.length;
  return (
    <div className="lineage" data-testid="lineage">
      <div className="lineage-column">
        <div className="lineage-caption">produced by</div>
        {version.run === null ? (
          <div className="lineage-box missing">
            {version.deleted ? 'deleted: the producer is no longer recorded' : 'no run recorded'}
          </div>
        ) : version.runInStore ? (
          <RunBox runId={version.run} name={version.runName} navigate={navigate} />
        ) : (
          <div className="lineage-box missing" title="The run is not in this store">
            <span className="mono">
              <VisibleText text={version.run} />
            </span>
            <span className="muted">not in this store</span>
          </div>
        )}
      </div>
      <div className="lineage-edge" aria-hidden="true" />
      <div className="lineage-column">
        <div className="lineage-caption">version</div>
        <div className={`lineage-box version ${version.deleted ? 'deleted' : ''}`}>
          <strong className="mono">
            {name}:{version.version}
          </strong>
          {version.deleted ? <span className="deleted-mark">deleted</span> : null}
          <span>
            <AliasChips aliases={version.aliases} />
          </span>
        </div>
      </div>
      <div className="lineage-edge" aria-hidden="true" />
      <div className="lineage-column">
        <div className="lineage-caption">
          used by {version.usedBy.length} {version.usedBy.length === 1 ? 'run' : 'runs'}
        </div>
        {version.usedBy.length === 0 ? (
          <div className="lineage-box missing">no run of this store used it</div>
        ) : (
          <div className="lineage-fan">
            {uses.map((use) => (
              <RunBox key={use.runId} runId={use.runId} name={use.runName} navigate={navigate}>
                <MovedAliasNote name={name} version={version.version} moved={use.movedAliases} />
              </RunBox>
            ))}
            {folded > 0 ? (
              <button
                className="btn small lineage-more"
                data-testid="lineage-more"
                onClick={() => setUnfolded(true)}
              >
                +{folded} more runs
              </button>
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}
