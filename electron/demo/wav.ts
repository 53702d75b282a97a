// WAV files for the demo store and the tests: 16-bit PCM samples under a RIFF header, the format
// every browser plays and Web Audio decodes, written in code so no recording is shipped.

/** The 44-byte header of a 16-bit PCM WAV of `dataBytes` bytes of samples. */
export function wavHeader(dataBytes: number, sampleRate: number, channels: number): Buffer {
  const header = Buffer.alloc(44);
  const blockAlign = channels * 2;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A WAV of the channels' samples (each in [-1, 1], of one length), interleaved. */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Buffer {
  const frames = channels[0]?.length ?? 0;
  const data = Buffer.alloc(frames * channels.length * 2);
  for (let frame = 0; frame < frames; frame++) {
    channels.forEach((samples, c) => {
      const sample = Math.max(-1, Math.min(1, samples[frame]!));
      data.writeInt16LE(Math.round(sample * 32767), (frame * channels.length + c) * 2);
    });
  }
  return Buffer.concat([wavHeader(data.length, sampleRate, channels.length), data]);
}

/**
 * A tone as a model of speech or music might render one: a sweep from `from` to `to` Hz under a
 * swelling envelope, with a little noise drawn from `noise` (a seeded source of [0, 1)).
 */
export function toneSamples(
  seconds: number,
  sampleRate: number,
  from: number,
  to: number,
  noise: () => number,
): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / samples.length;
    phase += (2 * Math.PI * (from + (to - from) * t)) / sampleRate;
    const envelope = Math.sin(Math.PI * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t));
    samples[i] = 0.7 * envelope * Math.sin(phase) + 0.04 * (noise() - 0.5);
  }
  return samples;
}
