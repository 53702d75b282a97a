// A batch of deltas as WebSocket frames of bounded size, in order: small batches go whole, a
// large one is cut between deltas, and a delta too big for any frame stops the batch there.

/** Encodes a list of deltas as one frame. */
export type EncodeDeltas = (deltas: readonly unknown[]) => Uint8Array;

export interface FrameSizes {
  /** Deltas are gathered into frames of at most about this many bytes. */
  readonly targetBytes: number;
  /** No frame is bigger: a delta alone bigger than this is not sent. */
  readonly maxBytes: number;
}

/**
 * The frames of a batch, made as they are taken (a caller may stop between frames). Returns
 * 'whole' when every delta went into a frame, 'too-large' when one delta alone is bigger than
 * maxBytes: it and those after it are in no frame.
 */
export function* deltaFrames(
  deltas: readonly unknown[],
  encode: EncodeDeltas,
  sizes: FrameSizes,
): Generator<Uint8Array, 'whole' | 'too-large', undefined> {
  if (deltas.length === 0) return 'whole';
  const whole = encode(deltas);
  if (
    whole.length <= sizes.targetBytes ||
    (deltas.length === 1 && whole.length <= sizes.maxBytes)
  ) {
    yield whole;
    return 'whole';
  }
  if (deltas.length === 1) return 'too-large';
  // Each delta measured alone; neighbours gathered while their sum stays under the target. A
  // frame of several is about the sum of theirs (one envelope for all), far under maxBytes.
  let group: unknown[] = [];
  let groupFrame: Uint8Array | null = null;
  let groupBytes = 0;
  const flush = (): Uint8Array => {
    const frame = group.length === 1 ? groupFrame! : encode(group);
    group = [];
    groupFrame = null;
    groupBytes = 0;
    return frame;
  };
  for (const delta of deltas) {
    const alone = encode([delta]);
    if (alone.length > sizes.maxBytes) {
      if (group.length > 0) yield flush();
      return 'too-large';
    }
    if (group.length > 0 && groupBytes + alone.length > sizes.targetBytes) yield flush();
    group.push(delta);
    groupFrame = alone;
    groupBytes += alone.length;
  }
  if (group.length > 0) yield flush();
  return 'whole';
}
