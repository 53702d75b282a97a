// The data of an offline report, from the runs as the host holds them: each run's context, and
// for each curve key every sample of each run's series when it is small, else the points of the
// exact M4 envelope at the finest level the size allows (about 4,000 columns, halved while the
// report would pass its size budget), chosen over every sample as the app's envelopes are; the
// smoothed series' own envelope points with the page's smoothing; the one-point keys' values.

import type { EnvelopeX, SeriesSamples } from '../../shared/series/derived-series.js';
import { NO_SAMPLES, SeriesEnvelopes } from '../../shared/series/derived-series.js';
import { encodeJson } from '../../shared/format/json.js';
import type { JsonValue } from '../../shared/format/json.js';
import type { Value } from '../../shared/format/values.js';
import { encodeValue } from '../../shared/format/values.js';
import { ReportWriter } from '../../shared/report/report-codec.js';
import { WHOLE_PER_COLUMN, everyPosition, merged } from './held-positions.js';
import type {
  ReportDocument,
  ReportLine,
  ReportPanel,
  ReportPoints,
  ReportRun,
  ReportScalar,
  ReportValue,
} from '../../shared/report/report-document.js';
import { REPORT_FORMAT, REPORT_VERSION } from '../../shared/report/report-document.js';
import type { RunDetail } from '../../shared/api/contract.js';
import type { SourceRun } from '../sources/run-source.js';
import type { Series } from '../store/log/samples-fold.js';
import type { ReportGroupingAsk, ReportPanelAsk } from '../../shared/api/report-ask.js';
import type { PreparedGroup } from './report-groups.js';
import { layGroupLine, prepareGroups } from './report-groups.js';

/** The finest level's columns a report starts from: a screen's width, about 4,000. */
export const FINEST_COLUMNS = 4096;
/** Coarsest the finest level may be made to fit the budget. */
export const LEAST_COLUMNS = 128;

export interface ReportRequest {
  readonly runs: readonly SourceRun[];
  /** Each run's detail, in the order of runs: asked for first, as a far run's comes later. */
  readonly details: readonly RunDetail[];
  /** The panels, in order; a key of one point per run becomes a tile instead. */
  readonly panels: readonly ReportPanelAsk[];
  /** A derived view's series in a run (its formula over the run's keys); none without views. */
  readonly viewSeries?: (run: SourceRun, formula: string) => Series | undefined;
  readonly missingKeys: readonly string[];
  readonly title: string;
  readonly note: string | null;
  readonly stores: readonly { readonly root: string; readonly name: string }[];
  /** Who made it: "munin-view 0.1.0". */
  readonly madeBy: string;
  readonly now: number;
  /** The runs' colours as the app showed them; the report's palette without. */
  readonly styles?: readonly { readonly color: string; readonly dash?: readonly number[] }[];
  /** The page's groups: each panel holds each group's curve too. */
  readonly grouping?: ReportGroupingAsk;
}

function valueOf(value: Value): ReportValue {
  const kind =
    typeof value === 'boolean'
      ? 'bool'
      : typeof value === 'bigint'
        ? 'int'
        : typeof value === 'number'
          ? 'float'
          : 'string';
  return { text: kind === 'string' ? (value as string) : encodeValue(value), kind };
}

function runContext(run: SourceRun, detail: RunDetail): ReportRun {
  const summary = run.summary();
  return {
    id: run.id,
    name: summary.name,
    experiment: summary.experiment,
    status: summary.status,
    error: summary.error,
    startTime: summary.startTime,
    endTime: summary.endTime,
    lastWrite: summary.lastWrite,
    lastStep: summary.lastStep,
    params: [...summary.params].map(([name, value]) => [name, valueOf(value)] as const),
    summary: [...summary.summary].map(([name, value]) => [name, valueOf(value)] as const),
    tags: summary.tags,
    dirty: summary.dirty,
    provenance: detail.provenance === null ? null : encodeJson(detail.provenance as JsonValue),
    hasGitDiff: detail.gitDiff !== null && detail.gitDiff.problem === null,
  };
}

/** The run's series of the key against the panel's axis, or null when it has no samples. */
function basisOf(run: SourceRun, axis: PanelAxis): EnvelopeX {
  if (axis.mode === 'step') return { kind: 'step' };
  if (axis.mode !== 'step_metric') return { kind: 'time' };
  const metric = run.series(axis.stepMetric!)?.samples;
  return { kind: 'step-metric', metric: (metric ?? NO_SAMPLES) as SeriesSamples };
}

interface PanelAxis {
  readonly mode: ReportPanel['mode'];
  readonly stepMetric: string | null;
}

/** A run's series of a panel's key, with its envelopes built once for every level tried. */
interface PreparedLine {
  readonly runIndex: number;
  readonly run: SourceRun;
  readonly samples: SeriesSamples;
  readonly envelopes: SeriesEnvelopes;
}

function prepareLine(
  runIndex: number,
  run: SourceRun,
  series: Series | undefined,
  axis: PanelAxis,
): PreparedLine | null {
  if (series === undefined || series.samples.length === 0) return null;
  const samples = series.samples as SeriesSamples;
  return { runIndex, run, samples, envelopes: new SeriesEnvelopes(samples, basisOf(run, axis)) };
}

/** The line's points at a finest level of `columns` (every sample when that holds them all). */
function layLine(
  writer: ReportWriter,
  prepared: PreparedLine,
  key: string,
  axis: PanelAxis,
  columns: number,
  smoothing: number,
): ReportLine {
  const { run, samples, envelopes } = prepared;
  let positions: Uint32Array;
  let layout: ReportLine['layout'] = null;
  if (envelopes.length <= WHOLE_PER_COLUMN * columns) {
    positions = everyPosition(envelopes.length);
  } else {
    // Both lines' points at the finest level: each is a real sample, and a coarser level's
    // points are among them, the smoothed line's extremes as much as the raw one's.
    const envelope = envelopes.query(-Number.MAX_VALUE, Number.MAX_VALUE, columns, smoothing);
    layout = envelope.raw.layout;
    positions = merged([
      envelope.raw.indices,
      envelope.raw.nonFinite,
      ...(envelope.smoothed === null ? [] : [envelope.smoothed.indices]),
    ]);
  }
  const n = positions.length;
  const steps = new Float64Array(n);
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  const x = axis.mode === 'step_metric' ? new Float64Array(n) : null;
  const smoothed = layout !== null && smoothing > 0 ? new Float64Array(n) : null;
  for (let k = 0; k < n; k++) {
    const p = positions[k]!;
    const sample = envelopes.sampleAt(p);
    steps[k] = samples.step(sample);
    times[k] = samples.time(sample);
    values[k] = samples.value(sample);
    if (x !== null) x[k] = envelopes.xAt(p);
    if (smoothed !== null) smoothed[k] = envelopes.smoothedValueAt(smoothing, p);
  }
  const points: { -readonly [K in keyof ReportPoints]: ReportPoints[K] } = {
    steps: writer.add(steps),
    times: writer.add(times),
    values: writer.add(values),
  };
  if (x !== null) points.x = writer.add(x);
  // Every sample held: the page smooths them itself, at any weight, as the host does.
  if (smoothed !== null) points.smoothed = writer.add(smoothed);
  return {
    run: prepared.runIndex,
    total: samples.length,
    goal: run.declaration(key)?.goal ?? null,
    points,
    layout,
    nonFinite: envelopes.nonFinite,
    unpaired: envelopes.unpaired,
    xOrder: envelopes.sorted ? 'sorted' : 'series',
  };
}

/** The axis a panel's points are chosen and first drawn on, for the runs that have its key. */
function panelAxis(runs: readonly SourceRun[], request: ReportPanelAsk): PanelAxis {
  const { axis, key } = request;
  if (axis !== 'declared' && axis !== 'step_metric') return { mode: axis, stepMetric: null };
  const stepMetric =
    runs.map((run) => run.declaration(key)?.stepMetric ?? null).find((m) => m !== null) ?? null;
  return stepMetric === null ? { mode: 'step', stepMetric } : { mode: 'step_metric', stepMetric };
}

/** A report's panels with their series' envelopes built: laid out at any finest level. */
export class PreparedReport {
  private readonly panels: {
    readonly request: ReportPanelAsk;
    readonly axis: PanelAxis;
    readonly lines: readonly PreparedLine[];
    readonly groups: readonly PreparedGroup[];
  }[];
  private readonly scalars: readonly ReportScalar[];
  private readonly empty: readonly string[];
  private readonly runs: readonly ReportRun[];
  /** Each line's points, and how many lists of them it keeps past every sample (smoothed: 2). */
  private readonly lineSizes: readonly { readonly points: number; readonly lists: number }[];

  constructor(private readonly request: ReportRequest) {
    const { runs } = request;
    // A derived view's series is its formula's over each run's keys; a key's is the run's own.
    const seriesOf = (run: SourceRun, panel: ReportPanelAsk): Series | undefined =>
      panel.formula === undefined
        ? run.series(panel.key)
        : request.viewSeries?.(run, panel.formula);
    const mostSamples = (panel: ReportPanelAsk) =>
      Math.max(0, ...runs.map((run) => seriesOf(run, panel)?.samples.length ?? 0));
    this.panels = request.panels
      .filter((panel) => mostSamples(panel) > 1)
      .map((panel) => {
        const axis = panelAxis(runs, panel);
        const lines = runs.flatMap((run, index) => {
          const prepared = prepareLine(index, run, seriesOf(run, panel), axis);
          return prepared === null ? [] : [prepared];
        });
        // Groups combine by step, or by their samples' mean time (time since start included).
        const groupX = axis.mode === 'wall' || axis.mode === 'relative' ? 'time' : 'step';
        const groups =
          request.grouping === undefined
            ? []
            : prepareGroups(request.grouping, runs, (run) => seriesOf(run, panel), groupX);
        return { request: panel, axis, lines, groups };
      });
    this.lineSizes = this.panels.flatMap((panel) => [
      ...panel.lines.map((line) => ({
        points: line.envelopes.length,
        lists: panel.request.smoothing > 0 ? 2 : 1,
      })),
      // A group holds its center's, its low's and its high's extremes: three lists.
      ...panel.groups.map((group) => ({ points: group.curve.length, lists: 3 })),
    ]);
    this.scalars = request.panels
      .filter((panel) => mostSamples(panel) === 1)
      .map((panel) => ({
        key: panel.key,
        goal:
          runs.map((run) => run.declaration(panel.key)?.goal ?? null).find((g) => g !== null) ??
          null,
        values: runs.flatMap((run, index) => {
          const samples = seriesOf(run, panel)?.samples;
          if (samples === undefined || samples.length === 0) return [];
          const last = samples.length - 1;
          return [{ run: index, step: samples.step(last), value: samples.value(last) }];
        }),
      }));
    this.empty = request.panels
      .filter((panel) => mostSamples(panel) === 0)
      .map((panel) => panel.key);
    this.runs = runs.map((run, index) => runContext(run, request.details[index]!));
  }

  /** Points the report holds at most with the finest level at `columns`. */
  pointsAt(columns: number): number {
    let total = 0;
    for (const { points, lists } of this.lineSizes)
      total += points <= WHOLE_PER_COLUMN * columns ? points : WHOLE_PER_COLUMN * columns * lists;
    return total;
  }

  /** The document and the bytes the file keeps, with the finest level at `columns`. */
  lay(
    columns: number,
    encode: (text: string) => Uint8Array,
  ): { readonly document: ReportDocument; readonly bytes: Uint8Array } {
    const writer = new ReportWriter();
    const { request } = this;
    const panels: ReportPanel[] = this.panels.map(({ request: panel, axis, lines, groups }) => {
      const laid = lines.map((line) =>
        layLine(writer, line, panel.key, axis, columns, panel.smoothing),
      );
      const groupLines = groups.map((group) => layGroupLine(writer, group, columns));
      const envelopes =
        laid.some((l) => l.layout !== null) || groupLines.some((l) => l.layout !== null);
      return {
        key: panel.key,
        ...(panel.formula === undefined ? {} : { formula: panel.formula }),
        mode: axis.mode,
        stepMetric: axis.stepMetric,
        logY: panel.logY,
        smoothing: panel.smoothing,
        zoom: panel.zoom,
        holding: envelopes ? 'envelopes' : 'every-sample',
        columns: envelopes ? columns : null,
        lines: laid,
        ...(request.grouping === undefined ? {} : { groupLines }),
      };
    });
    const document: ReportDocument = {
      format: REPORT_FORMAT,
      version: REPORT_VERSION,
      title: request.title,
      note: request.note,
      made: request.now,
      madeBy: request.madeBy,
      stores: request.stores,
      runs: this.runs.map((run, index) => {
        const style = request.styles?.[index];
        return style === undefined ? run : { ...run, style };
      }),
      panels,
      scalars: this.scalars,
      ...(request.grouping === undefined ? {} : { grouping: request.grouping }),
      missingKeys: [...request.missingKeys, ...this.empty],
    };
    return { document, bytes: writer.finish(document, encode) };
  }
}
