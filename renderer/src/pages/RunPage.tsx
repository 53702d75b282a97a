// A run's page: a header (experiment / name, id with copy, status with the error of a failed
// run, start, duration, last write, progress, tags) and tabs: Overview, Metrics, System, Files,
// Notes (marked while its notes have an unsaved draft).

import { useLayoutEffect, useState } from 'react';
import type { RunDetail, RunSummary } from '../../../shared/api/contract.js';
import { unwrap } from '../api/call.js';
import type { FilesFocus, Route, RunTab } from '../state/route.js';
import type { BoardLink } from '../workspace/board-link.js';
import { routeHash } from '../state/route.js';
import { useAnswerOrder, useThrottledAsk } from '../state/throttled-ask.js';
import {
  useNotesDraft,
  useNow,
  useRunVersion,
  useServices,
  useStoreView,
} from '../state/app-context.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { HeaderHealthMarks, WatchToggle } from '../health/HealthMarks.js';
import { TagEditor } from '../components/TagEditor.js';
import { SourceBadge } from '../components/SourceBadge.js';
import { VisibleText } from '../components/VisibleText.js';
import { absoluteTime, duration, relativeTime, shortDateTime } from '../text/time-text.js';
import { OverviewTab } from './OverviewTab.js';
import { NotesTab } from './NotesTab.js';
import { MetricsTab } from './MetricsTab.js';
import { FilesTab } from './FilesTab.js';
import { runDuration } from './runs-table-model.js';
import { FarBadge, UnreachedNotice } from '../remote/RemoteSourcePills.js';

function CopyId({ id }: { id: string }) {
  const { toast } = useServices();
  return (
    <button
      className="copy-id"
      title="Copy the run id"
      data-testid="copy-run-id"
      onClick={() =>
        void navigator.clipboard
          .writeText(id)
          .then(() => toast('Run id copied'))
          .catch(() => toast('The clipboard is not available here', 'error'))
      }
    >
      <VisibleText text={id} />
      <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
        <rect
          x="5"
          y="5"
          width="9"
          height="9"
          rx="1.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
        <path
          d="M3 11V3.5A1.5 1.5 0 0 1 4.5 2H11"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
    </button>
  );
}

/** The parent run by its name, as the table nests it; by its id when it is not in the store. */
function ParentLink({ parentId, parent }: { parentId: string; parent: RunSummary | undefined }) {
  const name = parent?.name ?? null;
  return (
    <a
      href={routeHash({ page: 'run', runId: parentId, tab: 'overview' })}
      className={name === null ? 'mono' : undefined}
      title={parent === undefined ? `${parentId}: no run of the store has this id` : parentId}
      data-testid="parent-link"
    >
      <VisibleText text={name ?? parentId} />
    </a>
  );
}

export function RunPage(props: {
  runId: string;
  tab: RunTab;
  files?: FilesFocus | undefined;
  metrics?: FilesFocus | undefined;
  board?: BoardLink | undefined;
  navigate: (route: Route) => void;
}) {
  const { runId, tab, navigate } = props;
  const { bridge, store } = useServices();
  const view = useStoreView();
  const version = useRunVersion(runId);
  const now = useNow(5000);
  const [detail, setDetail] = useState<RunDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const summary = view.runs.get(runId);
  const [notesDraft] = useNotesDraft(runId);

  // In the commit, with the board's first envelopes: see ComparePage.
  useLayoutEffect(() => void store.follow([runId]), [store, runId]);

  // A live run changes many times a second: its detail is fetched at most every half second,
  // and an answer older than one already shown is dropped.
  const order = useAnswerOrder();
  useThrottledAsk(
    () => {
      const ticket = order.ticket(runId);
      bridge.api
        .runDetail({ runId })
        .then((response) => {
          const next = unwrap(response);
          order.show(runId, ticket, () => (setDetail(next), setError(null)));
        })
        .catch((e: unknown) =>
          order.show(runId, ticket, () => setError(e instanceof Error ? e.message : String(e))),
        );
    },
    JSON.stringify([runId, version]),
    500,
  );

  if (summary === undefined) {
    return (
      <div className="empty-state">
        {view.loading ? (
          <div className="spinner" />
        ) : (
          <>
            <h2>No such run</h2>
            <div>
              The run <VisibleText text={runId} /> is not in this store (it may have been deleted).
            </div>
            <button className="btn" onClick={() => navigate({ page: 'runs' })}>
              Back to the runs
            </button>
          </>
        )}
      </div>
    );
  }

  const seconds = runDuration(summary);
  const metricKeys = summary.keys.filter((key) => key.kind === 'metric').length;
  const readingKeys = summary.keys.filter((key) => key.kind === 'reading').length;
  const tabs: [RunTab, string, number | null][] = [
    ['overview', 'Overview', null],
    ['metrics', 'Metrics', metricKeys],
    ['system', 'System', readingKeys],
    ['files', 'Files', summary.fileCount],
    ['notes', 'Notes', null],
  ];

  return (
    <div className="run-page" data-testid="run-page">
      <div className="run-header">
        <div className="row">
          <a href="#/" onClick={(event) => (event.preventDefault(), navigate({ page: 'runs' }))}>
            ← Runs
          </a>
        </div>
        <h1>
          {summary.experiment !== null ? (
            <span className="experiment">{summary.experiment} /</span>
          ) : null}
          <span data-testid="run-title">
            <VisibleText text={summary.name ?? summary.id} />
          </span>
          <StatusBadge status={summary.status} lastWrite={summary.lastWrite} now={now} pulse />
          <SourceBadge source={summary.source} long />
          <FarBadge runId={runId} />
          <WatchToggle runIds={[runId]} />
        </h1>
        <HeaderHealthMarks run={summary} now={now} />
        <UnreachedNotice runIds={[runId]} />
        <div className="meta-line">
          <CopyId id={summary.id} />
          {summary.startTime !== null ? (
            <span className="item" title={absoluteTime(summary.startTime)}>
              <span className="label">started</span> {shortDateTime(summary.startTime)}
            </span>
          ) : null}
          {seconds !== null ? (
            <span className="item">
              {/* A run without an end ran from its start to its last write; only a held lock
                  says it runs still (a crashed run's writer is gone). */}
              <span className="label">{summary.status === 'running' ? 'running for' : 'ran'}</span>{' '}
              {duration(seconds)}
            </span>
          ) : null}
          {summary.lastWrite > 0 ? (
            // A run whose log cannot be read has no last write to tell.
            <span className="item" title={absoluteTime(summary.lastWrite)}>
              <span className="label">last write</span> {relativeTime(summary.lastWrite, now)}
            </span>
          ) : null}
          {summary.lastStep !== null ? (
            <span className="item">
              <span className="label">step</span> {summary.lastStep}
              {summary.steps !== null ? ` of ${summary.steps}` : ''}
            </span>
          ) : null}
          {summary.parent !== null ? (
            <span className="item">
              <span className="label">parent</span>
              <ParentLink parentId={summary.parent} parent={view.runs.get(summary.parent)} />
            </span>
          ) : null}
        </div>
        {summary.error !== null ? (
          <div className="error-box" style={{ marginBottom: 10 }} data-testid="run-error">
            {summary.error}
          </div>
        ) : null}
        <TagEditor runId={runId} tags={summary.tags} readOnly={summary.readOnly} />
        <div className="tabs" role="tablist">
          {tabs.map(([id, label, count]) => (
            <button
              key={id}
              role="tab"
              aria-selected={tab === id}
              className={`tab ${tab === id ? 'on' : ''}`}
              onClick={() => navigate({ page: 'run', runId, tab: id })}
              data-testid={`tab-${id}`}
            >
              {label}
              {count !== null ? <span className="count">{count}</span> : null}
              {id === 'notes' && notesDraft !== undefined ? (
                <span
                  style={{ marginLeft: 5, color: 'var(--accent)' }}
                  title="Unsaved notes: they are kept until you save or revert them"
                  aria-label="unsaved"
                  data-testid="notes-draft-mark"
                >
                  ●
                </span>
              ) : null}
            </button>
          ))}
        </div>
      </div>
      <div className="page-body">
        {error !== null ? <div className="error-box">{error}</div> : null}
        {detail === null && error === null && tab !== 'files' ? <div className="spinner" /> : null}
        {detail !== null && tab === 'overview' ? (
          <OverviewTab detail={detail} runId={runId} />
        ) : null}
        {detail !== null && tab === 'metrics' ? (
          <MetricsTab
            detail={detail}
            runId={runId}
            kind="metric"
            navigate={navigate}
            focus={props.metrics}
            board={props.board}
          />
        ) : null}
        {detail !== null && tab === 'system' ? (
          <MetricsTab
            detail={detail}
            runId={runId}
            kind="reading"
            navigate={navigate}
            board={props.board}
          />
        ) : null}
        {tab === 'files' ? (
          // The files are listed on their own: the tab needs no detail to open.
          <FilesTab runId={runId} startTime={summary.startTime} focus={props.files} />
        ) : null}
        {detail !== null && tab === 'notes' ? (
          <NotesTab
            runId={runId}
            notes={detail.notes}
            info={detail.notesInfo}
            readOnly={summary.readOnly}
          />
        ) : null}
      </div>
    </div>
  );
}
