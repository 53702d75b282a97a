// A run's Overview lists: the artifact versions it used and those it produced, each a link to
// the version's lineage, with a note where an alias has since left the version used.

import type { RunArtifacts } from '../../../shared/api/contract.js';
import { useRoute, useServices } from '../state/app-context.js';
import { AliasChips, MovedAliasNote, VersionLink } from './artifact-words.js';
import { useArtifactQuery } from './use-artifact-query.js';
import './artifacts.css';

/** `usesKey` changes when the run's log gains a use, so the lists are asked for again. */
export function RunArtifactsList({ runId, usesKey }: { runId: string; usesKey: number }) {
  const { bridge } = useServices();
  const [, navigate] = useRoute();
  const query = useArtifactQuery<RunArtifacts>(`${runId}\u0000${usesKey}`, () =>
    bridge.api.runArtifacts({ runId }),
  );
  if (query.state === 'loading') return <div className="muted">Artifacts…</div>;
  if (query.state === 'failed') return <div className="error-box">{query.message}</div>;
  const { used, produced } = query.result;
  return (
    <>
      <div data-testid="artifacts-used">
        <div className="muted">Artifacts used</div>
        {used.length === 0 ? <div>none</div> : null}
        {used.map((use) => (
          <div key={`${use.name}:${use.version}`}>
            <VersionLink name={use.name} version={use.version} navigate={navigate} />{' '}
            <AliasChips aliases={use.aliases} />
            {use.state === 'deleted' ? <span className="deleted-mark">deleted since</span> : null}
            {use.state === 'missing' ? (
              <span className="muted">not in this store's artifacts</span>
            ) : null}
            <MovedAliasNote name={use.name} version={use.version} moved={use.movedAliases} />
          </div>
        ))}
      </div>
      <div data-testid="artifacts-produced">
        <div className="muted">Artifacts produced</div>
        {produced.length === 0 ? <div>none</div> : null}
        {produced.map((version) => (
          <div key={`${version.name}:${version.version}`}>
            <VersionLink name={version.name} version={version.version} navigate={navigate} />{' '}
            {version.step !== null ? <span className="muted">at step {version.step} </span> : null}
            <AliasChips aliases={version.aliases} />
          </div>
        ))}
      </div>
    </>
  );
}
