// renderer/src/api/bridge-socket: the web bridge's socket is held by a worker, which is told to
// connect and send, and whose frames reach the page with their buffers moved; a socket closed
// or a worker stopped is told once; a worker that cannot start leaves later sockets on the page.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocketCommand, SocketEvent } from '../../renderer/src/api/socket-messages.js';

/** A worker that records what it is told and says what the test makes it say. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: { data: SocketEvent }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  readonly told: SocketCommand[] = [];
  terminated = false;

  constructor(
    readonly url: URL,
    readonly options: { type: string; name: string },
  ) {
    FakeWorker.made.push(this);
  }

  postMessage(command: SocketCommand): void {
    this.told.push(command);
  }

  terminate(): void {
    this.terminated = true;
  }

  say(event: SocketEvent): void {
    this.onmessage?.({ data: event });
  }

  fail(): void {
    this.onerror?.({ message: 'refused by policy', preventDefault: () => undefined });
  }
}

/** A socket the page holds itself, as the fallback makes. */
class FakeWebSocket {
  static made: FakeWebSocket[] = [];
  binaryType = 'blob';
  readyState = 0;
  constructor(readonly url: string) {
    FakeWebSocket.made.push(this);
  }
}

/** The module afresh, with these globals: it decides at load whether workers can start. */
async function load(worker: unknown) {
  vi.resetModules();
  FakeWorker.made = [];
  FakeWebSocket.made = [];
  vi.stubGlobal('Worker', worker);
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return import('../../renderer/src/api/bridge-socket.js');
}

afterEach(() => vi.unstubAllGlobals());

describe('the bridge socket', () => {
  it('connects through a worker, sends once open, and takes its frames', async () => {
    const { openBridgeSocket } = await load(FakeWorker);
    const socket = openBridgeSocket('ws://127.0.0.1:9/api/ws');
    const worker = FakeWorker.made[0]!;
    expect(worker.options).toEqual({ type: 'module', name: 'socket' });
    expect(worker.told).toEqual([{ type: 'connect', url: 'ws://127.0.0.1:9/api/ws' }]);
    const events: string[] = [];
    socket.onopen = () => events.push('open');
    socket.onmessage = (data) => events.push(`message ${data.byteLength}`);
    socket.onclose = () => events.push('close');
    // Nothing goes before the socket is open: the bridge queues its frames until then.
    socket.send(new Uint8Array([1]));
    expect(worker.told).toHaveLength(1);
    worker.say({ type: 'open' });
    expect(socket.readyState).toBe(1);
    socket.send(new Uint8Array([1, 2, 3]));
    expect(worker.told[1]).toEqual({ type: 'send', frame: new Uint8Array([1, 2, 3]) });
    worker.say({ type: 'message', data: new ArrayBuffer(24) });
    worker.say({ type: 'close' });
    // A worker that stops after its socket closed is not a second close.
    worker.fail();
    expect(events).toEqual(['open', 'message 24', 'close']);
    expect(socket.readyState).toBe(3);
    expect(worker.terminated).toBe(true);
  });

  it('closes its socket when told, and tells of the close once the worker has', async () => {
    const { openBridgeSocket } = await load(FakeWorker);
    const socket = openBridgeSocket('ws://127.0.0.1:9/api/ws');
    const worker = FakeWorker.made[0]!;
    let closes = 0;
    socket.onclose = () => closes++;
    worker.say({ type: 'open' });
    socket.close();
    expect(worker.told.at(-1)).toEqual({ type: 'close' });
    expect(closes).toBe(0);
    worker.say({ type: 'close' });
    expect(closes).toBe(1);
  });

  it('holds later sockets on the page once a worker could not start', async () => {
    const { openBridgeSocket } = await load(FakeWorker);
    const first = openBridgeSocket('ws://127.0.0.1:9/api/ws');
    let closed = false;
    first.onclose = () => (closed = true);
    FakeWorker.made[0]!.fail();
    // Told as a close, so the bridge tries again: on the page this time.
    expect(closed).toBe(true);
    openBridgeSocket('ws://127.0.0.1:9/api/ws');
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWebSocket.made.map((ws) => [ws.url, ws.binaryType])).toEqual([
      ['ws://127.0.0.1:9/api/ws', 'arraybuffer'],
    ]);
  });

  it('holds its socket on the page where there are no workers', async () => {
    const { openBridgeSocket } = await load(undefined);
    openBridgeSocket('ws://127.0.0.1:9/api/ws');
    expect(FakeWorker.made).toHaveLength(0);
    expect(FakeWebSocket.made).toHaveLength(1);
  });
});
