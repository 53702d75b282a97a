// The wire floor under opening a page: the WebSocket messages the app's open took in (their
// sizes, seen once through the DevTools protocol), sent again from memory by a bare server to
// the floor page, which only takes them in. What moving an open's bytes into this browser costs
// before the app parses or draws any of them.

import type { AddressInfo } from 'node:net';
import type { BarePage } from './bare-chromium.js';
import { watchSocketFrames } from './socket-frames.js';
import { WebSocketServer } from 'ws';
import { inPage } from './ui-session.js';

/** The bytes of each message the page takes in while `work` runs, in order. */
export async function messagesTakenIn(
  page: BarePage,
  work: () => Promise<unknown>,
): Promise<number[]> {
  const sizes: number[] = [];
  const stop = await watchSocketFrames(page, { received: (bytes) => sizes.push(bytes) });
  try {
    await work();
  } finally {
    await stop();
  }
  if (sizes.length === 0) throw new Error('the page took in no WebSocket frame the protocol saw');
  return sizes;
}

/**
 * Ms, `times` over, from asking a bare server in this process for messages of `sizes` bytes to
 * the floor page holding the last of them, each viewed as the app's are (a Float64Array).
 */
export async function wireFloor(
  floor: BarePage,
  sizes: readonly number[],
  times: number,
): Promise<number[]> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((done) => server.once('listening', done));
  const buffers = sizes.map((size) => Buffer.alloc(size, 7));
  server.on('connection', (socket) =>
    socket.on('message', () => {
      for (const buffer of buffers) socket.send(buffer);
    }),
  );
  const { port } = server.address() as AddressInfo;
  try {
    await inPage(
      floor,
      `new Promise((done, fail) => { window.__wire = new WebSocket('ws://127.0.0.1:${port}');
        __wire.binaryType = 'arraybuffer'; __wire.onopen = done; __wire.onerror = fail; })`,
    );
    const out: number[] = [];
    for (let i = 0; i < times; i++) {
      out.push(
        await inPage<number>(
          floor,
          `new Promise((done) => { let left = ${sizes.length}; let sum = 0;
            const start = performance.now();
            __wire.onmessage = (event) => {
              sum += new Float64Array(event.data, 0, Math.floor(event.data.byteLength / 8)).length;
              if (--left === 0) done(performance.now() - start);
            };
            __wire.send('again'); })`,
        ),
      );
    }
    await inPage(floor, '__wire.close()');
    return out;
  } finally {
    for (const client of server.clients) client.terminate();
    await new Promise((done) => server.close(done));
  }
}
