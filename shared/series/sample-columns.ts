// Columnar storage of one series' samples: parallel typed-array chunks of step, time and value,
// never an object per sample. Steps take 4 bytes while they fit 32 bits (a chunk widens to 8
// when one does not), times and values 8 each: near 20 bytes a sample at any length.

const CHUNK_BITS = 14;
const CHUNK = 1 << CHUNK_BITS;
const MASK = CHUNK - 1;
const FIRST_CAPACITY = 16;
const MAX_NARROW_STEP = 0xffffffff;

interface Chunk {
  steps: Uint32Array | Float64Array;
  times: Float64Array;
  values: Float64Array;
}

function makeChunk(capacity: number): Chunk {
  return {
    steps: new Uint32Array(capacity),
    times: new Float64Array(capacity),
    values: new Float64Array(capacity),
  };
}

/** Gives a chunk 8-byte steps, for a step past 32 bits (steps go to 2^53). */
function widenSteps(chunk: Chunk): void {
  if (chunk.steps instanceof Float64Array) return;
  const wide = new Float64Array(chunk.steps.length);
  wide.set(chunk.steps);
  chunk.steps = wide;
}

/** A SampleColumns as structured clone carries it between threads; its arrays can be moved. */
export interface TransferredColumns {
  readonly chunks: readonly Chunk[];
  readonly length: number;
}

export class SampleColumns {
  private chunks: Chunk[] = [makeChunk(FIRST_CAPACITY)];
  private lengthValue = 0;

  /** The columns' state to post to another thread, with the buffers that can move with it. */
  toTransfer(): { state: TransferredColumns; buffers: ArrayBuffer[] } {
    const buffers: ArrayBuffer[] = [];
    for (const chunk of this.chunks) {
      for (const column of [chunk.steps, chunk.times, chunk.values])
        buffers.push(column.buffer as ArrayBuffer);
    }
    return { state: { chunks: this.chunks, length: this.lengthValue }, buffers };
  }

  static fromTransfer(state: TransferredColumns): SampleColumns {
    const columns = new SampleColumns();
    columns.chunks = state.chunks.map((chunk) => ({ ...chunk }));
    columns.lengthValue = state.length;
    return columns;
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
    if (step > MAX_NARROW_STEP) widenSteps(chunk);
    chunk.steps[at] = step;
    chunk.times[at] = time;
    chunk.values[at] = value;
    this.lengthValue = index + 1;
  }

  step(index: number): number {
    return this.chunks[index >>> CHUNK_BITS]!.steps[index & MASK]!;
  }

  time(index: number): number {
    return this.chunks[index >>> CHUNK_BITS]!.times[index & MASK]!;
  }

  value(index: number): number {
    return this.chunks[index >>> CHUNK_BITS]!.values[index & MASK]!;
  }

  /** Keeps, in order, only the samples whose step is at most maxStep; returns how many it removed. */
  keepStepsUpTo(maxStep: number): number {
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
      out.steps.set(chunk.steps.subarray(at, at + take), written);
      out.times.set(chunk.times.subarray(at, at + take), written);
      out.values.set(chunk.values.subarray(at, at + take), written);
      written += take;
    }
    return out;
  }

  /** Bytes held by the columns, for memory accounting. */
  get byteSize(): number {
    let bytes = 0;
    for (const chunk of this.chunks) bytes += chunk.steps.byteLength + chunk.times.byteLength * 2;
    return bytes;
  }
}
