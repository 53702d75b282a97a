// JSONL event streams get the health munin runs get: a stream that stops growing stalls and
// writes again, its first NaN is told, a `failed:` annotation fails it with its error, a done
// finishes it.

import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import type { HealthEvent } from '../../shared/api/health.js';
import { EventWriter } from '../support/event-writer.js';
import { ApiClient } from '../support/live-client.js';
import { liveDirs, waitUntil } from '../support/live-scratch.js';

const newDir = liveDirs();
const opened: Backend[] = [];
afterEach(async () => {
  for (const backend of opened.splice(0)) await backend.close();
});

describe('health of event streams', () => {
  it('stalls, writes again, tells a NaN, fails with its error and finishes with done', async () => {
    const folder = newDir();
    mkdirSync(join(folder, 'sweep'));
    const failing = new EventWriter(join(folder, 'sweep', 'a.jsonl')).open('a');
    const finishing = new EventWriter(join(folder, 'sweep', 'b.jsonl')).open('b');
    failing.metric(0, 'loss', 1);
    finishing.metric(0, 'loss', 1);
    const backend = await Backend.open(folder, {
      watch: { mode: 'events' },
      statusIntervalMs: 200,
      healthTickMs: 50,
      health: { stallAfter: 1, stallFactor: 2 },
    });
    opened.push(backend);
    let client: ApiClient | null = null;
    const session = backend.connect((deltas) => deltas.forEach((d) => client!.receive(d)));
    client = new ApiClient((request) => session.request(request));
    const events = (): HealthEvent[] => client!.of('health').map((d) => d.event);
    const of = (kind: string, runId: string) =>
      events().filter((e) => e.kind === kind && e.runId === runId);
    const a = 'sweep/a.jsonl';
    const b = 'sweep/b.jsonl';

    await waitUntil(
      'both stalled',
      () => of('stalled', a).length + of('stalled', b).length === 2,
      6000,
    );
    failing.metric(1, 'loss', Number.NaN);
    await waitUntil('writing and the NaN', () => of('nonfinite', a).length === 1, 6000);
    expect(of('writing', a)).toHaveLength(1);
    expect(of('nonfinite', a)[0]).toMatchObject({ key: 'loss', step: 1 });
    failing.annotation(1, 'failed: CUDA out of memory', { error: 'CUDA out of memory' });
    finishing.metric(1, 'loss', 0.5).done('b');
    await waitUntil(
      'the ends',
      () => of('failed', a).length + of('finished', b).length === 2,
      6000,
    );
    expect(of('failed', a)[0]!.error).toMatch(/CUDA out of memory/);
    const runs = await client.ok({ op: 'listRuns' });
    expect(runs.find((run) => run.id === a)?.health?.nonFinite.map((s) => s.key)).toEqual(['loss']);
  });
});
