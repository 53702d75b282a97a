// The text blocks around and beside canvases: a run's status line, a curve's title and footer
// (last value, best by goal), a one-point key's scalar line, a breakdown's bar list.

import type { Goal } from '../../shared/format/records.js';
import type { RunSummary } from '../../shared/api/contract.js';
import { keyLeaf } from '../../shared/series/curve-math.js';
import { paint, PALETTE } from './terminal.js';
import { formatStep, formatValue } from './ticks.js';

/** `finished · step 2,000 of 2,000`, and with a clock `· last write 3 s ago`. */
export function statusLine(summary: RunSummary, now: number | null): string {
  const parts: string[] = [summary.status];
  if (summary.lastStep !== null)
    parts.push(
      `step ${formatStep(summary.lastStep)}` +
        (summary.steps !== null ? ` of ${formatStep(summary.steps)}` : ''),
    );
  if (now !== null) parts.push(`last write ${ago(now - summary.lastWrite)}`);
  return parts.join(' · ');
}

function ago(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 90) return `${s} s ago`;
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  if (s < 172800) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} d ago`;
}

/** The run's header: its id, its name, its status line. */
export function runHeader(summary: RunSummary, now: number | null, colour: boolean): string {
  const name =
    summary.name === null
      ? ''
      : `  ${summary.experiment === null ? summary.name : `${summary.experiment}/${summary.name}`}`;
  return `${paint(summary.id, '1', colour)}${name}  ${statusLine(summary, now)}`;
}

export interface FooterFacts {
  readonly last: { readonly step: number; readonly value: number } | null;
  readonly best: { readonly step: number; readonly value: number } | null;
  readonly goal: Goal | null;
  readonly smoothed: { readonly weight: number; readonly last: number } | null;
}

/** `last 0.2311 @ step 2,000 · best 0.2011 @ step 1,873 (minimize)`. */
export function footerText(facts: FooterFacts): string {
  const parts: string[] = [];
  if (facts.last !== null)
    parts.push(`last ${formatValue(facts.last.value)} @ step ${formatStep(facts.last.step)}`);
  if (facts.smoothed !== null)
    parts.push(`smoothed ${formatValue(facts.smoothed.last)} (EMA ${facts.smoothed.weight})`);
  if (facts.best !== null && facts.goal !== null)
    parts.push(
      `best ${formatValue(facts.best.value)} @ step ${formatStep(facts.best.step)} (${facts.goal})`,
    );
  return parts.join(' · ');
}

/** `test/acc  0.9312 @ step 600`. */
export function scalarLine(key: string, value: number, step: number, colour: boolean): string {
  return `${paint(key, '1', colour)}  ${formatValue(value)} @ step ${formatStep(step)}`;
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

/**
 * A breakdown as a bar list: a title with the shared prefix (and the step, when all share
 * one), then a bar per key, from 0 (or from the least value when some are negative).
 */
export function breakdownLines(
  prefix: string,
  entries: readonly BreakdownEntry[],
  width: number,
  unicode: boolean,
  colour: boolean,
): string[] {
  const steps = new Set(entries.map((e) => e.step));
  const at = steps.size === 1 ? `  @ step ${formatStep(entries[0]!.step)}` : '';
  const lines = [`${paint(`${prefix}/`, '1', colour)}${at}`];
  const finite = entries.map((e) => e.value).filter(Number.isFinite);
  const hi = Math.max(0, ...finite);
  const lo = Math.min(0, ...finite);
  const nameWidth = Math.max(...entries.map((e) => keyLeaf(e.key).length));
  const texts = entries.map(
    (e) => formatValue(e.value) + (steps.size === 1 ? '' : ` @ step ${formatStep(e.step)}`),
  );
  const valueWidth = Math.max(...texts.map((t) => t.length));
  const barWidth = Math.max(4, width - nameWidth - valueWidth - 6);
  entries.forEach((e, i) => {
    const fraction = Number.isFinite(e.value) && hi > lo ? (e.value - lo) / (hi - lo) : 0;
    const drawn = bar(fraction, barWidth, unicode);
    lines.push(
      `  ${keyLeaf(e.key).padEnd(nameWidth)}  ${paint(drawn, String(PALETTE[0]), colour)}` +
        `${' '.repeat(barWidth - [...drawn].length)}  ${texts[i]!.padStart(valueWidth)}`,
    );
  });
  return lines;
}
