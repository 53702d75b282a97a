// A big event stream is read on worker threads, as a big munin log is: listed once read, with
// the summary, detail and series a read on the host's thread gives, its progress told meanwhile,
// and exported meanwhile as it is on disk.

import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import { StreamRun } from '../../electron/sources/jsonl/stream-run.js';
import { streamLocation } from '../../electron/sources/jsonl/stream-files.js';
import { StreamSource } from '../../electron/sources/jsonl/stream-source.js';
import type { SourceRun } from '../../electron/sources/run-source.js';
import { generateEventStream } from '../bench/generate-stream.js';
import { annotationLine, metricLine, openLine, START_MS } from '../support/event-writer.js';
import { samplesOf, tempFolders } from './stream-fixture.js';

const folder = tempFolders();
const backends: Backend[] = [];
const sources: StreamSource[] = [];
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
  for (const source of sources.splice(0)) await source.close();
});

/** A stream of 6 MB in a fresh folder, with a resume, damage and orphans past its plain lines. */
function bigStream(): { dir: string; path: string } {
  const dir = folder();
  const path = join(dir, 'train.jsonl');
  generateEventStream(path, 6e6);
  appendFileSync(
    path,
    [
      openLine(START_MS),
      '{"ts_ms":1,"kind":"metric"',
      annotationLine(START_MS, 10, 'resumed from /tmp/ckpt/step-10', { checkpoint: '/tmp/x' }),
      metricLine(START_MS, 11, 'train/loss', 0.25, { split: 'train', stage: 'hard' }),
      '',
    ].join('\n'),
  );
  return { dir, path };
}

describe('a big stream read on worker threads', () => {
  it('is listed once read, as a read on this thread reads it, and exported meanwhile', async () => {
    const { dir, path } = bigStream();
    const backend = await Backend.open(dir, { threadedReadBytes: 1024, watch: { mode: 'events' } });
    backends.push(backend);
    const info = backend.storeInfo();
    expect(info.reading.map((r) => r.runId)).toEqual(['train.jsonl']);
    expect(backend.listRuns()).toEqual([]);
    const exported = JSON.parse([...backend.exportPieces()].join('')) as { runs: { id: string }[] };
    expect(exported.runs.map((run) => run.id)).toEqual(['train.jsonl']);
    const deadline = Date.now() + 30_000;
    while (backend.storeInfo().runsToRead > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));

    const here = new StreamRun(dir, 'train.jsonl', path);
    here.refresh();
    const [listed] = backend.listRuns();
    // The host adds the health it monitors; a run knows none of its own.
    expect({ ...listed, health: null }).toEqual(here.summary());
  });

  it('gives the detail and series of a read on this thread, its reading told first', async () => {
    const { dir, path } = bigStream();
    const source = new StreamSource(streamLocation(dir)!, {
      threadedReadBytes: 1024,
      watch: { mode: 'events' },
    });
    sources.push(source);
    const told: string[] = [];
    let added: SourceRun | null = null;
    await source.open({
      runAdded: (run) => {
        told.push(`added ${run.id}`);
        added = run;
      },
      readingStarted: (runId) => told.push(`reading ${runId}`),
      runChanged: () => undefined,
      artifactsChanged: () => undefined,
    });
    const deadline = Date.now() + 30_000;
    while (added === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(told).toEqual(['reading train.jsonl', 'added train.jsonl']);
    const threaded = added! as StreamRun;
    const here = new StreamRun(dir, 'train.jsonl', path);
    here.refresh();
    expect(threaded.detail()).toEqual(here.detail());
    expect(here.detail().orphans.length).toBeGreaterThan(0);
    for (const key of ['train/loss', 'train/acc', 'rate/tokens'])
      expect(samplesOf(threaded, key)).toEqual(samplesOf(here, key));
  });
});
