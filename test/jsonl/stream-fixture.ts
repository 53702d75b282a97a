// Streams in fresh temp folders, read as the host reads them: a StreamRun refreshed, exported.

import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { StreamRun } from '../../electron/sources/jsonl/stream-run.js';
import { EventWriter } from '../support/event-writer.js';

/** A maker of fresh folders, all removed after the file's tests. */
export function tempFolders(): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'munin-view-jsonl-')));
    made.push(dir);
    return dir;
  };
}

/** A writer of a new stream in `dir` and the run that follows it (not read yet). */
export function stream(dir: string, name = 'train.jsonl'): { writer: EventWriter; run: StreamRun } {
  const path = join(dir, name);
  const writer = new EventWriter(path);
  return { writer, run: new StreamRun(dir, name, path) };
}

/** A stream of `lines` read whole. */
export function readLines(dir: string, lines: readonly string[], name = 'train.jsonl'): StreamRun {
  const { writer, run } = stream(dir, name);
  for (const line of lines) writer.line(line);
  run.refresh();
  return run;
}

export function exportText(run: StreamRun): string {
  return [...run.exportPieces()].join('');
}

/** A key's samples as [step, time, value] triples. */
export function samplesOf(run: StreamRun, key: string): number[][] {
  const columns = run.columns(key);
  if (columns === undefined) return [];
  return [...columns.steps].map((step, i) => [step, columns.times[i]!, columns.values[i]!]);
}

/** A key's steps. */
export function stepsOf(run: StreamRun, key: string): number[] {
  return [...(run.columns(key)?.steps ?? [])];
}

/** A whole-view envelope's raw points' steps and values, for a request's narrowing. */
export function envelopeOf(
  run: StreamRun,
  key: string,
  extra: { filter?: { label: string; value: string }; copy?: 'series' | 'orphans' } = {},
): { steps: number[]; values: number[]; total: number } | { refused: string } {
  const answer = run.envelope({
    op: 'envelope',
    runId: run.id,
    key,
    x: 'step',
    x0: -1,
    x1: 1e6,
    width: 10_000,
    ...extra,
  });
  if ('refused' in answer) return answer;
  return { steps: [...answer.raw.steps], values: [...answer.raw.values], total: answer.total };
}
