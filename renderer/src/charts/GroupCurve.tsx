// A key's (or a derived view's) panel with runs grouped: per group a center line and a band the
// host computes over every sample of the group's runs at each step, asked again on zoom, resize
// and new samples; the cursor reads each group's center, band and n from the host. A group
// opened from the legend adds its runs' own thin lines, drawn from their envelopes.

import { useCallback, useEffect, useState } from 'react';
import type {
  EnvelopeColumns,
  GroupCenter,
  GroupEnvelope,
  GroupSpread,
} from '../../../shared/api/contract.js';
import { unwrap } from '../api/call.js';
import { useServices } from '../state/app-context.js';
import { usePlotColumns, useRefreshTick } from './use-plot-columns.js';
import type { Trace, XAxisMode } from './curve-data.js';
import type { CursorPoint } from './cursor-readout.js';
import { CurvePanel } from './CurvePanel.js';
import { pointsAt } from './points-at.js';
import { envelopeTrace } from './envelope-trace.js';
import type { GroupMode } from './group-bands.js';
import { groupModeOf, groupTraces } from './group-bands.js';
import { groupNotes } from './group-notes.js';
import { groupRunsText } from './group-style.js';
import type { PngSpec } from './png-export.js';
import type { RunStyle } from './run-colors.js';
import { withAlpha } from './run-colors.js';

export interface CurveGroup {
  readonly id: string;
  readonly label: string;
  readonly style: RunStyle;
  /** The group's runs, with what their own lines are labelled by. */
  readonly runs: readonly { readonly runId: string; readonly label: string }[];
}

interface Answers {
  readonly mode: GroupMode;
  readonly groups: ReadonlyMap<string, GroupEnvelope>;
  readonly runs: ReadonlyMap<string, EnvelopeColumns>;
  /** False until the first answer: the panel is reading. */
  readonly received: boolean;
}

export function GroupCurve(props: {
  readonly title: string;
  readonly formula?: string | undefined;
  readonly groups: readonly CurveGroup[];
  /** The page's x: groups are drawn by step or by time; other axes fall back, and say so. */
  readonly mode: XAxisMode;
  readonly logY: boolean;
  readonly smoothing: number;
  readonly center: GroupCenter;
  readonly spread: GroupSpread;
  /** Changes when the runs' samples do, so that the curves are asked for again. */
  readonly refresh: string;
  readonly onExportCsv?: (() => void) | undefined;
  readonly onExportPng: (canvas: HTMLCanvasElement, spec: PngSpec) => void;
  /** What the page adds under the panel (an offline report: what it holds). */
  readonly notes?: readonly string[] | undefined;
}) {
  const { bridge } = useServices();
  const { title, formula, groups, logY, center, spread } = props;
  const mode = groupModeOf(props.mode);
  const x = mode === 'step' ? 'step' : 'time';
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [zoom, setZoom] = useState<{ mode: GroupMode; range: readonly [number, number] } | null>(
    null,
  );
  const range = zoom !== null && zoom.mode === mode ? zoom.range : null;
  const [answered, setAnswered] = useState<Answers>({
    mode,
    groups: new Map(),
    runs: new Map(),
    received: false,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const [columns, onPlotColumns] = usePlotColumns();
  useRefreshTick(props.refresh, setTick);

  // What to ask for, named as JSON: groups are new objects with every render.
  const asked = JSON.stringify(groups.map((g) => [g.id, g.runs.map((r) => r.runId)]));
  const openRuns = groups.filter((g) => expanded.has(g.id)).flatMap((g) => g.runs);
  const openIds = JSON.stringify(openRuns.map((r) => r.runId));
  useEffect(() => {
    if (columns === null) return;
    let cancelled = false;
    const [x0, x1] = range ?? [-Number.MAX_VALUE, Number.MAX_VALUE];
    const extra = formula === undefined ? {} : { formula };
    const groupList = JSON.parse(asked) as [string, string[]][];
    void Promise.all([
      Promise.all(
        groupList.map(async ([id, runIds]) => {
          const envelope = unwrap(
            await bridge.api.groupEnvelope({
              runIds,
              key: title,
              ...extra,
              x,
              x0,
              x1,
              width: columns,
              center,
              spread,
            }),
          );
          return [id, envelope] as const;
        }),
      ),
      Promise.all(
        (JSON.parse(openIds) as string[]).map(async (runId) => {
          const envelope = unwrap(
            await bridge.api.envelope({ runId, key: title, ...extra, x, x0, x1, width: columns }),
          );
          return [runId, envelope] as const;
        }),
      ),
    ]).then(
      ([groupAnswers, runAnswers]) => {
        if (cancelled) return;
        setFailure(null);
        setAnswered({
          mode,
          groups: new Map(groupAnswers),
          runs: new Map(runAnswers),
          received: true,
        });
      },
      // A panel that cannot be drawn says why, rather than stand empty.
      (error: unknown) => !cancelled && setFailure(String(error)),
    );
    return () => {
      cancelled = true;
    };
  }, [bridge, title, formula, x, mode, range, columns, center, spread, tick, asked, openIds]);

  // Bands first, under every line; then the opened runs' lines; the centers on top.
  const shown = groups.filter((g) => answered.groups.has(g.id));
  const parts = shown.map((group) => {
    const envelope = answered.groups.get(group.id)!;
    return groupTraces(
      {
        groupId: group.id,
        label: group.label,
        style: group.style,
        note: groupRunsText(envelope.runs, envelope.missing.length),
        expanded: expanded.has(group.id),
      },
      envelope,
      answered.mode,
      logY,
    );
  });
  const runLines = shown.flatMap((group) =>
    expanded.has(group.id)
      ? group.runs.flatMap((run) => {
          const envelope = answered.runs.get(run.runId);
          if (envelope === undefined) return [];
          const trace = envelopeTrace(
            {
              runId: run.runId,
              label: `${group.label} · ${run.label}`,
              color: withAlpha(group.style.color, 0.7),
              startTime: 0,
              goal: null,
            },
            envelope,
            { mode: answered.mode, smoothing: 0, logY },
          );
          return [{ ...trace, runId: `${group.id}\u0000${run.runId}`, thin: true }];
        })
      : [],
  );
  const traces: Trace[] = [...parts.map((p) => p.band), ...runLines, ...parts.map((p) => p.center)];
  const readKey = JSON.stringify(traces.map((t) => t.runId));
  const readAt = useCallback(
    (at: number): Promise<readonly (CursorPoint | null)[]> => {
      const extra = formula === undefined ? {} : { formula };
      const xColumn = answered.mode === 'step' ? 'step' : 'time';
      const ids = (JSON.parse(readKey) as string[]).map(
        (id) => id.split('\u0000') as [string, string],
      );
      // The runs' own lines in one request; each group's center asks groupAt.
      const runParts = ids.flatMap(([, part]) =>
        part === 'band' || part === 'center' ? [] : [part],
      );
      const runPoints = pointsAt(
        bridge,
        runParts.map((part) => ({ runId: part, key: title, ...extra, x: xColumn, at })),
      ).then((points) => new Map(points.map((point, i) => [runParts[i]!, point])));
      return Promise.all(
        ids.map(async ([groupId, part]): Promise<CursorPoint | null> => {
          if (part === 'band') return null;
          if (part === 'center') {
            const group = groups.find((g) => g.id === groupId);
            if (group === undefined) return null;
            const point = unwrap(
              await bridge.api.groupAt({
                runIds: group.runs.map((r) => r.runId),
                key: title,
                ...extra,
                x: xColumn,
                at,
                center,
                spread,
              }),
            );
            if (point === null) return null;
            const { low, high, n, of } = point;
            return {
              step: point.step,
              x: point.x,
              value: point.center,
              smoothed: null,
              band: { low, high, n, of },
            };
          }
          const point = (await runPoints).get(part) ?? null;
          return point === null ? null : { ...point, smoothed: null };
        }),
      );
    },
    // groups is new with every render; the lines read are named by readKey, the ids by asked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bridge, title, formula, answered.mode, center, spread, readKey, asked],
  );
  const notes = groupNotes({
    key: title,
    asked: props.mode,
    smoothing: props.smoothing,
    center,
    spread,
    groups: shown.map((g) => ({ label: g.label, envelope: answered.groups.get(g.id)! })),
    runLabel: (runId) =>
      groups.flatMap((g) => g.runs).find((r) => r.runId === runId)?.label ?? runId,
  });
  if (failure !== null) notes.unshift(`The groups’ curves could not be read: ${failure}`);
  notes.push(...(props.notes ?? []));
  return (
    <CurvePanel
      title={title}
      {...(formula === undefined ? {} : { formula })}
      traces={traces}
      mode={answered.mode}
      xLabel={x}
      logY={logY}
      smoothing={0}
      syncKey={`munin-${answered.mode}`}
      notes={notes}
      onXRange={(zoomed) =>
        setZoom(zoomed === null ? null : { mode: answered.mode, range: zoomed })
      }
      onPlotColumns={onPlotColumns}
      pending={!answered.received && failure === null}
      readAt={readAt}
      onExportCsv={props.onExportCsv}
      onExportPng={props.onExportPng}
      onToggleGroup={(id) =>
        setExpanded((set) => {
          const next = new Set(set);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        })
      }
    />
  );
}
