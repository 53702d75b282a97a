// The chunks SampleColumns keeps a series in: parallel arrays of steps, times and values of a
// fixed length, whose steps and times another series' chunk may borrow and whose steps may be a
// shared progression's offsets; made, widened, owned and moved between threads here.

import { ownSteps, sharedOffsets } from './step-progressions.js';

export const CHUNK_BITS = 14;
export const CHUNK = 1 << CHUNK_BITS;
export const MASK = CHUNK - 1;
export const MAX_NARROW_STEP = 0xffffffff;

export interface Chunk {
  /** The steps, less stepBase. */
  steps: Uint32Array | Float64Array;
  /** 0, or the first step of steps held as a progression's shared offsets. */
  stepBase: number;
  /** The progression's stride when steps are shared offsets (step-progressions.ts); else -1. */
  stepStride: number;
  times: Float64Array;
  values: Float64Array;
  /**
   * False while steps and times are borrowed from another series' chunk: their owner alone
   * writes them, and only past its length, where a borrower has read nothing yet.
   */
  ownsStepsAndTimes: boolean;
  /** True once another chunk borrowed these steps and times: they are not rewritten in place. */
  lent: boolean;
}

export function makeChunk(capacity: number): Chunk {
  return {
    steps: new Uint32Array(capacity),
    stepBase: 0,
    stepStride: -1,
    times: new Float64Array(capacity),
    values: new Float64Array(capacity),
    ownsStepsAndTimes: true,
    lent: false,
  };
}

/** Gives a chunk whose steps are shared offsets steps of its own, to write or shift them. */
export function ownChunkSteps(chunk: Chunk): void {
  if (chunk.stepStride < 0) return;
  chunk.steps = ownSteps(chunk.stepBase, chunk.steps as Uint32Array, MAX_NARROW_STEP);
  chunk.stepBase = 0;
  chunk.stepStride = -1;
}

/** Gives a chunk 8-byte steps, for a step past 32 bits (steps go to 2^53). */
export function widenSteps(chunk: Chunk): void {
  if (chunk.steps instanceof Float64Array) return;
  const wide = new Float64Array(chunk.steps.length);
  wide.set(chunk.steps);
  chunk.steps = wide;
}

/** Gives a chunk steps and times of its own, to write where others may read. */
export function ownStepsAndTimes(chunk: Chunk): void {
  if (chunk.ownsStepsAndTimes && !chunk.lent && chunk.stepStride < 0) return;
  if (chunk.stepStride >= 0) ownChunkSteps(chunk);
  else chunk.steps = chunk.steps.slice();
  chunk.times = chunk.times.slice();
  chunk.ownsStepsAndTimes = true;
  chunk.lent = false;
}

/** The same time, -0 told from 0: a borrowed time must read back with its own bits. */
export function sameTime(a: number, b: number): boolean {
  return a === b && (a !== 0 || 1 / a === 1 / b);
}

export type Column = Uint32Array | Float64Array;

/** A chunk's steps and times, each beside the same column of the chunk after it, if any. */
export function stepsAndTimesBeside(
  chunk: Chunk,
  next: Chunk | undefined,
): (readonly [Column, Column | undefined])[] {
  return [
    [chunk.steps, next?.steps],
    [chunk.times, next?.times],
  ];
}

/** Moves a full chunk's column `shift` places down, filling its end from the next chunk's. */
export function shiftColumn(column: Column, next: Column | undefined, shift: number): void {
  column.copyWithin(0, shift, CHUNK);
  if (next !== undefined) column.set(next.subarray(0, shift), CHUNK - shift);
}

const NO_STEPS = new Uint32Array(0);

/** A chunk to post to another thread: steps that are shared offsets stay in this thread. */
export function chunkToTransfer(chunk: Chunk): Chunk {
  return chunk.stepStride < 0 ? chunk : { ...chunk, steps: NO_STEPS };
}

/** A chunk posted from another thread, given this thread's shared offsets where it had some. */
export function chunkFromTransfer(moved: Chunk): Chunk {
  const chunk = { ...moved };
  if (chunk.stepStride < 0) return chunk;
  const offsets = sharedOffsets(chunk.stepStride, CHUNK);
  if (offsets !== undefined) {
    chunk.steps = offsets;
    return chunk;
  }
  // This thread shares as many strides as it may: the chunk holds its steps itself.
  const steps = new Float64Array(CHUNK);
  for (let i = 0; i < CHUNK; i++) steps[i] = chunk.stepBase + i * chunk.stepStride;
  chunk.steps = steps;
  chunk.stepBase = 0;
  chunk.stepStride = -1;
  return chunk;
}
