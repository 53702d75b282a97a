// The store state taking a frame of run deltas: the frame's added, changed and removed runs go
// in the view at once, one update for the frame, each run told once; a delta of another kind
// in the frame sees the runs the deltas before it left; a big store's frames are gathered, so
// that its table is not sorted again for every frame while it lists.

import { describe, expect, it } from 'vitest';
import { createSocketBridge } from '../../renderer/src/api/socket-bridge.js';
import { pauseAfterPut, StoreState } from '../../renderer/src/state/store-state.js';
import type { Delta, RunSummary } from '../../shared/api/contract.js';
import { runSummary } from '../support/run-summary.js';
import { ScriptedSocket, useScriptedSockets } from '../support/scripted-socket.js';

const turn = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

async function opened(runs: readonly RunSummary[]): Promise<{
  socket: ScriptedSocket;
  state: StoreState;
}> {
  const bridge = createSocketBridge('ws://127.0.0.1:1/api/ws');
  const socket = ScriptedSocket.made[0]!;
  socket.open();
  const state = new StoreState(bridge);
  const following = state.follow(['followed']);
  socket.reply(socket.requests.at(-1)!.id, { seq: 0, runs, series: [] });
  await following;
  return { socket, state };
}

describe('a frame of run deltas', () => {
  useScriptedSockets();

  it('puts every run of the frame in the view in one update', async () => {
    const { socket, state } = await opened([runSummary('kept'), runSummary('gone')]);
    let updates = 0;
    state.subscribe(() => updates++);
    const told = new Map<string, number>();
    for (const id of ['run-0', 'run-1', 'gone'])
      state.onRun(id, () => told.set(id, (told.get(id) ?? 0) + 1));
    const deltas: Delta[] = [];
    for (let i = 0; i < 1000; i++)
      deltas.push({ type: 'run-added', seq: i + 1, run: runSummary(`run-${i}`) });
    deltas.push({
      type: 'run-changed',
      seq: 1001,
      run: runSummary('run-1', { status: 'crashed' }),
    });
    deltas.push({ type: 'run-removed', seq: 1002, runId: 'gone' });
    const before = state.view;
    socket.deliver({ type: 'deltas', deltas });
    await turn();
    expect(updates).toBe(1);
    expect(state.view.version).toBe(before.version + 1);
    expect(state.view.runs.size).toBe(1001);
    expect(state.view.runs.get('run-1')?.status).toBe('crashed');
    expect(state.view.runs.has('gone')).toBe(false);
    expect(state.view.runs.has('kept')).toBe(true);
    // The view held before the frame is left as it was: pages compare views by identity.
    expect(before.runs.size).toBe(2);
    expect(Object.fromEntries(told)).toEqual({ 'run-0': 1, 'run-1': 1, gone: 1 });
    state.dispose();
  });

  it('shows the runs added before a delta of another kind to that delta', async () => {
    const { socket, state } = await opened([]);
    const seen: number[] = [];
    state.onRun('run-a', () => seen.push(state.view.runs.size));
    socket.deliver({
      type: 'deltas',
      deltas: [
        { type: 'run-added', seq: 1, run: runSummary('run-a') },
        { type: 'notes-changed', seq: 2, runId: 'run-a' },
        { type: 'run-added', seq: 3, run: runSummary('run-b') },
      ],
    });
    // The notes' listener ran in the frame, with run-a already in the view.
    expect(seen).toEqual([1, 1]);
    await turn();
    expect([...state.view.runs.keys()]).toEqual(['run-a', 'run-b']);
    state.dispose();
  });

  it('gives each frame its own update', async () => {
    const { socket, state } = await opened([]);
    let updates = 0;
    state.subscribe(() => updates++);
    socket.deliver({
      type: 'deltas',
      deltas: [{ type: 'run-added', seq: 1, run: runSummary('run-a') }],
    });
    await turn();
    socket.deliver({
      type: 'deltas',
      deltas: [{ type: 'run-added', seq: 2, run: runSummary('run-b') }],
    });
    await turn();
    expect(updates).toBe(2);
    expect(state.view.runs.size).toBe(2);
    state.dispose();
  });

  it("gathers a big store's frames for a pause after each update", async () => {
    const held = Array.from({ length: 40_000 }, (_, i) => runSummary(`held-${i}`));
    const { socket, state } = await opened(held);
    const pause = pauseAfterPut(40_000);
    expect(pause).toBeGreaterThan(100);
    let updates = 0;
    state.subscribe(() => updates++);
    let told = 0;
    for (let i = 0; i < 4; i++) state.onRun(`new-${i}`, () => told++);
    const added = (i: number): Delta => ({
      type: 'run-added',
      seq: i + 1,
      run: runSummary(`new-${i}`),
    });
    socket.deliver({ type: 'deltas', deltas: [added(0)] });
    await turn();
    // The first frame goes in at once; those that come within the pause wait for its end.
    expect(updates).toBe(1);
    for (let i = 1; i < 4; i++) {
      socket.deliver({ type: 'deltas', deltas: [added(i)] });
      await turn();
    }
    expect(updates).toBe(1);
    expect(state.view.runs.size).toBe(40_001);
    await new Promise((done) => setTimeout(done, pause + 20));
    expect(updates).toBe(2);
    expect(state.view.runs.size).toBe(40_004);
    expect(told).toBe(4);
    // A small store's frames are never held.
    expect(pauseAfterPut(999)).toBe(0);
    state.dispose();
  });
});
