// The panels of a metrics page (a run's Metrics or System tab, or Compare): sections by key
// prefix, collapsible, as the person arranged them (pinned first, hidden apart, moved, sized);
// a key filter; the x axis, smoothing and log y for the page and per panel; a zoom per panel; an
// overlay of chosen keys; curves, tiles and breakdowns that grow as samples arrive; with runs
// grouped, each curve a band per group; the page's derived views as panels of their own. What
// the page was set to is the caller's (its arrangement), so that it is kept and linked.

import type { ReactNode } from 'react';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import type { BoardLayout } from '../workspace/board-layout.js';
import { arrange, panelId, setHidden, setPanel } from '../workspace/board-layout.js';
import { BoardSections } from '../workspace/BoardSections.js';
import { HiddenPanels } from '../workspace/HiddenPanels.js';
import type { SeriesKind } from '../../../shared/format/records.js';
import { scaleSpread } from '../../../shared/series/curve-math.js';
import { useServices } from '../state/app-context.js';
import type { ReportOfPage } from '../report-save/SaveReport.js';
import { SaveReport } from '../report-save/SaveReport.js';
import { boardReportPanels, groupingAsk, reportTitleOf } from '../report-save/board-report.js';
import type { Panel } from './panel-layout.js';
import { keyMatcher, layoutPanels } from './panel-layout.js';
import type { Trace, XAxisMode } from './curve-data.js';
import { CurvePanel } from './CurvePanel.js';
import { CurvePanelSlot, panelMarks } from './CurvePanelSlot.js';
import type { BoardRun } from './board-run.js';
import { BreakdownFor, TileFor, lastValues } from './last-value-panels.js';
import type { XAxisChoice } from './BoardToolbar.js';
import { BoardToolbar, PAGE_X_MODES, X_MODES } from './BoardToolbar.js';
import type { FileStepMarks } from './FileStepTicks.js';
import type { FileStep } from './file-step-ticks.js';
import { FileStepsToggle } from './FileStepTicks.js';
import { useSeriesVersion } from './use-series-version.js';
import { TraceCache } from './trace-cache.js';
import { runTrace } from './run-trace.js';
import { exactSeries } from './board-csv.js';
import { downloadCsv } from './download.js';
import { downloadChartPng } from './png-export.js';
import type { RunStyle } from './run-colors.js';
import type { DerivedView } from '../state/sweep-choices.js';
import type { BoardGrouping } from './DerivedPanels.js';
import { DerivedPanels } from './DerivedPanels.js';
import { GroupCurve } from './GroupCurve.js';
import { usePrefetchEnvelopes } from './envelope-prefetch.js';
import { panelLooks } from './board-panel-looks.js';
import { useBoardSettings } from './use-board-settings.js';
import { OverlayToggle } from './OverlayToggle.js';
import { PALETTE, categoryStyle, dashPattern, runColors } from './run-colors.js';

const NO_MARKS: readonly FileStep[] = [];
/** A tall curve panel's chart height, in pixels (a panel's usual is 220). */
const TALL_HEIGHT = 420;

/** What a panel is called where it is listed (the hidden ones). */
function panelTitle(panel: Panel): string {
  return panel.type === 'breakdown' ? `${panel.prefix}/*` : panel.key;
}

// Memo: a page renders again with every summary a live run changes; the board needs only its
// props, and renders with its runs' series itself (useSeriesVersion).
export const MetricsBoard = memo(function MetricsBoard({
  runs,
  kind,
  fileSteps,
  grouping,
  views = [],
  tools,
  layout,
  onLayout,
}: {
  runs: readonly BoardRun[];
  kind: SeriesKind;
  /** A run page's file steps, ticked on step axes when the toolbar's toggle is on. */
  fileSteps?: FileStepMarks | undefined;
  /** The runs' groups: each curve panel draws a band per group instead of a line per run. */
  grouping?: BoardGrouping | undefined;
  /** The store's derived views, a panel each after the logged keys' sections. */
  views?: readonly DerivedView[];
  /** The page's own tools on the toolbar (grouping, derived views). */
  tools?: ReactNode;
  /** How the page is arranged and set, and how to change that (the caller keeps it). */
  layout: BoardLayout;
  onLayout: (update: (layout: BoardLayout) => BoardLayout) => void;
}) {
  const { store, bridge, toast } = useServices();
  const runIds = useMemo(() => runs.map((run) => run.runId), [runs]);
  const styles = useMemo(() => runColors.stylesFor(runIds), [runIds]);
  const styleOf = (runId: string): RunStyle => styles.get(runId) ?? { color: PALETTE[0]! };
  const colorOf = (runId: string): string => styleOf(runId).color;
  const version = useSeriesVersion(runIds);
  // A panel whose series did not change keeps its traces: it is not aligned or drawn again.
  const traceCache = useMemo(() => new TraceCache(), []);
  const { filter, smoothing, logY } = layout;
  // Readings of runs started hours apart squeeze into slivers against wall time: in Compare
  // they start at their own run's start. A key with a step_metric opens on it, as W&B opens a
  // custom x axis; step is a click away.
  const pageMode: XAxisChoice =
    layout.pageMode ?? (kind === 'reading' ? (runs.length > 1 ? 'relative' : 'wall') : 'declared');
  const collapsed = useMemo(() => new Set(layout.collapsed), [layout.collapsed]);
  const overlay = useMemo(() => new Set(layout.overlay), [layout.overlay]);
  const { setFilter, setSmoothing, setLogY, toggleOverlay, toggleSection } =
    useBoardSettings(onLayout);
  const [showFileSteps, setShowFileSteps] = useState(false);
  const ticks = showFileSteps ? fileSteps : undefined;

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
  const arranged = useMemo(() => arrange(sections, layout), [sections, layout]);

  const traceFor = (
    key: string,
    mode: XAxisMode,
    run: BoardRun,
    label: string,
    style: RunStyle,
    looks = { smoothing, logY },
  ): Trace | null =>
    runTrace(traceCache, seriesByRun.get(run.runId), { key, mode, run, label, style, looks });

  const { looksOf, modeOf, sharedMode, zoomOf, widthOf, xLabelFor } = panelLooks(
    layout,
    runs,
    pageMode,
  );
  // The envelopes of long series are asked for as the board mounts, before its snapshot is in;
  // grouped, a board's curves are its groups' bands, asked for otherwise.
  const boardElement = useRef<HTMLDivElement>(null);
  usePrefetchEnvelopes(bridge, boardElement, () =>
    grouping !== undefined
      ? null
      : {
          runs,
          kind,
          keysOf: (runId) => store.getView().runs.get(runId)?.keys,
          holds: (runId, key) => seriesByRun.get(runId)?.has(key) === true,
          layout,
          keyFilter: matcher.test,
          modeOf,
          zoomOf,
          smoothingOf: (key) => looksOf(key).smoothing,
          widthOf,
        },
  );

  const exportCsv = (keys: readonly string[], name: string): void => {
    void exactSeries(bridge, runs, seriesByRun, keys).then(
      (series) => downloadCsv(series, name),
      (error: unknown) => toast(`The CSV could not be made: ${String(error)}`, 'error'),
    );
  };

  const renderPanel = (panel: Panel) => {
    if (panel.type === 'curve') {
      const mode = modeOf(panel.key);
      const looks = looksOf(panel.key);
      const own = layout.panels[panel.key];
      const zoom = zoomOf(panel.key);
      const axisSelect = (
        <select
          value={mode}
          aria-label={`x axis of ${panel.key}`}
          data-testid="panel-x-axis"
          onChange={(event) =>
            onLayout((current) =>
              setPanel(current, panel.key, { xMode: event.target.value as XAxisMode }),
            )
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
              logY={looks.logY}
              smoothing={looks.smoothing}
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
          logY={looks.logY}
          smoothing={looks.smoothing}
          height={own?.tall === true ? TALL_HEIGHT : undefined}
          zoom={zoom}
          onZoom={(range) =>
            onLayout((current) =>
              setPanel(current, panel.key, { zoom: range === null ? undefined : { mode, range } }),
            )
          }
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
              (run) => traceFor(panel.key, mode, run, run.label, styleOf(run.runId), looks) ?? [],
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

  const total =
    arranged.pinned.length +
    arranged.sections.reduce((n, s) => n + s.panels.length, 0) +
    views.length;
  // The toolbar's props keep their identity while only samples arrive, so that a live frame
  // renders the panels and not the toolbar (whose inputs React 19 writes again on every render).
  // A page's new axis is every panel's: the panels' own axes go.
  const onPageMode = useCallback(
    (mode: XAxisChoice) =>
      onLayout((current) => {
        let next: BoardLayout = { ...current, pageMode: mode };
        for (const id of Object.keys(current.panels))
          next = setPanel(next, id, { xMode: undefined, zoom: undefined });
        return next;
      }),
    [onLayout],
  );
  const someOffStep = sections.some((section) =>
    section.panels.some((p) => p.type === 'curve' && modeOf(p.key) !== 'step'),
  );
  // What a report of the page holds, read when it is asked for: the page as it is then.
  const reportOfPage = useRef<() => ReportOfPage>(null!);
  reportOfPage.current = () => ({
    runIds,
    grouping: grouping === undefined ? undefined : groupingAsk(grouping, runIds),
    styles: runIds.map((runId) => styleOf(runId)),
    title: reportTitleOf(runs.map((run) => run.label)),
    panels: boardReportPanels({
      arranged,
      collapsed,
      views: kind === 'metric' ? views : [],
      modeOf,
      looksOf,
      zoomOf,
      viewMode: sharedMode,
      viewLooks: { smoothing, logY },
    }),
  });
  const fileMarks = fileSteps?.marks;
  const hiddenKey = arranged.hidden.map(panelId).join('\u0000');
  const toolbarExtra = useMemo(
    () => (
      <>
        {tools}
        <FileStepsToggle
          marks={fileMarks ?? NO_MARKS}
          on={showFileSteps}
          onToggle={setShowFileSteps}
          someOffStep={someOffStep}
        />
        <HiddenPanels
          hidden={arranged.hidden.map((panel) => ({
            id: panelId(panel),
            title: panelTitle(panel),
          }))}
          onShow={(ids) => onLayout((current) => setHidden(current, ids, false))}
        />
        <SaveReport page={() => reportOfPage.current()} />
      </>
    ),
    // arranged is new with every layout; hiddenKey names what the control shows of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tools, fileMarks, showFileSteps, someOffStep, hiddenKey, onLayout],
  );

  return (
    <div className="board stack" ref={boardElement}>
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
            <button
              className="btn small"
              onClick={() => onLayout((current) => ({ ...current, overlay: [] }))}
            >
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
      <BoardSections
        arranged={arranged}
        layout={layout}
        onLayout={onLayout}
        collapsed={collapsed}
        onToggleSection={toggleSection}
        widthOf={widthOf}
        renderPanel={renderPanel}
      />
    </div>
  );
});
