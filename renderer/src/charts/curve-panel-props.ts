// What a curve panel is given: its traces and axis, how it looks, what it tells its page (zoom,
// plot width), where its curves come from when the host draws them, and what is marked on it.

import type { ReactNode } from 'react';
import type { Trace, XAxisMode } from './curve-data.js';
import type { LegendEntry } from './CurveLegend.js';
import type { PngSpec } from './png-export.js';
import type { CursorPoint } from './cursor-readout.js';
import type { FileStepMarks } from './FileStepTicks.js';
import type { RunMarks } from './marks/mark-clusters.js';
import type { RunStages } from './marks/draw-marks.js';

export interface CurvePanelProps {
  readonly title: string;
  readonly traces: readonly Trace[];
  readonly mode: XAxisMode;
  /** The axis' name when it is a step_metric (e.g. "epoch"). */
  readonly xLabel: string;
  readonly logY: boolean;
  readonly smoothing: number;
  readonly height?: number;
  /** Extra lines under the chart (e.g. that an overlay's scales differ). */
  readonly notes?: readonly string[];
  /** Downloads the exact samples; none for a derived view, which has no samples of its own. */
  readonly onExportCsv?: (() => void) | undefined;
  /** Given the chart's canvas and what the PNG shows around it. */
  readonly onExportPng?: (canvas: HTMLCanvasElement, spec: PngSpec) => void;
  readonly syncKey: string;
  /** Told of the x range the user zoomed to (null when reset), for views fetched per range. */
  readonly onXRange?: (range: readonly [number, number] | null) => void;
  /**
   * The x range to show, when the page keeps the zoom (a link or an arrangement reopened): set
   * on the chart as a zoom of the user's would be; null shows the whole.
   */
  readonly xRange?: readonly [number, number] | null | undefined;
  /**
   * Told of the plotting area's width in canvas pixels, for views fetched per pixel column; while
   * pending, of a guess from the panel's width.
   */
  readonly onPlotColumns?: (columns: number) => void;
  /**
   * The curves are yet to come from the host: no chart is built until they do (a canvas made
   * only to be replaced costs about what drawing the curves does), the panel says it is reading.
   */
  readonly pending?: boolean | undefined;
  /**
   * While pending, the lines the legend lists: laid out as the board mounts, while the host
   * reads, not in the frame that draws the curves (a Compare's 240 rows were some 10 ms of it).
   */
  readonly pendingLegend?: readonly LegendEntry[] | undefined;
  /**
   * For traces drawn from envelopes, whose points are not all the samples: what a cursor at x
   * reads on each trace, in order, as the host answers it.
   */
  readonly readAt?: (x: number) => Promise<readonly (CursorPoint | null)[]>;
  /** Where the run logged files, ticked on a step axis (never on time or a step_metric). */
  readonly fileSteps?: FileStepMarks | undefined;
  /** Each run's annotations and resumes, marked at their step or time. */
  readonly marks?: readonly RunMarks[] | undefined;
  /** Each run's curriculum stages, tinted behind the lines. */
  readonly stages?: readonly RunStages[] | undefined;
  /** Under the legend: a key of what the panel's tools added (a label's colours). */
  readonly footer?: ReactNode;
  /** Under the head: tools of the panel's own (a label filter). */
  readonly tools?: ReactNode;
  /** A derived view's formula: the panel is marked derived and says what it reads. */
  readonly formula?: string;
  /** A group's legend row was clicked: open or close its runs' own lines. */
  readonly onToggleGroup?: (groupId: string) => void;
}
