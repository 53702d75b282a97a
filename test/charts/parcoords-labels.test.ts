// renderer/src/sweeps/parcoords-labels: tick labels beside their axis (never on its line), inside
// the canvas on the last axis, cut to their room, and thinned so that none overlap.

import { describe, expect, it } from 'vitest';
import { fitText, labelSide, placeAxisLabels } from '../../renderer/src/sweeps/parcoords-labels.js';
import type { LabelFrame, PlacedLabel } from '../../renderer/src/sweeps/parcoords-labels.js';
import { axisTicks, buildAxes } from '../../renderer/src/sweeps/parcoords-model.js';
import type { Value } from '../../shared/format/values.js';
import { runSummary } from '../support/run-summary.js';

/** Six px a character, as 11 px digits roughly are. */
const measure = (text: string): number => [...text].length * 6;

/** Five axes over a 1024 px canvas, 72 px margins, the axis 238 px tall from y 44. */
const frame: LabelFrame = {
  xs: [72, 292, 512, 732, 952],
  width: 1024,
  yOf: (t) => 44 + (1 - t) * 238,
  lineHeight: 13,
  gap: 6,
  measure,
};

/** Where a label's text spans, left to right. */
function span(label: PlacedLabel): [number, number] {
  const w = measure(label.text);
  return label.align === 'right' ? [label.x - w, label.x] : [label.x, label.x + w];
}

describe('tick labels', () => {
  it('keeps every label off its axis line, beside it', () => {
    const ticks = [
      { t: 0, text: '128' },
      { t: 1, text: '4096' },
      { t: 0.5, text: '2112' },
    ];
    frame.xs.forEach((x, i) => {
      for (const label of placeAxisLabels(ticks, i, frame)) {
        const [from, to] = span(label);
        expect(to <= x - frame.gap || from >= x + frame.gap).toBe(true);
      }
    });
  });

  it('puts the last axis’s labels on its inner side, inside the canvas', () => {
    const ticks = [
      { t: 0, text: '0.001' },
      { t: 1, text: 'category-name' },
    ];
    const labels = placeAxisLabels(ticks, 4, frame);
    expect(labels.map((l) => l.align)).toEqual(['right', 'right']);
    for (const label of labels) {
      const [from, to] = span(label);
      expect(to).toBeLessThan(952);
      expect(from).toBeGreaterThan(732);
    }
    expect(labels.map((l) => l.text)).toContain('category-name');
  });

  it('puts the first axis’s labels in the margin when they fit, else on its inner side', () => {
    expect(labelSide(0, 40, frame)).toBe('left');
    expect(labelSide(0, 100, frame)).toBe('right');
    const labels = placeAxisLabels([{ t: 1, text: 'resnet18-finetuned' }], 0, frame);
    expect(labels[0]!.align).toBe('left');
    expect(span(labels[0]!)[0]).toBeGreaterThanOrEqual(72 + frame.gap);
  });

  it('keeps labels of neighbouring axes apart, long ones cut with an ellipsis', () => {
    const long = 'x'.repeat(60);
    const ticks = [{ t: 0.5, text: long }];
    const spans = frame.xs.map((_, i) => placeAxisLabels(ticks, i, frame).map(span)).flat();
    spans.sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < spans.length; k++)
      expect(spans[k]![0]).toBeGreaterThanOrEqual(spans[k - 1]![1]);
    for (const [from, to] of spans) {
      expect(from).toBeGreaterThanOrEqual(0);
      expect(to).toBeLessThanOrEqual(frame.width);
    }
    expect(placeAxisLabels(ticks, 2, frame)[0]!.text).toMatch(/^x+…$/);
  });

  it('leaves out labels that would overlap one kept, keeping the axis’s ends', () => {
    const runs = [1, 2, 3, 1000].map((x, i) =>
      runSummary(`r${i}`, { params: new Map<string, Value>([['batch', x]]) }),
    );
    // A log axis from 1 to 1000: its powers of ten between, 10 and 100, are ticks too.
    const [axis] = buildAxes(runs, null, new Map(), new Map());
    const squeezed: LabelFrame = { ...frame, yOf: (t) => 44 + (1 - t) * 30 };
    const labels = placeAxisLabels(axisTicks(axis!), 1, squeezed);
    expect(labels.map((l) => l.text)).toEqual(['1', '1000']);
    const categories = Array.from({ length: 40 }, (_, k) => ({ t: (k + 0.5) / 40, text: `c${k}` }));
    const kept = placeAxisLabels(categories, 2, frame)
      .map((l) => l.y)
      .sort((a, b) => a - b);
    expect(kept.length).toBeGreaterThan(1);
    expect(kept.length).toBeLessThan(40);
    for (let k = 1; k < kept.length; k++)
      expect(kept[k]! - kept[k - 1]!).toBeGreaterThanOrEqual(frame.lineHeight);
  });

  it('cuts text by whole characters, or gives nothing when not even one fits', () => {
    expect(fitText('0.001', 30, measure)).toBe('0.001');
    expect(fitText('resnet50', 30, measure)).toBe('resn…');
    expect(fitText('a😀bc', 18, measure)).toBe('a😀…');
    expect(fitText('abc', 5, measure)).toBe('');
  });
});
