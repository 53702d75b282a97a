// A series as the UI holds it: growable columns that live deltas append to and orphan cuts trim;
// a series too long to hold whole holds no samples, only its count, and charts ask for envelopes.

import { WHOLE_SERIES_LIMIT } from '../../../shared/api/contract.js';
import type { SeriesColumns } from '../../../shared/api/contract.js';
import type { SeriesKind } from '../../../shared/format/records.js';

export class ClientSeries {
  steps: Float64Array;
  times: Float64Array;
  values: Float64Array;
  length: number;
  /** Bumped on every change, so views can tell a series changed without comparing it. */
  version = 0;
  /**
   * True when the series is too long to hold whole: charts ask the host for envelopes of it,
   * and the columns hold nothing. A live series turns partial once it grows past the limit.
   */
  partial: boolean;
  /** Samples in the whole series, partial or not. */
  total: number;

  constructor(
    readonly runId: string,
    readonly key: string,
    readonly kind: SeriesKind,
    initial?: SeriesColumns,
  ) {
    const n = initial?.steps.length ?? 0;
    const capacity = Math.max(16, n);
    this.steps = new Float64Array(capacity);
    this.times = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
    if (initial !== undefined) {
      this.steps.set(initial.steps);
      this.times.set(initial.times);
      this.values.set(initial.values);
    }
    this.length = n;
    this.partial = initial?.partial === true;
    this.total = this.partial ? (initial?.total ?? 0) : n;
  }

  append(columns: SeriesColumns): void {
    const add = columns.steps.length;
    if (!this.partial && this.length + add > WHOLE_SERIES_LIMIT) this.becomePartial();
    if (this.partial) {
      // Envelopes of it are drawn from the host's samples: these only say it grew.
      this.total += add;
      this.version++;
      return;
    }
    if (this.length + add > this.steps.length) {
      const capacity = Math.max(this.steps.length * 2, this.length + add);
      for (const name of ['steps', 'times', 'values'] as const) {
        const grown = new Float64Array(capacity);
        grown.set(this[name].subarray(0, this.length));
        this[name] = grown;
      }
    }
    this.steps.set(columns.steps, this.length);
    this.times.set(columns.times, this.length);
    this.values.set(columns.values, this.length);
    this.length += add;
    this.total += add;
    this.version++;
  }

  private becomePartial(): void {
    this.partial = true;
    this.total = this.length;
    this.length = 0;
    this.steps = new Float64Array(0);
    this.times = new Float64Array(0);
    this.values = new Float64Array(0);
  }

  /** A resume to `step`: metric samples past it belong to an abandoned history. */
  cutAfter(step: number): void {
    if (this.kind !== 'metric') return;
    let write = 0;
    for (let read = 0; read < this.length; read++) {
      if (this.steps[read]! > step) continue;
      this.steps[write] = this.steps[read]!;
      this.times[write] = this.times[read]!;
      this.values[write] = this.values[read]!;
      write++;
    }
    if (write !== this.length) {
      this.total -= this.length - write;
      this.length = write;
      this.version++;
    }
  }

  /** The columns' filled parts, as views (not copies). */
  view(): { steps: Float64Array; times: Float64Array; values: Float64Array } {
    return {
      steps: this.steps.subarray(0, this.length),
      times: this.times.subarray(0, this.length),
      values: this.values.subarray(0, this.length),
    };
  }
}
