// Generates a synthetic JSONL event stream for benchmarks and tests, as the runtime lays it out:
// an open, metric events with their labels, a stage change and a checkpoint now and then, a done.

import { closeSync, openSync, writeSync } from 'node:fs';
import { seededRandom } from './generate-log.js';

const NAMES = ['train/loss', 'train/acc', 'rate/tokens'];
const CHECKPOINT_EVERY = 1000;

/** Writes a stream of about `targetBytes` bytes; returns its byte size and its metric lines. */
export function generateEventStream(
  path: string,
  targetBytes: number,
  seed = 42,
): { bytes: number; metrics: number } {
  const random = seededRandom(seed);
  const fd = openSync(path, 'w');
  let bytes = 0;
  let metrics = 0;
  let pending = '';
  const flush = (): void => {
    bytes += writeSync(fd, pending);
    pending = '';
  };
  let ms = 1_790_189_597_015;
  const metadata = { sexpgpu: '0.4.1', entry: 'exp/train.sx', device: 'cpu', devices: [] };
  pending += `${JSON.stringify({ ts_ms: ms, kind: 'open', slug: 'bench', description: 'bench: a stream', metadata })}\n`;
  let stage = 'easy';
  for (let step = 0; bytes + pending.length < targetBytes; step++) {
    ms += 7;
    if (step > 0 && step % CHECKPOINT_EVERY === 0) {
      const dir = `/tmp/ckpt/step-${step}`;
      pending += `${JSON.stringify({ ts_ms: ms, step, kind: 'annotation', annotation: `checkpoint ${dir}`, metadata: { checkpoint: dir, seconds: 0.041 } })}\n`;
    }
    if (step === 50_000) {
      pending += `${JSON.stringify({ ts_ms: ms, step, kind: 'annotation', annotation: 'stage easy -> hard', metadata: { from: 'easy', to: 'hard' } })}\n`;
      stage = 'hard';
    }
    for (let k = 0; k < NAMES.length; k++) {
      // Computed floats, as training loops produce them: most need 16 or 17 digits to read back.
      const value = (2.5 / (1 + step * 1e-3)) * (1 + 0.1 * random()) + k;
      pending += `{"ts_ms":${ms},"step":${step},"kind":"metric","name":"${NAMES[k]}","value":${value},"metadata":{"split":"train","stage":"${stage}"}}\n`;
      metrics++;
    }
    if (pending.length > 1 << 20) flush();
  }
  pending += `${JSON.stringify({ ts_ms: ms + 1, kind: 'done', slug: 'bench' })}\n`;
  flush();
  closeSync(fd);
  return { bytes, metrics };
}
