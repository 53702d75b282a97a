// A run's picture: the keys planned into blocks, each curve probed once for its range and for
// what it cannot show (the notes), then panels (or one overlay) sized to the terminal, scalar
// lines and bar lists, under a header with the run's status.

import type { EnvelopeColumns, EnvelopeXColumn, RunDetail } from '../../shared/api/contract.js';
import { nonFiniteNote } from '../../shared/series/curve-math.js';
import type { SourceRun } from '../sources/run-source.js';
import type { FooterFacts } from './blocks.js';
import {
  breakdownLines,
  footerForms,
  footerText,
  runHeader,
  scalarLine,
  titleLine,
} from './blocks.js';
import type { Fit } from './fit.js';
import { cutAtSpace, fitOf } from './fit.js';
import type { EnvelopeAsk, FoldedKey } from './fold.js';
import { askEnvelope } from './fold.js';
import { flattenedLine, legendLines, numberedFooters } from './overlay-text.js';
import type { PanelCurve } from './panel.js';
import { drawPanel } from './panel.js';
import type { Block } from './plan.js';
import { planKeys } from './plan.js';
import type { PlotArgs } from './plot-args.js';
import type { YScale } from './raster.js';
import type { TerminalInfo } from './terminal.js';
import { asciiOnly } from './terminal.js';
import { formatStep } from './ticks.js';

export interface PlotPicture {
  /** What the picture cannot show, for stderr, before it. */
  readonly notes: string[];
  readonly lines: string[];
  /** False when nothing at all could be drawn (exit 1). */
  readonly drawn: boolean;
}

/** A curve's probe: the envelope over the window, and the value range it spans. */
interface Probe {
  readonly key: string;
  readonly ask: EnvelopeAsk;
  readonly envelope: EnvelopeColumns;
  readonly lo: number;
  readonly hi: number;
  /** Least value above 0, for a log scale; Infinity when none. */
  readonly positive: number;
}

const PROBE_WIDTH = 512;
/** A scale this many times a curve's span flattens it. */
const FLATTENED = 100;

function envelopeX(x: PlotArgs['x']): EnvelopeXColumn {
  return x === 'relative' ? 'time' : x;
}

function valueSpan(envelope: EnvelopeColumns): { lo: number; hi: number; positive: number } {
  let lo = Infinity;
  let hi = -Infinity;
  let positive = Infinity;
  for (const points of [envelope.raw, envelope.smoothed])
    for (const v of points?.values ?? []) {
      if (!Number.isFinite(v)) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
      if (v > 0) positive = Math.min(positive, v);
    }
  return { lo, hi, positive };
}

/** A scale over [lo, hi]: widened a little when flat, so a constant draws mid-canvas. */
function scaleOf(lo: number, hi: number, positive: number, log: boolean): YScale | null {
  if (log) {
    if (positive === Infinity) return null;
    const top = Math.max(hi, positive);
    return top > positive
      ? { lo: positive, hi: top, log }
      : { lo: positive / 2, hi: positive * 2, log };
  }
  if (!(lo <= hi)) return null;
  if (hi > lo) return { lo, hi, log };
  const pad = lo === 0 ? 1 : Math.abs(lo) * 0.05;
  return { lo: lo - pad, hi: hi + pad, log };
}

/** The notes a curve's probe calls for: window cuts, non-finite points, unpaired, no axis. */
function probeNotes(probe: Probe, args: PlotArgs, detail: RunDetail): string[] {
  const { envelope: e, key } = probe;
  const notes: string[] = [];
  // Unpaired points are told on their own, below: the window cut is of those with an x.
  const cut = e.total - e.unpaired - e.inView;
  if ((args.from !== null || args.to !== null) && cut > 0)
    notes.push(`${key}: --from/--to leave out ${formatStep(cut)} of ${formatStep(e.total)} points`);
  const nonFinite = nonFiniteNote(e.nonFinite);
  if (nonFinite !== null) {
    const first = detail.statistics.find((s) => s.key === key)?.nonFinite?.first;
    notes.push(
      `${key}: ${nonFinite} (no scale holds them)` +
        (first !== undefined ? `, the first at step ${formatStep(first.step)}` : ''),
    );
  }
  if (e.unpaired > 0)
    notes.push(
      `${key}: ${formatStep(e.unpaired)} points have no ${e.stepMetric ?? 'step metric'} at their step: not drawn`,
    );
  if (args.x === 'step_metric' && e.stepMetric === null)
    notes.push(`${key} declares no step_metric: drawn against step`);
  if (args.logY) {
    const columns = probe.ask.run.columns(key);
    let below = 0;
    let first = -1;
    if (columns !== undefined)
      for (let i = 0; i < columns.values.length; i++) {
        const v = columns.values[i]!;
        if (Number.isFinite(v) && v <= 0) {
          below++;
          if (first < 0) first = columns.steps[i]!;
        }
      }
    if (below > 0)
      notes.push(
        `${key}: ${formatStep(below)} values at or below 0 cannot sit on a log scale (the first at step ${formatStep(first)}): drawn at the bottom edge`,
      );
  }
  return notes;
}

/** Notes about the run as a whole: damaged lines, resumes' orphans. */
function runNotes(run: SourceRun, detail: RunDetail): string[] {
  const notes: string[] = [];
  const { damaged } = detail.summary;
  if (damaged > 0)
    notes.push(
      `${formatStep(damaged)} damaged line${damaged === 1 ? '' : 's'} in the log: skipped`,
    );
  for (const { key, count } of detail.orphans)
    notes.push(
      `${key}: ${formatStep(count)} ${count === 1 ? 'orphan' : 'orphans'} (samples a resume abandoned) left out`,
    );
  if (detail.orphans.length === 0 && detail.resumes.length > 0) {
    const steps = detail.resumes.map((r) => formatStep(r.step)).join(', ');
    notes.push(
      `run ${run.id} resumed at step ${steps}: samples logged past a resume's step before it are orphans, left out (this source keeps no count of them)`,
    );
  }
  return notes;
}

/** The footer facts of a folded curve. */
function footerFacts(
  folded: FoldedKey,
  probe: Probe,
  args: PlotArgs,
  detail: RunDetail,
): FooterFacts {
  const stats = detail.statistics.find((s) => s.key === probe.key);
  const windowed = args.from !== null || args.to !== null;
  // Unwindowed, the last sample is the series' own, non-finite or not; else the last in view.
  const last = !windowed && stats !== undefined ? stats.last : folded.lastPoint;
  const goal = detail.metrics.find((m) => m.key === probe.key)?.goal ?? null;
  return {
    last: last === null ? null : { step: last.step, value: last.value },
    best: probe.envelope.best,
    goal,
    smoothed:
      folded.lastSmoothed === null ? null : { weight: args.smooth, last: folded.lastSmoothed },
  };
}

/** Canvas rows for each of `panels` panels in `budget` lines, each with `overhead` lines more. */
function rowsEach(budget: number, panels: number, overhead: number): number {
  if (panels === 0) return 0;
  return Math.max(3, Math.floor(budget / panels) - overhead);
}

/** The picture of a run; `detail` is the run's detail, asked for by the caller (a far run's comes later). */
export function plotPicture(
  run: SourceRun,
  detail: RunDetail,
  args: PlotArgs,
  term: TerminalInfo,
  now: number | null,
): PlotPicture {
  const { summary } = detail;
  const plan = planKeys(summary.keys, args.keys);
  const notes: string[] = [...runNotes(run, detail)];
  for (const pattern of plan.unmatched) notes.push(`--key ${pattern} matched no key of the run`);
  for (const key of plan.empty) notes.push(`${key}: no sample yet`);
  const origin = args.x === 'relative' ? (summary.startTime ?? 0) : 0;
  const x0 = args.from === null ? -Infinity : args.from + origin;
  const x1 = args.to === null ? Infinity : args.to + origin;
  const probes: Probe[] = [];
  for (const block of plan.blocks) {
    if (block.shape !== 'curve') continue;
    const ask: EnvelopeAsk = { run, key: block.key, x: envelopeX(args.x), smoothing: args.smooth };
    const envelope = askEnvelope(ask, x0, x1, PROBE_WIDTH);
    if ('refused' in envelope) {
      notes.push(`${block.key}: ${envelope.refused}`);
      continue;
    }
    const probe: Probe = { key: block.key, ask, envelope, ...valueSpan(envelope) };
    notes.push(...probeNotes(probe, args, detail));
    if (envelope.inView === 0) notes.push(`${block.key}: no point in the window`);
    else if (!(probe.lo <= probe.hi)) notes.push(`${block.key}: no finite point to draw`);
    else probes.push(probe);
  }
  const fit = fitOf(term.width, term.unicode);
  const lines = [runHeader(summary, now, term.colour, fit)];
  const inWindow = (step: number, time: number): boolean => {
    if (args.x === 'step_metric') return true;
    const x = args.x === 'step' ? step : time;
    return x >= x0 && x <= x1;
  };
  const side = sideBlocks(run, plan.blocks, term, fit, inWindow);
  let drawn = side.length > 0;
  const budget = term.height - 1 - lines.length - side.reduce((n, b) => n + b.length + 1, 0);
  const curveLines = args.overlay
    ? overlayLines(probes, args, term, fit, detail, budget, notes, origin)
    : panelLines(probes, args, term, fit, detail, budget, origin);
  if (curveLines.length > 0) drawn = true;
  for (const block of [...curveLines, ...side]) lines.push('', ...block);
  if (term.unicode) return { notes, lines, drawn };
  return { notes: notes.map(asciiOnly), lines: lines.map(asciiOnly), drawn };
}

/** The shared x range of probes (the union of what each covers in the window). */
function unionRange(probes: readonly Probe[]): { x0: number; x1: number } {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const p of probes) {
    x0 = Math.min(x0, p.envelope.layout.x0);
    x1 = Math.max(x1, p.envelope.layout.x1);
  }
  // One x for every point: a range of width 0 is widened so its point has a column.
  return x1 > x0 ? { x0, x1 } : { x0: x0 - 1, x1: x1 + 1 };
}

function panelTitle(key: string, detail: RunDetail, args: PlotArgs, colour: boolean, fit: Fit) {
  const metric = detail.metrics.find((m) => m.key === key);
  const stepMetric = args.x === 'step_metric' && metric?.stepMetric ? metric.stepMetric : null;
  return titleLine(key, { goal: metric?.goal ?? null, stepMetric, logY: args.logY }, colour, fit);
}

function panelLines(
  probes: readonly Probe[],
  args: PlotArgs,
  term: TerminalInfo,
  fit: Fit,
  detail: RunDetail,
  budget: number,
  origin: number,
): string[][] {
  // A step-metric axis is each key's own; steps and times are shared, so panels line up.
  const shared = args.x === 'step_metric' ? null : unionRange(probes);
  const rows = rowsEach(budget, probes.length, 5);
  const out: string[][] = [];
  for (const probe of probes) {
    const scale = scaleOf(probe.lo, probe.hi, probe.positive, args.logY);
    if (scale === null) continue;
    const curve: PanelCurve = { ask: probe.ask, index: 0 };
    const panel = drawPanel([curve], {
      width: term.width,
      rows,
      unicode: term.unicode,
      colour: term.colour,
      x: args.x,
      startTime: origin,
      xRange: shared ?? unionRange([probe]),
      scale,
      markers: false,
    });
    const folded = panel.folded[0]!;
    out.push([
      panelTitle(probe.key, detail, args, term.colour, fit),
      ...panel.lines,
      'refused' in folded
        ? cutAtSpace(folded.refused, fit.width, fit.ellipsis)
        : footerText(footerFacts(folded, probe, args, detail), fit),
    ]);
  }
  return out;
}

function overlayLines(
  probes: readonly Probe[],
  args: PlotArgs,
  term: TerminalInfo,
  fit: Fit,
  detail: RunDetail,
  budget: number,
  notes: string[],
  origin: number,
): string[][] {
  if (probes.length === 0) return [];
  // One canvas is one x axis: the axis most keys are on (a step metric's, on a tie) is kept,
  // and a key on another cannot share it.
  const axes = new Map<string | null, number>();
  for (const p of probes)
    axes.set(p.envelope.stepMetric, (axes.get(p.envelope.stepMetric) ?? 0) + 1);
  const [axis] = [...axes].sort(
    (a, b) => b[1] - a[1] || Number(b[0] !== null) - Number(a[0] !== null),
  )[0]!;
  const kept = probes.filter((p) => {
    if (p.envelope.stepMetric === axis) return true;
    notes.push(
      `${p.key}: dropped from the overlay: its x is ${p.envelope.stepMetric ?? 'step'}, the overlay's ${axis ?? 'step'}`,
    );
    return false;
  });
  const usable = args.logY ? kept.filter((p) => p.positive < Infinity) : kept;
  for (const p of kept)
    if (!usable.includes(p))
      notes.push(`${p.key}: dropped from the overlay: no value above 0 for the log scale`);
  const lo = Math.min(...usable.map((p) => p.lo));
  const hi = Math.max(...usable.map((p) => p.hi));
  const scale = scaleOf(lo, hi, Math.min(...usable.map((p) => p.positive)), args.logY);
  if (scale === null || usable.length === 0) return [];
  const legend = legendLines(
    usable.map((p) => p.key),
    term.unicode,
    term.colour,
    fit,
  );
  const rows = rowsEach(budget, 1, 4 + legend.length + usable.length);
  const panel = drawPanel(
    usable.map((p, i) => ({ ask: p.ask, index: i })),
    {
      width: term.width,
      rows,
      unicode: term.unicode,
      colour: term.colour,
      x: args.x,
      startTime: origin,
      xRange: unionRange(usable),
      scale,
      markers: true,
    },
  );
  const footers = numberedFooters(
    usable.map((p, i) => {
      const folded = panel.folded[i]!;
      const forms =
        'refused' in folded
          ? [folded.refused]
          : footerForms(footerFacts(folded, p, args, detail), fit.ellipsis);
      return { key: p.key, forms };
    }),
    fit,
  );
  // A curve whose span is a hundredth of the scale's or less is flat on it: say so.
  const span = (a: number, b: number): number =>
    scale.log ? Math.log10(b) - Math.log10(Math.max(a, scale.lo)) : b - a;
  const whole = span(scale.lo, scale.hi);
  for (const p of usable) {
    const own = span(p.lo, p.hi);
    if (own > 0 && whole / own >= FLATTENED) footers.push(flattenedLine(p.key, whole / own, fit));
  }
  return [[...legend, ...panel.lines, ...footers]];
}

/** Scalar lines and bar lists, each a block of lines. */
function sideBlocks(
  run: SourceRun,
  blocks: readonly Block[],
  term: TerminalInfo,
  fit: Fit,
  inWindow: (step: number, time: number) => boolean,
): string[][] {
  const out: string[][] = [];
  const scalars: string[] = [];
  const one = (key: string) => {
    const c = run.columns(key);
    const last = (c?.values.length ?? 0) - 1;
    if (c === undefined || last < 0 || !inWindow(c.steps[last]!, c.times[last]!)) return null;
    return { key, value: c.values[last]!, step: c.steps[last]! };
  };
  for (const block of blocks) {
    if (block.shape === 'scalar') {
      const point = one(block.key);
      if (point !== null)
        scalars.push(scalarLine(block.key, point.value, point.step, term.colour, fit));
    } else if (block.shape === 'breakdown') {
      const entries = block.keys.map(one).filter((e) => e !== null);
      if (entries.length > 0)
        out.push(breakdownLines(block.prefix, entries, term.unicode, term.colour, fit));
    }
  }
  return scalars.length > 0 ? [scalars, ...out] : out;
}
