// A run's overview: params, provenance (git diff viewable), how to reproduce it, summary,
// artifacts used and made, files logged, the damaged-line count with what it means, the files
// that cannot be read, and an event stream's source and annotations.

import { Fragment } from 'react';
import type { RunDetail } from '../../../shared/api/contract.js';
import type { JsonValue } from '../../../shared/format/json.js';
import { encodeJson } from '../../../shared/format/json.js';
import { ValueView } from '../components/ValueView.js';
import { GitDiffControl } from './GitDiffModal.js';
import { RunArtifactsList } from '../artifacts/RunArtifactsList.js';
import { routeHash } from '../state/route.js';
import type { Value } from '../../../shared/format/values.js';
import { AnnotationsCard } from './AnnotationsCard.js';
import { ReproduceBlock } from './ReproduceBlock.js';

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
  const provenance = detail.provenance;
  const diffControl = <GitDiffControl info={detail.gitDiff} runId={runId} />;
  if (provenance === null)
    return (
      <div className="stack">
        <div className="muted">The start record holds no provenance.</div>
        {detail.gitDiff !== null ? <div className="row">git.diff {diffControl}</div> : null}
      </div>
    );
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
        {diffControl}
      </span>,
    ]);
  }
  // A diff with no git member to show it beside: a run copied, or a writer of its own.
  if (!(git instanceof Map) && detail.gitDiff !== null) rows.push(['git.diff', diffControl]);
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

/** The files of the run that are there but cannot be read, each with why. */
/** The keys the run logged files under, each with its count, linked to the Files tab there. */
function LoggedKeys({ runId, files }: { runId: string; files: RunDetail['files'] }) {
  const counts = new Map<string, number>();
  for (const file of files) counts.set(file.key, (counts.get(file.key) ?? 0) + 1);
  return (
    <div data-testid="logged-keys">
      <div className="muted">Files logged ({files.length})</div>
      {files.length === 0 ? <div>none</div> : null}
      {[...counts].map(([key, count]) => (
        <div key={key}>
          <a
            className="mono"
            href={routeHash({ page: 'run', runId, tab: 'files', files: { key, step: null } })}
          >
            {key}
          </a>{' '}
          <span className="muted">
            {count} {count === 1 ? 'file' : 'files'}
          </span>
        </div>
      ))}
    </div>
  );
}

function FileProblemsCard({ problems }: { problems: RunDetail['fileProblems'] }) {
  if (problems.length === 0) return null;
  return (
    <div className="card wide" data-testid="file-problems-card">
      <h3>Files that cannot be read</h3>
      <div className="body warn-box" style={{ border: 'none', borderRadius: 0 }}>
        {problems.length === 1 ? 'One file' : `${problems.length} files`} of this run could not be
        read and {problems.length === 1 ? 'is' : 'are'} left out of what is shown here:
        <ul className="file-problems">
          {problems.map((problem) => (
            <li key={problem.file}>
              <span className="mono">{problem.file}</span> {problem.reason}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function OverviewTab({ detail, runId }: { detail: RunDetail; runId: string }) {
  const { summary } = detail;
  // Nothing of a run whose log cannot be read is known: no params, provenance or writer to show.
  if (summary.status === 'unreadable' && summary.startTime === null)
    return (
      <div className="cards">
        <FileProblemsCard problems={detail.fileProblems} />
        <div className="muted" data-testid="unreadable-card">
          Nothing else of this run can be shown until its log can be read: no params, provenance or
          samples. The page fills in once it can.
        </div>
      </div>
    );
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
      <FileProblemsCard problems={detail.fileProblems} />
      {summary.source === 'jsonl-events' ? (
        <div className="card wide" data-testid="source-card">
          <h3>
            Source <span className="source-badge">JSONL event stream</span>
          </h3>
          <div className="body">
            This run is read from a JSONL event stream (open, metric, annotation and done lines),
            not from a munin store. Each sample’s metadata are its labels; the runtime’s annotations
            are marked on every curve.
            {summary.readOnly !== null ? (
              <div className="muted" data-testid="source-read-only">
                Tags and notes cannot be written: {summary.readOnly}
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
      <AnnotationsCard annotations={detail.annotations} startTime={summary.startTime} />
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
      {summary.source === 'munin' ? (
        <div className="card wide" data-testid="reproduce-card">
          <h3>Reproduce</h3>
          <div className="body">
            <ReproduceBlock detail={detail} runId={runId} />
          </div>
        </div>
      ) : null}
      <div className="card">
        <h3>Resumes · artifacts · files</h3>
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
          <RunArtifactsList runId={runId} usesKey={detail.uses.length} />
          <LoggedKeys runId={runId} files={detail.files} />
        </div>
      </div>
      {summary.source === 'jsonl-events' ? null : (
        <Card title="Writer">
          {detail.writer === null ? (
            <div className="muted">
              {summary.status === 'silent'
                ? 'No writer file: the run was copied without it, so its status reads silent.'
                : 'No writer file: the run was copied without it. Its end gives its status.'}
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
      )}
    </div>
  );
}
