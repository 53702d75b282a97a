// The axes and scales of a curve panel for uPlot: ticks labelled by axis-ticks (distinct, exact
// to their spacing, compact where long), sized to their text, log y ticked by decades, time since
// start in a unit chosen from its span, colours from the theme.

import type uPlot from 'uplot';
import type { TimeUnit } from './axis-ticks.js';
import {
  TIME_INCREMENTS,
  linearSplits,
  linearTickLabels,
  logSplits,
  logTickLabels,
  niceIncrement,
  timeTickLabels,
} from './axis-ticks.js';
import type { XAxisMode } from './curve-data.js';

export const AXIS_FONT = '11px sans-serif';
/** Least room between y ticks, in CSS pixels. */
const Y_SPACE = 28;
/** Room beside an x tick's label, in CSS pixels, so neighbours never touch. */
const X_GAP = 22;

let measure: CanvasRenderingContext2D | null = null;

/** The width of a label in the axis font, in CSS pixels. */
export function textWidth(text: string): number {
  measure ??= document.createElement('canvas').getContext('2d');
  if (measure === null) return text.length * 6.5;
  measure.font = AXIS_FONT;
  return measure.measureText(text).width;
}

export interface AxisColours {
  readonly text: string;
  readonly grid: string;
}

type Labeller = (splits: readonly number[], increment: number) => string[];

/** Room an x axis needs between ticks: its widest label at the spacing it would take, and a gap. */
function xSpace(label: Labeller): uPlot.Axis.Space {
  return (_u, _axis, min, max, plotDim) => {
    if (!(max > min) || !(plotDim > 0)) return 60;
    const increment = niceIncrement((max - min) / Math.max(1, plotDim / 60));
    const splits = linearSplits(min, max, increment);
    const widest = label(splits.length > 0 ? splits : [min, max], increment).reduce(
      (w, text) => Math.max(w, textWidth(text)),
      0,
    );
    return Math.max(40, widest + X_GAP);
  };
}

/** A y axis as wide as its widest label. */
function ySize(u: uPlot, values: string[] | null): number {
  void u;
  const widest = (values ?? []).reduce((w, text) => Math.max(w, textWidth(text)), 0);
  return Math.max(32, Math.ceil(widest) + 18);
}

export interface CurveAxesOptions {
  readonly mode: XAxisMode;
  readonly logY: boolean;
  readonly colours: AxisColours;
  /** With mode 'relative': the unit the ticks are told in. */
  readonly timeUnit: TimeUnit | null;
  /** The x axis' name, drawn under its ticks (and so in a PNG of the canvas). */
  readonly xName: string;
  /** Told of the labels each axis draws, as it draws them. */
  readonly onLabels?: (axis: 'x' | 'y', labels: readonly string[]) => void;
}

export function curveAxes(options: CurveAxesOptions): uPlot.Axis[] {
  const { mode, logY, colours, timeUnit } = options;
  const told = (axis: 'x' | 'y', labels: string[]): string[] => {
    options.onLabels?.(axis, labels);
    return labels;
  };
  const common = {
    stroke: colours.text,
    grid: { stroke: colours.grid, width: 1 },
    ticks: { stroke: colours.grid },
    font: AXIS_FONT,
  };
  const named = {
    label: options.xName,
    labelSize: 14,
    labelGap: 0,
    labelFont: AXIS_FONT,
  };
  let x: uPlot.Axis = { ...common, ...named };
  if (mode === 'relative' && timeUnit !== null) {
    const label: Labeller = (splits, increment) => timeTickLabels(splits, timeUnit, increment);
    x = {
      ...common,
      ...named,
      size: 32,
      incrs: [...TIME_INCREMENTS],
      space: xSpace(label),
      values: (_u, splits, _axis, _space, increment) => told('x', label(splits, increment)),
    };
  } else if (mode !== 'wall') {
    x = {
      ...common,
      ...named,
      size: 32,
      space: xSpace(linearTickLabels),
      values: (_u, splits, _axis, _space, increment) =>
        told('x', linearTickLabels(splits, increment)),
    };
  }
  const y: uPlot.Axis = logY
    ? {
        ...common,
        space: Y_SPACE,
        size: ySize,
        splits: (u, _axis, min, max) =>
          logSplits(min, max, u.bbox.height / devicePixelRatio, Y_SPACE),
        // uPlot hides log labels it would not have placed itself: these are all meant.
        filter: (_u, splits) => splits,
        values: (_u, splits) => told('y', logTickLabels(splits)),
      }
    : {
        ...common,
        space: Y_SPACE,
        size: ySize,
        values: (_u, splits, _axis, _space, increment) =>
          told('y', linearTickLabels(splits, increment)),
      };
  return [x, y];
}

/** Pads a log range a little, in log space, instead of out to whole decades as uPlot does. */
function logRange(_u: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax {
  if (min === null || max === null || !(min > 0) || !(max > 0)) return [1, 10];
  if (max === min) return [min / 2, max * 2];
  const pad = (Math.log10(max) - Math.log10(min)) * 0.04;
  return [min / 10 ** pad, max * 10 ** pad];
}

export function curveScales(mode: XAxisMode, logY: boolean): uPlot.Scales {
  return {
    x: { time: mode === 'wall' },
    y: logY ? { distr: 3, log: 10, range: logRange } : {},
  };
}
