// A store on another machine through a real OpenSSH server (on 127.0.0.1, its own host and user
// keys): `serve --stdio` run through it by the system's ssh, beside a local store; runs listed,
// tags and notes written by the far munin-view, the desktop's Open Remote Store path, `serve`'s
// WebSocket, and each of ssh's failures in words: a refused key, an unknown host key, munin-view
// missing on the far machine, a far path that is no store.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import { DesktopHost } from '../../electron/host/desktop-host.js';
import { serve } from '../../electron/host/serve.js';
import { StoreError } from '../../electron/store/store.js';
import { openRunsSource } from '../../electron/sources/open-source.js';
import type { RemoteSource } from '../../electron/sources/remote/remote-source.js';
import type { Delta } from '../../shared/api/contract.js';
import { INSTALL_COMMAND } from '../../electron/sources/remote/ssh-command.js';
import type {
  ApiOp,
  ApiResults,
  RequestOf,
  RunSummary,
  StoreInfo,
} from '../../shared/api/contract.js';
import type { Session } from '../../electron/host/backend.js';
import { decodeWireMessage } from '../../shared/api/wire-codec.js';
import { nodeTextCodec } from '../../electron/host/serve.js';
import { fakeRenderer, REPO } from '../serve/harness.js';
import { WsClient } from '../support/live-ws.js';
import { liveDirs, liveWriters, waitUntil } from '../support/live-scratch.js';
import { startLiveRun, tagPathOf, writeEndedRun } from '../support/live-store.js';
import { endLine, metricsLine } from '../support/live-lines.js';
import { ApiClient } from '../support/live-client.js';
import type { LiveWriter } from '../support/live-writer.js';
import type { TestSshd } from '../support/sshd.js';
import { sshdMissing, startSshd } from '../support/sshd.js';
import { runCli } from './remote-cli.js';

const missing = sshdMissing();
if (missing !== null) console.warn(`skipping the ssh tests: ${missing}`);

/** How the far machine runs this checkout's munin-view: its own node, by absolute paths. */
const FAR_COMMAND = `${process.execPath} ${join(REPO, 'bin', 'munin-view.js')}`;

/** A request's result, its op's type; throws the refusal it got instead. */
async function ask<Op extends ApiOp>(
  session: Session,
  request: RequestOf<Op>,
): Promise<ApiResults[Op]> {
  const response = await session.request(request);
  if (!response.ok) throw new Error(`${request.op}: ${response.error.message}`);
  return response.result as ApiResults[Op];
}

const newDir = liveDirs();
const startWriter = liveWriters();

describe.skipIf(missing !== null)('a store on another machine, through ssh', () => {
  let sshd: TestSshd;
  let farRoot: string;
  let localRoot: string;
  const LIVE = '20261201T000000Z-live0001';
  let writer: LiveWriter;
  let handle: number;

  beforeAll(async () => {
    const dir = newDir();
    sshd = await startSshd(dir);
    farRoot = join(dir, 'far-store');
    localRoot = join(dir, 'local-store');
    mkdirSync(join(farRoot, 'runs'), { recursive: true });
    mkdirSync(join(localRoot, 'runs'), { recursive: true });
    writeEndedRun(farRoot, '20261101T000000Z-far00001', { steps: 20, tags: ['far'] });
    writeEndedRun(farRoot, '20261102T000000Z-far00002', { steps: 30, notes: 'far notes' });
    // The same id on both machines: a far run's id goes behind its host's name, so both show.
    writeEndedRun(localRoot, '20261101T000000Z-far00001', { steps: 5 });
    writeEndedRun(localRoot, '20261103T000000Z-loc00001', { steps: 8 });
    writer = startWriter();
    handle = await startLiveRun(writer, farRoot, LIVE);
    for (let step = 0; step < 25; step++)
      await writer.append(handle, metricsLine(step, { loss: 1 / (step + 1) }));
  });

  afterAll(async () => {
    await sshd?.stop();
  });

  const remote = () => ({ sshCommand: sshd.sshCommand, remoteCommand: FAR_COMMAND });

  it('lists the far runs beside the local ones, the far host probing its own locks', async () => {
    const backend = await Backend.open([localRoot, sshd.address(farRoot)], { remote: remote() });
    try {
      const ids = backend.listRuns().map((run) => run.id);
      expect(ids).toEqual([
        '127.0.0.1/20261101T000000Z-far00001',
        '127.0.0.1/20261102T000000Z-far00002',
        `127.0.0.1/${LIVE}`,
        '20261101T000000Z-far00001',
        '20261103T000000Z-loc00001',
      ]);
      const byId = new Map(backend.listRuns().map((run) => [run.id, run]));
      // The writer process holds the live run's lock: the far munin-view finds it running.
      expect(byId.get(`127.0.0.1/${LIVE}`)?.status).toBe('running');
      expect(byId.get('127.0.0.1/20261101T000000Z-far00001')?.tags).toEqual(['far']);
      expect(
        byId.get('127.0.0.1/20261101T000000Z-far00001')?.keys.find((k) => k.key === 'loss')?.count,
      ).toBe(20);
      const info = backend.storeInfo();
      expect(info.sources[1]).toMatchObject({
        root: sshd.address(farRoot),
        name: '127.0.0.1',
        kind: 'munin',
        remote: { host: '127.0.0.1', state: 'connected', message: null, runIdPrefix: '127.0.0.1/' },
      });
      // Its samples are fetched when asked, and drawn as a local run's are.
      const session = backend.connect(() => {});
      const envelope = await ask(session, {
        op: 'envelope',
        runId: '127.0.0.1/20261102T000000Z-far00002',
        key: 'loss',
        x: 'step',
        x0: 0,
        x1: 100,
        width: 200,
      });
      expect(envelope.total).toBe(30);
      const detail = await ask(session, {
        op: 'runDetail',
        runId: '127.0.0.1/20261102T000000Z-far00002',
      });
      expect(detail.notes).toBe('far notes');
      expect(detail.summary.id).toBe('127.0.0.1/20261102T000000Z-far00002');
      // The runs table's metric column over both machines, the far runs' from the far host.
      const stats = await ask(session, { op: 'keyStatistics', key: 'loss' });
      expect(stats.map((row) => [row.runId, row.count]).sort()).toEqual([
        ['127.0.0.1/20261101T000000Z-far00001', 20],
        ['127.0.0.1/20261102T000000Z-far00002', 30],
        [`127.0.0.1/${LIVE}`, 25],
        ['20261101T000000Z-far00001', 5],
        ['20261103T000000Z-loc00001', 8],
      ]);
      session.close();
    } finally {
      await backend.close();
    }
  });

  it('keeps the runs of a dropped link as last seen, says so, and reconnects', async () => {
    const source = openRunsSource([sshd.address(farRoot)], { remote: remote() }) as RemoteSource;
    const backend = await Backend.openSource(source);
    try {
      const deltas: Delta[] = [];
      const session = backend.connect((batch) => deltas.push(...batch));
      const before = backend.listRuns().map((run) => run.id);
      process.kill(source.connectionPid!, 'SIGKILL');
      await waitUntil('the source told as lost', () =>
        deltas.some((delta) => delta.type === 'sources-changed'),
      );
      const lost = backend.storeInfo().sources[0]!.remote!;
      expect(lost.state).toBe('reconnecting');
      expect(lost.message).toMatch(/the ssh connection to 127\.0\.0\.1 was cut/);
      // Its runs stay, and what needs the far side says why it cannot be had now.
      expect(backend.listRuns().map((run) => run.id)).toEqual(before);
      // A page that follows a far run whose samples are not here yet, while the link is down,
      // is told to take it afresh once they are: a run-reset (unless the link beat it back).
      const asked = '20261102T000000Z-far00002';
      const snapshot = await ask(session, { op: 'subscribe', runIds: [asked] });
      const fetchedMeanwhile = snapshot.series.some((series) => series.runId === asked);
      const refused = await session.request({ op: 'addTag', runId: before[0]!, tag: 'x' });
      expect(refused).toMatchObject({ ok: false, error: { code: 'unreadable' } });
      expect(!refused.ok && refused.error.message).toMatch(/127\.0\.0\.1 is not connected/);
      await waitUntil(
        'the link back',
        () => backend.storeInfo().sources[0]!.remote!.state === 'connected',
        20_000,
      );
      expect(source.connections).toBe(2);
      if (!fetchedMeanwhile) {
        await waitUntil('the reset of the run asked for', () =>
          deltas.some((delta) => delta.type === 'run-reset' && delta.runId === asked),
        );
        const again = await ask(session, { op: 'subscribe', runIds: [asked] });
        expect(again.series.find((series) => series.key === 'loss')?.steps.length).toBe(30);
      }
      expect(deltas.filter((delta) => delta.type === 'sources-changed')).toHaveLength(2);
      session.close();
    } finally {
      await backend.close();
    }
  });

  it('writes tags and notes on the far side, by the far munin-view', async () => {
    const backend = await Backend.open([sshd.address(farRoot)], { remote: remote() });
    try {
      const session = backend.connect(() => {});
      const id = '20261101T000000Z-far00001';
      const tagged = await session.request({ op: 'addTag', runId: id, tag: 'from-laptop' });
      expect(tagged).toEqual({ ok: true, result: ['far', 'from-laptop'] });
      expect(readFileSync(tagPathOf(farRoot, id, 'from-laptop'), 'utf8')).toBe('from-laptop');
      const noted = await session.request({ op: 'setNotes', runId: id, text: 'written far' });
      expect(noted.ok).toBe(true);
      expect(readFileSync(join(farRoot, 'runs', id, 'notes'), 'utf8')).toBe('written far');
      const removed = await session.request({ op: 'removeTag', runId: id, tag: 'from-laptop' });
      expect(removed).toEqual({ ok: true, result: ['far'] });
      expect(existsSync(tagPathOf(farRoot, id, 'from-laptop'))).toBe(false);
      session.close();
    } finally {
      await backend.close();
    }
  });

  it("opens beside a local store from the desktop's Open Remote Store, and refuses a bad address", async () => {
    const roots: (string | null)[] = [];
    const host = new DesktopHost(
      () => {},
      (root) => roots.push(root),
    );
    host.setRemote({ sshCommand: sshd.sshCommand });
    try {
      expect((await host.open(localRoot)).ok).toBe(true);
      const refused = await host.addRemote('ssh://-oProxyCommand=evil/x', FAR_COMMAND);
      expect(refused).toMatchObject({ ok: false });
      expect(!refused.ok && refused.message).toMatch(/no host name ssh takes/);
      const opened = await host.addRemote(sshd.address(farRoot), FAR_COMMAND);
      expect(opened).toEqual({ ok: true, root: localRoot });
      const frame = await host.call(1, 'listRuns', {});
      const answer = decodeWireMessage(frame, nodeTextCodec) as { ok: true; result: RunSummary[] };
      expect(answer.result.filter((run) => run.id.startsWith('127.0.0.1/'))).toHaveLength(3);
      const info = decodeWireMessage(await host.call(1, 'storeInfo', {}), nodeTextCodec) as {
        result: StoreInfo;
      };
      expect(info.result.sources.map((source) => source.name)).toEqual([
        'local-store',
        '127.0.0.1',
      ]);
    } finally {
      await host.close();
    }
  });

  it('is served to a browser by `serve`, its export refused with the command that prints it', async () => {
    const backend = await Backend.open([localRoot, sshd.address(farRoot)], { remote: remote() });
    const running = await serve(backend, {
      token: 'remote-test-token-0123456789',
      rendererDir: fakeRenderer(newDir()),
    });
    try {
      const client = await WsClient.connect(running.port, 'remote-test-token-0123456789');
      const runs = await client.ok({ op: 'listRuns' });
      expect(runs.filter((run) => run.id.startsWith('127.0.0.1/'))).toHaveLength(3);
      await client.close();
      const response = await fetch(`http://127.0.0.1:${running.port}/api/export`, {
        headers: { Authorization: 'Bearer remote-test-token-0123456789' },
      });
      expect(response.status).toBe(501);
      expect(await response.text()).toMatch(/munin-view export ssh:\/\//);
    } finally {
      await running.close();
      await backend.close();
    }
  });

  it('exports and plots through ssh exactly as the far machine does', async () => {
    const ended = join(newDir(), 'ended-store');
    mkdirSync(join(ended, 'runs'), { recursive: true });
    writeEndedRun(ended, '20261101T000000Z-exp00001', { steps: 40, tags: ['a'], notes: 'n' });
    const flags = ['--ssh-command', sshd.sshCommand, '--remote-command', FAR_COMMAND];
    const far = await runCli(['export', sshd.address(ended), ...flags]);
    const local = await runCli(['export', ended]);
    expect(far.status).toBe(0);
    expect(far.stdout).toBe(local.stdout);
    const farPlot = await runCli([
      'plot',
      sshd.address(ended),
      'exp00001',
      '--width',
      '60',
      ...flags,
    ]);
    const localPlot = await runCli(['plot', ended, 'exp00001', '--width', '60']);
    expect(farPlot.status).toBe(0);
    expect(farPlot.stdout).toBe(localPlot.stdout);
    // A far path that is no store: the far side's message, and its exit status.
    const nowhere = await runCli(['export', sshd.address(join(ended, 'no-such')), ...flags]);
    const nowhereLocal = await runCli(['export', join(ended, 'no-such')]);
    expect(nowhere.status).toBe(2);
    expect(nowhere.stderr).toBe(nowhereLocal.stderr);
  });

  it('says ssh refused the key, never asking, and exits non-zero', async () => {
    const cli = await runCli([
      'export',
      sshd.address(farRoot),
      '--ssh-command',
      sshd.refusedKeyCommand,
      '--remote-command',
      FAR_COMMAND,
    ]);
    expect(cli.status).toBe(255);
    expect(cli.stderr).toMatch(/ssh to 127\.0\.0\.1 was refused/);
    expect(cli.stderr).toMatch(/Permission denied \(publickey\)/);
    const opening = Backend.open([sshd.address(farRoot)], {
      remote: { sshCommand: sshd.refusedKeyCommand, remoteCommand: FAR_COMMAND },
    });
    await expect(opening).rejects.toThrow(StoreError);
    await expect(opening).rejects.toThrow(/was refused.*Permission denied/s);
  });

  it('says a host key is not known, with the command that confirms it', async () => {
    const opening = Backend.open([sshd.address(farRoot)], {
      remote: { sshCommand: sshd.unknownHostCommand, remoteCommand: FAR_COMMAND },
    });
    await expect(opening).rejects.toThrow(/host key is not known here.*`ssh 127\.0\.0\.1`/s);
  });

  it('says munin-view is not on the far machine, and the one command that installs it', async () => {
    const opening = Backend.open([sshd.address(farRoot)], {
      remote: { sshCommand: sshd.sshCommand, remoteCommand: 'munin-view-not-installed-here' },
    });
    await expect(opening).rejects.toThrow(/munin-view is not installed on 127\.0\.0\.1/);
    await expect(opening).rejects.toThrow(INSTALL_COMMAND);
    const cli = await runCli([
      'export',
      sshd.address(farRoot),
      '--ssh-command',
      sshd.sshCommand,
      '--remote-command',
      'munin-view-not-installed-here',
    ]);
    expect(cli.status).toBe(127);
    expect(cli.stderr).toContain(INSTALL_COMMAND);
    expect(cli.stderr).toContain('Node ≥ 20');
  });

  it('follows a far live run as it grows, and tells its end as the far host saw it', async () => {
    const backend = await Backend.open([localRoot, sshd.address(farRoot)], { remote: remote() });
    try {
      let client: ApiClient | null = null;
      const session = backend.connect((deltas) => {
        for (const delta of deltas) client?.receive(delta);
      });
      client = new ApiClient((request) => session.request(request));
      const id = `127.0.0.1/${LIVE}`;
      await client.subscribe([id]);
      const held = client.held.get(id)!;
      expect(held.count('loss')).toBe(25);
      for (let step = 25; step < 40; step++)
        await writer.append(handle, metricsLine(step, { loss: 1 / (step + 1) }));
      await waitUntil('the samples written since', () => held.count('loss') === 40, 15_000);
      await writer.append(handle, endLine('finished'));
      await writer.close(handle);
      await waitUntil(
        'the end, as the far host saw it',
        () => client!.of('health', (delta) => delta.event.runId === id).length > 0,
        15_000,
      );
      expect(client.of('health').map((delta) => [delta.event.runId, delta.event.kind])).toEqual([
        [id, 'finished'],
      ]);
      await waitUntil(
        'its summary',
        () => backend.listRuns().find((run) => run.id === id)?.status === 'finished',
      );
      const events = await ask(session, { op: 'healthEvents' });
      expect(events.map((event) => [event.runId, event.kind])).toEqual([[id, 'finished']]);
      expect(client.seqProblems).toEqual([]);
      expect(held.count('loss')).toBe(40);
      session.close();
    } finally {
      await backend.close();
    }
  });

  it("ends with ssh's message when the host cannot be reached", async () => {
    const cli = await runCli([
      'export',
      `ssh://${sshd.user}@127.0.0.1:1/x`,
      '--ssh-command',
      sshd.sshCommand,
    ]);
    expect(cli.status).toBe(255);
    expect(cli.stderr).toMatch(/cannot reach 127\.0\.0\.1: .*Connection refused/);
  });
});
