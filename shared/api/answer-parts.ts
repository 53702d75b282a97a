// An answer bigger than a frame may carry, cut into parts of its encoded bytes and put together
// again: a Compare's snapshot of many runs, or a long series, arrives in parts instead of being
// refused. Each part is a wire frame whose header says where its bytes go in the whole.

import type { AnswerPartHeader, TextCodec } from './wire-codec.js';
import { WireFormatError } from './wire-codec.js';

export type { AnswerPartHeader } from './wire-codec.js';

/** Room kept for a part's header: its JSON is under 100 bytes for any id and offset. */
const HEADER_ROOM = 256;

/** Frames of at most maxFrameBytes each, carrying the answer's frame in order. */
export function answerParts(
  frame: Uint8Array,
  id: number,
  maxFrameBytes: number,
  text: TextCodec,
): Uint8Array[] {
  const partBytes = Math.floor((maxFrameBytes - HEADER_ROOM) / 8) * 8;
  if (partBytes <= 0) throw new RangeError(`a frame of ${maxFrameBytes} bytes holds no part`);
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < frame.length; offset += partBytes) {
    const bytes = frame.subarray(offset, offset + partBytes);
    const header: AnswerPartHeader = {
      type: 'response-part',
      id,
      offset,
      total: frame.length,
      bytes: bytes.length,
    };
    const head = text.encode(JSON.stringify(header));
    const dataStart = Math.ceil((4 + head.length) / 8) * 8;
    const part = new Uint8Array(dataStart + bytes.length);
    new DataView(part.buffer).setUint32(0, head.length, true);
    part.set(head, 4);
    part.set(bytes, dataStart);
    parts.push(part);
  }
  return parts;
}

/** A part's bytes within its frame, given the header decodeWireMessage read of it. */
export function answerPartBytes(frame: Uint8Array, header: AnswerPartHeader): Uint8Array {
  const headLength = new DataView(frame.buffer, frame.byteOffset, 4).getUint32(0, true);
  const dataStart = Math.ceil((4 + headLength) / 8) * 8;
  if (dataStart + header.bytes > frame.length) throw new WireFormatError('part past the frame');
  return frame.subarray(dataStart, dataStart + header.bytes);
}

/** The parts of answers under way, by request id: each whole frame handed back once complete. */
export class AnswerAssembly {
  private readonly underWay = new Map<number, { frame: Uint8Array; received: number }>();

  /** Takes a part; returns the answer's whole frame when this part completes it. */
  take(header: AnswerPartHeader, bytes: Uint8Array): Uint8Array | null {
    const { id, offset, total } = header;
    if (!Number.isSafeInteger(total) || total <= 0 || !Number.isSafeInteger(offset))
      throw new WireFormatError('bad part');
    let answer = this.underWay.get(id);
    if (answer === undefined) {
      // One buffer the size of the whole, filled in place: the parts are not held twice.
      answer = { frame: new Uint8Array(total), received: 0 };
      this.underWay.set(id, answer);
    }
    if (answer.frame.length !== total || offset < 0 || offset + bytes.length > total)
      throw new WireFormatError('part outside its answer');
    answer.frame.set(bytes, offset);
    answer.received += bytes.length;
    if (answer.received < total) return null;
    this.underWay.delete(id);
    return answer.frame;
  }

  /** How far each answer under way has come: bytes received of its total. */
  progress(): { readonly id: number; readonly received: number; readonly total: number }[] {
    return [...this.underWay].map(([id, { frame, received }]) => ({
      id,
      received,
      total: frame.length,
    }));
  }

  /** Drops every answer under way: the connection that brought them is gone. */
  clear(): void {
    this.underWay.clear();
  }
}
