// The page's side of a resync: the socket bridge turns the server's `resync` message into a
// fresh subscription of what the page follows, as it does when the link comes back.

import { describe, expect, it } from 'vitest';
import { createSocketBridge } from '../../renderer/src/api/socket-bridge.js';
import { StoreState } from '../../renderer/src/state/store-state.js';
import type { Snapshot } from '../../shared/api/contract.js';
import { ScriptedSocket, useScriptedSockets } from '../support/scripted-socket.js';

const snapshot = (seq: number): Snapshot => ({ seq, runs: [], series: [] });

describe('the socket bridge on a resync message', () => {
  useScriptedSockets();

  it('tells its listeners the link is back, and the store state subscribes again', async () => {
    const bridge = createSocketBridge('ws://127.0.0.1:1/api/ws');
    const socket = ScriptedSocket.made[0]!;
    socket.open();
    const told: boolean[] = [];
    bridge.onConnectionChange((connected) => told.push(connected));
    const state = new StoreState(bridge);

    const following = state.follow(['run-a']);
    const first = socket.requests.at(-1)!;
    expect(first.request).toEqual({ op: 'subscribe', runIds: ['run-a'] });
    socket.reply(first.id, snapshot(4));
    await following;

    socket.deliver({ type: 'resync' });
    expect(told).toEqual([true]);
    const again = socket.requests.at(-1)!;
    expect(again.id).not.toBe(first.id);
    expect(again.request).toEqual({ op: 'subscribe', runIds: ['run-a'] });
    state.dispose();
  });
});
