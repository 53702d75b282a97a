// The outbox over a real socket: a quick request that reaches the host while a bulk answer is
// being made goes before the next bulk one, as a Compare's snapshot sent just after its panels'
// envelopes must (the loop's turns decide it, so no fake timer can show it).

import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerLane, OutboxSocket } from '../../electron/host/socket-outbox.js';
import { SocketOutbox } from '../../electron/host/socket-outbox.js';
import { nodeTextCodec } from '../../electron/host/serve.js';
import { encodeWireMessage } from '../../shared/api/wire-codec.js';
import type { ApiResponse } from '../../shared/api/contract.js';

/** The outbox's view of a TCP socket: what is written and not yet taken by the kernel waits. */
function outboxSocket(socket: Socket): OutboxSocket {
  return {
    get bufferedAmount() {
      return socket.writableLength;
    },
    readyState: 1,
    send: (frame) => void socket.write(frame),
    close: () => socket.destroy(),
    pause: () => socket.pause(),
    resume: () => socket.resume(),
  };
}

/** Keeps this thread busy, as making a panel's envelopes does, until `flag` is set (or 5 s). */
function busyUntil(flag: Int32Array): void {
  const until = performance.now() + 5000;
  while (Atomics.load(flag, 0) === 0 && performance.now() < until);
}

let server: Server | null = null;
let client: Worker | null = null;
afterEach(async () => {
  await client?.terminate();
  await new Promise((done) => (server === null ? done(null) : server.close(done)));
  server = client = null;
});

describe('SocketOutbox over a socket', () => {
  it('answers a quick request that came while a bulk answer was made before the next bulk one', async () => {
    const made: number[] = [];
    // Set by the client once its quick request is written: the first answer is being made until
    // then, so the request surely comes while it is, however busy the machine.
    const asked = new Int32Array(new SharedArrayBuffer(4));
    server = createServer((socket) => {
      const outbox = new SocketOutbox(outboxSocket(socket), (message) =>
        encodeWireMessage(message, nodeTextCodec),
      );
      socket.once('close', () => outbox.close());
      socket.on('error', () => undefined);
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        const lines = text.split('\n');
        text = lines.pop()!;
        for (const line of lines) {
          const { id, lane } = JSON.parse(line) as { id: number; lane: AnswerLane };
          outbox.answer(async () => {
            // Told as the first answer is begun, which keeps this thread busy: the client asks
            // its quick request now, and it waits in the kernel until the loop reads again.
            if (id === 1) socket.write('busy\n');
            busyUntil(asked);
            made.push(id);
            return { id, response: { ok: true, result: null } as ApiResponse };
          }, lane);
        }
      });
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    // The client is a thread of its own, as a page is: it asks while this thread is busy.
    client = new Worker(
      `const socket = require('node:net').createConnection(${port}, '127.0.0.1');
      const line = (id, lane) => JSON.stringify({ id, lane }) + '\\n';
      socket.on('error', () => undefined);
      const asked = new Int32Array(require('node:worker_threads').workerData);
      socket.once('data', () => socket.write(line(4, 'quick'), () => Atomics.store(asked, 0, 1)));
      // In one write, so that the host reads them at once, as it does a board's envelopes.
      socket.write(line(1, 'bulk') + line(2, 'bulk') + line(3, 'bulk'));`,
      { eval: true, workerData: asked.buffer },
    );
    const deadline = Date.now() + 10_000;
    while (made.length < 4 && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 10));
    expect(made).toEqual([1, 4, 2, 3]);
  });
});
