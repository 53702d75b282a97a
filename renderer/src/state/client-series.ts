// A series as the UI holds it: growable columns that live deltas append to and orphan cuts trim;
// a series too long to hold whole holds no samples, only its count, and charts ask for envelopes.

import { WHOLE_SERIES_LIMIT } from '../../../shared/api/contract.js';
import type { SeriesColumns } from '../../../shared/api/contract.js';
import type { SeriesKind } from '../../../shared/format/records.js';
import { float64Column } from '../../../shared/series/growable-column.js';
import type { Float64Column } from '../../../shared/series/growable-column.js';

export class ClientSeries {
  private stepColumn: Float64Column;
  private timeColumn: Float64Column;
  private valueColumn: Float64Column;
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
    this.stepColumn = float64Column(capacity);
    this.timeColumn = float64Column(capacity);
    this.valueColumn = float64Column(capacity);
    if (initial !== undefined) {
      this.stepColumn.pushAll(initial.steps);
      this.timeColumn.pushAll(initial.times);
      this.valueColumn.pushAll(initial.values);
    }
    this.partial = initial?.partial === true;
    this.total = this.partial ? (initial?.total ?? 0) : n;
  }

  /** Samples held: none while partial. */
  get length(): number {
    return this.stepColumn.length;
  }

  /** The columns' storage; only their first `length` entries are samples. */
  get steps(): Float64Array {
    return this.stepColumn.data;
  }

  get times(): Float64Array {
    return this.timeColumn.data;
  }

  get values(): Float64Array {
    return this.valueColumn.data;
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
    this.stepColumn.pushAll(columns.steps);
    this.timeColumn.pushAll(columns.times);
    this.valueColumn.pushAll(columns.values);
    this.total += add;
    this.version++;
  }

  private becomePartial(): void {
    this.partial = true;
    this.total = this.length;
    this.stepColumn = float64Column(0);
    this.timeColumn = float64Column(0);
    this.valueColumn = float64Column(0);
  }

  /** A resume to `step`: metric samples past it belong to an abandoned history. */
  cutAfter(step: number): void {
    if (this.kind !== 'metric') return;
    const steps = this.stepColumn.data;
    const times = this.timeColumn.data;
    const values = this.valueColumn.data;
    const length = this.length;
    let write = 0;
    for (let read = 0; read < length; read++) {
      if (steps[read]! > step) continue;
      steps[write] = steps[read]!;
      times[write] = times[read]!;
      values[write] = values[read]!;
      write++;
    }
    if (write !== length) {
      this.total -= length - write;
      this.stepColumn.truncate(write);
      this.timeColumn.truncate(write);
      this.valueColumn.truncate(write);
      this.version++;
    }
  }

  /** The columns' filled parts, as views (not copies). */
  view(): { steps: Float64Array; times: Float64Array; values: Float64Array } {
    return {
      steps: this.stepColumn.view(),
      times: this.timeColumn.view(),
      values: this.valueColumn.view(),
    };
  }
}
