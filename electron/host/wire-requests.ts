// One request frame of a client (a WebSocket's message, a `serve --stdio` frame) taken in: decoded
// by the wire codec as it comes, checked to be a request with an id, put in its answer lane, and
// handed to the session when its turn comes, which checks the request itself against the Api.
// Whatever is wrong comes back as a bad-request answer.

import type { ApiOp, ApiResponse } from '../../shared/api/contract.js';
import type { TextCodec } from '../../shared/api/wire-codec.js';
import { decodeWireMessage, WireFormatError } from '../../shared/api/wire-codec.js';
import type { Session } from './backend.js';
import type { Answer, AnswerLane } from './socket-outbox.js';

/** The ops whose answers go over every sample of a series: they fill charts, not pages. */
const BULK_OPS: ReadonlySet<ApiOp> = new Set<ApiOp>([
  'series',
  'envelope',
  'envelopes',
  'groupEnvelope',
  'labelSegments',
  'keyStatistics',
  'makeReport',
]);

/** The lane a request's answer waits in: bulk for what fills charts, quick for the rest. */
export function answerLaneOf(request: unknown): AnswerLane {
  const op = (request as { op?: unknown } | null)?.op;
  return BULK_OPS.has(op as ApiOp) ? 'bulk' : 'quick';
}

/** A frame's request, decoded, with the lane its answer waits in and the answer to make. */
export interface FrameRequest {
  readonly lane: AnswerLane;
  readonly answer: Answer;
}

const refused = (id: number, error: unknown): { id: number; response: ApiResponse } => {
  const message = error instanceof Error ? error.message : String(error);
  return { id, response: { ok: false, error: { code: 'bad-request', message } } };
};

/** A frame that holds no request, answered at once as a bad request naming no id. */
export function refusedFrame(error: unknown): FrameRequest {
  return { lane: 'quick', answer: () => Promise.resolve(refused(-1, error)) };
}

/** Takes one frame: decoded now (a request is small), answered when the outbox says. */
export function takeRequestFrame(
  session: Session,
  bytes: Uint8Array,
  text: TextCodec,
): FrameRequest {
  let message: { type?: unknown; id?: unknown; request?: unknown };
  let id: number;
  try {
    message = decodeWireMessage(bytes, text) as typeof message;
    if (typeof message !== 'object' || message === null || message.type !== 'request') {
      throw new WireFormatError('expected a request');
    }
    if (typeof message.id !== 'number' || !Number.isSafeInteger(message.id)) {
      throw new WireFormatError('a request needs a numeric id');
    }
    id = message.id;
  } catch (error) {
    return refusedFrame(error);
  }
  const request = message.request;
  return {
    lane: answerLaneOf(request),
    answer: async () => {
      try {
        return { id, response: await session.request(request) };
      } catch (error) {
        return refused(id, error);
      }
    },
  };
}
