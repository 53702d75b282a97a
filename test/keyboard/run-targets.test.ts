// renderer/src/keyboard/run-order and key-targets: the run [ and ] step to (in the order the store
// session keeps), the store's keys as the palette lists them and where choosing one leads: the
// routes a link to the key holds, a board link filtered to it, read back as written.

import { describe, expect, it } from 'vitest';
import type { KeyInfo, RunSummary } from '../../shared/api/contract.js';
import { neighbourRun, newestFirst } from '../../renderer/src/keyboard/run-order.js';
import { keyRoute, storeKeys } from '../../renderer/src/keyboard/key-targets.js';
import type { Route } from '../../renderer/src/state/route.js';
import { parseRoute, routeHash } from '../../renderer/src/state/route.js';
import { StoreSession } from '../../renderer/src/state/store-session.js';
import { groupRows } from '../../renderer/src/pages/runs-table-model.js';
import { runSummary } from '../support/run-summary.js';

function metric(key: string, count = 10): KeyInfo {
  return { key, kind: 'metric', count, goal: null };
}

function reading(key: string): KeyInfo {
  return { key, kind: 'reading', count: 5, goal: null };
}

function storeOf(...runs: RunSummary[]): ReadonlyMap<string, RunSummary> {
  return new Map(runs.map((run) => [run.id, run]));
}

const old = runSummary('old', { startTime: 100, keys: [metric('train/loss'), reading('sys/cpu')] });
const mid = runSummary('mid', { startTime: 200, keys: [metric('train/loss'), metric('eval/acc')] });
const fresh = runSummary('fresh', { startTime: 300, keys: [metric('train/loss')] });
const unstarted = runSummary('unstarted', { startTime: null, keys: [metric('eval/acc', 0)] });
const runs = storeOf(old, mid, fresh, unstarted);

describe('the order of [ and ]', () => {
  it('is newest first by start time, runs without a start last', () => {
    expect(newestFirst(runs.values())).toEqual(['fresh', 'mid', 'old', 'unstarted']);
  });

  it('follows the table’s last order when it lists the run shown', () => {
    const table = ['old', 'fresh', 'mid'];
    expect(neighbourRun('fresh', 1, table, runs)).toBe('mid');
    expect(neighbourRun('fresh', -1, table, runs)).toBe('old');
    expect(neighbourRun('mid', 1, table, runs)).toBeNull();
    expect(neighbourRun('old', -1, table, runs)).toBeNull();
  });

  it('skips runs gone from the store, and falls back to start order for a run not listed', () => {
    expect(neighbourRun('old', 1, ['old', 'deleted', 'mid'], runs)).toBe('mid');
    // The table was filtered to two runs; the run shown came from a link.
    expect(neighbourRun('unstarted', -1, ['old', 'mid'], runs)).toBe('old');
    expect(neighbourRun('mid', 1, null, runs)).toBe('old');
    expect(neighbourRun('gone', 1, null, runs)).toBeNull();
  });
});

describe('the table’s order in the store’s session', () => {
  it('is none until the table shows, then its last, without a render', () => {
    const session = new StoreSession();
    let told = 0;
    session.subscribe(() => told++);
    expect(session.getTableOrder()).toBeNull();
    const run = (id: string) => ({ type: 'run' as const, run: { id } });
    session.setTableOrder([run('b'), run('a')]);
    expect(session.getTableOrder()).toEqual(['b', 'a']);
    session.setTableOrder([{ type: 'group' }, run('a'), { type: 'group' }, run('c'), run('b')]);
    expect(session.getTableOrder()).toEqual(['a', 'c', 'b']);
    expect(told).toBe(0);
  });

  it('is the run ids of the table’s rows, groups left out, for [ and ] to step through', () => {
    const session = new StoreSession();
    const rows = groupRows(
      [...runs.values()].sort((a, b) => (a.id < b.id ? 1 : -1)),
      [],
      new Set(),
    );
    session.setTableOrder(rows);
    const order = session.getTableOrder()!;
    expect(order).toEqual(rows.flatMap((row) => (row.type === 'run' ? [row.run.id] : [])));
    expect(order.length).toBe(runs.size);
    const [first, second] = order;
    expect(neighbourRun(first!, 1, order, runs)).toBe(second);
    expect(neighbourRun(second!, -1, order, runs)).toBe(first);
  });
});

describe('the store’s keys', () => {
  it('lists each key with a sample once, with its kind, its run count and its newest run', () => {
    expect(storeKeys(runs.values())).toEqual([
      { key: 'eval/acc', kind: 'metric', runs: 1, newestRunId: 'mid' },
      { key: 'sys/cpu', kind: 'reading', runs: 1, newestRunId: 'old' },
      { key: 'train/loss', kind: 'metric', runs: 3, newestRunId: 'fresh' },
    ]);
  });
});

describe('where a key leads', () => {
  const [evalAcc, sysCpu, trainLoss] = storeKeys(runs.values()) as [
    ReturnType<typeof storeKeys>[number],
    ReturnType<typeof storeKeys>[number],
    ReturnType<typeof storeKeys>[number],
  ];

  it('filters the run shown to the key, a reading on its System tab', () => {
    const onOld: Route = { page: 'run', runId: 'old', tab: 'overview' };
    expect(keyRoute(trainLoss, onOld, runs)).toEqual({
      page: 'run',
      runId: 'old',
      tab: 'metrics',
      board: { filter: '/^train\\/loss$/' },
    });
    expect(keyRoute(sysCpu, onOld, runs)).toEqual({
      page: 'run',
      runId: 'old',
      tab: 'system',
      board: { filter: '/^sys\\/cpu$/' },
    });
  });

  it('opens the newest run with the key when the run shown has none, or from the runs', () => {
    const onFresh: Route = { page: 'run', runId: 'fresh', tab: 'notes' };
    expect(keyRoute(evalAcc, onFresh, runs)).toEqual({
      page: 'run',
      runId: 'mid',
      tab: 'metrics',
      board: { filter: '/^eval\\/acc$/' },
    });
    expect(keyRoute(trainLoss, { page: 'runs' }, runs)).toMatchObject({ runId: 'fresh' });
    expect(keyRoute(sysCpu, { page: 'artifacts' }, runs)).toMatchObject({
      runId: 'old',
      tab: 'system',
    });
  });

  it('keeps Compare when one of its runs has the key, on the tab of the key’s kind', () => {
    const comparing: Route = { page: 'compare', runIds: ['old', 'fresh'], tab: 'params' };
    expect(keyRoute(trainLoss, comparing, runs)).toEqual({
      page: 'compare',
      runIds: ['old', 'fresh'],
      tab: 'metrics',
      board: { filter: '/^train\\/loss$/' },
    });
    expect(keyRoute(sysCpu, comparing, runs)).toMatchObject({
      page: 'compare',
      tab: 'system',
      board: { filter: '/^sys\\/cpu$/' },
    });
    expect(keyRoute(evalAcc, comparing, runs)).toMatchObject({ page: 'run', runId: 'mid' });
  });
});

describe('a key’s route', () => {
  const odd = runSummary('a?b', {
    startTime: 1,
    keys: [metric('acc (top-1)/cat.v2'), reading('gpu:0/%')],
  });
  const [accuracy, gpu] = storeKeys([odd]) as [
    ReturnType<typeof storeKeys>[number],
    ReturnType<typeof storeKeys>[number],
  ];

  it('reads back as written, ids and keys with any character', () => {
    const from: Route[] = [
      { page: 'runs' },
      { page: 'run', runId: 'a?b', tab: 'files' },
      { page: 'compare', runIds: ['a?b', 'c,d'] },
    ];
    for (const entry of [accuracy, gpu])
      for (const shown of from) {
        const route = keyRoute(entry, shown, storeOf(odd));
        // Compare's Metrics tab is its default, which an address leaves out.
        expect({ tab: 'metrics', ...parseRoute(routeHash(route)) }).toEqual({
          tab: 'metrics',
          ...route,
        });
      }
  });

  it('is the address of a link to the board filtered to the key', () => {
    const filter = (key: string) => new URLSearchParams({ filter: key }).toString();
    expect(routeHash(keyRoute(accuracy, { page: 'runs' }, storeOf(odd)))).toBe(
      `#/run/a%3Fb/metrics?${filter('/^acc \\(top-1\\)\\/cat\\.v2$/')}`,
    );
    const comparing: Route = { page: 'compare', runIds: ['a?b', 'c,d'] };
    expect(routeHash(keyRoute(gpu, comparing, storeOf(odd)))).toBe(
      `#/compare/a%3Fb,c%2Cd?tab=system&${filter('/^gpu:0\\/%$/')}`,
    );
  });
});
