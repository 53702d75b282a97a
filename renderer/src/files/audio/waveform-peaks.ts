// A waveform's envelope: per pixel column the least and greatest sample of any channel, so that
// a click or a spike of one sample shows at any width, as the curves' envelopes do.

export interface Peaks {
  readonly min: Float32Array;
  readonly max: Float32Array;
}

/** The envelope of the channels (of one length) over `columns` columns. */
export function waveformPeaks(channels: readonly Float32Array[], columns: number): Peaks {
  const min = new Float32Array(columns).fill(Infinity);
  const max = new Float32Array(columns).fill(-Infinity);
  const length = channels[0]?.length ?? 0;
  if (length === 0 || columns <= 0) return { min: min.fill(0), max: max.fill(0) };
  for (const samples of channels) {
    for (let column = 0; column < columns; column++) {
      const from = Math.floor((column * length) / columns);
      // At least one sample a column: a short sound still draws across the width.
      const to = Math.max(from + 1, Math.floor(((column + 1) * length) / columns));
      let low = min[column]!;
      let high = max[column]!;
      for (let i = from; i < to && i < length; i++) {
        const sample = samples[i]!;
        if (sample < low) low = sample;
        if (sample > high) high = sample;
      }
      min[column] = low;
      max[column] = high;
    }
  }
  return { min, max };
}
