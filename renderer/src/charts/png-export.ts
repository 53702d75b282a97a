// A panel as a PNG that stands on its own: the key as title, the chart with its y axis named,
// the x axis' name under it (unless the chart draws its own), and a legend of the runs in their
// colours and dashes, on the theme's background at the screen's pixel ratio.

import { safeFileName, saveBlob } from './download.js';

export interface LegendEntry {
  readonly label: string;
  readonly color: string;
  /** The run's dash in CSS pixels; solid without. */
  readonly dash?: readonly number[];
}

/** What a panel tells its PNG besides the chart itself. */
export interface PngSpec {
  readonly title: string;
  /** The y axis' name: the key, or the keys of an overlay. */
  readonly yLabel: string;
  /**
   * The x axis' name (step, epoch, wall time, time since start), when the chart's canvas does not
   * draw it under its ticks itself, as a curve panel's does.
   */
  readonly xLabel?: string;
  readonly legend: readonly LegendEntry[];
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Where each part goes, in CSS pixels. */
export interface PngLayout {
  readonly width: number;
  readonly height: number;
  /** The title's baseline start. */
  readonly title: { readonly x: number; readonly y: number };
  readonly chart: Box;
  /** The centre of the rotated y axis name, and of the x axis name's line. */
  readonly yLabel: { readonly x: number; readonly y: number };
  readonly xLabel: { readonly x: number; readonly y: number } | null;
  /** Each legend entry's swatch (a stretch of line) and label start, on one text line. */
  readonly legend: readonly {
    readonly swatch: Box;
    readonly labelX: number;
    /** How wide its label may be: a longer one is cut with an ellipsis. */
    readonly labelWidth: number;
    readonly y: number;
  }[];
}

export const FONTS = {
  title: '600 14px',
  axis: '12px',
  legend: '12px',
} as const;

const PAD = 16;
const TITLE_LINE = 22;
const AXIS_GUTTER = 20;
const AXIS_LINE = 18;
const LEGEND_LINE = 20;
const SWATCH = 18;
const SWATCH_GAP = 6;
const ENTRY_GAP = 18;
/** A label longer than this is cut with an ellipsis: the legend stays a legend. */
const MAX_LABEL = 360;

/**
 * Lays out the image around a chart of the given CSS size. Legend entries flow in rows as
 * wide as the chart; `measure` gives a text's width in a font of FONTS.
 */
export function pngLayout(
  chart: { readonly width: number; readonly height: number },
  legend: readonly LegendEntry[],
  measure: (text: string, font: string) => number,
  withXLabel = true,
): PngLayout {
  const chartBox = { x: PAD + AXIS_GUTTER, y: PAD + TITLE_LINE, ...chart };
  const width = chartBox.x + chart.width + PAD;
  // The chart's canvas ends in its tick labels' margin: the name sits just under them.
  const xLabelLine = chartBox.y + chart.height + AXIS_LINE / 2 - 2;
  const legendTop = chartBox.y + chart.height + (withXLabel ? AXIS_LINE : 0) + 6;
  const rowWidth = chart.width;
  const entries: PngLayout['legend'][number][] = [];
  const widest = Math.max(0, Math.min(MAX_LABEL, rowWidth - SWATCH - SWATCH_GAP));
  let row = 0;
  let x = 0;
  for (const entry of legend) {
    const labelWidth = Math.min(widest, measure(entry.label, FONTS.legend));
    const entryWidth = SWATCH + SWATCH_GAP + labelWidth;
    if (x > 0 && x + entryWidth > rowWidth) {
      row++;
      x = 0;
    }
    const y = legendTop + row * LEGEND_LINE + LEGEND_LINE / 2;
    entries.push({
      swatch: { x: chartBox.x + x, y: y - 1.5, width: SWATCH, height: 3 },
      labelX: chartBox.x + x + SWATCH + SWATCH_GAP,
      labelWidth,
      y,
    });
    x += entryWidth + ENTRY_GAP;
  }
  const legendHeight = legend.length === 0 ? 0 : (row + 1) * LEGEND_LINE;
  return {
    width,
    height: legendTop + legendHeight + PAD,
    title: { x: PAD, y: PAD + 14 },
    chart: chartBox,
    yLabel: { x: PAD + AXIS_GUTTER / 2 - 4, y: chartBox.y + chart.height / 2 },
    xLabel: withXLabel ? { x: chartBox.x + chart.width / 2, y: xLabelLine } : null,
    legend: entries,
  };
}

/** The text cut to at most `max` pixels wide, with an ellipsis when cut. */
function fitted(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export interface PngColors {
  readonly background: string;
  readonly text: string;
  readonly muted: string;
  readonly fontFamily: string;
}

/**
 * The composed image: chart is the panel's canvas, drawn 1:1 in device pixels, so the image
 * is as sharp as the screen at `ratio` device pixels a CSS pixel.
 */
export function composePng(
  chart: HTMLCanvasElement,
  spec: PngSpec,
  colors: PngColors,
  ratio: number,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d')!;
  const font = (size: string): string => `${size} ${colors.fontFamily}`;
  const measure = (text: string, size: string): number => {
    ctx.font = font(size);
    return ctx.measureText(text).width;
  };
  const layout = pngLayout(
    { width: chart.width / ratio, height: chart.height / ratio },
    spec.legend,
    measure,
    spec.xLabel !== undefined,
  );
  canvas.width = Math.round(layout.width * ratio);
  canvas.height = Math.round(layout.height * ratio);
  ctx.scale(ratio, ratio);
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, layout.width, layout.height);
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = colors.text;
  ctx.font = font(FONTS.title);
  ctx.fillText(fitted(ctx, spec.title, layout.width - 2 * PAD), layout.title.x, layout.title.y);
  const { chart: box } = layout;
  ctx.drawImage(chart, box.x, box.y, box.width, box.height);
  ctx.fillStyle = colors.muted;
  ctx.font = font(FONTS.axis);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (spec.xLabel !== undefined && layout.xLabel !== null)
    ctx.fillText(fitted(ctx, spec.xLabel, box.width), layout.xLabel.x, layout.xLabel.y);
  ctx.save();
  ctx.translate(layout.yLabel.x, layout.yLabel.y);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(fitted(ctx, spec.yLabel, box.height), 0, 0);
  ctx.restore();
  ctx.textAlign = 'left';
  ctx.font = font(FONTS.legend);
  spec.legend.forEach((entry, i) => {
    const place = layout.legend[i]!;
    const { swatch } = place;
    ctx.strokeStyle = entry.color;
    ctx.lineWidth = swatch.height;
    ctx.setLineDash(entry.dash === undefined ? [] : [...entry.dash]);
    ctx.beginPath();
    ctx.moveTo(swatch.x, place.y);
    ctx.lineTo(swatch.x + swatch.width, place.y);
    ctx.stroke();
    ctx.fillStyle = colors.text;
    // Measured a hair wider than laid out: a label the layout gave its full width stays whole.
    ctx.fillText(fitted(ctx, entry.label, place.labelWidth + 0.5), place.labelX, place.y);
  });
  return canvas;
}

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Saves the panel as `<name>.png`, composed in the theme the app shows now. */
export function downloadChartPng(chart: HTMLCanvasElement, spec: PngSpec, name: string): void {
  const colors: PngColors = {
    background: cssVar('--panel', '#ffffff'),
    text: cssVar('--text', '#1b1f26'),
    muted: cssVar('--muted', '#7a8292'),
    fontFamily: getComputedStyle(document.body).fontFamily || 'sans-serif',
  };
  composePng(chart, spec, colors, devicePixelRatio).toBlob((blob) => {
    if (blob !== null) saveBlob(blob, `${safeFileName(name)}.png`);
  }, 'image/png');
}
