// The series a log's metrics and reading lines fold into, by the rule that a key keeps the kind
// it was first logged or declared as: a whole log's (RunLog, run-fold.ts) or a segment's
// (segment-scan.ts), read line by line or, in runs of lines that repeat their keys, by the
// WebAssembly scanner (samples-wasm/).

import type { SeriesKind } from '../../../shared/format/records.js';
import { SampleColumns } from '../../../shared/series/sample-columns.js';
import type { TransferredSeries } from './read-types.js';
import type { ScannedSamples } from './samples-fast-path.js';
import type { WasmSamplesLines } from './samples-wasm/wasm-lines.js';

export class Series {
  samples = new SampleColumns();
  /** The greatest step among the samples, so a resume cuts only series that can hold orphans. */
  maxStep = -1;
  /** Bumped when a cut removes samples, so indexes built over the series know to start over. */
  generation = 0;
  constructor(
    readonly key: string,
    readonly kind: SeriesKind,
  ) {}

  push(step: number, time: number, value: number): void {
    this.samples.push(step, time, value);
    if (step > this.maxStep) this.maxStep = step;
  }

  /** Appends a sample of the same line as the one `leader` has just appended. */
  pushBeside(leader: Series, step: number, time: number, value: number): void {
    this.samples.pushBeside(leader.samples, step, time, value);
    if (step > this.maxStep) this.maxStep = step;
  }
}

/**
 * The series a log's metrics and reading lines fold into, by the rule that a key keeps the kind
 * it was first logged or declared as: a whole log's (RunLog) or a segment's (segment-scan.ts).
 */
export class SamplesFold {
  readonly kinds = new Map<string, SeriesKind>();
  readonly series = new Map<string, Series>();
  /** The step of the last metrics or resume record, or 0: the step a writer gives a reading. */
  currentStep = 0;
  /** The whole lines taken: for a whole log's fold every line of it, for a segment's its samples. */
  lines = 0;
  /** The series of each key of the last samples line applied, in order, to skip map lookups. */
  private readonly slotSeries: Series[] = [];
  /** The type of that line, whose kind its slots' series have (null before any), and its keys. */
  private slotsType: ScannedSamples['type'] | null = null;
  private slotsCount = 0;
  /**
   * True from a line the WebAssembly scanner did not read (or slots it cannot hold) until a line
   * repeats the keys of the line before: lines whose keys change each time then cost the
   * scanner nothing, and after one it hands back it reads on from the next.
   */
  private scanRefused = false;

  /**
   * Lets full chunks whose steps go up by one stride share their steps (step-progressions.ts):
   * 4 bytes a line less. A segment's fold leaves it to the fold that joins the segment.
   */
  shareStepProgressions(): void {
    SampleColumns.shareStepProgressions(Array.from(this.series.values(), (s) => s.samples));
  }

  /** The series to post to another thread, and the buffers that move with them. */
  transferSeries(): { series: TransferredSeries[]; buffers: ArrayBuffer[] } {
    const buffers = new Set<ArrayBuffer>();
    const series = [...this.series.values()].map((s) => {
      const moved = s.samples.toTransfer();
      // Series that borrow steps and times list the same buffers; a transfer names each once.
      for (const buffer of moved.buffers) buffers.add(buffer);
      return { key: s.key, kind: s.kind, maxStep: s.maxStep, samples: moved.state };
    });
    return { series, buffers: [...buffers] };
  }

  /**
   * Appends a samples line's values, values[i] for keys[i]; false, appending nothing, when a key
   * was logged or declared as the other kind: the line is damaged. The line comes as one object,
   * not its members: a time passed as an argument to a call not inlined is boxed, one heap
   * number a line.
   */
  applySamples(line: ScannedSamples): boolean {
    const { type, time, step, keys, values, count } = line;
    if (this.slotsHold(type, keys, count)) this.scanRefused = false;
    else if (!this.fillSlots(type, keys, count)) return false;
    if (count > 0) {
      const slots = this.slotSeries;
      // The line's keys share its step and time: the first key's series holds them for all.
      const leader = slots[0]!;
      leader.push(step, time, values[0]!);
      for (let i = 1; i < count; i++) slots[i]!.pushBeside(leader, step, time, values[i]!);
    }
    if (type === 'metrics') this.currentStep = step;
    return true;
  }

  /**
   * Applies the lines from bytes[pos, end) that repeat the slots' keys and type, as far as the
   * WebAssembly scanner reads them (bytes in its memory, see scannerHolding: null when they are
   * not); returns the offset past the last, pos when it read none, counting them in lines.
   */
  applyScannedRun(
    scanner: WasmSamplesLines | null,
    bytes: Uint8Array,
    pos: number,
    end: number,
  ): number {
    const type = this.slotsType;
    if (scanner === null || type === null || this.scanRefused) return pos;
    if (!scanner.install(this.slotSeries, this.slotsCount)) {
      this.scanRefused = true;
      return pos;
    }
    let at = pos;
    for (;;) {
      const read = scanner.scan(bytes, at, end, type);
      if (read === 0) break;
      this.applyScanned(scanner.output, read, type);
      this.lines += read;
      at = scanner.stoppedAt;
    }
    if (at === pos) this.scanRefused = true;
    return at;
  }

  /** Appends `lines` lines of the slots' keys, each its time, step and values in `output`. */
  private applyScanned(output: Float64Array, lines: number, type: ScannedSamples['type']): void {
    const slots = this.slotSeries;
    const count = this.slotsCount;
    const leader = slots[0]!;
    let step = 0;
    for (let line = 0, at = 0; line < lines; line++, at += 2 + count) {
      const time = output[at]!;
      step = output[at + 1]!;
      leader.push(step, time, output[at + 2]!);
      for (let i = 1; i < count; i++) slots[i]!.pushBeside(leader, step, time, output[at + 2 + i]!);
    }
    if (type === 'metrics') this.currentStep = step;
  }

  /**
   * True when the slots hold the series of these keys, in order, checked for this type of line:
   * lines repeat their keys, so most lines need neither a map lookup nor a kind check.
   */
  private slotsHold(type: ScannedSamples['type'], keys: readonly string[], count: number): boolean {
    if (type !== this.slotsType || count !== this.slotsCount) return false;
    const slots = this.slotSeries;
    for (let i = 0; i < count; i++) if (slots[i]!.key !== keys[i]) return false;
    return true;
  }

  /** Puts the series of a line's keys in the slots; false, changing nothing, on a kind conflict. */
  private fillSlots(type: ScannedSamples['type'], keys: readonly string[], count: number): boolean {
    const kind: SeriesKind = type === 'metrics' ? 'metric' : 'reading';
    for (let i = 0; i < count; i++) {
      const known = this.kinds.get(keys[i]!);
      if (known !== undefined && known !== kind) return false;
    }
    const slots = this.slotSeries;
    for (let i = 0; i < count; i++) {
      const key = keys[i]!;
      let series = this.series.get(key);
      if (series === undefined) {
        this.kinds.set(key, kind);
        series = new Series(key, kind);
        this.series.set(key, series);
      }
      slots[i] = series;
    }
    this.slotsType = type;
    this.slotsCount = count;
    return true;
  }
}
