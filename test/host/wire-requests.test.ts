// A client's request frame taken in: decoded at once and put in its lane (a chart's envelopes
// bulk, a page's snapshot quick), the session asked only when its answer is made; a frame that
// is no request answered as a bad request.

import { describe, expect, it } from 'vitest';
import type { Session } from '../../electron/host/backend.js';
import { nodeTextCodec } from '../../electron/host/node-text-codec.js';
import { takeRequestFrame } from '../../electron/host/wire-requests.js';
import { encodeWireMessage } from '../../shared/api/wire-codec.js';

function sessionAsked(): { session: Session; asked: unknown[] } {
  const asked: unknown[] = [];
  const session = {
    request: async (request: unknown) => {
      asked.push(request);
      return { ok: true, result: 'answered' };
    },
  } as unknown as Session;
  return { session, asked };
}

const frameOf = (message: unknown): Uint8Array =>
  encodeWireMessage(message as never, nodeTextCodec);

describe('takeRequestFrame', () => {
  it('puts what fills charts in the bulk lane and the rest in the quick one', () => {
    const { session } = sessionAsked();
    const laneOf = (request: unknown): string =>
      takeRequestFrame(session, frameOf({ type: 'request', id: 1, request }), nodeTextCodec).lane;
    expect(laneOf({ op: 'envelopes', requests: [] })).toBe('bulk');
    expect(laneOf({ op: 'series', runId: 'r', keys: ['loss'] })).toBe('bulk');
    expect(laneOf({ op: 'groupEnvelope' })).toBe('bulk');
    expect(laneOf({ op: 'subscribe', runIds: [] })).toBe('quick');
    expect(laneOf({ op: 'samplesAt' })).toBe('quick');
    expect(laneOf({ op: 'runDetail', runId: 'r' })).toBe('quick');
    expect(laneOf({ op: 'no such op' })).toBe('quick');
    expect(laneOf(null)).toBe('quick');
  });

  it('asks the session only when the answer is made, with the request id', async () => {
    const { session, asked } = sessionAsked();
    const request = { op: 'storeInfo' };
    const taken = takeRequestFrame(
      session,
      frameOf({ type: 'request', id: 42, request }),
      nodeTextCodec,
    );
    expect(asked).toEqual([]);
    expect(await taken.answer()).toEqual({ id: 42, response: { ok: true, result: 'answered' } });
    expect(asked).toEqual([request]);
  });

  it('answers a frame that is no request as a bad request, asking nothing', async () => {
    const { session, asked } = sessionAsked();
    const answers = await Promise.all(
      [
        new Uint8Array([1, 2, 3]),
        frameOf({ type: 'response', id: 3 }),
        frameOf({ type: 'request', id: 'seven', request: { op: 'storeInfo' } }),
      ].map((bytes) => takeRequestFrame(session, bytes, nodeTextCodec).answer()),
    );
    expect(answers.map(({ id, response }) => [id, response.ok])).toEqual([
      [-1, false],
      [-1, false],
      [-1, false],
    ]);
    expect(answers[2]!.response).toMatchObject({
      error: { code: 'bad-request', message: 'a request needs a numeric id' },
    });
    expect(asked).toEqual([]);
  });
});
