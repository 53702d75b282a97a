// An overlay's text, each line kept to the width: its legend, a numbered footer a curve, and
// the note on a curve its shared scale flattens.

import type { Fit } from './fit.js';
import {
  cutAtSpace,
  cutMiddle,
  firstFitting,
  KEY_LEAST,
  nameAndLastTail,
  nameAndTail,
  textWidth,
} from './fit.js';
import { paint, PALETTE } from './terminal.js';

/**
 * An overlay's legend, `■ 1 train/loss   2 eval/acc` (the swatch only in colour), on as many
 * lines as it takes; a key wider than a line is cut in the middle.
 */
export function legendLines(
  keys: readonly string[],
  unicode: boolean,
  colour: boolean,
  fit: Fit,
): string[] {
  const gap = '   ';
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  keys.forEach((key, i) => {
    const number = `${i + 1} `;
    const swatch = colour
      ? `${paint(unicode ? '■' : '#', String(PALETTE[i % PALETTE.length]), true)} `
      : '';
    const lead = swatch + number;
    const entry = lead + cutMiddle(key, fit.width - textWidth(lead), fit.ellipsis);
    const width = textWidth(entry);
    if (lineWidth > 0 && lineWidth + gap.length + width > fit.width) {
      lines.push(line);
      line = '';
      lineWidth = 0;
    }
    line += (lineWidth > 0 ? gap : '') + entry;
    lineWidth += (lineWidth > 0 ? gap.length : 0) + width;
  });
  if (lineWidth > 0) lines.push(line);
  return lines;
}

/**
 * An overlay's footers, a line a curve, `1 train/loss  last 0.2311 @ step 2,000 …` (`forms`
 * as footerForms gives them, or a refusal): keys give way to the facts down to a readable width;
 * when one has no room left, no key shows (the legend names each curve by its number) and the
 * facts line up under one another.
 */
export function numberedFooters(
  curves: readonly { readonly key: string; readonly forms: readonly string[] }[],
  fit: Fit,
): string[] {
  const keyed = curves.map(({ key, forms }, i) => {
    const lead = `${i + 1} `;
    const shown = nameAndTail(
      key,
      forms.map((form) => `  ${form}`),
      fit,
      { lead, least: KEY_LEAST, lossless: 2 },
    );
    return shown === null ? null : lead + shown.name + shown.tail;
  });
  if (keyed.every((line) => line !== null)) return keyed;
  return curves.map(({ forms }, i) => {
    const lead = `${i + 1}  `;
    const room = fit.width - lead.length;
    return (
      lead + (firstFitting(forms, room) ?? cutAtSpace(forms[forms.length - 1]!, room, fit.ellipsis))
    );
  });
}

/** An overlay's note on a curve its scale flattens: `epoch spans 1/2,778 of the scale: …`. */
export function flattenedLine(key: string, ratio: number, fit: Fit): string {
  const times = `1/${Math.round(ratio).toLocaleString('en-US')}`;
  const tails = [
    ` spans ${times} of the scale: flattened (plot it without --overlay to see its shape)`,
    ` spans ${times} of the scale: flattened ${fit.ellipsis}`,
    ` flattened to ${times} ${fit.ellipsis}`,
    ` flattened ${fit.ellipsis}`,
  ];
  const shown = nameAndLastTail(key, tails, fit, { lead: '', least: KEY_LEAST, lossless: 1 });
  return shown.name + shown.tail;
}
