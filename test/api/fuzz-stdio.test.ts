// Seeded fuzz of `serve --stdio`'s framing from both ends. The far end, fed requests, noise,
// truncated frames and huge lengths cut into random chunks, answers each frame with a typed
// response and ends only at a length past its cap or its input's end. The near end, fed scripted
// and random bytes by a far program, ends that connection with a message and never throws; a far
// side that turns to garbage after serving closes that source only.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { Backend } from '../../electron/host/backend.js';
import { nodeTextCodec } from '../../electron/host/serve.js';
import { serveStdio } from '../../electron/host/stdio-server.js';
import type { AnswerLane } from '../../electron/host/socket-outbox.js';
import { answerLaneOf } from '../../electron/host/wire-requests.js';
import { openRunsSource } from '../../electron/sources/open-source.js';
import type { RemoteSource } from '../../electron/sources/remote/remote-source.js';
import { StoreError } from '../../electron/store/store.js';
import type { ApiErrorCode, ApiResponse, Delta } from '../../shared/api/contract.js';
import {
  FrameReader,
  framed,
  framePrefix,
  MAX_CLIENT_FRAME_BYTES,
  MAX_SERVER_FRAME_BYTES,
} from '../../shared/api/stdio-frames.js';
import type { WireServerMessage } from '../../shared/api/wire-codec.js';
import { decodeWireMessage, encodeWireMessage } from '../../shared/api/wire-codec.js';
import { Prng } from '../support/prng.js';
import { LOCAL_SSH, writeFarProgram } from '../support/fake-far.js';
import { waitUntil } from '../support/live-scratch.js';
import { copyExampleStore, EXAMPLE_RUN, tempDirs } from '../serve/harness.js';

const CODES: readonly ApiErrorCode[] = [
  'bad-request',
  'no-such-run',
  'no-such-artifact',
  'write-failed',
  'not-a-store',
  'unreadable',
  'too-large',
  'cancelled',
  'internal',
];

const newDir = tempDirs();

/** A request, well formed or not, as a client might send one. */
function fuzzedRequest(prng: Prng): unknown {
  const runId = prng.pick([EXAMPLE_RUN, 'no-such-run', '../etc', '', '\ud800']);
  return prng.pick<unknown>([
    { op: 'storeInfo' },
    { op: 'listRuns' },
    { op: 'runDetail', runId },
    { op: 'series', runId, keys: prng.pick([['train/loss'], [], [42]]) },
    { op: 'subscribe', runIds: [runId] },
    { op: 'envelope', runId, key: 'train/loss', x: 'step', x0: 0, x1: prng.int(2000), width: 64 },
    { op: 'addTag', runId, tag: prng.pick(['fuzz', '', 'a\nb']) },
    { op: prng.pick(['ListRuns', 'exec', '__proto__']) },
    null,
    [1, 2, 3],
    new Map([['op', 'storeInfo']]),
    'storeInfo',
  ]);
}

/** One piece of a client's byte stream, and what the server must make of it. */
type Piece = {
  bytes: Uint8Array;
  answer: 'id' | 'no-id' | 'none';
  id?: number;
  /** The lane the request's answer waits in (socket-outbox): each lane is answered in order. */
  lane?: AnswerLane;
};

function fuzzedPieces(prng: Prng, firstId: number): Piece[] {
  const pieces: Piece[] = [];
  let id = firstId;
  for (let n = 1 + prng.int(12); n > 0; n--) {
    const roll = prng.int(4);
    if (roll <= 1) {
      const request = fuzzedRequest(prng);
      const message = { type: 'request', id, request };
      const bytes = framed(encodeWireMessage(message, nodeTextCodec));
      pieces.push({ bytes, answer: 'id', id, lane: answerLaneOf(request) });
      id++;
    } else if (roll === 2) {
      // A frame whose bytes are no message: answered as a bad request naming no id.
      const noise = Uint8Array.from({ length: 1 + prng.int(64) }, () => prng.int(256));
      pieces.push({ bytes: framed(noise), answer: 'no-id' });
    } else {
      const message = { type: prng.pick(['response', 'deltas', 'resync']), id };
      pieces.push({ bytes: framed(encodeWireMessage(message, nodeTextCodec)), answer: 'no-id' });
    }
  }
  return pieces;
}

/** Bytes cut into chunks of random sizes, as a pipe delivers them. */
function chunked(prng: Prng, bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length;) {
    const size = 1 + prng.int(prng.chance(0.3) ? 8 : 400);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

describe('serve --stdio under fuzz: the far end', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await Backend.open(copyExampleStore(newDir()));
  });
  afterAll(async () => {
    await backend.close();
  });

  it('answers every frame with a typed response, and ends only as its input says', async () => {
    const prng = new Prng(0x57d10);
    const endings = { closed: 0, midFrame: 0, overCap: 0 };
    for (let round = 0; round < 60; round++) {
      const input = new PassThrough();
      const output = new PassThrough();
      const frames: WireServerMessage[] = [];
      const reader = new FrameReader(MAX_SERVER_FRAME_BYTES);
      output.on('data', (chunk: Buffer) => {
        for (const frame of reader.push(chunk))
          frames.push(decodeWireMessage(frame, nodeTextCodec) as WireServerMessage);
      });
      const served = serveStdio(backend, input, output);
      const pieces = fuzzedPieces(prng, 1);
      const ending = prng.pick(['closed', 'midFrame', 'overCap'] as const);
      const tail =
        ending === 'closed'
          ? new Uint8Array(0)
          : ending === 'midFrame'
            ? framed(new Uint8Array(100)).subarray(0, 1 + prng.int(90))
            : framePrefix(MAX_CLIENT_FRAME_BYTES + 1 + prng.int(1 << 30));
      const all = Buffer.concat([...pieces.map((piece) => piece.bytes), tail]);
      for (const chunk of chunked(prng, all)) input.write(chunk);
      // Every whole frame is answered before the end is told.
      const expected = pieces.length;
      await waitUntil('the answers', () => frames.length >= expected || ending === 'overCap');
      if (ending !== 'overCap') input.end();
      const why = await served;
      endings[ending]++;
      if (ending === 'overCap') expect(why).toMatch(/more than the 8388608 a frame may hold/);
      else if (ending === 'midFrame') expect(why).toMatch(/in the middle of a frame/);
      else expect(why).toBe('the client closed its end');
      const responses = frames.filter(
        (frame): frame is Extract<WireServerMessage, { type: 'response' }> =>
          frame.type === 'response',
      );
      if (ending !== 'overCap') {
        expect(responses).toHaveLength(expected);
        // Each request answered once; quick ones may pass bulk ones waiting, each lane in order.
        const answered = responses.map((r) => r.id).filter((id) => id >= 0);
        const idsOf = (lane?: AnswerLane): number[] =>
          pieces
            .filter((piece) => piece.answer === 'id' && (lane === undefined || piece.lane === lane))
            .map((piece) => piece.id!);
        expect([...answered].sort((a, b) => a - b)).toEqual(idsOf());
        for (const lane of ['quick', 'bulk'] as const) {
          const ofLane = new Set(idsOf(lane));
          expect(answered.filter((id) => ofLane.has(id))).toEqual(idsOf(lane));
        }
      }
      for (const { response } of responses) {
        const answer = response as ApiResponse;
        if (!answer.ok) {
          expect(CODES).toContain(answer.error.code);
          expect(answer.error.message.length).toBeGreaterThan(0);
        }
      }
      for (const frame of frames) expect(['response', 'deltas', 'resync']).toContain(frame.type);
    }
    expect(Math.min(endings.closed, endings.midFrame, endings.overCap)).toBeGreaterThan(5);
  });
});

describe('serve --stdio under fuzz: the near end', () => {
  let far: string;
  beforeAll(() => {
    far = writeFarProgram(newDir());
  });

  /** Opens a far store whose far side is `farArgs` of the far program; resolves how it failed. */
  async function openFailure(farArgs: string): Promise<string> {
    const source = openRunsSource(['ssh://far-box/data/store'], {
      remote: { sshCommand: LOCAL_SSH, remoteCommand: `${far} ${farArgs}` },
    });
    try {
      await Backend.openSource(source);
    } catch (error) {
      expect(error).toBeInstanceOf(StoreError);
      return (error as Error).message;
    }
    throw new Error(`${farArgs} opened`);
  }

  const hex = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('hex');

  it('names what a shell startup file printed before the frames', async () => {
    const message = await openFailure(`bytes ${hex('Welcome to far-box!\nLast login: Mon\n')}`);
    expect(message).toMatch(/far-box sent a frame of \d+ bytes, more than/);
    expect(message).toMatch(/it wrote "Welcome to far-box! Last login: Mon" first/);
  });

  it('closes on a length past the cap, a frame that does not decode, an answer never asked', async () => {
    expect(await openFailure(`bytes ${hex(framePrefix(MAX_SERVER_FRAME_BYTES + 1))}`)).toMatch(
      /a frame of 67108865 bytes, more than the 67108864 a frame may hold/,
    );
    expect(await openFailure(`bytes ${hex(framed(new Uint8Array([1, 0, 0, 0, 0x7b])))}`)).toMatch(
      /a frame that does not decode/,
    );
    const unasked = framed(
      encodeWireMessage(
        { type: 'response', id: 99, response: { ok: true, result: null } },
        nodeTextCodec,
      ),
    );
    expect(await openFailure(`bytes ${hex(unasked)}`)).toMatch(
      /answered request 99, which was never asked/,
    );
  });

  it('says a far side died in the middle of a frame', async () => {
    const cut = framed(new Uint8Array(64)).subarray(0, 20);
    expect(await openFailure(`bytes ${hex(cut)} 3`)).toMatch(
      /munin-view on far-box exited with status 3 \(in the middle of a frame\)/,
    );
  });

  it('never throws on random bytes: each ends the connection with a message', async () => {
    for (let seed = 1; seed <= 25; seed++) {
      const message = await openFailure(`random ${seed}`);
      expect(message.length).toBeGreaterThan(10);
    }
  });

  it('closes a source that turns to garbage after serving, and keeps its runs and the app', async () => {
    const dir = newDir();
    const store = copyExampleStore(dir);
    const local = copyExampleStore(newDir());
    const garbage = hex(Buffer.from([0xff, 0xff, 0xff, 0xff, 1, 2, 3]));
    const source = openRunsSource([local, 'ssh://far-box/data/store'], {
      remote: {
        sshCommand: LOCAL_SSH,
        remoteCommand: `${far} serve-then ${garbage} 4 ${store}`,
      },
    });
    const backend = await Backend.openSource(source);
    try {
      const deltas: Delta[] = [];
      const session = backend.connect((batch) => deltas.push(...batch));
      const remote = `far-box/${EXAMPLE_RUN}`;
      // A fetch of the far run's samples asks more than the far side answers before its garbage.
      await session.request({ op: 'subscribe', runIds: [remote, EXAMPLE_RUN] });
      await waitUntil('the far source closed', () =>
        deltas.some((delta) => delta.type === 'sources-changed'),
      );
      const state = backend.storeInfo().sources[1]!.remote!;
      expect(state.state).toBe('closed');
      expect(state.message).toMatch(/far-box sent a frame of 4294967295 bytes/);
      expect(backend.listRuns().map((run) => run.id)).toEqual([EXAMPLE_RUN, remote]);
      // The local store is served as ever.
      const detail = await session.request({ op: 'runDetail', runId: EXAMPLE_RUN });
      expect(detail.ok).toBe(true);
      // It is never tried again: garbage is no dropped link.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((source as unknown as { sources: RemoteSource[] }).sources[1]!.connections).toBe(1);
      session.close();
    } finally {
      await backend.close();
    }
  });
});
