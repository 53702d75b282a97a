// One request frame of a client (a WebSocket's message, a `serve --stdio` frame) answered: decoded
// by the wire codec, checked to be a request with an id, handed to the session, which checks the
// request itself against the Api. Whatever is wrong comes back as a bad-request answer.

import type { ApiResponse } from '../../shared/api/contract.js';
import type { TextCodec } from '../../shared/api/wire-codec.js';
import { decodeWireMessage, WireFormatError } from '../../shared/api/wire-codec.js';
import type { Session } from './backend.js';

/** The answer to one frame: the response to its request (id -1 when it names none), or why not. */
export async function answerRequestFrame(
  session: Session,
  bytes: Uint8Array,
  text: TextCodec,
): Promise<{ id: number; response: ApiResponse }> {
  let id = -1;
  try {
    const message = decodeWireMessage(bytes, text) as {
      type?: unknown;
      id?: unknown;
      request?: unknown;
    };
    if (typeof message !== 'object' || message === null || message.type !== 'request') {
      throw new WireFormatError('expected a request');
    }
    if (typeof message.id !== 'number' || !Number.isSafeInteger(message.id)) {
      throw new WireFormatError('a request needs a numeric id');
    }
    id = message.id;
    return { id, response: await session.request(message.request) };
  } catch (error) {
    const messageText = error instanceof Error ? error.message : String(error);
    return { id, response: { ok: false, error: { code: 'bad-request', message: messageText } } };
  }
}
