// A batch of deltas cut into frames: whole when small, in order and under the target when large,
// and stopped before a delta that no frame may carry.

import { describe, expect, it } from 'vitest';
import { nodeTextCodec } from '../../electron/host/serve.js';
import type { EncodeDeltas } from '../../electron/host/delta-frames.js';
import { deltaFrames } from '../../electron/host/delta-frames.js';
import { decodeWireMessage, encodeWireMessage } from '../../shared/api/wire-codec.js';

const encode: EncodeDeltas = (deltas) =>
  encodeWireMessage({ type: 'deltas', deltas }, nodeTextCodec);

/** A samples delta of n samples: 24 bytes a sample on the wire (doubles no 4-byte type holds). */
function samples(seq: number, n: number) {
  const column = new Float64Array(n).map((_, i) => seq * 1000 + i + 0.1);
  return {
    seq,
    type: 'samples',
    series: { runId: 'r', key: 'k', kind: 'metric', steps: column, times: column, values: column },
  };
}

/** Every frame of a batch, and how the batch ended. */
function cut(deltas: readonly unknown[], targetBytes: number, maxBytes: number) {
  const frames: Uint8Array[] = [];
  const generator = deltaFrames(deltas, encode, { targetBytes, maxBytes });
  for (;;) {
    const next = generator.next();
    if (next.done === true) return { frames, ended: next.value };
    frames.push(next.value);
  }
}

const seqsOf = (frame: Uint8Array): number[] =>
  (decodeWireMessage(frame, nodeTextCodec) as { deltas: { seq: number }[] }).deltas.map(
    (delta) => delta.seq,
  );

describe('deltaFrames', () => {
  it('sends a batch under the target as one frame', () => {
    const batch = [samples(1, 10), samples(2, 10)];
    const { frames, ended } = cut(batch, 4096, 1 << 20);
    expect(ended).toBe('whole');
    expect(frames.map(seqsOf)).toEqual([[1, 2]]);
  });

  it('cuts a bigger batch between deltas, in order, each frame under the target', () => {
    const batch = Array.from({ length: 40 }, (_, i) => samples(i + 1, 20 + (i % 7) * 10));
    const { frames, ended } = cut(batch, 4096, 1 << 20);
    expect(ended).toBe('whole');
    expect(frames.length).toBeGreaterThan(5);
    for (const frame of frames) expect(frame.length).toBeLessThanOrEqual(4096);
    expect(frames.flatMap(seqsOf)).toEqual(batch.map((delta) => delta.seq));
    const decoded = frames.flatMap(
      (frame) => (decodeWireMessage(frame, nodeTextCodec) as { deltas: unknown[] }).deltas,
    );
    expect(decoded).toEqual(batch);
  });

  it('sends a delta over the target alone, when it is under the cap', () => {
    const batch = [samples(1, 5), samples(2, 500), samples(3, 5)];
    const { frames, ended } = cut(batch, 4096, 1 << 20);
    expect(ended).toBe('whole');
    expect(frames.map(seqsOf)).toEqual([[1], [2], [3]]);
    expect(frames[1]!.length).toBeGreaterThan(4096);
  });

  it('stops before a delta bigger than the cap, having framed those before it', () => {
    const batch = [samples(1, 5), samples(2, 5), samples(3, 5000), samples(4, 5)];
    const { frames, ended } = cut(batch, 256, 64 << 10);
    expect(ended).toBe('too-large');
    expect(frames.flatMap(seqsOf)).toEqual([1, 2]);
    expect(cut([samples(9, 5000)], 256, 64 << 10)).toEqual({ frames: [], ended: 'too-large' });
  });
});
