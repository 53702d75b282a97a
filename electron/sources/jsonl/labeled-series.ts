// A key's samples with the labels each carries (an event's metadata: split, stage, pass): a
// compact per-sample value index per label, cut with the samples, narrowed to one value as a
// derived series kept and extended as samples come, and cut into stretches of one value.

import type { LabelSegment } from '../../../shared/api/contract.js';
import type { JsonObject, JsonValue } from '../../../shared/format/json.js';
import { encodeJson } from '../../../shared/format/json.js';
import { Uint32Column, uint32Column } from '../../../shared/series/growable-column.js';
import type { TransferredColumns } from '../../../shared/series/sample-columns.js';
import { SampleColumns } from '../../../shared/series/sample-columns.js';
import { Series } from '../../store/log/samples-fold.js';

/** A LabeledSeries as structured clone carries it between threads; its arrays can be moved. */
export interface TransferredLabeledSeries {
  readonly key: string;
  readonly maxStep: number;
  readonly generation: number;
  readonly samples: TransferredColumns;
  readonly labels: readonly {
    readonly name: string;
    readonly values: readonly string[];
    readonly index: Uint32Array;
    readonly length: number;
  }[];
}

/** One label's values along a series. */
class LabelColumn {
  /** Its values as text, in the order first seen. */
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  /**
   * Per sample, 1 + the index of its value in `values`, or 0 where the sample does not carry
   * the label. Shorter than the series when the last samples do not carry it.
   */
  index: Uint32Column = uint32Column(16);

  idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id + 1;
  }

  set(sample: number, code: number): void {
    while (this.index.length < sample) this.index.push(0);
    this.index.push(code);
  }

  /** 1 + the value's index at the sample, or 0 when the sample does not carry the label. */
  at(sample: number): number {
    return sample < this.index.length ? this.index.data[sample]! : 0;
  }
}

/** A label's value as text: a string as it is, any other JSON value as its JSON text. */
export function labelText(value: JsonValue): string {
  return typeof value === 'string' ? value : encodeJson(value);
}

/** A narrowing of a series to the samples whose label has one value, extended as they come. */
interface Narrowed {
  series: Series;
  /** The source's generation it was built at: a cut of the source rebuilds it. */
  generation: number;
  /** Samples of the source looked at so far. */
  done: number;
}

export class LabeledSeries {
  readonly series: Series;
  /** By label name, in the order first seen. */
  readonly labels = new Map<string, LabelColumn>();
  private readonly narrowed = new Map<string, Narrowed>();
  /** The labels of the last sample pushed, and their columns and codes. */
  private lastLabels: JsonObject | null = null;
  private lastCodes: { column: LabelColumn; code: number }[] = [];

  constructor(readonly key: string) {
    this.series = new Series(key, 'metric');
  }

  get length(): number {
    return this.series.samples.length;
  }

  /** The state to post to another thread, with the buffers that move with it. */
  toTransfer(): { state: TransferredLabeledSeries; buffers: ArrayBuffer[] } {
    const { series } = this;
    const moved = series.samples.toTransfer();
    const buffers = moved.buffers;
    const labels = [...this.labels].map(([name, column]) => {
      buffers.push(column.index.data.buffer as ArrayBuffer);
      return { name, values: column.values, index: column.index.data, length: column.index.length };
    });
    const state: TransferredLabeledSeries = {
      key: this.key,
      maxStep: series.maxStep,
      generation: series.generation,
      samples: moved.state,
      labels,
    };
    return { state, buffers };
  }

  static fromTransfer(state: TransferredLabeledSeries): LabeledSeries {
    const labeled = new LabeledSeries(state.key);
    const { series } = labeled;
    series.samples = SampleColumns.fromTransfer(state.samples);
    series.maxStep = state.maxStep;
    series.generation = state.generation;
    for (const moved of state.labels) {
      const column = new LabelColumn();
      for (const value of moved.values) column.idOf(value);
      column.index = new Uint32Column(moved.index, moved.length);
      labeled.labels.set(moved.name, column);
    }
    return labeled;
  }

  /**
   * Appends the samples of `later`, a series of the same key read apart from the lines after
   * this one's, with their labels: as if this series had read those lines itself. `later`'s
   * columns are taken, not copied.
   */
  appendMoving(later: LabeledSeries): void {
    const base = this.length;
    SampleColumns.appendMoving([{ target: this.series.samples, source: later.series.samples }]);
    this.series.maxStep = Math.max(this.series.maxStep, later.series.maxStep);
    for (const [name, source] of later.labels) {
      let column = this.labels.get(name);
      if (column === undefined) {
        column = new LabelColumn();
        this.labels.set(name, column);
      }
      // The later series' value ids as this one's, in the order first seen there.
      const ids = source.values.map((value) => column.idOf(value));
      const codes = source.index.view();
      // The same ids, as where the values came in the same order: the codes are taken whole.
      if (column.index.length === base && ids.every((id, k) => id === k + 1)) {
        column.index.pushAll(codes);
        continue;
      }
      for (let i = 0; i < codes.length; i++) {
        const code = codes[i]!;
        if (code !== 0) column.set(base + i, ids[code - 1]!);
      }
    }
  }

  push(step: number, time: number, value: number, labels: JsonObject): void {
    const sample = this.series.samples.length;
    this.series.push(step, time, value);
    // Lines of a key mostly carry the same labels, as the same object from the fast path.
    if (labels !== this.lastLabels) {
      this.lastCodes = this.codesOf(labels);
      this.lastLabels = labels;
    }
    const codes = this.lastCodes;
    for (let k = 0; k < codes.length; k++) codes[k]!.column.set(sample, codes[k]!.code);
  }

  /** Each label's column and the code of its value, making either where it is new. */
  private codesOf(labels: JsonObject): { column: LabelColumn; code: number }[] {
    return Array.from(labels, ([name, labelValue]) => {
      let column = this.labels.get(name);
      if (column === undefined) {
        column = new LabelColumn();
        this.labels.set(name, column);
      }
      return { column, code: column.idOf(labelText(labelValue)) };
    });
  }

  /** Appends a sample of another series with its labels, as their texts. */
  private pushFrom(from: LabeledSeries, sample: number): void {
    const { samples } = from.series;
    const at = this.series.samples.length;
    this.series.push(samples.step(sample), samples.time(sample), samples.value(sample));
    for (const [name, source] of from.labels) {
      const code = source.at(sample);
      if (code === 0) continue;
      let column = this.labels.get(name);
      if (column === undefined) {
        column = new LabelColumn();
        this.labels.set(name, column);
      }
      column.set(at, column.idOf(source.values[code - 1]!));
    }
  }

  /**
   * Keeps the samples with a step up to `step` (keepStepsUpTo), moving the others with their
   * labels to `orphans` in series order; true when it removed any.
   */
  cutAbove(step: number, orphans: LabeledSeries): boolean {
    const { series } = this;
    if (series.maxStep <= step) return false;
    const { samples } = series;
    const total = samples.length;
    const kept: number[] = [];
    for (let i = 0; i < total; i++) {
      if (samples.step(i) > step) orphans.pushFrom(this, i);
      else kept.push(i);
    }
    for (const column of this.labels.values()) {
      const index = uint32Column(Math.max(16, kept.length));
      for (const i of kept) index.push(column.at(i));
      column.index = index;
    }
    samples.keepStepsUpTo(step);
    series.generation++;
    let greatest = -1;
    for (let i = 0; i < samples.length; i++) greatest = Math.max(greatest, samples.step(i));
    series.maxStep = greatest;
    return true;
  }

  /**
   * The samples whose label has the value, as a series of their own: extended with what came
   * since it was last asked for, built again after a cut.
   */
  narrowTo(label: string, value: string): Series {
    const id = `${label}\u0000${value}`;
    let narrowed = this.narrowed.get(id);
    if (narrowed === undefined || narrowed.generation !== this.series.generation) {
      narrowed = {
        series: new Series(this.key, 'metric'),
        generation: this.series.generation,
        done: 0,
      };
      this.narrowed.set(id, narrowed);
    }
    const column = this.labels.get(label);
    const code = column === undefined ? -1 : column.values.indexOf(value) + 1;
    const { samples } = this.series;
    if (code > 0) {
      for (let i = narrowed.done; i < samples.length; i++)
        if (column!.at(i) === code)
          narrowed.series.push(samples.step(i), samples.time(i), samples.value(i));
    }
    narrowed.done = samples.length;
    return narrowed.series;
  }

  /** Stretches in series order over which the label keeps one value; empty when none carries it. */
  segments(label: string, x: 'step' | 'time'): LabelSegment[] {
    const column = this.labels.get(label);
    const { samples } = this.series;
    const out: LabelSegment[] = [];
    if (column === undefined || samples.length === 0) return out;
    const xAt = (i: number) => (x === 'step' ? samples.step(i) : samples.time(i));
    let start = 0;
    for (let i = 1; i <= samples.length; i++) {
      if (i < samples.length && column.at(i) === column.at(start)) continue;
      const code = column.at(start);
      out.push({
        x0: xAt(start),
        x1: xAt(i - 1),
        value: code === 0 ? null : column.values[code - 1]!,
      });
      start = i;
    }
    // No sample left carries the label (a cut took those that did): nothing to colour by.
    return out.every((segment) => segment.value === null) ? [] : out;
  }

  /** The labels the samples carry, each with its values in the order first seen. */
  labelInfo(): { name: string; values: string[] }[] {
    return [...this.labels].map(([name, column]) => ({ name, values: [...column.values] }));
  }
}
