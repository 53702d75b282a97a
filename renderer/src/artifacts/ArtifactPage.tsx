// One artifact's page: its versions newest first (deleted ones marked, with their time), each
// with its producer, step, size, short digest, metadata and aliases; a version's lineage; and the
// check of the blobs.

import type { ArtifactDetail, ArtifactVersionDetail } from '../../../shared/api/contract.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import { ValueView } from '../components/ValueView.js';
import { VisibleText } from '../components/VisibleText.js';
import { useServices } from '../state/app-context.js';
import type { Route } from '../state/route.js';
import { routeHash } from '../state/route.js';
import { absoluteTime, shortDateTime } from '../text/time-text.js';
import { AliasChips, ShortDigest } from './artifact-words.js';
import { LineageView } from './LineageView.js';
import { VerifyBlobs } from './VerifyBlobs.js';
import { useArtifactQuery } from './use-artifact-query.js';
import './artifacts.css';

type Navigate = (route: Route) => void;

function Producer({ version, navigate }: { version: ArtifactVersionDetail; navigate: Navigate }) {
  if (version.run === null) return <span className="muted">—</span>;
  if (!version.runInStore)
    return (
      <span className="mono muted" title="The run is not in this store">
        <VisibleText text={version.run} />
      </span>
    );
  const route: Route = { page: 'run', runId: version.run, tab: 'overview' };
  return (
    <a
      href={routeHash(route)}
      onClick={(event) => (event.stopPropagation(), event.preventDefault(), navigate(route))}
    >
      {version.runName ?? <VisibleText text={version.run} />}
    </a>
  );
}

function Metadata({ metadata }: { metadata: ArtifactVersionDetail['metadata'] }) {
  if (metadata === null || metadata.size === 0) return <span className="muted">—</span>;
  return (
    <span className="metadata">
      {[...metadata].map(([key, value]) => (
        <span key={key} className="metadata-item">
          <span className="muted">{key}</span> <ValueView value={value} />
        </span>
      ))}
    </span>
  );
}

function VersionRow(props: {
  version: ArtifactVersionDetail;
  selected: boolean;
  select: () => void;
  navigate: Navigate;
}) {
  const { version } = props;
  const time = version.time === null ? '—' : shortDateTime(version.time);
  const title = version.time === null ? undefined : absoluteTime(version.time);
  // A row's number and time, the same for a deleted version, which keeps only its time.
  const head = (className: string) => ({
    row: {
      className: className || undefined,
      'data-testid': 'version-row',
      'data-version': version.version,
      onClick: props.select,
    },
    cells: (
      <>
        <td className="num mono">v{version.version}</td>
        <td className="time" title={title}>
          {time}
        </td>
      </>
    ),
  });
  const selected = props.selected ? 'selected' : '';
  if (version.deleted) {
    const { row, cells } = head(`deleted ${selected}`.trim());
    return (
      <tr {...row}>
        {cells}
        <td colSpan={6}>
          <span className="deleted-mark">deleted</span>{' '}
          <span className="muted">its number names nothing ever again</span>
        </td>
      </tr>
    );
  }
  const { row, cells } = head(selected);
  return (
    <tr {...row}>
      {cells}
      <td>
        <Producer version={version} navigate={props.navigate} />
      </td>
      <td className="num">{version.step ?? '—'}</td>
      <td className="num">{version.size === null ? '—' : byteSize(version.size)}</td>
      <td onClick={(event) => event.stopPropagation()}>
        <ShortDigest digest={version.digest} />
      </td>
      <td>
        <Metadata metadata={version.metadata} />
      </td>
      <td>
        <AliasChips aliases={version.aliases} />
      </td>
    </tr>
  );
}

function Versions(props: { detail: ArtifactDetail; chosen: number | null; navigate: Navigate }) {
  const { detail, navigate } = props;
  const selected =
    detail.versions.find((v) => v.version === props.chosen) ??
    detail.versions.find((v) => v.version === detail.latest) ??
    detail.versions[0];
  return (
    <div className="page-body stack">
      <VerifyBlobs key={detail.name} name={detail.name} />
      <div className="card">
        <h3>Versions ({detail.versions.length})</h3>
        <table className="artifact-table versions">
          <thead>
            <tr>
              <th className="num">Version</th>
              <th>Time</th>
              <th>Produced by</th>
              <th className="num">Step</th>
              <th className="num">Size</th>
              <th>Digest</th>
              <th>Metadata</th>
              <th>Aliases</th>
            </tr>
          </thead>
          <tbody>
            {detail.versions.map((version) => (
              <VersionRow
                key={version.version}
                version={version}
                selected={version === selected}
                navigate={navigate}
                select={() =>
                  navigate({ page: 'artifact', name: detail.name, version: version.version })
                }
              />
            ))}
          </tbody>
        </table>
      </div>
      {selected !== undefined ? (
        <div className="card">
          <h3>
            Lineage of {detail.name}:{selected.version}
          </h3>
          <div className="body">
            <LineageView
              key={selected.version}
              name={detail.name}
              version={selected}
              navigate={navigate}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

export function ArtifactPage(props: { name: string; version: number | null; navigate: Navigate }) {
  const { bridge } = useServices();
  const query = useArtifactQuery<ArtifactDetail>(props.name, () =>
    bridge.api.artifactDetail({ name: props.name }),
  );
  const back: Route = { page: 'artifacts' };
  return (
    <div className="run-page artifact-page">
      <div className="run-header">
        <a
          href={routeHash(back)}
          className="muted"
          onClick={(event) => (event.preventDefault(), props.navigate(back))}
        >
          ← Artifacts
        </a>
        <h1 data-testid="artifact-title">{props.name}</h1>
        {query.state === 'ready' ? (
          <div className="row artifact-facts">
            <span>
              latest{' '}
              <strong>{query.result.latest === null ? 'none' : `v${query.result.latest}`}</strong>
            </span>
            {query.result.aliases.map(({ alias, version }) => (
              <span className="alias-chip" key={alias}>
                {alias} <span className="muted">→ {version}</span>
              </span>
            ))}
          </div>
        ) : null}
      </div>
      {query.state === 'loading' ? (
        <div className="empty-state">
          <div className="spinner" />
        </div>
      ) : query.state === 'failed' ? (
        <div className="empty-state">
          <div className="error-box">{query.message}</div>
        </div>
      ) : (
        <Versions detail={query.result} chosen={props.version} navigate={props.navigate} />
      )}
    </div>
  );
}
