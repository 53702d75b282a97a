// A curve panel's marks as icons along its top edge (placed inside uPlot's over): one per cluster
// of near marks, each run of a Compare on its own row in its colour, and on hover what the
// cluster holds: kind, step, time and text of each mark, or their count past a few.

import type { XAxisMode } from '../curve-data.js';
import type { XView } from '../file-step-ticks.js';
import { duration, shortDateTime } from '../../text/time-text.js';
import { visibleText } from '../../text/visible-text.js';
import type { MarkCluster, PanelMark, RunMarks } from './mark-clusters.js';
import { clusterKind, kindCounts } from './mark-clusters.js';
import { layoutMarks } from './mark-layout.js';
import { MarkIcon } from './MarkIcon.js';

/** Marks a hover lists one by one; past these it tells how many more. */
const LISTED = 6;
/** Texts longer than this (a lowering report) are cut in the hover; the Overview has them whole. */
const TEXT_CHARS = 160;

function cut(text: string): string {
  const line = visibleText(text);
  return line.length > TEXT_CHARS ? `${line.slice(0, TEXT_CHARS)}…` : line;
}

/** A mark's one line of where: its kind, step and time, as the hover and its label tell them. */
export function markWhere(mark: PanelMark, startTime: number): string {
  const since = mark.time - startTime;
  return `${mark.kind} · step ${mark.step.toLocaleString('en')} · ${shortDateTime(mark.time)}${
    since >= 0 ? ` (${duration(since)} in)` : ''
  }`;
}

function Tip({
  cluster,
  run,
  showRun,
}: {
  cluster: MarkCluster<PanelMark>;
  run: RunMarks;
  showRun: boolean;
}) {
  const { members } = cluster;
  return (
    <div className="mark-tip" role="tooltip" data-testid="mark-tip">
      {showRun ? <div className="mark-tip-run">{visibleText(run.label)}</div> : null}
      {members.length > 1 ? (
        <div className="mark-tip-head">
          {members.length} marks here: {kindCounts(members)}
        </div>
      ) : null}
      {members.slice(0, LISTED).map((mark, i) => (
        <div key={i} className="mark-tip-item">
          <div className="muted">{markWhere(mark, run.startTime)}</div>
          <div className="mono">{cut(mark.text)}</div>
        </div>
      ))}
      {members.length > LISTED ? (
        <div className="muted">… and {members.length - LISTED} more</div>
      ) : null}
    </div>
  );
}

export function MarkStrip({
  runs,
  mode,
  view,
}: {
  runs: readonly RunMarks[];
  mode: XAxisMode;
  view: XView;
}) {
  const layouts = layoutMarks(runs, mode, view);
  const several = runs.length > 1;
  return (
    <div className="mark-strip" data-testid="mark-strip">
      {layouts.flatMap(({ run, row, clusters }) =>
        clusters.map((cluster) => {
          const kind = clusterKind(cluster.members);
          const first = cluster.members[0]!;
          const label =
            cluster.members.length === 1
              ? `${markWhere(first, run.startTime)}: ${cut(first.text)}`
              : `${cluster.members.length} marks: ${kindCounts(cluster.members)}`;
          return (
            <div
              key={`${row}:${cluster.px}`}
              className="mark"
              style={{ left: cluster.px, top: row * 14 }}
              tabIndex={0}
              aria-label={label}
              data-testid="mark"
              data-kind={kind}
              data-count={cluster.members.length}
              data-run={run.runId}
            >
              <MarkIcon kind={kind} color={several ? run.color : undefined} />
              {cluster.members.length > 1 ? (
                <span className="mark-count">{cluster.members.length}</span>
              ) : null}
              {/* Near the right edge the tip opens leftwards, so that it is not cut off. */}
              <div className={cluster.px > view.width * 0.6 ? 'mark-tip-at left' : 'mark-tip-at'}>
                <Tip cluster={cluster} run={run} showRun={several} />
              </div>
            </div>
          );
        }),
      )}
    </div>
  );
}

/** The stage names' key under a panel: a swatch of each stage's tint. */
export function StageKey({ tints }: { tints: ReadonlyMap<string, string> }) {
  if (tints.size === 0) return null;
  return (
    <div className="marks-key" data-testid="stage-key">
      <span className="muted">stages:</span>
      {[...tints].map(([stage, tint]) => (
        <span key={stage} className="marks-key-item" data-stage={stage}>
          <span className="stage-swatch" style={{ background: tint }} />
          {visibleText(stage)}
        </span>
      ))}
    </div>
  );
}
