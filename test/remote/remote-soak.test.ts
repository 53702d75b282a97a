// Soak across dropped links: a live run written by an independent writer on the "far" machine
// (through a real sshd), followed here by a subscriber of the near Backend while the ssh link is
// cut again and again; every sample arrives once, in order, as the far log holds it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import { openRunsSource } from '../../electron/sources/open-source.js';
import type { RemoteSource } from '../../electron/sources/remote/remote-source.js';
import type { Delta } from '../../shared/api/contract.js';
import { REPO } from '../serve/harness.js';
import { ApiClient } from '../support/live-client.js';
import { freshRead, heldDifference } from '../support/live-model.js';
import { liveDirs, liveWriters, waitUntil } from '../support/live-scratch.js';
import { logPathOf, startLiveRun } from '../support/live-store.js';
import type { TestSshd } from '../support/sshd.js';
import { sshdMissing, startSshd } from '../support/sshd.js';

const missing = sshdMissing();
if (missing !== null) console.warn(`skipping the ssh soak: ${missing}`);

const SAMPLES = Number(process.env['MUNIN_REMOTE_SOAK_SAMPLES'] ?? 200_000);
const DURATION_MS = Math.max(4000, Math.round((20_000 * SAMPLES) / 200_000));
/** Links cut while the run is written, evenly. */
const CUTS = Number(process.env['MUNIN_REMOTE_SOAK_CUTS'] ?? 4);
const FAR_COMMAND = `${process.execPath} ${join(REPO, 'bin', 'munin-view.js')}`;

const newDir = liveDirs();
const startWriter = liveWriters();

describe.skipIf(missing !== null)('soak through ssh, the link cut', () => {
  let sshd: TestSshd;
  beforeAll(async () => {
    sshd = await startSshd(newDir());
  });
  afterAll(async () => {
    await sshd?.stop();
  });

  it(
    `${SAMPLES} samples over ${DURATION_MS} ms, the link cut ${CUTS} times: none lost or doubled`,
    async () => {
      const root = join(newDir(), 'store');
      mkdirSync(join(root, 'runs'), { recursive: true });
      const id = '20261201T000000Z-soak0001';
      const writer = startWriter();
      const handle = await startLiveRun(writer, root, id);
      const source = openRunsSource([sshd.address(root)], {
        remote: { sshCommand: sshd.sshCommand, remoteCommand: FAR_COMMAND },
      }) as RemoteSource;
      const backend = await Backend.openSource(source);
      try {
        let client: ApiClient | null = null;
        const session = backend.connect((deltas: readonly Delta[]) => {
          for (const delta of deltas) client?.receive(delta);
        });
        client = new ApiClient((request) => session.request(request));
        await client.subscribe([id]);
        const started = Date.now();
        const soaking = writer.soak(handle, {
          seed: 20261202,
          samples: SAMPLES,
          durationMs: DURATION_MS,
        });
        let cut = 0;
        const cutting = (async () => {
          for (; cut < CUTS; cut++) {
            const due = started + ((cut + 1) * DURATION_MS) / (CUTS + 1);
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
            // The link is up (it came back from the last cut) before it is cut again.
            await waitUntil(
              'the link up',
              () => backend.storeInfo().sources[0]!.remote!.state === 'connected',
              30_000,
            );
            process.kill(source.connectionPid!, 'SIGKILL');
          }
        })();
        const written = await soaking;
        await cutting;
        const total = Object.values(written.counts).reduce((sum, n) => sum + n, 0);
        const held = () => client!.held.get(id)!;
        await waitUntil(
          'every sample here',
          () =>
            backend.storeInfo().sources[0]!.remote!.state === 'connected' &&
            held().totalSamples >= total,
          60_000,
        );
        const received = held().totalSamples;
        const { log } = freshRead(logPathOf(root, id));
        const difference = heldDifference(held(), log);
        const heldCounts: Record<string, number> = {};
        for (const [key, series] of held().series) heldCounts[key] = series.length;
        const reconnects = source.connections - 1;
        process.stdout.write(
          `${JSON.stringify({
            soak: 'remote',
            samplesWritten: total,
            samplesReceived: received,
            doubled: Math.max(0, received - total),
            lost: Math.max(0, total - received),
            differences: difference === null ? 0 : 1,
            reconnects,
            cuts: cut,
            seqProblems: client.seqProblems.length,
            resets: client.of('run-reset').length,
            ms: Date.now() - started,
          })}\n`,
        );
        expect(client.seqProblems).toEqual([]);
        expect(difference).toBeNull();
        expect(heldCounts).toEqual(written.counts);
        expect(received).toBe(SAMPLES);
        expect(reconnects).toBe(CUTS);
        session.close();
      } finally {
        await backend.close();
        await writer.exit();
      }
    },
    DURATION_MS + 180_000,
  );
});
