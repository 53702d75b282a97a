// What serve sends a WebSocket, on a socket that reads only when the test says: answers over
// the cap sent in parts, deltas dropped past the backlog and a resync once drained, requests held
// while answers wait, and a client that stays behind closed.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeTextCodec } from '../../electron/host/serve.js';
import type { FlowLimits, OutboxSocket } from '../../electron/host/socket-outbox.js';
import { CLOSE_BEHIND, SocketOutbox } from '../../electron/host/socket-outbox.js';
import type { ApiResponse, Delta } from '../../shared/api/contract.js';
import type { AnswerPartHeader } from '../../shared/api/answer-parts.js';
import { AnswerAssembly, answerPartBytes } from '../../shared/api/answer-parts.js';
import type { WireServerMessage } from '../../shared/api/wire-codec.js';
import { decodeWireMessage, encodeWireMessage } from '../../shared/api/wire-codec.js';

const KiB = 1024;

const LIMITS: FlowLimits = {
  maxFrameBytes: 64 * KiB,
  deltaFrameBytes: KiB,
  deltaBacklogBytes: 10 * KiB,
  responseBacklogBytes: 10 * KiB,
  lowWaterBytes: 2 * KiB,
  behindCloseMs: 1000,
  checkMs: 50,
};

interface Sent {
  readonly type: string;
  readonly id?: number;
  readonly response?: ApiResponse;
  readonly deltas?: Delta[];
}

/** A socket whose client reads nothing until take(): what is sent stays in bufferedAmount. */
class UnreadSocket implements OutboxSocket {
  bufferedAmount = 0;
  readyState = 1;
  paused = false;
  closedWith: { code: number; reason: string } | null = null;
  readonly frames: Uint8Array[] = [];

  send(frame: Uint8Array): void {
    this.frames.push(frame);
    this.bufferedAmount += frame.length;
  }

  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  /** The client reads this many bytes. */
  take(bytes: number): void {
    this.bufferedAmount = Math.max(0, this.bufferedAmount - bytes);
  }

  get sent(): Sent[] {
    return this.frames.map((frame) => decodeWireMessage(frame, nodeTextCodec) as Sent);
  }

  /** Each message as a word: `resync`, `response 7`, or the seqs of a frame of deltas. */
  get summary(): string[] {
    return this.sent.map((message) =>
      message.type === 'deltas'
        ? message.deltas!.map((delta) => delta.seq).join(',')
        : message.type === 'response'
          ? `response ${message.id}`
          : message.type,
    );
  }
}

const encode = (message: WireServerMessage): Uint8Array =>
  encodeWireMessage(message, nodeTextCodec);

/** Doubles that no 4-byte type holds: 8 bytes each on the wire, as a frame's size is counted. */
const doubles = (n: number): Float64Array => new Float64Array(n).fill(0.1);

/** A samples delta of about bytes on the wire. */
function delta(seq: number, bytes: number): Delta {
  const column = doubles(Math.max(1, Math.round(bytes / 24)));
  return {
    seq,
    type: 'samples',
    series: { runId: 'r', key: 'k', kind: 'metric', steps: column, times: column, values: column },
  } as Delta;
}

const answerOf =
  (id: number, result: unknown = 'ok', made: number[] = []) =>
  async () => {
    made.push(id);
    return { id, response: { ok: true, result } as ApiResponse };
  };

let socket: UnreadSocket;
let outbox: SocketOutbox;
beforeEach(() => {
  vi.useFakeTimers();
  socket = new UnreadSocket();
  outbox = new SocketOutbox(socket, encode, LIMITS);
});
afterEach(() => {
  outbox.close();
  vi.useRealTimers();
});

describe('SocketOutbox', () => {
  it('sends an answer over the cap in parts of at most the cap, in order, then the next', async () => {
    const big = Float64Array.from({ length: 20_000 }, (_, i) => i / 7);
    outbox.answer(answerOf(7, big));
    outbox.answer(answerOf(8));
    await vi.advanceTimersByTimeAsync(0);
    // 157 KiB of doubles in parts of under 64 KiB: three, sent at once as the whole would be;
    // the next answer waits until the client has read them.
    expect(socket.sent.map((m) => m.type)).toEqual([
      'response-part',
      'response-part',
      'response-part',
    ]);
    socket.take(1 << 20);
    await vi.advanceTimersByTimeAsync(LIMITS.checkMs);
    const sent = socket.sent;
    expect(sent.map((m) => m.type)).toEqual([
      'response-part',
      'response-part',
      'response-part',
      'response',
    ]);
    for (const frame of socket.frames) expect(frame.length).toBeLessThanOrEqual(64 * KiB);
    const assembly = new AnswerAssembly();
    const wholes = socket.frames
      .slice(0, 3)
      .map((frame, i) =>
        assembly.take(
          sent[i] as AnswerPartHeader,
          answerPartBytes(frame, sent[i] as AnswerPartHeader),
        ),
      );
    expect(wholes.slice(0, 2)).toEqual([null, null]);
    const answer = decodeWireMessage(wholes[2]!, nodeTextCodec) as Sent;
    expect(answer).toEqual({ type: 'response', id: 7, response: { ok: true, result: big } });
    expect(sent[3]).toEqual({ type: 'response', id: 8, response: { ok: true, result: 'ok' } });
  });

  it('cuts a batch of deltas into frames of about the target, in order', () => {
    const batch = Array.from({ length: 12 }, (_, i) => delta(i + 1, 300));
    outbox.sendDeltas(batch);
    expect(socket.summary.length).toBeGreaterThan(3);
    expect(socket.summary.join(',')).toBe(batch.map((d) => d.seq).join(','));
  });

  it('drops deltas past the backlog, and asks for a resync once the client has read', async () => {
    for (let seq = 1; seq <= 6; seq++) outbox.sendDeltas([delta(seq, 4 * KiB)]);
    // Sent while under 10 KiB waited: 1, 2 and 3; the rest dropped.
    expect(socket.summary).toEqual(['1', '2', '3']);
    socket.take(6 * KiB);
    await vi.advanceTimersByTimeAsync(5 * LIMITS.checkMs);
    outbox.sendDeltas([delta(7, 100)]);
    // Still behind (above the low-water mark): no resync yet, and 7 is dropped too.
    expect(socket.summary).toEqual(['1', '2', '3']);
    socket.take(socket.bufferedAmount - KiB);
    await vi.advanceTimersByTimeAsync(LIMITS.checkMs);
    outbox.sendDeltas([delta(8, 100)]);
    expect(socket.summary).toEqual(['1', '2', '3', 'resync', '8']);
    expect(socket.closedWith).toBeNull();
  });

  it('owes a resync for a delta too big for any frame', () => {
    outbox.sendDeltas([delta(1, 100), delta(2, 100 * KiB), delta(3, 100)]);
    outbox.sendDeltas([delta(4, 100)]);
    expect(socket.summary).toEqual(['1', 'resync', '4']);
  });

  it('does not count answers in the buffer against the deltas after them', async () => {
    outbox.answer(answerOf(1, doubles(6 * KiB)));
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.bufferedAmount).toBeGreaterThan(LIMITS.deltaBacklogBytes * 4);
    for (let seq = 1; seq <= 2; seq++) outbox.sendDeltas([delta(seq, 4 * KiB)]);
    // Read: 20 KiB of the answer. Waiting: the rest of it, and 8 KiB of deltas.
    socket.take(20 * KiB);
    outbox.sendDeltas([delta(3, 3 * KiB)]);
    outbox.sendDeltas([delta(4, 4 * KiB)]);
    expect(socket.summary).toEqual(['response 1', '1', '2', '3']);
  });

  it('holds requests while answers wait unsent, reading no more, until the client reads', async () => {
    const made: number[] = [];
    socket.bufferedAmount = 20 * KiB;
    outbox.answer(answerOf(1, 'a', made));
    outbox.answer(answerOf(2, 'b', made));
    await vi.advanceTimersByTimeAsync(5 * LIMITS.checkMs);
    expect(made).toEqual([]);
    expect(socket.paused).toBe(true);
    socket.take(15 * KiB);
    await vi.advanceTimersByTimeAsync(LIMITS.checkMs);
    expect(made).toEqual([1, 2]);
    expect(socket.summary).toEqual(['response 1', 'response 2']);
    expect(socket.paused).toBe(false);
  });

  it('answers quick requests before waiting bulk ones, each lane in the order asked', async () => {
    const made: number[] = [];
    outbox.answer(answerOf(1, 'a', made), 'bulk');
    outbox.answer(answerOf(2, 'b', made), 'bulk');
    outbox.answer(answerOf(3, 'c', made), 'quick');
    outbox.answer(answerOf(4, 'd', made), 'bulk');
    outbox.answer(answerOf(5, 'e', made), 'quick');
    await vi.runAllTimersAsync();
    // Asked in one turn, as a page asks its panels' envelopes and its snapshot: none is begun
    // before all are read.
    expect(made).toEqual([3, 5, 1, 2, 4]);
    expect(socket.summary).toEqual([
      'response 3',
      'response 5',
      'response 1',
      'response 2',
      'response 4',
    ]);
  });

  it('reads what came while a bulk answer was made before making the next', async () => {
    const made: number[] = [];
    // A request read from the socket in a later turn of the event loop, while the first bulk
    // answer is made, as a page's hover asked while its panels' envelopes are comes.
    const first = answerOf(1, 'a', made);
    outbox.answer(async () => {
      setImmediate(() => outbox.answer(answerOf(4, 'd', made), 'quick'));
      return first();
    }, 'bulk');
    outbox.answer(answerOf(2, 'b', made), 'bulk');
    outbox.answer(answerOf(3, 'c', made), 'bulk');
    await vi.runAllTimersAsync();
    expect(made).toEqual([1, 4, 2, 3]);
  });

  it('closes a client that stays behind, saying why', async () => {
    for (let seq = 1; seq <= 5; seq++) outbox.sendDeltas([delta(seq, 4 * KiB)]);
    await vi.advanceTimersByTimeAsync(LIMITS.behindCloseMs / 2);
    expect(socket.closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(LIMITS.behindCloseMs);
    expect(socket.closedWith).toEqual({
      code: CLOSE_BEHIND,
      reason: expect.stringMatching(/^fell behind: 13 KiB unread for 1 s$/),
    });
    const sent = socket.frames.length;
    outbox.sendDeltas([delta(9, 100)]);
    outbox.answer(answerOf(9));
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.frames.length).toBe(sent);
  });
});
