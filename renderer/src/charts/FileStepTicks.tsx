// Where a run logged files (of any kind), over a curve panel's step axis: a strip of small tick
// buttons just above the x axis (placed inside uPlot's over), and the board toolbar's toggle.

import type { MouseEvent } from 'react';
import type uPlot from 'uplot';
import type { FileStep, XView } from './file-step-ticks.js';
import { fileStepAt, tickTitle, ticksInView } from './file-step-ticks.js';

/** A run's file steps and what opening one does: the Files tab at that key and step. */
export interface FileStepMarks {
  readonly marks: readonly FileStep[];
  readonly open: (key: string, step: number) => void;
}

/** The plotting area the file-step ticks are placed in, and its x range now. */
export interface PlotArea {
  readonly over: HTMLElement;
  readonly view: XView;
}

export function plotArea(u: uPlot): PlotArea | null {
  const { min, max } = u.scales['x'] ?? {};
  if (min == null || max == null) return null;
  // bbox is in canvas pixels; the ticks are placed in CSS pixels.
  return { over: u.over, view: { min, max, width: u.bbox.width / devicePixelRatio } };
}

export function sameArea(a: PlotArea | null, b: PlotArea | null): boolean {
  if (a === null || b === null) return a === b;
  const { view: v, over } = a;
  return (
    over === b.over && v.min === b.view.min && v.max === b.view.max && v.width === b.view.width
  );
}

/** The strip's ticks for the panel's current x range; a click opens the nearest logged step. */
export function FileStepTickStrip({ marks, open, view }: FileStepMarks & { view: XView }) {
  const ticks = ticksInView(marks, view);
  const openMark = (mark: FileStep): void => open(mark.keys[0]!, mark.step);
  // A pointer click is hit-tested against the steps, not the button under it: a merged tick's
  // click opens the step nearest the pointer, and a miss by a pixel or two still opens.
  const onClick = (event: MouseEvent<HTMLDivElement>): void => {
    const strip = event.currentTarget.getBoundingClientRect();
    const mark = fileStepAt(marks, view, event.clientX - strip.left);
    if (mark !== null) openMark(mark);
  };
  return (
    <div className="file-step-ticks" data-testid="file-step-ticks" onClick={onClick}>
      {ticks.map((tick) => (
        <button
          key={tick.steps[0]!.step}
          type="button"
          className="file-step-tick"
          style={{ left: tick.px }}
          title={tickTitle(tick)}
          aria-label={tickTitle(tick)}
          data-testid="file-step-tick"
          data-step={tick.steps[0]!.step}
          onClick={(event) => {
            // A keyboard press (detail 0) has no pointer position: it opens the tick's own step.
            if (event.detail !== 0) return;
            event.stopPropagation();
            openMark(tick.steps[0]!);
          }}
        />
      ))}
    </div>
  );
}

/** The toolbar's toggle; absent when the run logged no files. */
export function FileStepsToggle(props: {
  marks: readonly FileStep[];
  on: boolean;
  onToggle: (on: boolean) => void;
  /** Whether some panel's x axis is time or a step_metric, where no ticks are drawn. */
  someOffStep: boolean;
}) {
  if (props.marks.length === 0) return null;
  const keys = new Set(props.marks.flatMap((mark) => mark.keys));
  const title =
    `Tick the step axis where the run logged files (${[...keys].join(', ')}); ` +
    `click a tick to open it in the Files tab` +
    (props.someOffStep ? '. Panels on time or a step_metric axis show no ticks' : '');
  return (
    <label className="row" title={title}>
      <input
        type="checkbox"
        checked={props.on}
        onChange={(event) => props.onToggle(event.target.checked)}
        data-testid="file-steps-toggle"
      />
      file steps
    </label>
  );
}
