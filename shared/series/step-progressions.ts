// Steps that go up by one stride over a whole chunk (0, 1, 2, ... or 100, 110, 120, ...), as
// most logs' steps do, held as the chunk's first step and an array of offsets that every chunk
// of that stride shares: a line's step then costs no memory of its own.

/** Strides given a shared array, at most: a log's keys use a few; past this, steps stay own. */
const MAX_STRIDES = 64;
/** The greatest offset a Uint32Array holds. */
const MAX_OFFSET = 0xffffffff;

/** Per chunk length and stride, the read-only offsets 0, stride, 2 stride, ... */
const shared = new Map<string, Uint32Array>();

/**
 * The offsets array of `stride` for chunks of `length` steps, made once per thread; undefined
 * when too many strides have one already. Never written: every chunk of the stride reads it.
 */
export function sharedOffsets(stride: number, length: number): Uint32Array | undefined {
  const key = `${length}/${stride}`;
  let offsets = shared.get(key);
  if (offsets === undefined) {
    if (shared.size >= MAX_STRIDES) return undefined;
    offsets = new Uint32Array(length);
    for (let i = 0; i < length; i++) offsets[i] = i * stride;
    shared.set(key, offsets);
  }
  return offsets;
}

/** A run of steps held as first + offsets[i]. */
export interface StepProgression {
  readonly first: number;
  readonly stride: number;
  readonly offsets: Uint32Array;
}

/**
 * The progression the steps are, when each is the one before it plus one stride (0 or more)
 * and the last offset fits 32 bits; undefined otherwise.
 */
export function progressionOf(steps: Uint32Array | Float64Array): StepProgression | undefined {
  const length = steps.length;
  if (length < 2) return undefined;
  const first = steps[0]!;
  const stride = steps[1]! - first;
  if (stride < 0 || stride * (length - 1) > MAX_OFFSET) return undefined;
  // Steps are integers up to 2^53, so first + i * stride is exact wherever it matches.
  for (let i = 2; i < length; i++) if (steps[i] !== first + i * stride) return undefined;
  const offsets = sharedOffsets(stride, length);
  return offsets === undefined ? undefined : { first, stride, offsets };
}

/** The steps first + offsets[i] as an array of their own: 4-byte while they fit 32 bits. */
export function ownSteps(
  first: number,
  offsets: Uint32Array,
  maxNarrowStep: number,
): Uint32Array | Float64Array {
  const length = offsets.length;
  const steps =
    first + offsets[length - 1]! > maxNarrowStep
      ? new Float64Array(length)
      : new Uint32Array(length);
  for (let i = 0; i < length; i++) steps[i] = first + offsets[i]!;
  return steps;
}
