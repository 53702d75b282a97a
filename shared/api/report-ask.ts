// What the app asks of the host for an offline report of a page: its runs, title and note, and
// its panels as the page shows them (each key's axis, smoothing, log y and zoom, and derived
// views by formula), with the runs' colours; checked here, as every request is.

import { isKey } from '../format/names.js';
import type { GroupCenter, GroupSpread } from './group-kinds.js';

/** The axis a panel is drawn against; 'declared': the key's step_metric, else step. */
export type ReportAxis = 'step' | 'wall' | 'relative' | 'step_metric' | 'declared';

const AXES: readonly string[] = ['step', 'wall', 'relative', 'step_metric', 'declared'];

export interface ReportPanelAsk {
  /** The key; for a derived view, its name. */
  readonly key: string;
  /** A derived view's formula over each run's keys. */
  readonly formula?: string;
  readonly axis: ReportAxis;
  readonly smoothing: number;
  readonly logY: boolean;
  /** The x range zoomed to, in the axis' units; null for the whole. */
  readonly zoom: readonly [number, number] | null;
}

export interface ReportRunStyle {
  readonly color: string;
  readonly dash?: readonly number[];
}

/** A page's groups of runs: each drawn as its center and band, its runs by place in runIds. */
export interface ReportGroupingAsk {
  readonly center: GroupCenter;
  readonly spread: GroupSpread;
  readonly groups: readonly {
    readonly label: string;
    readonly style: ReportRunStyle;
    readonly runs: readonly number[];
  }[];
}

export interface ReportAsk {
  readonly runIds: readonly string[];
  readonly title: string;
  /** Markdown, shown rendered without raw HTML. */
  readonly note: string | null;
  readonly panels: readonly ReportPanelAsk[];
  /** Per run, in runIds' order: its colour on the page. */
  readonly styles?: readonly ReportRunStyle[];
  /** The page's groups, when it draws groups' bands instead of runs' lines. */
  readonly grouping?: ReportGroupingAsk;
}

/** The report made: the file's text, a name to save it under, and what it holds in words. */
export interface ReportMade {
  readonly html: string;
  readonly fileName: string;
  readonly bytes: number;
  readonly summary: string;
}

export const MAX_REPORT_RUNS = 200;
export const MAX_REPORT_PANELS = 500;
const MAX_TITLE_LENGTH = 500;
const MAX_NOTE_LENGTH = 200_000;
const MAX_FORMULA_LENGTH = 4096;
const MAX_KEY_LENGTH = 1024;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function panelProblem(raw: unknown): string | null {
  if (!isRecord(raw)) return 'it is not an object';
  const { key, formula, axis, smoothing, logY, zoom } = raw;
  if (formula !== undefined && (typeof formula !== 'string' || formula.length > MAX_FORMULA_LENGTH))
    return `formula must be text of at most ${MAX_FORMULA_LENGTH} characters`;
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH)
    return 'key must be a key';
  if (formula === undefined && !isKey(key)) return 'key must be a key';
  if (typeof axis !== 'string' || !AXES.includes(axis))
    return `axis must be one of ${AXES.join(', ')}`;
  if (typeof smoothing !== 'number' || !(smoothing >= 0 && smoothing < 1))
    return 'smoothing must be a weight from 0 to below 1';
  if (typeof logY !== 'boolean') return 'logY must be true or false';
  if (
    zoom !== null &&
    !(
      Array.isArray(zoom) &&
      zoom.length === 2 &&
      zoom.every((x) => typeof x === 'number' && Number.isFinite(x)) &&
      (zoom[0] as number) < (zoom[1] as number)
    )
  )
    return 'zoom must be null or two finite numbers, the first below the second';
  return null;
}

function styleProblem(raw: unknown): string | null {
  if (!isRecord(raw)) return 'it is not an object';
  const { color, dash } = raw;
  // A CSS colour the page draws with: #rgb, #rrggbb or an rgb()/hsl() of plain numbers.
  if (typeof color !== 'string' || !/^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([\d.,%\s]+\))$/i.test(color))
    return 'color must be a CSS colour (#rrggbb)';
  if (
    dash !== undefined &&
    !(
      Array.isArray(dash) &&
      dash.length <= 8 &&
      dash.every((d) => typeof d === 'number' && d >= 0 && d <= 100)
    )
  )
    return 'dash must be at most 8 lengths from 0 to 100';
  return null;
}

/**
 * A report's ask from a request's members, its runIds checked already as every run id is: only
 * the members it names, or why it is not one.
 */
export function readReportAsk(
  raw: Record<string, unknown>,
  runIds: readonly string[],
): ReportAsk | string {
  const problem = reportAskProblem(raw, runIds.length);
  if (problem !== null) return problem;
  const panels = (raw['panels'] as Record<string, unknown>[]).map((panel): ReportPanelAsk => ({
    key: panel['key'] as string,
    ...(panel['formula'] === undefined ? {} : { formula: panel['formula'] as string }),
    axis: panel['axis'] as ReportAxis,
    smoothing: panel['smoothing'] as number,
    logY: panel['logY'] as boolean,
    zoom: panel['zoom'] === null ? null : [...(panel['zoom'] as [number, number])],
  }));
  const styles = raw['styles'] as Record<string, unknown>[] | undefined;
  const grouping = raw['grouping'] as Record<string, unknown> | undefined;
  return {
    runIds,
    title: raw['title'] as string,
    note: raw['note'] as string | null,
    panels,
    ...(styles === undefined ? {} : { styles: styles.map(readStyle) }),
    ...(grouping === undefined
      ? {}
      : {
          grouping: {
            center: grouping['center'] as GroupCenter,
            spread: grouping['spread'] as GroupSpread,
            groups: (grouping['groups'] as Record<string, unknown>[]).map((group) => ({
              label: group['label'] as string,
              style: readStyle(group['style'] as Record<string, unknown>),
              runs: [...(group['runs'] as number[])],
            })),
          },
        }),
  };
}

function readStyle(style: Record<string, unknown>): ReportRunStyle {
  return {
    color: style['color'] as string,
    ...(style['dash'] === undefined ? {} : { dash: [...(style['dash'] as number[])] }),
  };
}

const MAX_GROUP_LABEL = 1024;

function groupingProblem(raw: unknown, runs: number): string | null {
  if (!isRecord(raw)) return 'it is not an object';
  const { center, spread, groups } = raw;
  if (center !== 'mean' && center !== 'median') return 'center must be "mean" or "median"';
  if (spread !== 'min-max' && spread !== 'std') return 'spread must be "min-max" or "std"';
  if (!Array.isArray(groups) || groups.length === 0 || groups.length > runs)
    return 'groups must be a list of 1 group to one per run';
  for (const [i, group] of groups.entries()) {
    if (!isRecord(group)) return `groups[${i}] is not an object`;
    const { label, style, runs: members } = group;
    if (typeof label !== 'string' || label.length > MAX_GROUP_LABEL)
      return `groups[${i}].label must be text of at most ${MAX_GROUP_LABEL} characters`;
    const problem = styleProblem(style);
    if (problem !== null) return `groups[${i}].style: ${problem}`;
    if (
      !Array.isArray(members) ||
      members.length === 0 ||
      !members.every((m) => Number.isInteger(m) && (m as number) >= 0 && (m as number) < runs)
    )
      return `groups[${i}].runs must be places in runIds`;
  }
  return null;
}

function reportAskProblem(raw: Record<string, unknown>, runs: number): string | null {
  const { title, note, panels, styles, grouping } = raw;
  if (grouping !== undefined) {
    const problem = groupingProblem(grouping, runs);
    if (problem !== null) return `grouping: ${problem}`;
  }
  if (typeof title !== 'string' || title.length > MAX_TITLE_LENGTH)
    return `title must be text of at most ${MAX_TITLE_LENGTH} characters`;
  if (note !== null && (typeof note !== 'string' || note.length > MAX_NOTE_LENGTH))
    return `note must be null or text of at most ${MAX_NOTE_LENGTH} characters`;
  if (!Array.isArray(panels) || panels.length === 0 || panels.length > MAX_REPORT_PANELS)
    return `panels must be a list of 1 to ${MAX_REPORT_PANELS} panels`;
  for (const [i, panel] of panels.entries()) {
    const problem = panelProblem(panel);
    if (problem !== null) return `panels[${i}]: ${problem}`;
  }
  if (styles !== undefined) {
    if (!Array.isArray(styles) || styles.length !== runs)
      return 'styles must give one style per run';
    for (const [i, style] of styles.entries()) {
      const problem = styleProblem(style);
      if (problem !== null) return `styles[${i}]: ${problem}`;
    }
  }
  return null;
}
