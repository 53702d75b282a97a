// The layout of a panel's PNG: title over the chart, the y axis name beside it, the x axis name
// under it, and the legend below in rows as wide as the chart, every part inside the image.

import { describe, expect, it } from 'vitest';
import type { Box, LegendEntry } from '../../renderer/src/charts/png-export.js';
import { pngLayout } from '../../renderer/src/charts/png-export.js';

/** A stand-in for canvas text metrics: 7 pixels a character. */
const measure = (text: string): number => 7 * text.length;

const entries = (labels: readonly string[]): LegendEntry[] =>
  labels.map((label, i) => ({ label, color: `#00000${i}` }));

const inside = (box: Box, width: number, height: number): boolean =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;

describe('pngLayout', () => {
  const chart = { width: 600, height: 220 };

  it('puts the title above the chart, the axis names beside and under it, the legend last', () => {
    const layout = pngLayout(chart, entries(['resnet18-lr0.1', 'resnet18-lr0.3']), measure);
    expect(layout.chart.width).toBe(600);
    expect(layout.chart.height).toBe(220);
    expect(layout.width).toBeGreaterThan(600);
    expect(inside(layout.chart, layout.width, layout.height)).toBe(true);
    expect(layout.title.y).toBeLessThan(layout.chart.y);
    expect(layout.yLabel.x).toBeLessThan(layout.chart.x);
    expect(layout.yLabel.y).toBe(layout.chart.y + 110);
    const chartBottom = layout.chart.y + layout.chart.height;
    expect(layout.xLabel!.y).toBeGreaterThan(chartBottom);
    expect(layout.xLabel!.x).toBe(layout.chart.x + 300);
    for (const entry of layout.legend) {
      expect(entry.y).toBeGreaterThan(layout.xLabel!.y + 6);
      expect(entry.y).toBeLessThan(layout.height);
    }
    // Two short entries share a line, one after the other.
    const [a, b] = layout.legend as [(typeof layout.legend)[0], (typeof layout.legend)[0]];
    expect(a.y).toBe(b.y);
    expect(b.swatch.x).toBeGreaterThan(a.labelX + a.labelWidth);
  });

  it('wraps the legend into rows no wider than the chart, in order, without overlaps', () => {
    const labels = Array.from({ length: 12 }, (_, i) => `resnet18-lr0.0${i}-b128`);
    const layout = pngLayout(chart, entries(labels), measure);
    const rows = new Set(layout.legend.map((entry) => entry.y));
    expect(rows.size).toBeGreaterThan(2);
    layout.legend.forEach((entry, i) => {
      expect(entry.labelWidth).toBe(measure(labels[i]!));
      expect(entry.labelX + entry.labelWidth).toBeLessThanOrEqual(layout.chart.x + 600);
      expect(entry.swatch.x).toBeGreaterThanOrEqual(layout.chart.x);
      expect(inside(entry.swatch, layout.width, layout.height)).toBe(true);
      const before = layout.legend[i - 1];
      if (before === undefined) return;
      if (before.y === entry.y)
        expect(entry.swatch.x).toBeGreaterThan(before.labelX + before.labelWidth);
      else expect(entry.y).toBeGreaterThan(before.y);
    });
    // The image grows by a line a row.
    const [first, second] = [...rows].sort((x, y) => x - y) as [number, number];
    const one = pngLayout(chart, entries(labels.slice(0, 1)), measure);
    expect(layout.height - one.height).toBe((rows.size - 1) * (second - first));
  });

  it('cuts a label wider than the chart to the row, and leaves no room for no legend', () => {
    const long = 'x'.repeat(200);
    const layout = pngLayout({ width: 300, height: 150 }, entries([long]), measure);
    const [entry] = layout.legend;
    expect(entry!.labelX + entry!.labelWidth).toBeLessThanOrEqual(layout.chart.x + 300);
    const bare = pngLayout({ width: 300, height: 150 }, [], measure);
    expect(bare.legend).toEqual([]);
    expect(bare.height).toBeLessThan(layout.height);
    expect(bare.height).toBeGreaterThan(bare.xLabel!.y);
  });

  it("leaves out the x axis name's line for a chart that draws its own", () => {
    const named = pngLayout(chart, entries(['a']), measure);
    const own = pngLayout(chart, entries(['a']), measure, false);
    expect(own.xLabel).toBeNull();
    expect(own.legend[0]!.y).toBeLessThan(named.legend[0]!.y);
    expect(own.legend[0]!.y).toBeGreaterThan(own.chart.y + own.chart.height);
  });
});
