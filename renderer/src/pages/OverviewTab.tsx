// A run's overview: params, provenance (git diff viewable), summary, artifacts used, files
// logged, and the damaged-line count with what it means.

import { Fragment, useState } from 'react';
import type { GitDiffText, RunDetail } from '../../../shared/api/contract.js';
import type { JsonValue } from '../../../shared/format/json.js';
import { encodeJson } from '../../../shared/format/json.js';
import { ValueView } from '../components/ValueView.js';
import { unwrap } from '../api/call.js';
import { useServices } from '../state/app-context.js';
import { byteSize } from '../text/size-text.js';
import { GitDiffModal } from './GitDiffModal.js';
import type { Value } from '../../../shared/format/values.js';

function ValuesTable({ values, empty }: { values: ReadonlyMap<string, Value>; empty: string }) {
  if (values.size === 0) return <div className="muted">{empty}</div>;
  return (
    <table className="kv">
      <tbody>
        {[...values].map(([key, value]) => (
          <tr key={key}>
            <td>{key}</td>
            <td>
              <ValueView value={value} showKind />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function jsonText(value: JsonValue | undefined): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return encodeJson(value);
}

/**
 * A provenance key with a break opportunity after each . _ / and -, so that a long key such as
 * env.CUDA_VISIBLE_DEVICES wraps between its words rather than in the middle of one.
 */
function KeyText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(?<=[._/-])/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function Provenance({ detail, runId }: { detail: RunDetail; runId: string }) {
  const { bridge, toast } = useServices();
  const [diff, setDiff] = useState<GitDiffText | null>(null);
  const provenance = detail.provenance;
  if (provenance === null)
    return <div className="muted">The start record holds no provenance.</div>;
  const git = provenance.get('git');
  const command = provenance.get('command');
  const rows: [string, React.ReactNode][] = [];
  if (Array.isArray(command))
    rows.push(['command', (command as JsonValue[]).map((part) => jsonText(part)).join(' ')]);
  for (const name of ['cwd', 'hostname', 'pid', 'os', 'arch', 'cpu', 'ocaml', 'raven']) {
    if (provenance.has(name)) rows.push([name, jsonText(provenance.get(name))]);
  }
  if (git instanceof Map) {
    const dirty = git.get('dirty') === true;
    rows.push([
      'git',
      <span className="row" key="git">
        <span>{jsonText(git.get('commit'))}</span>
        {dirty ? (
          <span className="status killed">dirty</span>
        ) : (
          <span className="status finished">clean</span>
        )}
        {detail.gitDiff?.problem != null ? (
          <span className="warn-text" data-testid="git-diff-problem">
            git.diff {detail.gitDiff.problem}
          </span>
        ) : detail.gitDiff != null ? (
          <button
            className="btn small"
            onClick={() =>
              void bridge.api
                .gitDiff({ runId })
                .then((response) =>
                  setDiff(unwrap(response) ?? { text: '', size: 0, truncated: false }),
                )
                .catch((error: unknown) => toast(String(error), 'error'))
            }
          >
            View diff{detail.gitDiff.size !== null ? ` (${byteSize(detail.gitDiff.size)})` : ''}
          </button>
        ) : null}
      </span>,
    ]);
  }
  for (const name of ['seeds', 'env']) {
    const map = provenance.get(name);
    if (map instanceof Map) {
      for (const [key, value] of map) rows.push([`${name}.${key}`, jsonText(value)]);
    }
  }
  const known = new Set([
    'command',
    'cwd',
    'hostname',
    'pid',
    'os',
    'arch',
    'cpu',
    'ocaml',
    'raven',
    'git',
    'seeds',
    'env',
  ]);
  for (const [name, value] of provenance) if (!known.has(name)) rows.push([name, jsonText(value)]);
  return (
    <>
      <table className="kv">
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name}>
              <td>
                <KeyText text={name} />
              </td>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {diff !== null ? (
        <GitDiffModal diff={diff} runId={runId} onClose={() => setDiff(null)} />
      ) : null}
    </>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="card">
      <h3>{title}</h3>
      <div className="body">{children}</div>
    </div>
  );
}

export function OverviewTab({ detail, runId }: { detail: RunDetail; runId: string }) {
  const { summary } = detail;
  return (
    <div className="cards">
      {summary.damaged > 0 ? (
        <div className="card wide" data-testid="damaged-card">
          <h3>Damaged lines</h3>
          <div className="body warn-box" style={{ border: 'none', borderRadius: 0 }}>
            <strong>{summary.damaged}</strong> {summary.damaged === 1 ? 'line' : 'lines'} of this
            run’s log could not be read as records and {summary.damaged === 1 ? 'was' : 'were'}{' '}
            skipped: whole lines that are not records of the format (a corrupted or foreign line),
            or samples of a key the log had already given the other kind (a metric logged as a
            reading or the reverse). Their values are not shown anywhere; the log keeps them
            unchanged.
          </div>
        </div>
      ) : null}
      {detail.fileProblems.length > 0 ? (
        <div className="card wide" data-testid="file-problems-card">
          <h3>Files that cannot be read</h3>
          <div className="body warn-box" style={{ border: 'none', borderRadius: 0 }}>
            {detail.fileProblems.length === 1 ? 'One file' : `${detail.fileProblems.length} files`}{' '}
            of this run could not be read and {detail.fileProblems.length === 1 ? 'is' : 'are'} left
            out of what is shown here:
            <ul className="file-problems">
              {detail.fileProblems.map((problem) => (
                <li key={problem.file}>
                  <span className="mono">{problem.file}</span> {problem.reason}
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {detail.waitingOnHole ? (
        <div className="card wide">
          <h3>Waiting for data</h3>
          <div className="body">
            The log holds bytes its file system has not written yet (NUL bytes, as network file
            systems show a part still in flight). Reading stops there and goes on once they are
            filled, or once a resume cuts them off.
          </div>
        </div>
      ) : null}
      <Card title="Params">
        <ValuesTable values={summary.params} empty="No params." />
      </Card>
      <Card title="Summary">
        <ValuesTable values={summary.summary} empty="No summary values." />
      </Card>
      <Card title="Provenance">
        <Provenance detail={detail} runId={runId} />
      </Card>
      <div className="card">
        <h3>Resumes · artifacts used · files</h3>
        <div className="body stack">
          <div>
            <div className="muted">Resumes</div>
            {detail.resumes.length === 0 ? (
              <div>none</div>
            ) : (
              detail.resumes.map((resume, index) => (
                <div key={index}>
                  from step <strong>{resume.step}</strong> at{' '}
                  {new Date(resume.time * 1000).toLocaleString()}
                </div>
              ))
            )}
          </div>
          <div>
            <div className="muted">Artifacts used</div>
            {detail.uses.length === 0 ? (
              <div>none</div>
            ) : (
              detail.uses.map((use, index) => (
                <div key={index} className="mono">
                  {use.name} v{use.version}
                </div>
              ))
            )}
          </div>
          <div>
            <div className="muted">Files logged ({detail.files.length})</div>
            {detail.files.length === 0 ? <div>none</div> : null}
            {detail.files.slice(0, 50).map((file, index) => (
              <div key={index} className="mono">
                {file.key} @ {file.step} — {file.path}
              </div>
            ))}
            {detail.files.length > 50 ? (
              <div className="muted">and {detail.files.length - 50} more</div>
            ) : null}
          </div>
        </div>
      </div>
      <Card title="Writer">
        {detail.writer === null ? (
          <div className="muted">
            No writer file: the run was copied without it, so its status reads silent.
          </div>
        ) : (
          <table className="kv">
            <tbody>
              <tr>
                <td>machine</td>
                <td>{detail.writer.machine ?? '—'}</td>
              </tr>
              <tr>
                <td>boot</td>
                <td>{detail.writer.boot ?? '—'}</td>
              </tr>
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
