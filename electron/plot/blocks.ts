// The text blocks around and beside canvases, each line kept to the width: a run's status line,
// a curve's title and footer (last value, best by goal), a one-point key's scalar line, a
// breakdown's bar list.

import type { Goal } from '../../shared/format/records.js';
import type { RunSummary } from '../../shared/api/contract.js';
import { keyLeaf } from '../../shared/series/curve-math.js';
import { paint, PALETTE } from './terminal.js';
import type { Fit } from './fit.js';
import {
  cutEnd,
  cutMiddle,
  firstFitting,
  KEY_LEAST,
  nameAndLastTail,
  padColumns,
  textWidth,
} from './fit.js';
import { formatStep, formatValue } from './ticks.js';

const SEPARATOR = ' · ';
/** The header keeps this many columns for the run's id and name before status parts go. */
const IDENTITY_LEAST = 12;
/** Id and name share the header only when each gets this many columns (or all it needs). */
const SHARE_LEAST = 10;

/** `finished`, `step 2,000 of 2,000`, and with a clock `last write 3 s ago`: most telling first. */
function statusParts(summary: RunSummary, now: number | null): string[] {
  const parts: string[] = [summary.status];
  if (summary.lastStep !== null)
    parts.push(
      `step ${formatStep(summary.lastStep)}` +
        (summary.steps !== null ? ` of ${formatStep(summary.steps)}` : ''),
    );
  if (now !== null) parts.push(`last write ${ago(now - summary.lastWrite)}`);
  return parts;
}

function ago(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 90) return `${s} s ago`;
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  if (s < 172800) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} d ago`;
}

/**
 * The id and name in `room` columns (two of them between the two): both whole if they fit, else
 * cut in the middle to fair shares (the narrower takes what it needs, up to half); when a share
 * would be too narrow to read, the id alone, the one thing that names the run for sure.
 */
function identityIn(
  id: string,
  name: string | null,
  room: number,
  ellipsis: string,
): { id: string; name: string | null } {
  const idAlone = { id: cutMiddle(id, room, ellipsis), name: null };
  if (name === null) return idAlone;
  const idWidth = textWidth(id);
  const nameWidth = textWidth(name);
  const shared = room - 2;
  if (idWidth + nameWidth <= shared) return { id, name };
  const half = Math.floor(shared / 2);
  const idShare =
    idWidth <= half ? idWidth : nameWidth <= shared - half ? shared - nameWidth : half;
  const nameShare = shared - idShare;
  if (idShare < Math.min(idWidth, SHARE_LEAST) || nameShare < Math.min(nameWidth, SHARE_LEAST))
    return idAlone;
  return { id: cutMiddle(id, idShare, ellipsis), name: cutMiddle(name, nameShare, ellipsis) };
}

/**
 * The run's header: its id, its name, its status line, in the width. The status word stays;
 * the last write, then the step, give way before the id and name would be cut too short.
 */
export function runHeader(
  summary: RunSummary,
  now: number | null,
  colour: boolean,
  fit: Fit,
): string {
  const name =
    summary.name === null
      ? null
      : summary.experiment === null
        ? summary.name
        : `${summary.experiment}/${summary.name}`;
  const identityWidth = textWidth(summary.id) + (name === null ? 0 : 2 + textWidth(name));
  const parts = statusParts(summary, now);
  let status = parts[0]!;
  for (let kept = parts.length; kept >= 1; kept--) {
    status = parts.slice(0, kept).join(SEPARATOR);
    if (fit.width - textWidth(status) - 2 >= Math.min(IDENTITY_LEAST, identityWidth)) break;
  }
  const shown = identityIn(summary.id, name, fit.width - textWidth(status) - 2, fit.ellipsis);
  return `${paint(shown.id, '1', colour)}${shown.name === null ? '' : `  ${shown.name}`}  ${status}`;
}

/**
 * A curve's title: its key, then what to know to read it (goal, step metric, log y). Those
 * give way, the goal first, before the key is cut; an ellipsis says something went.
 */
export function titleLine(
  key: string,
  bits: { goal: Goal | null; stepMetric: string | null; logY: boolean },
  colour: boolean,
  fit: Fit,
): string {
  const all = [
    bits.goal,
    bits.stepMetric === null ? null : `x: ${bits.stepMetric}`,
    bits.logY ? 'log y' : null,
  ].filter((b) => b !== null);
  for (let dropped = 0; dropped <= all.length; dropped++) {
    const kept = all.slice(dropped);
    const tail =
      (kept.length > 0 ? `  ${kept.join(SEPARATOR)}` : '') +
      (dropped > 0 ? ` ${fit.ellipsis}` : '');
    if (textWidth(key) + textWidth(tail) <= fit.width) return paint(key, '1', colour) + tail;
  }
  return paint(cutMiddle(key, fit.width, fit.ellipsis), '1', colour);
}

export interface FooterFacts {
  readonly last: { readonly step: number; readonly value: number } | null;
  readonly best: { readonly step: number; readonly value: number } | null;
  readonly goal: Goal | null;
  readonly smoothed: { readonly weight: number; readonly last: number } | null;
}

/** A footer fact in shorter and shorter forms: the compact one says all the long one does. */
interface FooterPart {
  readonly long: string;
  readonly compact: string;
  /** Without the goal or the EMA's weight. */
  readonly bare: string;
  /** The value alone. */
  readonly tiny: string;
}

function footerParts(facts: FooterFacts): FooterPart[] {
  const parts: FooterPart[] = [];
  if (facts.last !== null) {
    const value = `last ${formatValue(facts.last.value)}`;
    const at = formatStep(facts.last.step);
    parts.push({
      long: `${value} @ step ${at}`,
      compact: `${value} @ ${at}`,
      bare: `${value} @ ${at}`,
      tiny: value,
    });
  }
  if (facts.smoothed !== null) {
    const value = `smoothed ${formatValue(facts.smoothed.last)}`;
    const weight = `${value} (EMA ${facts.smoothed.weight})`;
    parts.push({ long: weight, compact: weight, bare: value, tiny: value });
  }
  if (facts.best !== null && facts.goal !== null) {
    const value = `best ${formatValue(facts.best.value)}`;
    const at = formatStep(facts.best.step);
    parts.push({
      long: `${value} @ step ${at} (${facts.goal})`,
      compact: `${value} @ ${at} (${facts.goal})`,
      bare: `${value} @ ${at}`,
      tiny: value,
    });
  }
  return parts;
}

/**
 * A curve's footer in every form, richest first: `last 0.2311 @ step 2,000 · best 0.2011 @ step
 * 1,873 (minimize)`, compacted, then with facts left out from the end (and an ellipsis saying
 * so), down to the last value alone.
 */
export function footerForms(facts: FooterFacts, ellipsis: string): string[] {
  const parts = footerParts(facts);
  if (parts.length === 0) return [''];
  const forms: string[] = [];
  for (let kept = parts.length; kept >= 1; kept--) {
    const shown = parts.slice(0, kept);
    for (const form of ['long', 'compact', 'bare'] as const) {
      const lost =
        kept < parts.length || (form === 'bare' && shown.some((p) => p.bare !== p.compact));
      const text = shown.map((p) => p[form]).join(SEPARATOR);
      forms.push(lost ? `${text} ${ellipsis}` : text);
    }
  }
  forms.push(`${parts[0]!.tiny} ${ellipsis}`);
  return forms;
}

/** The richest footer that fits. */
export function footerText(facts: FooterFacts, fit: Fit): string {
  const forms = footerForms(facts, fit.ellipsis);
  return (
    firstFitting(forms, fit.width) ?? cutEnd(forms[forms.length - 1]!, fit.width, fit.ellipsis)
  );
}

/** `test/acc  0.9312 @ step 600`. */
export function scalarLine(
  key: string,
  value: number,
  step: number,
  colour: boolean,
  fit: Fit,
): string {
  const text = formatValue(value);
  const at = formatStep(step);
  const tails = [`  ${text} @ step ${at}`, `  ${text} @ ${at}`, `  ${text} ${fit.ellipsis}`];
  const shown = nameAndLastTail(key, tails, fit, { lead: '', least: KEY_LEAST, lossless: 2 });
  return paint(shown.name, '1', colour) + shown.tail;
}

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A bar of `fraction` of `width` cells: eighths of a cell in Unicode, whole '#' in ASCII. */
function bar(fraction: number, width: number, unicode: boolean): string {
  const f = Math.min(1, Math.max(0, fraction));
  if (!unicode) return '#'.repeat(Math.round(f * width));
  const eighths = Math.round(f * width * 8);
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]!;
}

export interface BreakdownEntry {
  readonly key: string;
  readonly value: number;
  readonly step: number;
}

/** A bar keeps this many cells, while names can give way. */
const BAR_LEAST = 4;
/** Steps beside values give way before a name is cut below this. */
const NAME_WANTED = 10;
/** A name cut shorter than this is hardly a name: the bar gives way first. */
const NAME_LEAST = 4;

/**
 * A breakdown as a bar list: a title with the shared prefix (and the step, when all share
 * one), then a bar per key, from 0 (or from the least value when some are negative). Values
 * stay whole; in a narrow width names are cut, then bars shorten, then steps go (the title's
 * ellipsis says so).
 */
export function breakdownLines(
  prefix: string,
  entries: readonly BreakdownEntry[],
  unicode: boolean,
  colour: boolean,
  fit: Fit,
): string[] {
  const steps = new Set(entries.map((e) => e.step));
  const shared = steps.size === 1;
  const names = entries.map((e) => keyLeaf(e.key));
  const naturalName = Math.max(...names.map(textWidth));
  // Two spaces before the name, two after it, two before the value.
  const fixed = 6;
  const textForms = (shared ? ['value'] : ['long', 'compact', 'value']).map((form) =>
    entries.map(
      (e) =>
        formatValue(e.value) +
        (form === 'long'
          ? ` @ step ${formatStep(e.step)}`
          : form === 'compact'
            ? ` @ ${formatStep(e.step)}`
            : ''),
    ),
  );
  const widest = (texts: readonly string[]) => Math.max(...texts.map(textWidth));
  const texts =
    textForms.find(
      (t) => fixed + widest(t) + Math.min(naturalName, NAME_WANTED) + BAR_LEAST <= fit.width,
    ) ?? textForms[textForms.length - 1]!;
  const stepsLeftOut = !shared && texts === textForms[textForms.length - 1];
  const valueWidth = widest(texts);
  const nameRoom = fit.width - fixed - valueWidth;
  const nameWidth = Math.max(
    0,
    Math.min(
      naturalName,
      Math.max(Math.min(naturalName, NAME_LEAST), nameRoom - BAR_LEAST),
      nameRoom - 1,
    ),
  );
  const barWidth = Math.max(1, nameRoom - nameWidth);
  const title = `${prefix}/`;
  const tails = shared
    ? [
        `  @ step ${formatStep(entries[0]!.step)}`,
        `  @ ${formatStep(entries[0]!.step)}`,
        ` ${fit.ellipsis}`,
      ]
    : [stepsLeftOut ? ` ${fit.ellipsis}` : ''];
  const head = nameAndLastTail(title, tails, fit, {
    lead: '',
    least: KEY_LEAST,
    lossless: shared ? 2 : 1,
  });
  const lines = [`${paint(head.name, '1', colour)}${head.tail}`];
  const finite = entries.map((e) => e.value).filter(Number.isFinite);
  const hi = Math.max(0, ...finite);
  const lo = Math.min(0, ...finite);
  entries.forEach((e, i) => {
    const fraction = Number.isFinite(e.value) && hi > lo ? (e.value - lo) / (hi - lo) : 0;
    const drawn = bar(fraction, barWidth, unicode);
    const name = padColumns(cutMiddle(names[i]!, nameWidth, fit.ellipsis), nameWidth, 'end');
    lines.push(
      `  ${name}  ${paint(drawn, String(PALETTE[0]), colour)}` +
        `${' '.repeat(barWidth - textWidth(drawn))}  ${padColumns(texts[i]!, valueWidth, 'start')}`,
    );
  });
  return lines;
}
