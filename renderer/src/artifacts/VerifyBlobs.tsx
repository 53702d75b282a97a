// Verifying an artifact's blobs from its page: the host hashes them again on a thread of its own,
// the page shows how far it got, then each version's verdict: ok, missing, modified (the digest
// now, and the entries written after publication), unreadable (why) or deleted.

import { useEffect, useState } from 'react';
import type { VersionCheckInfo } from '../../../shared/api/contract.js';
import { byteSize } from '../../../shared/format/byte-size.js';
import { ApiCallError, unwrap } from '../api/call.js';
import { useServices } from '../state/app-context.js';
import { ShortDigest } from './artifact-words.js';

type VerifyState =
  | { readonly state: 'idle' }
  | { readonly state: 'hashing'; readonly bytes: number; readonly total: number }
  | { readonly state: 'done'; readonly checks: readonly VersionCheckInfo[] }
  | { readonly state: 'failed'; readonly message: string }
  | { readonly state: 'cancelled' };

const STATUS_CLASS: Record<VersionCheckInfo['status'], string> = {
  ok: 'finished',
  modified: 'failed',
  missing: 'failed',
  unreadable: 'killed',
  deleted: 'unreadable',
};

function Verdict({ check }: { check: VersionCheckInfo }) {
  return (
    <tr data-testid="verify-row" data-version={check.version} data-status={check.status}>
      <td className="num mono">v{check.version}</td>
      <td>
        <span className={`status ${STATUS_CLASS[check.status]}`}>{check.status}</span>
      </td>
      <td>
        <ShortDigest digest={check.digest} />
      </td>
      <td className="verify-detail">
        {check.status === 'modified' ? (
          <>
            now <ShortDigest digest={check.actual} />
            {check.size !== null &&
            check.size.expected !== null &&
            check.size.actual !== check.size.expected
              ? ` · ${byteSize(check.size.actual)}, published ${byteSize(check.size.expected)}`
              : ''}
            {check.changed.length > 0 ? (
              <div className="muted">
                written after publication: <span className="mono">{check.changed.join(', ')}</span>
              </div>
            ) : null}
          </>
        ) : check.status === 'unreadable' ? (
          <span className="warn-text">{check.reason}</span>
        ) : check.status === 'missing' ? (
          <span className="muted">no blob of that digest in the store</span>
        ) : check.status === 'deleted' ? (
          <span className="muted">the version was deleted: nothing to check</span>
        ) : (
          <span className="muted">the blob's bytes are the bytes that were published</span>
        )}
      </td>
    </tr>
  );
}

/** What the check found, or how far it is, in one line. */
function summaryOf(verify: VerifyState): string {
  switch (verify.state) {
    case 'idle':
      return 'Hash every version’s blob again and compare it with the digest it was published with.';
    case 'hashing':
      return verify.total > 0
        ? `hashing ${byteSize(verify.total)}, ${Math.floor((100 * verify.bytes) / verify.total)}%`
        : 'measuring the blobs…';
    case 'failed':
      return verify.message;
    case 'cancelled':
      return 'Cancelled: no version was checked to the end.';
    case 'done': {
      const bad = verify.checks.filter((c) => c.status !== 'ok' && c.status !== 'deleted');
      return bad.length === 0
        ? `every version checked is intact (${verify.checks.length})`
        : `${bad.length} of ${verify.checks.length} versions are not as published`;
    }
  }
}

export function VerifyBlobs({ name }: { name: string }) {
  const { bridge } = useServices();
  const [verify, setVerify] = useState<VerifyState>({ state: 'idle' });
  useEffect(
    () =>
      bridge.onDelta((delta) => {
        if (delta.type !== 'verify-progress' || delta.name !== name) return;
        setVerify((now) =>
          now.state === 'hashing'
            ? { state: 'hashing', bytes: delta.bytes, total: delta.total }
            : now,
        );
      }),
    [bridge, name],
  );
  const start = (): void => {
    setVerify({ state: 'hashing', bytes: 0, total: 0 });
    void bridge.api
      .verifyArtifact({ name })
      .then((response) => setVerify({ state: 'done', checks: unwrap(response) }))
      .catch((error: unknown) =>
        setVerify(
          error instanceof ApiCallError && error.error.code === 'cancelled'
            ? { state: 'cancelled' }
            : { state: 'failed', message: error instanceof Error ? error.message : String(error) },
        ),
      );
  };
  return (
    <div className="card" data-testid="verify-card">
      <h3>Blobs</h3>
      <div className="body stack">
        <div className="row">
          <button
            className="btn small"
            onClick={start}
            disabled={verify.state === 'hashing'}
            data-testid="verify-start"
          >
            Verify blobs
          </button>
          {verify.state === 'hashing' ? (
            <button
              className="btn small"
              onClick={() => void bridge.api.cancelVerify({ name })}
              data-testid="verify-cancel"
            >
              Cancel
            </button>
          ) : null}
          <span className="muted" data-testid="verify-summary">
            {summaryOf(verify)}
          </span>
        </div>
        {verify.state === 'done' ? (
          <table className="artifact-table">
            <thead>
              <tr>
                <th className="num">Version</th>
                <th>Status</th>
                <th>Published digest</th>
                <th>What the blob holds now</th>
              </tr>
            </thead>
            <tbody>
              {verify.checks.map((check) => (
                <Verdict key={check.version} check={check} />
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </div>
  );
}
