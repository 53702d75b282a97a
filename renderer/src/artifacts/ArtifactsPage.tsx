// The Artifacts page: every artifact of the store with its latest version, version count,
// aliases and last publication, filtered by name; a row opens the artifact's page.

import { useState } from 'react';
import type { ArtifactSummary } from '../../../shared/api/contract.js';
import { useServices } from '../state/app-context.js';
import type { Route } from '../state/route.js';
import { routeHash } from '../state/route.js';
import { absoluteTime, relativeTime } from '../text/time-text.js';
import { useArtifactQuery } from './use-artifact-query.js';
import './artifacts.css';

/** The latest publication: deleted versions keep their deletion's time, which is no publication. */
function lastPublished(artifact: ArtifactSummary): number | null {
  let last: number | null = null;
  for (const version of artifact.versions)
    if (!version.deleted && version.time !== null && (last === null || version.time > last))
      last = version.time;
  return last;
}

function ArtifactRow(props: { artifact: ArtifactSummary; navigate: (route: Route) => void }) {
  const { artifact } = props;
  const route: Route = { page: 'artifact', name: artifact.name, version: null };
  const live = artifact.versions.filter((v) => !v.deleted).length;
  const deleted = artifact.versions.length - live;
  const published = lastPublished(artifact);
  return (
    <tr data-testid="artifact-row" onClick={() => props.navigate(route)}>
      <td>
        <a
          href={routeHash(route)}
          className="artifact-name"
          onClick={(event) => (event.preventDefault(), props.navigate(route))}
        >
          {artifact.name}
        </a>
      </td>
      <td className="num">{artifact.latest === null ? '—' : `v${artifact.latest}`}</td>
      <td className="num">
        {live}
        {deleted > 0 ? <span className="muted"> (+{deleted} deleted)</span> : null}
      </td>
      <td>
        {artifact.aliases.map(({ alias, version }) => (
          <span className="alias-chip" key={alias} title={`${alias} names version ${version}`}>
            {alias} <span className="muted">→ {version}</span>
          </span>
        ))}
      </td>
      <td title={published === null ? undefined : absoluteTime(published)}>
        {published === null ? '—' : relativeTime(published)}
      </td>
    </tr>
  );
}

export function ArtifactsPage({ navigate }: { navigate: (route: Route) => void }) {
  const { bridge } = useServices();
  const [filter, setFilter] = useState('');
  const query = useArtifactQuery<readonly ArtifactSummary[]>('all', () =>
    bridge.api.listArtifacts({}),
  );
  if (query.state === 'loading')
    return (
      <div className="empty-state">
        <div className="spinner" />
      </div>
    );
  if (query.state === 'failed')
    return (
      <div className="empty-state">
        <div className="error-box">{query.message}</div>
      </div>
    );
  const needle = filter.trim().toLowerCase();
  const shown = query.result.filter((a) => a.name.toLowerCase().includes(needle));
  return (
    <div className="browser artifacts-page">
      <div className="toolbar">
        <input
          className="text filter"
          placeholder="Filter artifacts by name"
          value={filter}
          data-testid="artifact-filter"
          onChange={(event) => setFilter(event.target.value)}
        />
        <span className="spacer" />
        <span className="muted">
          {shown.length} of {query.result.length} artifacts
        </span>
      </div>
      {query.result.length === 0 ? (
        <div className="empty-state">
          <h2>No artifacts</h2>
          <div>This store holds no artifacts/ yet: a run publishes versions into it.</div>
        </div>
      ) : shown.length === 0 ? (
        <div className="empty-state">
          <h2>No artifact matches “{filter}”</h2>
          <button className="btn" onClick={() => setFilter('')}>
            Clear the filter
          </button>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="artifact-table">
            <thead>
              <tr>
                <th>Name</th>
                <th className="num">Latest</th>
                <th className="num">Versions</th>
                <th>Aliases</th>
                <th>Last published</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((artifact) => (
                <ArtifactRow key={artifact.name} artifact={artifact} navigate={navigate} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
