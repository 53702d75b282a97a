// The desktop app's IPC handlers, driven through a fake ipcMain: each checks the calling frame,
// answers through the same Backend as `serve`, and sends deltas to the window that asked.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ApiOp,
  ApiResponse,
  Delta,
  RunSummary,
  StoreInfo,
} from '../../shared/api/contract.js';
import { API_OPS } from '../../shared/api/bridge.js';
import { apiChannel } from '../../shared/api/ipc-channels.js';
import { decodeWireMessage } from '../../shared/api/wire-codec.js';
import { tagDigest } from '../../shared/format/digest.js';
import type { IpcMainLike, InvokeEventLike } from '../../electron/host/desktop-host.js';
import { DesktopHost } from '../../electron/host/desktop-host.js';
import { nodeTextCodec } from '../../electron/host/serve.js';
import type { FrameView, SenderView } from '../../electron/ipc-sender.js';
import { isTrustedSender } from '../../electron/ipc-sender.js';
import { copyExampleStore, EXAMPLE_RUN, tempDirs } from '../serve/harness.js';
import { endLine, fileLine, startLine } from '../support/lines.js';
import { writeLog } from '../support/store-fixture.js';

const newDir = tempDirs();
const APP_ORIGIN = 'munin-app://app';
const APP_URL = `${APP_ORIGIN}/index.html`;

/** An invoke event as main.ts's handlers get it: the window's id, and the frame that called. */
type DesktopEvent = InvokeEventLike & SenderView;

function frameAt(url: string, parent: FrameView | null = null): FrameView {
  return { url, parent, isDestroyed: () => false };
}

/** A call from the top frame of window `sender`, showing url. */
function fromTopFrame(url: string, sender: number): DesktopEvent {
  const top = frameAt(url);
  return { sender: { id: sender, mainFrame: top }, senderFrame: top };
}

class FakeIpcMain implements IpcMainLike<DesktopEvent> {
  readonly handlers = new Map<
    string,
    (event: DesktopEvent, ...args: unknown[]) => Promise<unknown>
  >();
  handle(
    channel: string,
    listener: (event: DesktopEvent, ...args: unknown[]) => Promise<unknown>,
  ): void {
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  invoke(op: ApiOp, args: unknown, frame = APP_URL, sender = 1): Promise<ApiResponse> {
    return this.invokeFrom(fromTopFrame(frame, sender), op, args);
  }
  async invokeFrom(event: DesktopEvent, op: ApiOp, args: unknown): Promise<ApiResponse> {
    const handler = this.handlers.get(apiChannel(op));
    if (handler === undefined) throw new Error(`no handler for ${op}`);
    const frameBytes = (await handler(event, args)) as Uint8Array;
    return decodeWireMessage(frameBytes, nodeTextCodec) as ApiResponse;
  }
}

const hosts: DesktopHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

function setup() {
  const deltas: { window: number; delta: Delta }[] = [];
  const stores: (string | null)[] = [];
  const host = new DesktopHost(
    (window, frame) => {
      for (const delta of decodeWireMessage(frame, nodeTextCodec) as Delta[])
        deltas.push({ window, delta });
    },
    (root) => stores.push(root),
    { watch: { mode: 'events' } },
  );
  hosts.push(host);
  const ipc = new FakeIpcMain();
  host.register(ipc, (event) => isTrustedSender(event, APP_ORIGIN), apiChannel);
  return { host, ipc, deltas, stores };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited 5 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('DesktopHost', () => {
  it('registers one handler per operation, each on its own channel', () => {
    const { ipc } = setup();
    expect([...ipc.handlers.keys()].sort()).toEqual(API_OPS.map(apiChannel).sort());
  });

  it('refuses a call from a frame that is not the app, before anything else', async () => {
    const { host, ipc } = setup();
    await host.open(copyExampleStore(newDir()));
    await expect(ipc.invoke('listRuns', {}, 'https://evil.example/')).rejects.toThrow(/refused/);
    await expect(ipc.invoke('listRuns', {}, '')).rejects.toThrow(/refused/);
    // A sub-frame of the app's own origin is no more the app than another origin is.
    const top = frameAt(APP_URL);
    const subFrame: DesktopEvent = {
      sender: { id: 1, mainFrame: top },
      senderFrame: frameAt(APP_URL, top),
    };
    await expect(ipc.invokeFrom(subFrame, 'listRuns', {})).rejects.toThrow(/refused/);
    expect((await ipc.invoke('listRuns', {})).ok).toBe(true);
  });

  it('answers with no store open, then through the Backend once one is', async () => {
    const { host, ipc, stores } = setup();
    const before = await ipc.invoke('listRuns', {});
    expect(before).toEqual({
      ok: false,
      error: { code: 'not-a-store', message: 'no store is open' },
    });
    const root = copyExampleStore(newDir());
    expect(await host.open(root)).toEqual({ ok: true, root });
    expect(stores).toEqual([root]);
    const runs = await ipc.invoke('listRuns', {});
    expect(runs.ok).toBe(true);
    const listed = (runs as { ok: true; result: readonly RunSummary[] }).result;
    expect(listed.map((run) => [run.id, run.status])).toEqual([[EXAMPLE_RUN, 'finished']]);
    // Values cross the frame exactly: a big integer stays a bigint, NaN stays NaN.
    expect(listed[0]!.params.get('seed')).toBe(9007199254740993n);
    expect(Number.isNaN(listed[0]!.params.get('init_scale'))).toBe(true);
  });

  it('finds a logged file for the file manager only through the safe open', async () => {
    const { host } = setup();
    expect(host.loggedFilePath('r', 'files/k/0.txt')).toEqual({
      ok: false,
      message: 'no store is open',
    });
    const root = copyExampleStore(newDir());
    const file = join(root, 'runs', 'r', 'files', 'k', '0.txt');
    mkdirSync(join(root, 'runs', 'r', 'files', 'k'), { recursive: true });
    writeFileSync(file, 'logged\n');
    writeLog(root, 'r', [
      startLine(),
      fileLine('k', 0, 'files/k/0.txt'),
      fileLine('escape', 0, '../../etc/passwd'),
      endLine('finished'),
    ]);
    expect(await host.open(root)).toEqual({ ok: true, root });
    expect(host.loggedFilePath('r', 'files/k/0.txt')).toEqual({
      ok: true,
      path: realpathSync(file),
    });
    expect(host.loggedFilePath('r', '../../etc/passwd')).toEqual({
      ok: false,
      message: 'the path leads out of the run’s directory (..)',
    });
    expect(host.loggedFilePath('r', 'files/k/1.txt')).toEqual({
      ok: false,
      message: 'no file record of the run names this file',
    });
    expect(host.loggedFilePath('r', 7)).toEqual({
      ok: false,
      message: 'a run id and a path are needed',
    });
  });

  it('refuses a folder that is not a store with the reason, keeping the open one', async () => {
    const { host, ipc } = setup();
    const root = copyExampleStore(newDir());
    await host.open(root);
    const other = newDir();
    writeFileSync(join(other, 'data.csv'), 'a,b\n');
    const refused = await host.open(other);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/not a munin store/);
    expect(host.root).toBe(root);
    expect((await ipc.invoke('storeInfo', {})).ok).toBe(true);
  });

  it('adds a stream beside the open store, once, and keeps the store when the add fails', async () => {
    const { host, ipc } = setup();
    const root = copyExampleStore(newDir());
    await host.open(root);
    const streams = newDir();
    writeFileSync(
      join(streams, 'train.jsonl'),
      `${JSON.stringify({ ts_ms: 1, kind: 'open', slug: 's', description: 'd', metadata: {} })}\n`,
    );
    const stream = join(streams, 'train.jsonl');
    expect(await host.add(stream)).toEqual({ ok: true, root });
    expect(await host.add(stream)).toEqual({ ok: true, root });
    const info = await ipc.invoke('storeInfo', {});
    const sources = (info as { ok: true; result: StoreInfo }).result.sources;
    expect(sources.map((source) => [source.root, source.kind])).toEqual([
      [root, 'munin'],
      [stream, 'jsonl-events'],
    ]);
    const runs = (await ipc.invoke('listRuns', {})) as { ok: true; result: RunSummary[] };
    expect(runs.result.map((run) => run.id)).toEqual([EXAMPLE_RUN, 'train.jsonl']);
    const refused = await host.add(join(streams, 'nothing-here'));
    expect(refused.ok).toBe(false);
    expect(host.root).toBe(root);
    expect(
      ((await ipc.invoke('listRuns', {})) as { ok: true; result: RunSummary[] }).result,
    ).toHaveLength(2);
  });

  it('validates arguments: a bad call gets a typed error, never reaches the store', async () => {
    const { host, ipc } = setup();
    await host.open(copyExampleStore(newDir()));
    expect(await ipc.invoke('runDetail', { runId: '../../etc' })).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    expect(await ipc.invoke('runDetail', { runId: 'no-such-run' })).toMatchObject({
      ok: false,
      error: { code: 'no-such-run' },
    });
    expect(await ipc.invoke('addTag', { runId: EXAMPLE_RUN, tag: 'a,b' })).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    expect(await ipc.invoke('series', 'not an object')).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
  });

  it('writes a tag as the format says and sends the delta to the window that follows', async () => {
    const { host, ipc, deltas } = setup();
    const root = copyExampleStore(newDir());
    await host.open(root);
    await ipc.invoke('subscribe', { runIds: [EXAMPLE_RUN] }, APP_URL, 7);
    const answer = await ipc.invoke('addTag', { runId: EXAMPLE_RUN, tag: 'baseline' }, APP_URL, 7);
    expect(answer).toEqual({ ok: true, result: ['baseline'] });
    const tagFile = join(root, 'runs', EXAMPLE_RUN, 'tags', tagDigest('baseline'));
    expect(readFileSync(tagFile, 'utf8')).toBe('baseline');
    await until(
      () =>
        deltas.some(
          (d) =>
            d.window === 7 &&
            d.delta.type === 'run-changed' &&
            d.delta.run.tags.includes('baseline'),
        ),
      'the run-changed delta',
    );
    expect(deltas.every((d) => d.window === 7)).toBe(true);
  });

  it('tells a window of notes written by another process', async () => {
    const { host, ipc, deltas } = setup();
    const root = copyExampleStore(newDir());
    await host.open(root);
    await ipc.invoke('subscribe', { runIds: [] }, APP_URL, 3);
    const dir = join(root, 'runs', EXAMPLE_RUN);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '.notes-other'), 'from elsewhere');
    renameSync(join(dir, '.notes-other'), join(dir, 'notes'));
    await until(() => deltas.some((d) => d.delta.type === 'notes-changed'), 'notes-changed');
    const detail = await ipc.invoke('runDetail', { runId: EXAMPLE_RUN }, APP_URL, 3);
    expect(detail.ok && (detail.result as { notes: string | null }).notes).toBe('from elsewhere');
  });

  it('closing the store ends the sessions and says so', async () => {
    const { host, ipc, stores } = setup();
    await host.open(copyExampleStore(newDir()));
    await host.close();
    expect(stores.at(-1)).toBeNull();
    expect(await ipc.invoke('listRuns', {})).toMatchObject({
      ok: false,
      error: { code: 'not-a-store' },
    });
  });
});
