// The demo's voice-agent run: it logs a file of every kind the Files tab plays or reads (WAV
// audio, WebM episodes, a CSV whose input column names the spectrograms it logged, a report),
// every file whole and of the bytes its extension says; and the demo's episode is the fixture.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { RunRead } from '../../electron/store/log/read-run.js';
import { readRun } from '../../electron/store/log/read-run.js';
import { listRunIds } from '../../electron/store/store.js';
import { writeDemoStore } from '../../electron/demo/demo-store.js';
import { episodeWebm } from '../../electron/demo/episode-video.js';
import { typeOfLoggedFile } from '../../electron/store/logged-files.js';
import { audioFormat } from '../../renderer/src/files/audio/audio-format.js';
import { fixture } from '../support/fixture-files.js';

let dir: string;
let run: RunRead;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'munin-demo-media-'));
  const root = join(dir, 'store');
  writeDemoStore(root, { seed: 3, now: 1_796_000_000 });
  run = listRunIds(root)
    .map((id) => readRun(root, id))
    .find((r) => r.log.start!.name === 'gridworld-commands')!;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytesOf = (path: string): Buffer => readFileSync(join(run.dir, path));

describe('the demo’s voice-agent run', () => {
  it('logs audio, video, a table, images and a report at each evaluation', () => {
    const kinds = new Map<string, Set<string>>();
    for (const file of run.log.files) {
      const set = kinds.get(file.key) ?? new Set();
      set.add(typeOfLoggedFile(file.path).kind);
      kinds.set(file.key, set);
    }
    expect(Object.fromEntries([...kinds].map(([key, set]) => [key, [...set]]))).toEqual({
      'samples/inputs': ['image'],
      'eval/heard': ['table'],
      'samples/command': ['audio'],
      'episodes/rollout': ['video'],
      'eval/report': ['markdown'],
    });
    const steps = (key: string) => [
      ...new Set(run.log.files.filter((f) => f.key === key).map((f) => f.step)),
    ];
    expect(steps('samples/command')).toEqual([0, 200, 400, 600]);
    expect(steps('episodes/rollout')).toEqual([0, 200, 400, 600]);
  });

  it('writes WAVs of 16 kHz mono and the episode’s WebM', () => {
    const command = run.log.files.find((f) => f.key === 'samples/command')!;
    expect(audioFormat(bytesOf(command.path))).toEqual({
      codec: 'WAV',
      sampleRate: 16_000,
      channels: 1,
    });
    const rollout = run.log.files.find((f) => f.key === 'episodes/rollout')!;
    expect(bytesOf(rollout.path).equals(episodeWebm())).toBe(true);
  });

  it('names in each table row a spectrogram the run logged at that step', () => {
    const logged = new Set(run.log.files.map((f) => f.path));
    for (const table of run.log.files.filter((f) => f.key === 'eval/heard')) {
      const parsed = Papa.parse<Record<string, string>>(bytesOf(table.path).toString('utf8'), {
        header: true,
        skipEmptyLines: true,
      });
      expect(parsed.errors).toEqual([]);
      expect(parsed.meta.fields).toEqual(['id', 'input', 'spoken', 'heard', 'confidence']);
      expect(parsed.data).toHaveLength(8);
      for (const row of parsed.data) {
        expect(logged.has(row['input']!), row['input']).toBe(true);
        expect(row['input']).toMatch(
          new RegExp(`^files/samples/inputs/${table.step}(-\\d+)?\\.png$`),
        );
      }
    }
  });
});

describe('the demo’s episode video', () => {
  it('is the bytes of test/fixtures/episode.webm', () => {
    expect(episodeWebm().equals(fixture('episode.webm'))).toBe(true);
  });
});
