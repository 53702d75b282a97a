// Columnar storage of one series' samples: parallel typed-array chunks of step, time and value,
// never an object per sample. Steps take 4 bytes while they fit 32 bits (a chunk widens to 8
// when one does not), times and values 8 each: near 20 bytes a sample at any length, near 16
// once full chunks of steps that go up by one stride share their offsets, and near 8 for a
// series whose chunks borrow the steps and times of another series logged on its lines.

import type { Chunk, Column } from './sample-chunks.js';
import {
  CHUNK,
  CHUNK_BITS,
  chunkFromTransfer,
  chunkToTransfer,
  makeChunk,
  MASK,
  MAX_NARROW_STEP,
  ownChunkSteps,
  ownStepsAndTimes,
  sameTime,
  shiftColumn,
  stepsAndTimesBeside,
  widenSteps,
} from './sample-chunks.js';
import { progressionOf } from './step-progressions.js';
import type { StoredColumn } from './stored-spans.js';

const FIRST_CAPACITY = 16;

/** A SampleColumns as structured clone carries it between threads; its arrays can be moved. */
export interface TransferredColumns {
  /** Chunks whose steps are shared offsets come without them: each thread has its own. */
  readonly chunks: readonly Chunk[];
  readonly length: number;
}

export class SampleColumns {
  private chunks: Chunk[] = [makeChunk(FIRST_CAPACITY)];
  private lengthValue = 0;
  /** Full chunks looked at by shareStepProgressions: their steps are shared, or cannot be. */
  private examined = 0;

  /**
   * The columns' state to post to another thread, with the buffers that can move with it; a
   * buffer borrowed from another series is listed by that series too.
   */
  toTransfer(): { state: TransferredColumns; buffers: ArrayBuffer[] } {
    const buffers: ArrayBuffer[] = [];
    for (const chunk of this.chunks) {
      // Shared offsets stay: moving them would take them from every chunk of this thread.
      if (chunk.stepStride < 0) buffers.push(chunk.steps.buffer as ArrayBuffer);
      buffers.push(chunk.times.buffer as ArrayBuffer, chunk.values.buffer as ArrayBuffer);
    }
    const chunks = this.chunks.map(chunkToTransfer);
    return { state: { chunks, length: this.lengthValue }, buffers };
  }

  static fromTransfer(state: TransferredColumns): SampleColumns {
    const columns = new SampleColumns();
    columns.chunks = state.chunks.map(chunkFromTransfer);
    columns.lengthValue = state.length;
    columns.examined = state.length >>> CHUNK_BITS;
    return columns;
  }

  /**
   * Gives the full chunks of these series that were not looked at yet shared offsets where
   * their steps go up by one stride, and their borrowers the same: the steps' own arrays are
   * let go. Call it with every series that may borrow from another, as a fold's series do.
   */
  static shareStepProgressions(all: Iterable<SampleColumns>): void {
    const list = [...all];
    /** Per own steps array found a progression, what replaces it, in its owner and borrowers. */
    const found = new Map<Column, { offsets: Uint32Array; first: number; stride: number }>();
    for (const columns of list) {
      const full = columns.lengthValue >>> CHUNK_BITS;
      for (let j = columns.examined; j < full; j++) {
        const chunk = columns.chunks[j]!;
        if (chunk.stepStride >= 0 || !chunk.ownsStepsAndTimes || found.has(chunk.steps)) continue;
        const progression = progressionOf(chunk.steps);
        if (progression !== undefined) found.set(chunk.steps, progression);
      }
    }
    for (const columns of list) {
      const full = columns.lengthValue >>> CHUNK_BITS;
      if (found.size > 0) {
        for (let j = columns.examined; j < full; j++) {
          const chunk = columns.chunks[j]!;
          const progression = found.get(chunk.steps);
          if (progression === undefined) continue;
          chunk.steps = progression.offsets;
          chunk.stepBase = progression.first;
          chunk.stepStride = progression.stride;
        }
      }
      columns.examined = full;
    }
  }

  get length(): number {
    return this.lengthValue;
  }

  push(step: number, time: number, value: number): void {
    const index = this.lengthValue;
    let chunk = this.chunks[index >>> CHUNK_BITS];
    const at = index & MASK;
    if (chunk === undefined) {
      chunk = makeChunk(CHUNK);
      this.chunks.push(chunk);
    } else if (at >= chunk.steps.length) {
      // Only the first chunk grows; it doubles until it reaches the full chunk size.
      const grown = makeChunk(Math.min(CHUNK, chunk.steps.length * 2));
      if (chunk.steps instanceof Float64Array) widenSteps(grown);
      grown.steps.set(chunk.steps);
      grown.times.set(chunk.times);
      grown.values.set(chunk.values);
      this.chunks[0] = grown;
      chunk = grown;
    }
    if (!chunk.ownsStepsAndTimes) ownStepsAndTimes(chunk);
    if (step > MAX_NARROW_STEP) widenSteps(chunk);
    chunk.steps[at] = step;
    chunk.times[at] = time;
    chunk.values[at] = value;
    this.lengthValue = index + 1;
  }

  /**
   * Appends a sample of the same step and time as the sample `leader` has just appended, as the
   * keys of one line are. While the two series have as many samples, a chunk past the first
   * borrows the leader's steps and times instead of holding a copy: less memory to fault in.
   */
  pushBeside(leader: SampleColumns, step: number, time: number, value: number): void {
    const index = this.lengthValue;
    // The first chunk grows by replacement, so only full-size chunks are shared.
    if (leader.lengthValue === index + 1 && index >= CHUNK) {
      const chunkIndex = index >>> CHUNK_BITS;
      const at = index & MASK;
      const theirs = leader.chunks[chunkIndex]!;
      if (theirs.stepBase + theirs.steps[at]! === step && sameTime(theirs.times[at]!, time)) {
        let mine = this.chunks[chunkIndex];
        if (mine === undefined) {
          mine = {
            steps: theirs.steps,
            stepBase: theirs.stepBase,
            stepStride: theirs.stepStride,
            times: theirs.times,
            values: new Float64Array(CHUNK),
            ownsStepsAndTimes: false,
            lent: false,
          };
          theirs.lent = true;
          this.chunks.push(mine);
        }
        if (mine.steps === theirs.steps && mine.times === theirs.times) {
          mine.values[at] = value;
          this.lengthValue = index + 1;
          return;
        }
      }
    }
    this.push(step, time, value);
  }

  /**
   * Appends to each target its source's samples, as pushing them in order would, taking the
   * sources' arrays instead of copying them where it can: each source's chunks are shifted in
   * place so that they start where the target's last chunk ends, then joined to the target. Steps
   * and times that sources share are shifted once, which needs every source sharing them to
   * shift by as much; a source that cannot is copied sample by sample, before anything moves.
   * The sources are not to be used after.
   */
  static appendMoving(appends: readonly { target: SampleColumns; source: SampleColumns }[]): void {
    // Shifting moves steps between chunks, which shared offsets cannot take.
    for (const { source } of appends) for (const chunk of source.chunks) ownChunkSteps(chunk);
    /** How far each pair's chunks shift, -1 where they are copied. */
    const shifts = appends.map(({ target, source }) => SampleColumns.shiftToJoin(target, source));
    // Shared steps or times shift once: every pair holding them must ask the same shift, and
    // fill their tail from the same next array. Any other pair using them copies instead.
    const plans = new Map<Column, { shift: number; next: Column | undefined }>();
    const conflicting = new Set<Column>();
    appends.forEach(({ source }, k) => {
      const shift = shifts[k]!;
      if (shift < 0) return;
      source.chunks.forEach((chunk, j) => {
        for (const [column, following] of stepsAndTimesBeside(chunk, source.chunks[j + 1])) {
          const plan = plans.get(column);
          if (plan === undefined) plans.set(column, { shift, next: following });
          else if (plan.shift !== shift || plan.next !== following) conflicting.add(column);
        }
      });
    });
    if (conflicting.size > 0) {
      appends.forEach(({ source }, k) => {
        if (source.chunks.some((c) => conflicting.has(c.steps) || conflicting.has(c.times)))
          shifts[k] = -1;
      });
    }
    // Every sample copied is read before any array is shifted under it.
    appends.forEach(({ target, source }, k) => {
      const shift = shifts[k]!;
      const copied = shift < 0 ? source.lengthValue : shift;
      for (let i = 0; i < copied; i++) target.push(source.step(i), source.time(i), source.value(i));
    });
    // Chunk by chunk across all pairs: sources share steps and times only at the same chunk
    // index, so each chunk's end is filled from a next chunk not shifted yet.
    const shifted = new Set<Column>();
    const rounds = Math.max(0, ...appends.map(({ source }) => source.chunks.length));
    for (let j = 0; j < rounds; j++) {
      appends.forEach(({ target, source }, k) => {
        const shift = shifts[k]!;
        const chunk = source.chunks[j];
        if (shift <= 0 || target.lengthValue === 0 || chunk === undefined) return;
        const next = source.chunks[j + 1];
        shiftColumn(chunk.values, next?.values, shift);
        for (const [column, following] of stepsAndTimesBeside(chunk, next)) {
          if (shifted.has(column)) continue;
          shiftColumn(column, following, shift);
          shifted.add(column);
        }
      });
    }
    appends.forEach(({ target, source }, k) => {
      const shift = shifts[k]!;
      if (shift < 0) return;
      if (target.lengthValue === 0) {
        // The source's first chunk, which may be short, becomes the target's first.
        target.chunks = source.chunks;
        target.lengthValue = source.lengthValue;
        return;
      }
      const moved = source.lengthValue - shift;
      for (let j = 0; j < Math.ceil(moved / CHUNK); j++) target.chunks.push(source.chunks[j]!);
      target.lengthValue += moved;
    });
  }

  /**
   * The shift that joins source's chunks to target's: what target's last chunk has room for;
   * -1 when source is copied instead: too short to be worth moving, or its chunks not all full
   * size with steps of one width (a shift moves steps between neighbouring chunks).
   */
  private static shiftToJoin(target: SampleColumns, source: SampleColumns): number {
    if (target.lengthValue === 0) return 0;
    const shift = (CHUNK - (target.lengthValue & MASK)) & MASK;
    if (source.lengthValue < shift + CHUNK) return -1;
    const wide = source.chunks[0]!.steps instanceof Float64Array;
    const uniform = source.chunks.every(
      (chunk) => chunk.steps.length === CHUNK && chunk.steps instanceof Float64Array === wide,
    );
    return uniform ? shift : -1;
  }

  step(index: number): number {
    const chunk = this.chunks[index >>> CHUNK_BITS]!;
    return chunk.stepBase + chunk.steps[index & MASK]!;
  }

  time(index: number): number {
    return this.chunks[index >>> CHUNK_BITS]!.times[index & MASK]!;
  }

  value(index: number): number {
    return this.chunks[index >>> CHUNK_BITS]!.values[index & MASK]!;
  }

  /** The steps, times or values as they are stored, a chunk a block: for scans of many. */
  storedColumn(which: 'steps' | 'times' | 'values'): StoredColumn {
    const block = (index: number) => this.chunks[index >>> CHUNK_BITS]![which];
    if (which !== 'steps') return { blockSize: CHUNK, block };
    return {
      blockSize: CHUNK,
      block,
      blockOffset: (index) => this.chunks[index >>> CHUNK_BITS]!.stepBase,
    };
  }

  /** Keeps, in order, only the samples whose step is at most maxStep; returns how many it removed. */
  keepStepsUpTo(maxStep: number): number {
    // Rewriting in place would change what borrowers of these steps and times read.
    for (const chunk of this.chunks) ownStepsAndTimes(chunk);
    this.examined = 0;
    let write = 0;
    const total = this.lengthValue;
    for (let read = 0; read < total; read++) {
      const step = this.step(read);
      if (step > maxStep) continue;
      if (write !== read) {
        const chunk = this.chunks[write >>> CHUNK_BITS]!;
        const at = write & MASK;
        if (step > MAX_NARROW_STEP) widenSteps(chunk);
        chunk.steps[at] = step;
        chunk.times[at] = this.time(read);
        chunk.values[at] = this.value(read);
      }
      write++;
    }
    this.lengthValue = write;
    const chunksNeeded = Math.max(1, Math.ceil(write / CHUNK));
    this.chunks.length = chunksNeeded;
    return total - write;
  }

  /** Copies [start, end) of each column into fresh arrays, for transport or drawing. */
  slice(
    start = 0,
    end = this.lengthValue,
  ): { steps: Float64Array; times: Float64Array; values: Float64Array } {
    const count = Math.max(0, end - start);
    const out = {
      steps: new Float64Array(count),
      times: new Float64Array(count),
      values: new Float64Array(count),
    };
    let written = 0;
    while (written < count) {
      const index = start + written;
      const chunk = this.chunks[index >>> CHUNK_BITS]!;
      const at = index & MASK;
      const take = Math.min(count - written, CHUNK - at);
      if (chunk.stepStride < 0) out.steps.set(chunk.steps.subarray(at, at + take), written);
      else
        for (let k = 0; k < take; k++)
          out.steps[written + k] = chunk.stepBase + chunk.steps[at + k]!;
      out.times.set(chunk.times.subarray(at, at + take), written);
      out.values.set(chunk.values.subarray(at, at + take), written);
      written += take;
    }
    return out;
  }

  /** Bytes held by the columns, for memory accounting. */
  get byteSize(): number {
    let bytes = 0;
    for (const chunk of this.chunks) {
      bytes += chunk.values.byteLength;
      if (!chunk.ownsStepsAndTimes) continue;
      bytes += chunk.times.byteLength;
      if (chunk.stepStride < 0) bytes += chunk.steps.byteLength;
    }
    return bytes;
  }
}
