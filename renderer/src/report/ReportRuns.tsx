// The runs of an offline report: a table of their status, the params that differ, their
// summary, tags, duration and commit (dirty marked), then each run's reproduce block.

import type { ReportDocument, ReportValue } from '../../../shared/report/report-document.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { reproduceText } from '../pages/reproduce-command.js';
import { absoluteTime } from '../text/time-text.js';
import type { ReportRunStyle } from './report-styles.js';
import { commitOf, differingParams, provenanceOf, runDuration, valueOf } from './report-text.js';

function Value({ value }: { value: ReportValue | undefined }) {
  if (value === undefined) return <span className="muted">—</span>;
  return <span className={`mono value-${value.kind}`}>{value.text}</span>;
}

function Swatch({ style }: { style: ReportRunStyle }) {
  return (
    <svg className="report-swatch" width="18" height="8" aria-hidden="true">
      <line
        x1="1"
        y1="4"
        x2="17"
        y2="4"
        stroke={style.color}
        strokeWidth="2.5"
        strokeDasharray={style.dash?.join(' ')}
      />
    </svg>
  );
}

export function ReportRunsTable({
  document,
  styles,
}: {
  document: ReportDocument;
  styles: readonly ReportRunStyle[];
}) {
  const { runs } = document;
  const params = differingParams(runs);
  const summaryKeys = [...new Set(runs.flatMap((run) => run.summary.map(([name]) => name)))].sort();
  return (
    <div className="report-table-wrap card">
      <table className="report-table" data-testid="report-runs">
        <thead>
          <tr>
            <th>Run</th>
            <th>Status</th>
            <th>Duration</th>
            <th>Commit</th>
            {params.map((name) => (
              <th key={`p:${name}`} className="mono" title="A param whose value differs">
                {name}
              </th>
            ))}
            {summaryKeys.map((name) => (
              <th key={`s:${name}`} className="mono summary-col" title="The run’s summary">
                {name}
              </th>
            ))}
            <th>Tags</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run, index) => {
            const style = styles[index]!;
            const commit = commitOf(run);
            const ran = runDuration(run);
            return (
              <tr key={run.id} data-testid="report-run" data-run-id={run.id}>
                <td>
                  <div className="report-run-name">
                    <Swatch style={style} />
                    <span>{style.label}</span>
                  </div>
                  <div className="muted mono small">
                    {run.experiment !== null ? `${run.experiment} · ` : ''}
                    {run.id}
                  </div>
                </td>
                <td title={run.error ?? undefined}>
                  <StatusBadge status={run.status} compact />
                </td>
                <td
                  title={
                    run.startTime === null ? undefined : `started ${absoluteTime(run.startTime)}`
                  }
                >
                  {ran ?? <span className="muted">—</span>}
                </td>
                <td>
                  {commit === null ? (
                    <span className="muted">—</span>
                  ) : (
                    <span className="mono" title={commit.full}>
                      {commit.commit}
                      {commit.dirty ? (
                        <span className="dirty-mark" title="The tree had changes not committed">
                          {' '}
                          dirty
                        </span>
                      ) : null}
                    </span>
                  )}
                </td>
                {params.map((name) => (
                  <td key={`p:${name}`}>
                    <Value value={valueOf(run.params, name)} />
                  </td>
                ))}
                {summaryKeys.map((name) => (
                  <td key={`s:${name}`} className="summary-col">
                    <Value value={valueOf(run.summary, name)} />
                  </td>
                ))}
                <td>
                  {run.tags.length === 0 ? (
                    <span className="muted">—</span>
                  ) : (
                    run.tags.map((tag) => (
                      <span className="tag" key={tag}>
                        {tag}
                      </span>
                    ))
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {params.length === 0 && runs.length > 1 ? (
        <div className="muted report-table-foot">The runs’ params are all the same.</div>
      ) : null}
    </div>
  );
}

/** Each run's shell lines to run it again, as the app's Overview gives them. */
export function ReportReproduce({
  document,
  styles,
}: {
  document: ReportDocument;
  styles: readonly ReportRunStyle[];
}) {
  return (
    <div className="stack" data-testid="report-reproduce">
      {document.runs.map((run, index) => {
        const reproduce = reproduceText(
          provenanceOf(run),
          run.id,
          run.hasGitDiff
            ? 'its git.diff is kept in the store, not in this report'
            : 'its git.diff is missing',
        );
        return (
          <details key={run.id} className="card report-reproduce">
            <summary>
              <Swatch style={styles[index]!} /> {styles[index]!.label}
            </summary>
            {reproduce === null ? (
              <div className="muted">The start records no provenance: nothing says how it ran.</div>
            ) : (
              <>
                <pre data-testid="report-reproduce-text">{reproduce.lines.join('\n')}</pre>
                {reproduce.notes.map((note) => (
                  <div className="muted" key={note}>
                    {note}
                  </div>
                ))}
              </>
            )}
          </details>
        );
      })}
    </div>
  );
}
