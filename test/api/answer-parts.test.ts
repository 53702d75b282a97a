// An answer cut into parts and put together again: every part within the frame cap, the whole
// the same bytes whatever order the parts come in, and parts that do not fit refused.

import { describe, expect, it } from 'vitest';
import { nodeTextCodec } from '../../electron/host/node-text-codec.js';
import type { AnswerPartHeader } from '../../shared/api/answer-parts.js';
import { AnswerAssembly, answerPartBytes, answerParts } from '../../shared/api/answer-parts.js';
import {
  WireFormatError,
  decodeWireMessage,
  encodeWireMessage,
} from '../../shared/api/wire-codec.js';
import { Prng } from '../support/prng.js';

/** Each part's header and bytes, as a client reads them. */
const read = (frames: readonly Uint8Array[]): [AnswerPartHeader, Uint8Array][] =>
  frames.map((frame) => {
    const header = decodeWireMessage(frame, nodeTextCodec) as AnswerPartHeader;
    return [header, answerPartBytes(frame, header)];
  });

describe('answer parts', () => {
  it('cut a frame into parts under the cap that make the same frame again, in any order', () => {
    const prng = new Prng(41);
    for (const [length, cap] of [
      [1, 300],
      [7, 300],
      [44, 300],
      [45, 300],
      [10_000, 1024],
      [1 << 20, 64 << 10],
    ] as const) {
      const frame = Uint8Array.from({ length }, () => prng.int(256));
      const parts = answerParts(frame, 9, cap, nodeTextCodec);
      for (const part of parts) expect(part.length).toBeLessThanOrEqual(cap);
      const taken = read(parts);
      for (const [header] of taken) expect(header).toMatchObject({ type: 'response-part', id: 9 });
      // Shuffled: an answer's parts come in order, but assembly does not rely on it.
      const shuffled = taken.slice().sort(() => prng.int(3) - 1);
      const assembly = new AnswerAssembly();
      const wholes = shuffled.map(([header, bytes]) => assembly.take(header, bytes));
      expect(wholes.slice(0, -1).every((whole) => whole === null)).toBe(true);
      expect(wholes.at(-1)).toEqual(frame);
      expect(assembly.progress()).toEqual([]);
    }
  });

  it('put two answers together side by side, and tell how far each has come', () => {
    const encoded = (id: number, n: number): Uint8Array =>
      encodeWireMessage(
        {
          type: 'response',
          id,
          response: { ok: true, result: new Float64Array(n).fill(id + 0.1) },
        },
        nodeTextCodec,
      );
    const a = read(answerParts(encoded(1, 5000), 1, 4096, nodeTextCodec));
    const b = read(answerParts(encoded(2, 3000), 2, 4096, nodeTextCodec));
    const assembly = new AnswerAssembly();
    assembly.take(...a[0]!);
    assembly.take(...b[0]!);
    expect(assembly.progress()).toEqual([
      { id: 1, received: a[0]![1].length, total: a[0]![0].total },
      { id: 2, received: b[0]![1].length, total: b[0]![0].total },
    ]);
    for (const part of b.slice(1, -1)) expect(assembly.take(...part)).toBeNull();
    const wholeB = assembly.take(...b.at(-1)!);
    expect(decodeWireMessage(wholeB!, nodeTextCodec)).toEqual({
      type: 'response',
      id: 2,
      response: { ok: true, result: new Float64Array(3000).fill(2.1) },
    });
    expect(assembly.progress().map((p) => p.id)).toEqual([1]);
    assembly.clear();
    expect(assembly.progress()).toEqual([]);
  });

  it('refuse a part outside its answer, or past its frame', () => {
    const parts = read(answerParts(new Uint8Array(1000), 3, 512, nodeTextCodec));
    const [header, bytes] = parts[1]!;
    expect(() => new AnswerAssembly().take({ ...header, offset: 900 }, bytes)).toThrow(
      WireFormatError,
    );
    expect(() => new AnswerAssembly().take({ ...header, total: -1 }, bytes)).toThrow(
      WireFormatError,
    );
    const assembly = new AnswerAssembly();
    assembly.take(...parts[0]!);
    expect(() => assembly.take({ ...header, total: 2000 }, bytes)).toThrow(WireFormatError);
    const frame = answerParts(new Uint8Array(100), 3, 512, nodeTextCodec)[0]!;
    expect(() => answerPartBytes(frame.subarray(0, 50), { ...header, bytes: 100 })).toThrow(
      WireFormatError,
    );
    expect(() => answerParts(new Uint8Array(10), 1, 100, nodeTextCodec)).toThrow(RangeError);
  });
});
