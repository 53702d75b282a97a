// The page's side of a resync: the socket bridge turns the server's `resync` message into a
// fresh subscription of what the page follows, as it does when the link comes back.

import { afterEach, describe, expect, it } from 'vitest';
import { createSocketBridge } from '../../renderer/src/api/socket-bridge.js';
import { StoreState } from '../../renderer/src/state/store-state.js';
import { nodeTextCodec } from '../../electron/host/serve.js';
import type { Snapshot } from '../../shared/api/contract.js';
import type { WireServerMessage } from '../../shared/api/wire-codec.js';
import { decodeWireMessage, encodeWireMessage } from '../../shared/api/wire-codec.js';

/** A WebSocket of the page's kind, driven by the test: it opens and delivers when told. */
class ScriptedSocket {
  static readonly OPEN = 1;
  static made: ScriptedSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly requests: { id: number; request: { op: string; runIds?: string[] } }[] = [];

  constructor(readonly url: string) {
    ScriptedSocket.made.push(this);
  }

  send(frame: Uint8Array): void {
    this.requests.push(decodeWireMessage(frame, nodeTextCodec) as ScriptedSocket['requests'][0]);
  }

  open(): void {
    this.readyState = ScriptedSocket.OPEN;
    this.onopen?.();
  }

  deliver(message: WireServerMessage): void {
    const frame = encodeWireMessage(message, nodeTextCodec);
    this.onmessage?.({ data: frame.slice().buffer });
  }
}

const globals = globalThis as Record<string, unknown>;
const saved = globals['WebSocket'];
afterEach(() => {
  globals['WebSocket'] = saved;
  ScriptedSocket.made = [];
});

const snapshot = (seq: number): Snapshot => ({ seq, runs: [], series: [] });

describe('the socket bridge on a resync message', () => {
  it('tells its listeners the link is back, and the store state subscribes again', async () => {
    globals['WebSocket'] = ScriptedSocket;
    const bridge = createSocketBridge('ws://127.0.0.1:1/api/ws');
    const socket = ScriptedSocket.made[0]!;
    socket.open();
    const told: boolean[] = [];
    bridge.onConnectionChange((connected) => told.push(connected));
    const state = new StoreState(bridge);

    const following = state.follow(['run-a']);
    const first = socket.requests.at(-1)!;
    expect(first.request).toEqual({ op: 'subscribe', runIds: ['run-a'] });
    socket.deliver({ type: 'response', id: first.id, response: { ok: true, result: snapshot(4) } });
    await following;

    socket.deliver({ type: 'resync' });
    expect(told).toEqual([true]);
    const again = socket.requests.at(-1)!;
    expect(again.id).not.toBe(first.id);
    expect(again.request).toEqual({ op: 'subscribe', runIds: ['run-a'] });
    state.dispose();
  });
});
