// What `serve` sends one WebSocket, bounded whatever its client does: no frame over a cap (an
// answer bigger goes in parts), deltas dropped (and the client told to resubscribe) rather than
// piled up for a client that does not read, and requests answered only while their answers have
// room, so none piles up either. What lays a page out is answered before what fills its charts.

import type { ApiResponse, Delta } from '../../shared/api/contract.js';
import type { WireServerMessage } from '../../shared/api/wire-codec.js';
import { log } from '../log.js';
import { answerParts } from '../../shared/api/answer-parts.js';
import { deltaFrames } from './delta-frames.js';
import { nodeTextCodec } from './node-text-codec.js';

const MiB = 1 << 20;

export interface FlowLimits {
  /** No frame is bigger: a batch of deltas is cut into several, a bigger answer into parts. */
  readonly maxFrameBytes: number;
  /** Deltas go in frames of about this much, so that the backlog is looked at between them. */
  readonly deltaFrameBytes: number;
  /** Once more deltas than this wait unsent, deltas are dropped until the client has read. */
  readonly deltaBacklogBytes: number;
  /** A request is answered only while no more than this waits unsent. */
  readonly responseBacklogBytes: number;
  /** A client that fell behind is told to resubscribe once its deltas waiting drop below this. */
  readonly lowWaterBytes: number;
  /** A client behind (owed a resync, or its requests held) this long is closed. */
  readonly behindCloseMs: number;
  /** How often a client that is behind is looked at: the socket tells no drain of its own. */
  readonly checkMs: number;
}

export const FLOW_LIMITS: FlowLimits = {
  // A frame is made whole here and read whole by the page. 64 MiB holds a snapshot of some 50
  // series at the whole-series limit (about 2.7M samples of columns), and stays under the 100
  // MiB that a `ws` client takes by default; an answer bigger than that goes in parts of it.
  maxFrameBytes: 64 * MiB,
  deltaFrameBytes: MiB,
  // Seconds of the fastest live store even over a slow tunnel; a client that reads keeps it
  // near zero. What one client can make the server hold is about both backlogs and a frame.
  deltaBacklogBytes: 8 * MiB,
  responseBacklogBytes: 8 * MiB,
  lowWaterBytes: MiB,
  // A minute of reading nothing while its buffer is full: the client is gone or stuck, and it
  // will reconnect and resubscribe if it is not.
  behindCloseMs: 60_000,
  checkMs: 100,
};

/** The close code for a client closed for falling behind (4000-4999: the application's own). */
export const CLOSE_BEHIND = 4008;

/** What the outbox uses of a `ws` WebSocket. */
export interface OutboxSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(frame: Uint8Array): void;
  close(code: number, reason: string): void;
  /** Stops reading the client's frames, so that its requests wait in the kernel, not here. */
  pause(): void;
  resume(): void;
}

const OPEN = 1;

/** A request's answer, made when there is room for it; it does not reject. */
export type Answer = () => Promise<{ readonly id: number; readonly response: ApiResponse }>;

/**
 * Which answers go first: `quick` ones (a snapshot, a run's detail, a hover's samples) before
 * waiting `bulk` ones (a chart's envelopes, over every sample of its series), each lane in the
 * order asked. A Compare asks its 12 panels' envelopes as it mounts and its snapshot just after;
 * answered in order, the page could not lay out its panels until every envelope was made (some
 * 120 ms of 20 runs), and then drew them all at once instead of each as its answer came.
 */
export type AnswerLane = 'quick' | 'bulk';

/**
 * Resolves once the event loop has read the sockets again. One setImmediate is not enough: made
 * from a socket's callback it runs in the same turn, before any new reading, and a Compare's
 * snapshot and details, sent a few ms after its envelopes, waited for two panels' envelopes.
 */
const afterReading = (): Promise<void> =>
  new Promise((done) => setImmediate(() => setImmediate(done)));

/** A size as people read it: KiB under a mebibyte, MiB to a tenth above. */
const size = (bytes: number): string =>
  bytes < MiB ? `${Math.ceil(bytes / 1024)} KiB` : `${(bytes / MiB).toFixed(1)} MiB`;

export class SocketOutbox {
  /** Bytes handed to the socket so far; less bufferedAmount, those it has passed on. */
  private sentBytes = 0;
  /** Answers that may still be in the socket's buffer, where each ends in sentBytes. */
  private answersInBuffer: { end: number; bytes: number }[] = [];
  private resyncOwed = false;
  private readonly waiting: Record<AnswerLane, Answer[]> = { quick: [], bulk: [] };
  private answering = false;
  private paused = false;
  private behindSince: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly socket: OutboxSocket,
    private readonly encode: (message: WireServerMessage) => Uint8Array,
    private readonly limits: FlowLimits = FLOW_LIMITS,
  ) {}

  /** Sends the deltas of one turn, in order; drops them when the client is too far behind. */
  sendDeltas(deltas: readonly Delta[]): void {
    if (this.closed || this.socket.readyState !== OPEN || this.resyncOwed) return;
    const frames = deltaFrames(deltas, (batch) => this.encode({ type: 'deltas', deltas: batch }), {
      targetBytes: this.limits.deltaFrameBytes,
      maxBytes: this.limits.maxFrameBytes,
    });
    for (;;) {
      const next = frames.next();
      if (next.done === true) {
        // A delta too big for any frame: what the client holds is no longer the host's state.
        if (next.value === 'too-large') this.fallBehind();
        return;
      }
      if (this.deltaBacklog() > this.limits.deltaBacklogBytes) {
        frames.return('whole');
        this.fallBehind();
        return;
      }
      this.write(next.value, false);
    }
  }

  /** Queues a request's answer: made and sent once the client has taken what waits for it. */
  answer(answer: Answer, lane: AnswerLane = 'quick'): void {
    if (this.closed) return;
    this.waiting[lane].push(answer);
    void this.pump();
  }

  /** Stops all: the socket closed. */
  close(): void {
    this.closed = true;
    this.waiting.quick.length = 0;
    this.waiting.bulk.length = 0;
    this.answersInBuffer = [];
    this.stopChecking();
  }

  private async pump(): Promise<void> {
    if (this.answering) return;
    this.answering = true;
    try {
      // A bulk answer is begun only once the sockets were read again: requests a page sends
      // together come in one read, one message at a time, and the first, a panel's envelopes,
      // was made before its snapshot and details behind it were even seen (a Compare's board
      // was laid out some 10 ms later for it).
      if (this.waiting.quick.length === 0) await afterReading();
      while (this.waiting.quick.length + this.waiting.bulk.length > 0 && !this.closed) {
        if (this.socket.bufferedAmount > this.limits.responseBacklogBytes) {
          // The client does not take its answers: read no more of its requests until it does.
          if (!this.paused) this.socket.pause();
          this.paused = true;
          this.startChecking();
          return;
        }
        const next = this.waiting.quick.shift() ?? this.waiting.bulk.shift()!;
        const { id, response } = await next();
        if (!this.closed && this.socket.readyState === OPEN) this.sendResponse(id, response);
        // Answers are made in one go on this thread: the requests that came meanwhile are read
        // before the next is made, so that a quick one asked now does not wait for all bulk ones.
        if (this.waiting.bulk.length > 0) await afterReading();
      }
      if (this.paused && !this.closed) {
        this.paused = false;
        this.socket.resume();
      }
    } catch (error) {
      log.warn('an answer to a WebSocket client failed', error);
    } finally {
      this.answering = false;
    }
  }

  private sendResponse(id: number, response: ApiResponse): void {
    let frame: Uint8Array;
    try {
      frame = this.encode({ type: 'response', id, response });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      frame = this.refusal(id, 'internal', `the answer cannot be sent: ${message}`);
    }
    if (frame.length <= this.limits.maxFrameBytes) return this.write(frame, true);
    // The client puts the parts together again; they go at once, as the whole would have.
    for (const part of answerParts(frame, id, this.limits.maxFrameBytes, nodeTextCodec))
      this.write(part, true);
  }

  private refusal(id: number, code: 'internal', message: string): Uint8Array {
    return this.encode({ type: 'response', id, response: { ok: false, error: { code, message } } });
  }

  private write(frame: Uint8Array, isAnswer: boolean): void {
    this.socket.send(frame);
    this.sentBytes += frame.length;
    if (isAnswer) this.answersInBuffer.push({ end: this.sentBytes, bytes: frame.length });
  }

  /**
   * The deltas waiting unsent: the buffer less the answers in it. Answers do not count: a
   * client taking a big snapshot over a slow link must not drop the deltas after it, or it
   * would resync, and take the snapshot again, for as long as a run is live.
   */
  private deltaBacklog(): number {
    const buffered = this.socket.bufferedAmount;
    const passedOn = this.sentBytes - buffered;
    let gone = 0;
    while (gone < this.answersInBuffer.length && this.answersInBuffer[gone]!.end <= passedOn)
      gone++;
    if (gone > 0) this.answersInBuffer.splice(0, gone);
    let answerBytes = 0;
    for (const { end, bytes } of this.answersInBuffer)
      answerBytes += Math.min(bytes, end - passedOn);
    return Math.max(0, buffered - answerBytes);
  }

  private fallBehind(): void {
    this.resyncOwed = true;
    this.startChecking();
    // Room may be there already: a delta too big for any frame drops with the buffer empty.
    this.check();
  }

  private startChecking(): void {
    this.behindSince ??= Date.now();
    if (this.timer === null) {
      this.timer = setInterval(() => this.check(), this.limits.checkMs);
      this.timer.unref();
    }
  }

  private stopChecking(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.behindSince = null;
  }

  private check(): void {
    if (this.closed) return;
    if (this.socket.readyState !== OPEN) return this.stopChecking();
    if (this.paused && this.socket.bufferedAmount <= this.limits.responseBacklogBytes)
      void this.pump();
    if (this.resyncOwed && this.deltaBacklog() <= this.limits.lowWaterBytes) {
      this.resyncOwed = false;
      this.write(this.encode({ type: 'resync' }), false);
    }
    if (!this.resyncOwed && !this.paused) return this.stopChecking();
    const behindMs = Date.now() - this.behindSince!;
    if (behindMs >= this.limits.behindCloseMs) {
      const buffered = this.socket.bufferedAmount;
      this.close();
      this.socket.close(
        CLOSE_BEHIND,
        `fell behind: ${size(buffered)} unread for ${Math.round(behindMs / 1000)} s`,
      );
    }
  }
}
