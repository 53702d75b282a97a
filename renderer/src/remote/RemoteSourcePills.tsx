// The top bar's word on far stores (ssh://) not reached now: "host: reconnecting…", or closed,
// with why in its title.

import { useStoreView } from '../state/app-context.js';
import './remote.css';
import { farSourceOf, unreachedSources, unreachedWords } from './remote-sources.js';

export function RemoteSourcePills() {
  const view = useStoreView();
  return (
    <>
      {unreachedSources(view.info).map((remote) => {
        const words = unreachedWords(remote);
        return (
          <span
            key={remote.runIdPrefix + remote.host}
            className="pill"
            style={{ color: 'var(--s-failed)' }}
            title={words.long}
            data-testid="remote-unreached"
            data-state={remote.state}
          >
            {remote.state === 'reconnecting' ? (
              <span className="spinner" style={{ width: 10, height: 10 }} />
            ) : null}
            {words.short}
          </span>
        );
      })}
    </>
  );
}

/** A badge naming the far machine a run is on, when it is on one. */
export function FarBadge({ runId }: { runId: string }) {
  const view = useStoreView();
  const far = farSourceOf(runId, view.info);
  if (far === null) return null;
  return (
    <span
      className="source-badge"
      data-testid="far-badge"
      title={`This run is on ${far.host}, reached through ssh`}
    >
      {far.host}
    </span>
  );
}

/** A page's note that some of its runs are of a far store not reached now. */
export function UnreachedNotice({ runIds }: { runIds: readonly string[] }) {
  const view = useStoreView();
  const unreached = unreachedSources(view.info).filter((remote) =>
    runIds.some((id) => id.startsWith(remote.runIdPrefix)),
  );
  if (unreached.length === 0) return null;
  return (
    <div className="remote-notice" data-testid="remote-notice">
      {unreached.map((remote) => (
        <div key={remote.runIdPrefix + remote.host}>{unreachedWords(remote).long}</div>
      ))}
    </div>
  );
}
