// One connection to a far munin-view (`serve --stdio` run through ssh): Api requests sent as
// frames, answers matched by id, deltas handed on in order. Whatever the far side does (dies
// mid-frame, writes what is no frame, a frame over the cap, an answer to no request) ends this
// connection with a message; it never throws into the host.

import type { ChildProcess } from 'node:child_process';
import type {
  ApiError,
  ApiOp,
  ApiResponse,
  ApiResults,
  Delta,
  RequestOf,
} from '../../../shared/api/contract.js';
import {
  FrameError,
  FrameReader,
  framePrefix,
  MAX_CLIENT_FRAME_BYTES,
  MAX_SERVER_FRAME_BYTES,
} from '../../../shared/api/stdio-frames.js';
import type { WireServerMessage } from '../../../shared/api/wire-codec.js';
import { decodeWireMessage, encodeWireMessage } from '../../../shared/api/wire-codec.js';
import { AnswerAssembly, answerPartBytes } from '../../../shared/api/answer-parts.js';
import { nodeTextCodec } from '../../host/node-text-codec.js';
import { ApiFailure } from '../../host/ops/api-failure.js';
import { log } from '../../log.js';
import type { SshAddress } from './ssh-address.js';
import type { RemoteOptions } from './ssh-command.js';
import { explainEnd, spawnSsh } from './ssh-command.js';

/** How a connection ended: the link or the far process went (try again), or it spoke garbage. */
export interface FarEnd {
  readonly kind: 'ended' | 'garbage';
  readonly message: string;
}

export interface FarHandlers {
  /** The far deltas of one frame, in order, as the far host numbered them. */
  deltas(deltas: readonly Delta[]): void;
  /** The far host dropped deltas for this client: what is held must be taken afresh. */
  resync(): void;
  /** The connection ended; told once, never after close(). */
  ended(end: FarEnd): void;
}

/** What the far side is expected to speak, for the messages of a connection that did not. */
const SPOKEN = 'munin-view serve --stdio';
/** The first bytes kept, to show what a far side that wrote no frames wrote instead. */
const FIRST_BYTES_KEPT = 80;

type Pending = { resolve(result: unknown): void; reject(error: Error): void };

export class FarConnection {
  private readonly child: ChildProcess;
  private readonly reader = new FrameReader(MAX_SERVER_FRAME_BYTES);
  private readonly parts = new AnswerAssembly();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Frames read and not yet taken, in order. */
  private readonly frames: Uint8Array[] = [];
  private takingLater = false;
  private stderr = '';
  private first = new Uint8Array(0);
  private framesRead = 0;
  private over = false;

  constructor(
    private readonly address: SshAddress,
    private readonly options: RemoteOptions,
    private readonly handlers: FarHandlers,
    farArguments: readonly string[],
  ) {
    this.child = spawnSsh(address, farArguments, options);
    this.child.stdout!.on('data', (chunk: Buffer) => this.take(chunk));
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (text: string) => {
      // Kept bounded: a far side that writes without end to stderr holds no more than this.
      this.stderr = (this.stderr + text).slice(-16_384);
      for (const line of text.split('\n'))
        if (line.trim() !== '') log.debug(`${address.host}: ${line.trim()}`);
    });
    // A far side gone leaves writes to its input failing: its exit says why, below.
    this.child.stdin!.on('error', () => {});
    this.child.once('error', (error) =>
      this.finish({
        kind: 'ended',
        message: `${options.sshCommand} could not start: ${error.message}`,
      }),
    );
    // 'close', not 'exit': stderr is read to its end, so the message has ssh's last words.
    this.child.once('close', (code) => {
      const cut = this.reader.pending > 0 ? ' (in the middle of a frame)' : '';
      // Frames read before the end are taken first: what the far side said before it went.
      const end = (): void => {
        if (this.takingLater) return void setImmediate(end);
        this.finish({
          kind: 'ended',
          message: explainEnd(address.host, code, this.stderr, options) + cut,
        });
      };
      end();
    });
  }

  /** The ssh process's id, for a test that cuts the link. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  get closed(): boolean {
    return this.over;
  }

  /** Asks the far host; rejects with an ApiFailure (its refusal, or the connection's end). */
  request<Op extends ApiOp>(request: RequestOf<Op>): Promise<ApiResults[Op]> {
    if (this.over)
      return Promise.reject(
        new ApiFailure('unreadable', `${this.address.host} is not connected now`),
      );
    const id = this.nextId++;
    const frame = encodeWireMessage({ type: 'request', id, request }, nodeTextCodec);
    if (frame.length > MAX_CLIENT_FRAME_BYTES)
      return Promise.reject(
        new ApiFailure('too-large', `the request is more than ${SPOKEN} takes in one frame`),
      );
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      this.child.stdin!.write(framePrefix(frame.length));
      this.child.stdin!.write(frame);
    });
  }

  /** Ends the connection from this side: ssh is stopped, and nothing more is told. */
  close(): void {
    if (this.over) return;
    this.over = true;
    this.failPending(`the connection to ${this.address.host} was closed`);
    this.child.stdin!.end();
    this.child.kill('SIGTERM');
  }

  private take(chunk: Buffer): void {
    if (this.over) return;
    if (this.first.length < FIRST_BYTES_KEPT) {
      const joined = new Uint8Array(Math.min(FIRST_BYTES_KEPT, this.first.length + chunk.length));
      joined.set(this.first);
      joined.set(chunk.subarray(0, joined.length - this.first.length), this.first.length);
      this.first = joined;
    }
    try {
      this.frames.push(...this.reader.push(chunk));
    } catch (error) {
      if (error instanceof FrameError)
        return this.garbage(`${this.address.host} sent ${error.message}`);
      throw error;
    }
    if (!this.takingLater) this.takeFrames();
  }

  /**
   * Takes the frames read, in order. After an answer the rest wait for the next turn: what
   * awaited the answer runs first (a fetched copy is taken before the deltas that follow it).
   */
  private takeFrames(): void {
    this.takingLater = false;
    while (this.frames.length > 0 && !this.over) {
      const frame = this.frames.shift()!;
      let message: WireServerMessage;
      try {
        message = decodeWireMessage(frame, nodeTextCodec) as WireServerMessage;
        // An answer too big for a frame comes in parts: it is taken once the last has come.
        if (typeof message === 'object' && message !== null && message.type === 'response-part') {
          const whole = this.parts.take(message, answerPartBytes(frame, message));
          this.framesRead++;
          if (whole === null) continue;
          message = decodeWireMessage(whole, nodeTextCodec, { owned: true }) as WireServerMessage;
        }
      } catch (error) {
        return this.garbage(
          `${this.address.host} sent a frame that does not decode (${(error as Error).message})`,
        );
      }
      this.framesRead++;
      const answered = this.dispatch(message);
      if (answered && this.frames.length > 0) {
        this.takingLater = true;
        setImmediate(() => this.takeFrames());
        return;
      }
    }
  }

  /** Hands on one message; true when it answered a request. */
  private dispatch(message: WireServerMessage): boolean {
    const host = this.address.host;
    if (typeof message !== 'object' || message === null) {
      this.garbage(`${host} sent a frame that is no message`);
    } else if (message.type === 'deltas' && Array.isArray(message.deltas)) {
      this.handlers.deltas(message.deltas as Delta[]);
    } else if (message.type === 'resync') {
      this.handlers.resync();
    } else if (message.type === 'response' && typeof message.id === 'number') {
      const waiting = this.pending.get(message.id);
      const response = message.response as ApiResponse;
      if (waiting === undefined)
        this.garbage(`${host} answered request ${message.id}, which was never asked`);
      else if (typeof response !== 'object' || response === null)
        this.garbage(`${host} sent an answer that is no response`);
      else {
        this.pending.delete(message.id);
        if (response.ok) waiting.resolve(response.result);
        else waiting.reject(asFailure(response.error));
        return true;
      }
    } else {
      this.garbage(`${host} sent a message of no known type`);
    }
    return false;
  }

  /** The far side spoke what is no frame of munin-view: the connection ends for good. */
  private garbage(message: string): void {
    const before = this.framesRead === 0 ? startText(this.first) : '';
    this.finish({
      kind: 'garbage',
      message:
        `${message}, not ${SPOKEN}` +
        (before === ''
          ? ''
          : `; it wrote "${before}" first (a shell startup file that prints, on the far machine?)`),
    });
    this.child.stdin!.end();
    this.child.kill('SIGTERM');
  }

  private finish(end: FarEnd): void {
    if (this.over) return;
    this.over = true;
    this.failPending(`${this.address.host} is not connected: ${end.message}`);
    this.handlers.ended(end);
  }

  private failPending(message: string): void {
    for (const waiting of this.pending.values())
      waiting.reject(new ApiFailure('unreadable', message));
    this.pending.clear();
  }
}

/** The far host's refusal, in the Api's terms; one that is not shaped as one says so. */
function asFailure(error: ApiError | undefined): ApiFailure {
  if (typeof error?.code === 'string' && typeof error.message === 'string')
    return new ApiFailure(error.code, error.message);
  return new ApiFailure('internal', 'the far host refused without saying why');
}

/** The first bytes as text a person can read, when they are text; else ''. */
function startText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const readable = [...text].every(
    (char) => char === '\n' || char === '\r' || char === '\t' || (char >= ' ' && char !== '\ufffd'),
  );
  return readable ? text.replace(/\s+/g, ' ').trim() : '';
}
