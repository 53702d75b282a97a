// The store state following other runs: once it holds the runs it asks only for the followed
// runs' series (withRuns: false), keeps its runs as they are, and starts over whole when the
// snapshot's seq is not its last delta's or the link came back.

import { describe, expect, it } from 'vitest';
import { createSocketBridge } from '../../renderer/src/api/socket-bridge.js';
import { StoreState } from '../../renderer/src/state/store-state.js';
import type { RunSummary, Snapshot } from '../../shared/api/contract.js';
import { runSummary } from '../support/run-summary.js';
import { ScriptedSocket, useScriptedSockets } from '../support/scripted-socket.js';

const RUNS: RunSummary[] = [runSummary('run-a'), runSummary('run-b')];

function snapshot(seq: number, runs: readonly RunSummary[] | null, runId?: string): Snapshot {
  const steps = Float64Array.of(0, 1, 2);
  const series =
    runId === undefined
      ? []
      : [{ runId, key: 'loss', kind: 'metric' as const, steps, times: steps, values: steps }];
  return { seq, runs, series };
}

describe('following runs once the runs are held', () => {
  useScriptedSockets();

  async function opened(): Promise<{ socket: ScriptedSocket; state: StoreState }> {
    const bridge = createSocketBridge('ws://127.0.0.1:1/api/ws');
    const socket = ScriptedSocket.made[0]!;
    socket.open();
    const state = new StoreState(bridge);
    const following = state.follow(['run-a']);
    const first = socket.requests.at(-1)!;
    expect(first.request).toEqual({ op: 'subscribe', runIds: ['run-a'] });
    socket.reply(first.id, snapshot(3, RUNS, 'run-a'));
    await following;
    return { socket, state };
  }

  it('asks for the series only and keeps the runs it holds', async () => {
    const { socket, state } = await opened();
    const held = state.view.runs;
    expect([...held.keys()]).toEqual(['run-a', 'run-b']);
    const following = state.follow(['run-b']);
    const asked = socket.requests.at(-1)!;
    expect(asked.request).toEqual({ op: 'subscribe', runIds: ['run-b'], withRuns: false });
    socket.reply(asked.id, snapshot(3, null, 'run-b'));
    await following;
    expect(state.view.runs).toBe(held);
    expect(state.seriesOf('run-b').get('loss')?.length).toBe(3);
    expect(state.seriesOf('run-a').size).toBe(0);
    state.dispose();
  });

  it('starts over whole when the snapshot is past the last delta it holds', async () => {
    const { socket, state } = await opened();
    const following = state.follow(['run-b']);
    const asked = socket.requests.at(-1)!;
    // Seq 5: deltas 4 and 5 never reached this page, so its runs may lack what they said.
    socket.reply(asked.id, snapshot(5, null, 'run-b'));
    await new Promise((done) => setTimeout(done, 0));
    const again = socket.requests.at(-1)!;
    expect(again.id).not.toBe(asked.id);
    expect(again.request).toEqual({ op: 'subscribe', runIds: ['run-b'] });
    const changed = [runSummary('run-b')];
    socket.reply(again.id, snapshot(5, changed, 'run-b'));
    await following;
    expect([...state.view.runs.keys()]).toEqual(['run-b']);
    state.dispose();
  });

  it('asks whole again after the link came back', async () => {
    const { socket, state } = await opened();
    socket.deliver({ type: 'resync' });
    const resync = socket.requests.at(-1)!;
    expect(resync.request).toEqual({ op: 'subscribe', runIds: ['run-a'] });
    socket.reply(resync.id, snapshot(7, RUNS, 'run-a'));
    await new Promise((done) => setTimeout(done, 0));
    void state.follow(['run-b']);
    expect(socket.requests.at(-1)!.request).toEqual({
      op: 'subscribe',
      runIds: ['run-b'],
      withRuns: false,
    });
    state.dispose();
  });
});
