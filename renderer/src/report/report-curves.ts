// The envelopes and cursor points of an offline report's curves, answered in the page from the
// points the file holds, by the host's own rule (shared/series): every sample where the report
// holds them all (any smoothing then, computed as the host computes it), else the finest level's
// exact envelope points, whose M4 at any coarser width is among them, raw and smoothed alike.

import type { EnvelopeColumns, EnvelopeQuery, PointAt } from '../../../shared/api/contract.js';
import type { ArgsOf } from '../../../shared/api/bridge.js';
import type { EnvelopeX, SeriesSamples } from '../../../shared/series/derived-series.js';
import { SeriesEnvelopes } from '../../../shared/series/derived-series.js';
import { envelopeColumns } from '../../../shared/series/envelope-columns.js';
import type { ReportLine, ReportPanel } from '../../../shared/report/report-document.js';
import type { OpenedReport } from './report-data.js';

/** A line's held points, read once from the file, and their envelopes by axis. */
interface HeldLine {
  readonly panel: ReportPanel;
  readonly line: ReportLine;
  readonly steps: Float64Array;
  readonly times: Float64Array;
  readonly values: Float64Array;
  readonly x: Float64Array | null;
  readonly smoothed: Float64Array | null;
  readonly envelopes: Map<string, SeriesEnvelopes>;
}

export class ReportCurveError extends Error {}

function samplesOf(steps: Float64Array, times: Float64Array, values: Float64Array): SeriesSamples {
  return {
    length: steps.length,
    step: (i) => steps[i]!,
    time: (i) => times[i]!,
    value: (i) => values[i]!,
  };
}

function sameAxis(x: EnvelopeQuery['x'], mode: ReportPanel['mode']): boolean {
  return x === 'time' ? mode === 'wall' || mode === 'relative' : x === mode;
}

/** The report's lines by run id (the run's place in the report) and key. */
export class ReportCurves {
  private readonly held = new Map<string, HeldLine>();

  constructor(private readonly report: OpenedReport) {}

  /** A run's id in the report's pages: its place among the report's runs. */
  static runId(index: number): string {
    return String(index);
  }

  private heldLine(runId: string, key: string): HeldLine {
    const id = `${runId}\u0000${key}`;
    const found = this.held.get(id);
    if (found !== undefined) return found;
    const { document, array } = this.report;
    const panel = document.panels.find((p) => p.key === key);
    const line = panel?.lines.find((l) => ReportCurves.runId(l.run) === runId);
    if (panel === undefined || line === undefined)
      throw new ReportCurveError(`the report holds no ${key} of this run`);
    const { points } = line;
    const made: HeldLine = {
      panel,
      line,
      steps: array(points.steps),
      times: array(points.times),
      values: array(points.values),
      x: points.x === undefined ? null : array(points.x),
      smoothed: points.smoothed === undefined ? null : array(points.smoothed),
      envelopes: new Map(),
    };
    this.held.set(id, made);
    return made;
  }

  /** The held points' envelopes against an axis; `smoothedLine`: the smoothed values' own. */
  private envelopesOf(held: HeldLine, x: EnvelopeQuery['x'], smoothedLine: boolean) {
    const onStepMetric = x === 'step_metric' && held.x !== null;
    const id = `${onStepMetric ? 'step_metric' : x}/${smoothedLine ? 'smoothed' : 'raw'}`;
    let envelopes = held.envelopes.get(id);
    if (envelopes === undefined) {
      const values = smoothedLine ? held.smoothed! : held.values;
      const samples = samplesOf(held.steps, held.times, values);
      // Each held point's x on the step metric, as a metric logged at its step: pairing gives
      // each point back the x the host paired it with (every sample of a step pairs alike).
      const basis: EnvelopeX = onStepMetric
        ? { kind: 'step-metric', metric: samplesOf(held.steps, held.times, held.x!) }
        : x === 'time'
          ? { kind: 'time' }
          : { kind: 'step' };
      envelopes = new SeriesEnvelopes(samples, basis);
      held.envelopes.set(id, envelopes);
    }
    return { envelopes, onStepMetric };
  }

  /** Whether a line can draw this smoothing: any when it holds every sample, else its own. */
  static smoothingHeld(line: ReportLine, panel: ReportPanel, smoothing: number): boolean {
    return !(smoothing > 0) || line.layout === null || smoothing === panel.smoothing;
  }

  envelope(query: EnvelopeQuery): EnvelopeColumns {
    const held = this.heldLine(query.runId, query.key);
    const { panel, line } = held;
    const smoothing = query.smoothing ?? 0;
    const everySample = line.layout === null;
    const { envelopes, onStepMetric } = this.envelopesOf(held, query.x, false);
    const envelope = envelopes.query(query.x0, query.x1, query.width, everySample ? smoothing : 0);
    const columns = envelopeColumns({
      samples: samplesOf(held.steps, held.times, held.values),
      envelopes,
      envelope,
      onStep: !onStepMetric && query.x !== 'time',
      stepMetric: onStepMetric ? panel.stepMetric : null,
      goal: line.goal,
    });
    let smoothed = columns.smoothed;
    if (!everySample && smoothing > 0 && held.smoothed !== null && smoothing === panel.smoothing) {
      const own = this.envelopesOf(held, query.x, true).envelopes;
      const found = own.query(query.x0, query.x1, query.width, 0).raw;
      const stepsAt = Float64Array.from(found.indices, (p) => held.steps[own.sampleAt(p)]!);
      smoothed = {
        steps: stepsAt,
        x: !onStepMetric && query.x !== 'time' ? null : found.x,
        values: found.y,
      };
    }
    // What was counted over every sample, not over the held points. The best point needs no
    // such care: the first of the greatest (or least) is its column's too, so it is held.
    return {
      ...columns,
      smoothed,
      total: line.total,
      nonFinite: line.nonFinite,
      unpaired: line.unpaired,
      // The held points were put in x order on the panel's axis: whether the series was is told.
      xOrder: sameAxis(query.x, panel.mode) ? line.xOrder : columns.xOrder,
    };
  }

  sampleAt(request: ArgsOf<'sampleAt'>): PointAt | null {
    const held = this.heldLine(request.runId, request.key);
    const { envelopes } = this.envelopesOf(held, request.x, false);
    const position = envelopes.positionAtOrBefore(request.at);
    if (position < 0) return null;
    const sample = envelopes.sampleAt(position);
    const smoothing = request.smoothing ?? 0;
    let smoothed: number | null = null;
    if (smoothing > 0) {
      if (held.line.layout === null) smoothed = envelopes.smoothedValueAt(smoothing, position);
      else if (held.smoothed !== null && smoothing === held.panel.smoothing)
        smoothed = held.smoothed[sample]!;
    }
    return {
      step: held.steps[sample]!,
      time: held.times[sample]!,
      x: envelopes.xAt(position),
      value: held.values[sample]!,
      smoothed,
    };
  }
}
