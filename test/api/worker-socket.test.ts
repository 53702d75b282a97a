// renderer/src/api/worker-socket: the page's side of a WebSocket held by a worker (opened,
// messages handed over as they came, frames sent, closed with the worker ended), and a plain
// WebSocket once a worker could not start.

import { describe, expect, it } from 'vitest';
import type { WorkerCommand, WorkerEvent } from '../../renderer/src/api/socket-worker-messages.js';
import { SOCKET_OPEN, WorkerSocket, openSocket } from '../../renderer/src/api/worker-socket.js';
import { ScriptedSocket, usePageGlobal, useScriptedSockets } from '../support/scripted-socket.js';

/** A Worker of the page's kind, driven by the test: it records commands and tells what it is told. */
class FakeWorker {
  static made: FakeWorker[] = [];
  readonly commands: WorkerCommand[] = [];
  terminated = false;
  onmessage: ((event: { data: WorkerEvent }) => void) | null = null;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;

  constructor(
    readonly script: URL,
    readonly options: { type: string },
  ) {
    FakeWorker.made.push(this);
  }

  postMessage(command: WorkerCommand): void {
    this.commands.push(command);
  }

  terminate(): void {
    this.terminated = true;
  }

  tell(event: WorkerEvent): void {
    this.onmessage?.({ data: event });
  }
}

describe('a WebSocket held by a worker', () => {
  useScriptedSockets();
  usePageGlobal('Worker', FakeWorker, () => (FakeWorker.made = []));

  it('connects in a module worker, opens, hands messages over and sends frames', () => {
    const socket = openSocket('ws://127.0.0.1:1/api/ws');
    expect(socket).toBeInstanceOf(WorkerSocket);
    const worker = FakeWorker.made[0]!;
    expect(worker.script.pathname).toMatch(/socket-worker\.ts$/);
    expect(worker.options).toEqual({ type: 'module' });
    expect(worker.commands).toEqual([{ kind: 'connect', url: 'ws://127.0.0.1:1/api/ws' }]);

    const seen: string[] = [];
    socket.onopen = () => seen.push('open');
    const buffers: ArrayBuffer[] = [];
    socket.onmessage = (event) => buffers.push(event.data);
    expect(socket.readyState).not.toBe(SOCKET_OPEN);
    worker.tell({ kind: 'open' });
    expect(seen).toEqual(['open']);
    expect(socket.readyState).toBe(SOCKET_OPEN);

    // The very buffer the worker transferred: nothing is copied on the page's side.
    const data = new Uint8Array([1, 2, 3]).buffer;
    worker.tell({ kind: 'message', data });
    expect(buffers).toEqual([data]);
    expect(buffers[0]).toBe(data);

    const frame = new Uint8Array([9, 8]);
    socket.send(frame);
    expect(worker.commands.at(-1)).toEqual({ kind: 'send', frame });
  });

  it('closes once, ending its worker', () => {
    const socket = openSocket('ws://127.0.0.1:1/api/ws');
    const worker = FakeWorker.made[0]!;
    let closes = 0;
    socket.onclose = () => closes++;
    worker.tell({ kind: 'open' });
    worker.tell({ kind: 'close' });
    worker.tell({ kind: 'close' });
    expect(closes).toBe(1);
    expect(worker.terminated).toBe(true);
    expect(socket.readyState).not.toBe(SOCKET_OPEN);
  });

  // Last: a worker that failed is remembered for the page's life.
  it('takes a plain WebSocket after a worker failed to start, and says it closed', () => {
    const socket = openSocket('ws://127.0.0.1:1/api/ws');
    let closes = 0;
    socket.onclose = () => closes++;
    let prevented = false;
    FakeWorker.made[0]!.onerror?.({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(closes).toBe(1);
    const next = openSocket('ws://127.0.0.1:1/api/ws');
    expect(next).toBeInstanceOf(ScriptedSocket);
    expect(FakeWorker.made).toHaveLength(1);
  });
});
