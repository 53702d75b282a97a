// The panels of a metrics page (a run's Metrics or System tab, or Compare): sections by key
// prefix, collapsible; a key filter; the x axis for the page and per panel; smoothing; log y;
// an overlay of chosen keys; curves, tiles and breakdowns that grow as samples arrive; with runs
// grouped, each curve a band per group; the page's derived views as panels of their own.

import type { ReactNode } from 'react';
import { memo, useCallback, useMemo, useState } from 'react';
import type { SeriesKind } from '../../../shared/format/records.js';
import { scaleSpread } from '../../../shared/series/curve-math.js';
import type { ClientSeries } from '../state/client-series.js';
import { useServices } from '../state/app-context.js';
import type { Panel } from './panel-layout.js';
import { keyMatcher, layoutPanels } from './panel-layout.js';
import type { Trace, XAxisMode } from './curve-data.js';
import { buildTrace } from './curve-data.js';
import { CurvePanel } from './CurvePanel.js';
import { CurvePanelSlot, panelMarks } from './CurvePanelSlot.js';
import type { BoardRun } from './board-run.js';
import { BreakdownFor, TileFor, lastValues } from './last-value-panels.js';
import type { XAxisChoice } from './BoardToolbar.js';
import { BoardToolbar, PAGE_X_MODES, X_MODES } from './BoardToolbar.js';
import type { ImageStepMarks } from './ImageTicks.js';
import type { ImageStep } from './image-ticks.js';
import { ImageStepsToggle } from './ImageTicks.js';
import { useSeriesVersion } from './use-series-version.js';
import { TraceCache } from './trace-cache.js';
import { exactSeries } from './board-csv.js';
import { downloadCsv } from './download.js';
import { downloadChartPng } from './png-export.js';
import type { RunStyle } from './run-colors.js';
import type { DerivedView } from '../state/sweep-choices.js';
import type { BoardGrouping } from './DerivedPanels.js';
import { DerivedPanels } from './DerivedPanels.js';
import { GroupCurve } from './GroupCurve.js';
import { OverlayToggle } from './OverlayToggle.js';
import { PALETTE, categoryStyle, dashPattern, runColors } from './run-colors.js';

const NO_MARKS: readonly ImageStep[] = [];

function seriesColumns(series: ClientSeries) {
  return { ...series.view(), length: series.length };
}

// Memo: a page renders again with every summary a live run changes; the board needs only its
// props, and renders with its runs' series itself (useSeriesVersion).
export const MetricsBoard = memo(function MetricsBoard({
  runs,
  kind,
  imageSteps,
  grouping,
  views = [],
  tools,
  initialFilter,
}: {
  runs: readonly BoardRun[];
  kind: SeriesKind;
  /** A run page's image steps, ticked on step axes when the toolbar's toggle is on. */
  imageSteps?: ImageStepMarks | undefined;
  /** The runs' groups: each curve panel draws a band per group instead of a line per run. */
  grouping?: BoardGrouping | undefined;
  /** The store's derived views, a panel each after the logged keys' sections. */
  views?: readonly DerivedView[];
  /** The page's own tools on the toolbar (grouping, derived views). */
  tools?: ReactNode;
  /** The key filter the board opens with (a link to a key). */
  initialFilter?: string;
}) {
  const { store, bridge, toast } = useServices();
  const runIds = useMemo(() => runs.map((run) => run.runId), [runs]);
  const styles = useMemo(() => runColors.stylesFor(runIds), [runIds]);
  const styleOf = (runId: string): RunStyle => styles.get(runId) ?? { color: PALETTE[0]! };
  const colorOf = (runId: string): string => styleOf(runId).color;
  const version = useSeriesVersion(runIds);
  // A panel whose series did not change keeps its traces: it is not aligned or drawn again.
  const traceCache = useMemo(() => new TraceCache(), []);
  const [filter, setFilter] = useState(initialFilter ?? '');
  // Readings of runs started hours apart squeeze into slivers against wall time: in Compare
  // they start at their own run's start. A key with a step_metric opens on it, as W&B opens a
  // custom x axis; step is a click away.
  const [pageMode, setPageMode] = useState<XAxisChoice>(
    kind === 'reading' ? (runs.length > 1 ? 'relative' : 'wall') : 'declared',
  );
  const [panelModes, setPanelModes] = useState<ReadonlyMap<string, XAxisMode>>(new Map());
  const [smoothing, setSmoothing] = useState(0);
  const [logY, setLogY] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [overlay, setOverlay] = useState<ReadonlySet<string>>(new Set());
  const toggleOverlay = useCallback(
    (key: string) =>
      setOverlay((set) => {
        const next = new Set(set);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );
  const [showImageSteps, setShowImageSteps] = useState(false);
  const ticks = showImageSteps ? imageSteps : undefined;

  // version is the signal that the series (mutated in place) changed.
  const seriesByRun = useMemo(() => {
    void version;
    return new Map(runs.map((run) => [run.runId, store.seriesOf(run.runId)]));
  }, [runs, store, version]);

  const counts = useMemo(() => {
    void version;
    const out = new Map<string, number>();
    for (const series of seriesByRun.values()) {
      for (const [key, s] of series) {
        if (s.kind !== kind) continue;
        out.set(key, Math.max(out.get(key) ?? 0, s.total));
      }
    }
    return out;
  }, [seriesByRun, kind, version]);

  const matcher = keyMatcher(filter);
  const sections = useMemo(() => layoutPanels(counts, matcher.test), [counts, matcher.test]);

  const traceFor = (
    key: string,
    mode: XAxisMode,
    run: BoardRun,
    label: string,
    style: RunStyle,
  ): Trace | null => {
    const series = seriesByRun.get(run.runId)?.get(key);
    if (series === undefined || series.length === 0) return null;
    const declaration = run.declarations.get(key);
    const stepMetricName = declaration?.stepMetric ?? null;
    const stepMetricSeries =
      stepMetricName === null ? undefined : seriesByRun.get(run.runId)?.get(stepMetricName);
    const goal = declaration?.goal ?? null;
    const runId = `${run.runId}\u0000${key}`;
    const look = JSON.stringify([runId, label, style, run.startTime, goal, stepMetricName, mode]);
    return traceCache.get(
      series,
      `${series.version}:${stepMetricSeries?.version ?? '-'}:${smoothing}:${logY}`,
      look,
      () =>
        buildTrace(
          {
            runId,
            label,
            color: style.color,
            dash: style.dash,
            series: seriesColumns(series),
            stepMetric: stepMetricSeries === undefined ? null : seriesColumns(stepMetricSeries),
            stepMetricName,
            startTime: run.startTime,
            goal,
          },
          { mode, smoothing, logY },
        ),
    );
  };

  const declaresStepMetric = (key: string): boolean =>
    runs.some((run) => run.declarations.get(key)?.stepMetric != null);
  const modeOf = (key: string): XAxisMode =>
    panelModes.get(key) ??
    (pageMode !== 'declared' ? pageMode : declaresStepMetric(key) ? 'step_metric' : 'step');
  /** The x of panels that share one: the overlay, and the cursor sync of a page. */
  const sharedMode: XAxisMode =
    pageMode === 'declared' || pageMode === 'step_metric' ? 'step' : pageMode;

  const xLabelFor = (key: string): string => {
    const names = new Set(
      runs.map((run) => run.declarations.get(key)?.stepMetric).filter((n) => n != null),
    );
    return names.size === 0 ? 'step_metric' : [...names].join(' / ');
  };

  const exportCsv = (keys: readonly string[], name: string): void => {
    void exactSeries(bridge, runs, seriesByRun, keys).then(
      (series) => downloadCsv(series, name),
      (error: unknown) => toast(`The CSV could not be made: ${String(error)}`, 'error'),
    );
  };

  const renderPanel = (panel: Panel) => {
    if (panel.type === 'curve') {
      const mode = modeOf(panel.key);
      const axisSelect = (
        <select
          value={mode}
          aria-label={`x axis of ${panel.key}`}
          data-testid="panel-x-axis"
          onChange={(event) =>
            setPanelModes((modes) => new Map(modes).set(panel.key, event.target.value as XAxisMode))
          }
        >
          {X_MODES.map(([id, label]) => (
            <option key={id} value={id}>
              {id === 'step_metric' ? xLabelFor(panel.key) : label}
            </option>
          ))}
        </select>
      );
      if (grouping !== undefined)
        return (
          <div className="panel-slot" key={panel.key}>
            <div className="panel-tools">{axisSelect}</div>
            <GroupCurve
              title={panel.key}
              groups={grouping.groups}
              mode={mode}
              logY={logY}
              smoothing={smoothing}
              center={grouping.center}
              spread={grouping.spread}
              refresh={runs.map((r) => seriesByRun.get(r.runId)?.get(panel.key)?.version).join()}
              onExportCsv={() => exportCsv([panel.key], panel.key)}
              onExportPng={(canvas, spec) => downloadChartPng(canvas, spec, panel.key)}
            />
          </div>
        );
      return (
        <CurvePanelSlot
          key={panel.key}
          panelKey={panel.key}
          mode={mode}
          runs={runs}
          seriesOf={(runId) => seriesByRun.get(runId)}
          styleOf={styleOf}
          logY={logY}
          smoothing={smoothing}
          xLabel={xLabelFor(panel.key)}
          ticks={ticks}
          headTools={
            <>
              <OverlayToggle
                panelKey={panel.key}
                on={overlay.has(panel.key)}
                onToggle={toggleOverlay}
              />
              {axisSelect}
            </>
          }
          traces={() =>
            runs.flatMap(
              (run) => traceFor(panel.key, mode, run, run.label, styleOf(run.runId)) ?? [],
            )
          }
          onExportCsv={() => exportCsv([panel.key], panel.key)}
          onExportPng={(canvas, spec) => downloadChartPng(canvas, spec, panel.key)}
        />
      );
    }
    const last = lastValues(runs, seriesByRun, styleOf);
    if (panel.type === 'tile') return <TileFor key={panel.key} panel={panel} runs={last} />;
    return <BreakdownFor key={`breakdown:${panel.prefix}`} panel={panel} runs={last} />;
  };

  const overlayKeys = [...overlay].filter((key) => (counts.get(key) ?? 0) > 1);
  // Grouped, a page's curves are the groups': an overlay of runs' lines would be another page.
  const overlayTraces =
    overlayKeys.length < 2 || grouping !== undefined
      ? []
      : overlayKeys.flatMap((key, keyIndex) =>
          runs.flatMap(
            (run) =>
              traceFor(
                key,
                sharedMode,
                run,
                runs.length === 1 ? key : `${run.label} · ${key}`,
                // One run's keys take the palette in turn; several runs' keys keep the run's
                // colour, told apart by dash.
                runs.length === 1
                  ? categoryStyle(keyIndex)
                  : { color: colorOf(run.runId), dash: dashPattern(keyIndex) },
              ) ?? [],
          ),
        );
  const spread = scaleSpread(overlayTraces.map((t) => t.y));

  const total = sections.reduce((n, s) => n + s.panels.length, 0) + views.length;
  // The toolbar's props keep their identity while only samples arrive, so that a live frame
  // renders the panels and not the toolbar (whose inputs React 19 writes again on every render).
  const onPageMode = useCallback((mode: XAxisChoice) => {
    setPageMode(mode);
    setPanelModes(new Map());
  }, []);
  const someOffStep = sections.some((section) =>
    section.panels.some((p) => p.type === 'curve' && modeOf(p.key) !== 'step'),
  );
  const imageMarks = imageSteps?.marks;
  const toolbarExtra = useMemo(
    () => (
      <>
        {tools}
        <ImageStepsToggle
          marks={imageMarks ?? NO_MARKS}
          on={showImageSteps}
          onToggle={setShowImageSteps}
          someOffStep={someOffStep}
        />
      </>
    ),
    [tools, imageMarks, showImageSteps, someOffStep],
  );

  return (
    <div className="board stack">
      <BoardToolbar
        filter={filter}
        onFilter={setFilter}
        filterError={matcher.error}
        pageMode={pageMode}
        modes={kind === 'metric' ? PAGE_X_MODES : X_MODES}
        onPageMode={onPageMode}
        smoothing={smoothing}
        onSmoothing={setSmoothing}
        logY={logY}
        onLogY={setLogY}
        panels={total}
        extra={toolbarExtra}
      />
      {overlayTraces.length > 0 ? (
        <div className="section">
          <div className="section-head">
            Overlay <span className="muted">{overlayKeys.join(', ')}</span>
            <span className="spacer" />
            <button className="btn small" onClick={() => setOverlay(new Set())}>
              Clear overlay
            </button>
          </div>
          <CurvePanel
            title={overlayKeys.join(' + ')}
            traces={overlayTraces}
            mode={sharedMode}
            xLabel="step"
            logY={logY}
            smoothing={smoothing}
            height={300}
            syncKey={`munin-${sharedMode}`}
            notes={
              spread >= 100
                ? [
                    `the scales differ ${Math.round(spread).toLocaleString()}-fold: the smaller curves look flat (try log y, or separate panels)`,
                  ]
                : []
            }
            onExportCsv={() => exportCsv(overlayKeys, 'overlay')}
            onExportPng={(canvas, spec) => downloadChartPng(canvas, spec, 'overlay')}
            {...panelMarks(runs, styleOf)}
          />
        </div>
      ) : null}
      {kind === 'metric' ? (
        <DerivedPanels
          views={views}
          runs={runs}
          grouping={grouping}
          styleOf={styleOf}
          mode={sharedMode}
          logY={logY}
          smoothing={smoothing}
          refresh={String(version)}
          onExportPng={downloadChartPng}
        />
      ) : null}
      {sections.length === 0 && views.length === 0 ? (
        <div className="empty-state">
          {counts.size === 0 ? (
            <>
              <h2>{kind === 'metric' ? 'No metrics yet' : 'No readings yet'}</h2>
              {kind === 'metric'
                ? 'Panels appear here as the run logs metric samples.'
                : 'Readings of the machine (sys/… keys) appear here as the run logs them.'}
            </>
          ) : (
            <>
              <h2>No key matches the filter</h2>
            </>
          )}
        </div>
      ) : null}
      {sections.map((section) => {
        const isCollapsed = collapsed.has(section.prefix);
        return (
          <div className="section" key={section.prefix} data-testid="panel-section">
            <button
              className="section-head"
              onClick={() =>
                setCollapsed((set) => {
                  const next = new Set(set);
                  if (next.has(section.prefix)) next.delete(section.prefix);
                  else next.add(section.prefix);
                  return next;
                })
              }
              aria-expanded={!isCollapsed}
            >
              <span>{isCollapsed ? '▸' : '▾'}</span>
              <span className="mono">{section.prefix === '' ? '(top level)' : section.prefix}</span>
              <span className="muted">{section.panels.length}</span>
            </button>
            {isCollapsed ? null : (
              <div className="panel-grid">{section.panels.map(renderPanel)}</div>
            )}
          </div>
        );
      })}
    </div>
  );
});
