// A key's samples with the labels each carries (an event's metadata: split, stage, pass): a
// compact per-sample value index per label, cut with the samples, narrowed to one value as a
// derived series kept and extended as samples come, and cut into stretches of one value.

import type { LabelSegment } from '../../../shared/api/contract.js';
import type { JsonObject, JsonValue } from '../../../shared/format/json.js';
import { encodeJson } from '../../../shared/format/json.js';
import type { Uint32Column } from '../../../shared/series/growable-column.js';
import { uint32Column } from '../../../shared/series/growable-column.js';
import { Series } from '../../store/log/run-fold.js';

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

  constructor(readonly key: string) {
    this.series = new Series(key, 'metric');
  }

  get length(): number {
    return this.series.samples.length;
  }

  push(step: number, time: number, value: number, labels: JsonObject): void {
    const sample = this.series.samples.length;
    this.series.push(step, time, value);
    for (const [name, labelValue] of labels) {
      let column = this.labels.get(name);
      if (column === undefined) {
        column = new LabelColumn();
        this.labels.set(name, column);
      }
      column.set(sample, column.idOf(labelText(labelValue)));
    }
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
