// What an offline report holds: its title, note and making; the runs' context (status, params,
// summary, tags, duration, commit, provenance for the reproduce block); the curve panels, each
// with every sample of each run's series or the exact M4 envelope points of its finest level
// (coarser levels are made from them as the report is read); the scalar tiles and breakdowns.

import type { RunStatusName } from '../api/contract.js';
import type { Goal } from '../format/records.js';
import type { ArrayRef } from './report-codec.js';

export const REPORT_FORMAT = 'munin-view report';
export const REPORT_VERSION = 1;
/** The id of the page's element that keeps the data: gzipped, in base64, never run. */
export const REPORT_DATA_ELEMENT = 'munin-report-data';

/** A value as the report shows it: its exact text and its kind. */
export interface ReportValue {
  readonly text: string;
  readonly kind: 'int' | 'float' | 'bool' | 'string';
}

export interface ReportRun {
  readonly id: string;
  readonly name: string | null;
  readonly experiment: string | null;
  readonly status: RunStatusName;
  readonly error: string | null;
  readonly startTime: number | null;
  readonly endTime: number | null;
  readonly lastWrite: number;
  readonly lastStep: number | null;
  readonly params: readonly (readonly [string, ReportValue])[];
  readonly summary: readonly (readonly [string, ReportValue])[];
  readonly tags: readonly string[];
  readonly dirty: boolean | null;
  /** The start's provenance as the store's JSON text (exact), for the reproduce block. */
  readonly provenance: string | null;
  readonly hasGitDiff: boolean;
  /** The colour (and dash) the app showed the run in, when the app saved the report. */
  readonly style?: { readonly color: string; readonly dash?: readonly number[] };
}

/**
 * The points of one line, in x order: steps, times and values (and x, against a step_metric;
 * and with the page's smoothing, the smoothed value at each, computed over every sample).
 */
export interface ReportPoints {
  readonly steps: ArrayRef;
  readonly times: ArrayRef;
  readonly values: ArrayRef;
  readonly x?: ArrayRef;
  readonly smoothed?: ArrayRef;
}

/** One run's line on a panel: its points, and what was counted over every sample. */
export interface ReportLine {
  readonly run: number;
  /** Samples the run's series holds in all. */
  readonly total: number;
  readonly goal: Goal | null;
  readonly points: ReportPoints;
  /**
   * Envelopes only: the finest level's columns over [x0, x1] (in the panel's x units) that the
   * points hold the first, last, least and greatest finite point and a non-finite marker of.
   */
  readonly layout: { readonly x0: number; readonly x1: number; readonly columns: number } | null;
  readonly nonFinite: {
    readonly nan: number;
    readonly positiveInfinity: number;
    readonly negativeInfinity: number;
  };
  /** Samples with no x on the step metric's axis: counted, not drawn. */
  readonly unpaired: number;
  readonly xOrder: 'series' | 'sorted';
}

/**
 * A group's curve on a panel: at each distinct step its runs logged, the center, band and n of
 * their samples there (the host's rule), as every step or the finest level's exact points of the
 * center's, the low's and the high's envelopes.
 */
export interface ReportGroupLine {
  readonly group: number;
  readonly x: 'step' | 'time';
  readonly points: {
    readonly steps: ArrayRef;
    /** The mean time of the samples at each step. */
    readonly times: ArrayRef;
    readonly center: ArrayRef;
    readonly low: ArrayRef;
    readonly high: ArrayRef;
    readonly n: ArrayRef;
  };
  readonly layout: { readonly x0: number; readonly x1: number; readonly columns: number } | null;
  /** Distinct steps in the whole curve. */
  readonly total: number;
  /** Runs of the group that hold the key. */
  readonly runs: number;
  /** Runs of the group without it, by place among the report's runs (as text). */
  readonly missing: readonly string[];
  readonly nonFinite: number;
  readonly rule: string;
}

/** The page's groups of runs, when it drew groups' bands instead of runs' lines. */
export interface ReportGrouping {
  readonly center: 'mean' | 'median';
  readonly spread: 'min-max' | 'std';
  readonly groups: readonly {
    readonly label: string;
    readonly style: { readonly color: string; readonly dash?: readonly number[] };
    /** The group's runs, by place among the report's runs. */
    readonly runs: readonly number[];
  }[];
}

/** What a panel's points are: every sample, or the finest level of exact envelopes. */
export type ReportHolding = 'every-sample' | 'envelopes';

export interface ReportPanel {
  /** The key; for a derived view, its name. */
  readonly key: string;
  /** A derived view's formula, drawn marked derived. */
  readonly formula?: string;
  /** The axis the points were chosen on and drawn against at first. */
  readonly mode: 'step' | 'wall' | 'relative' | 'step_metric';
  readonly stepMetric: string | null;
  readonly logY: boolean;
  readonly smoothing: number;
  /** The x range the page was zoomed to, in the axis' units; null for the whole. */
  readonly zoom: readonly [number, number] | null;
  readonly holding: ReportHolding;
  /** The finest level's columns when the panel holds envelopes. */
  readonly columns: number | null;
  readonly lines: readonly ReportLine[];
  /** With grouping, each group's curve. */
  readonly groupLines?: readonly ReportGroupLine[];
}

/** A key of one point per run: its value in each run that has it. */
export interface ReportScalar {
  readonly key: string;
  readonly goal: Goal | null;
  readonly values: readonly {
    readonly run: number;
    readonly step: number;
    readonly value: number;
  }[];
}

export interface ReportDocument {
  readonly format: typeof REPORT_FORMAT;
  readonly version: typeof REPORT_VERSION;
  readonly title: string;
  /** Markdown, rendered without raw HTML. */
  readonly note: string | null;
  /** Seconds since the epoch. */
  readonly made: number;
  readonly madeBy: string;
  readonly stores: readonly { readonly root: string; readonly name: string }[];
  readonly runs: readonly ReportRun[];
  readonly panels: readonly ReportPanel[];
  readonly scalars: readonly ReportScalar[];
  readonly grouping?: ReportGrouping;
  /** Keys asked for that no run has. */
  readonly missingKeys: readonly string[];
}
