// `munin-view serve --stdio`: the Backend's Api for one client over a pair of pipes (an ssh
// session's), each message a length-prefixed wire-codec frame (shared/api/stdio-frames.ts). The
// same checks as the WebSocket's: every frame must decode to a request, every request passes
// parseApiRequest, answers and deltas are bounded by the same outbox. No port is opened.

import type { Readable, Writable } from 'node:stream';
import type { Delta } from '../../shared/api/contract.js';
import {
  FrameError,
  FrameReader,
  framePrefix,
  MAX_CLIENT_FRAME_BYTES,
} from '../../shared/api/stdio-frames.js';
import { encodeWireMessage } from '../../shared/api/wire-codec.js';
import type { Backend } from './backend.js';
import { nodeTextCodec } from './node-text-codec.js';
import type { FlowLimits, OutboxSocket } from './socket-outbox.js';
import { FLOW_LIMITS, SocketOutbox } from './socket-outbox.js';
import { takeRequestFrame } from './wire-requests.js';

export interface StdioServerOptions {
  /** What the client may make the server hold; FLOW_LIMITS unless a test says. */
  readonly flow?: FlowLimits;
  /** The most a request frame may hold. */
  readonly maxRequestBytes?: number;
}

const OPEN = 1;
const CLOSED = 3;

/**
 * Serves the backend's Api to the client at the other end of input and output until input
 * ends, or the client sends what is no frame. Resolves with why it ended; output is ended then.
 */
export function serveStdio(
  backend: Backend,
  input: Readable,
  output: Writable,
  options: StdioServerOptions = {},
): Promise<string> {
  let ended = false;
  let endWith: (why: string) => void = () => {};
  const done = new Promise<string>((resolve) => (endWith = resolve));

  const pipe: OutboxSocket = {
    get bufferedAmount() {
      return output.writableLength;
    },
    get readyState() {
      return ended ? CLOSED : OPEN;
    },
    send(frame) {
      // Two writes, in order: the frame is not copied to sit behind its prefix.
      output.write(framePrefix(frame.length));
      output.write(frame);
    },
    close(_code, reason) {
      end(reason);
    },
    pause: () => input.pause(),
    resume: () => input.resume(),
  };
  const outbox = new SocketOutbox(
    pipe,
    (message) => encodeWireMessage(message, nodeTextCodec),
    options.flow ?? FLOW_LIMITS,
  );
  const session = backend.connect((deltas: readonly Delta[]) => outbox.sendDeltas(deltas));
  const reader = new FrameReader(options.maxRequestBytes ?? MAX_CLIENT_FRAME_BYTES);

  function end(why: string): void {
    if (ended) return;
    ended = true;
    outbox.close();
    session.close();
    input.off('data', onData);
    input.pause();
    output.end();
    endWith(why);
  }

  const onData = (chunk: Buffer): void => {
    let frames: Uint8Array[];
    try {
      frames = reader.push(chunk);
    } catch (error) {
      // A length past the cap: whatever follows cannot be told from a frame, so the pipe ends.
      if (error instanceof FrameError) return end(`the client sent ${error.message}`);
      throw error;
    }
    for (const frame of frames) {
      unanswered++;
      const { answer, lane } = takeRequestFrame(session, frame, nodeTextCodec);
      outbox.answer(
        () =>
          answer().finally(() =>
            // After the outbox has written this answer: it writes once the answer is made.
            setImmediate(answered),
          ),
        lane,
      );
    }
  };
  /** Requests asked and not answered yet: a client that closes its end still gets them. */
  let unanswered = 0;
  let inputOver: string | null = null;
  const answered = (): void => {
    unanswered--;
    if (inputOver !== null && unanswered === 0) end(inputOver);
  };
  const inputEnded = (): void => {
    if (inputOver !== null) return;
    inputOver =
      reader.pending > 0
        ? 'the client closed its end in the middle of a frame'
        : 'the client closed its end';
    if (unanswered === 0) end(inputOver);
  };
  input.on('data', onData);
  input.once('end', inputEnded);
  // Destroyed (a hangup, a stop) rather than ended: the same, the client is gone.
  input.once('close', inputEnded);
  input.once('error', (error) => end(`reading the client failed: ${error.message}`));
  // A client gone (EPIPE): nothing more can reach it.
  output.once('error', (error) => end(`writing to the client failed: ${error.message}`));
  return done;
}
