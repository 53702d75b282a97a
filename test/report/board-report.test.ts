// A board's panels as a report asks for them: pinned first, then the sections shown in order,
// hidden panels and folded sections left out, a breakdown by its keys, each curve's own axis,
// looks and zoom, then the derived views on the page's axis.

import { describe, expect, it } from 'vitest';
import { boardReportPanels, reportTitleOf } from '../../renderer/src/report-save/board-report.js';
import type { ArrangedBoard } from '../../renderer/src/workspace/board-layout.js';

const arranged: ArrangedBoard = {
  pinned: [{ type: 'curve', key: 'eval/acc' }],
  sections: [
    {
      prefix: 'train',
      panels: [
        { type: 'tile', key: 'train/final' },
        { type: 'curve', key: 'train/loss' },
      ],
    },
    {
      prefix: 'eval',
      panels: [{ type: 'breakdown', prefix: 'eval/class', keys: ['eval/class/a', 'eval/class/b'] }],
    },
    { prefix: 'sys', panels: [{ type: 'curve', key: 'sys/gpu' }] },
  ],
  hidden: [{ type: 'curve', key: 'train/lr' }],
};

describe('a board as a report asks for it', () => {
  it('lists what the page shows, in its order, each as it is set', () => {
    const panels = boardReportPanels({
      arranged,
      collapsed: new Set(['sys']),
      views: [{ name: 'gap', formula: 'eval/loss - train/loss' }],
      modeOf: (key) => (key === 'eval/acc' ? 'step_metric' : 'step'),
      looksOf: (key) => ({ smoothing: key === 'train/loss' ? 0.6 : 0, logY: key === 'train/loss' }),
      zoomOf: (key) => (key === 'train/loss' ? [10, 20] : null),
      viewMode: 'relative',
      viewLooks: { smoothing: 0.3, logY: false },
    });
    expect(panels).toEqual([
      { key: 'eval/acc', axis: 'step_metric', smoothing: 0, logY: false, zoom: null },
      { key: 'train/final', axis: 'step', smoothing: 0, logY: false, zoom: null },
      { key: 'train/loss', axis: 'step', smoothing: 0.6, logY: true, zoom: [10, 20] },
      { key: 'eval/class/a', axis: 'step', smoothing: 0, logY: false, zoom: null },
      { key: 'eval/class/b', axis: 'step', smoothing: 0, logY: false, zoom: null },
      {
        key: 'gap',
        formula: 'eval/loss - train/loss',
        axis: 'relative',
        smoothing: 0.3,
        logY: false,
        zoom: null,
      },
    ]);
  });

  it('titles a report by its runs', () => {
    expect(reportTitleOf(['resnet18-s1'])).toBe('resnet18-s1');
    expect(reportTitleOf(['a', 'b'])).toBe('2 runs: a, b');
    expect(reportTitleOf(['a', 'b', 'c', 'd'])).toBe('4 runs: a, b, c, …');
  });
});
