// Stores for live tests: ended runs written whole, live runs started by a writer process.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostIdentities } from '../../electron/store/identities.js';
import { hostIdentities } from '../../electron/store/identities.js';
import { tagDigest } from '../../shared/format/digest.js';
import { endLine, metricsLine, readingLine, startLine, summaryLine } from './live-lines.js';
import type { LiveWriter } from './live-writer.js';

export function runDirOf(root: string, id: string): string {
  return join(root, 'runs', id);
}

export function logPathOf(root: string, id: string): string {
  return join(root, 'runs', id, 'events.jsonl');
}

/** The writer file's text for this machine's identities. */
export function writerFileText(host: HostIdentities = hostIdentities()): string {
  return JSON.stringify({
    ...(host.machine !== null ? { machine: host.machine } : {}),
    ...(host.boot !== null ? { boot: host.boot } : {}),
  });
}

/** The path of a tag's file in a run's directory. */
export function tagPathOf(root: string, id: string, tag: string): string {
  return join(runDirOf(root, id), 'tags', tagDigest(tag));
}

/** The text of a run's log with `steps` metrics samples of loss and a reading every 4 steps. */
export function samplesText(from: number, to: number): string {
  let text = '';
  for (let step = from; step < to; step++) {
    text += metricsLine(step, { loss: 1 / (step + 1), acc: step / 1000 });
    if (step % 4 === 0) text += readingLine(step, { 'sys/cpu': (step % 10) / 10 });
  }
  return text;
}

/** Writes an ended run whole, with tags and notes, from this process. */
export function writeEndedRun(
  root: string,
  id: string,
  options: { steps?: number; tags?: readonly string[]; notes?: string; stats?: string } = {},
): void {
  const dir = runDirOf(root, id);
  mkdirSync(join(dir, 'tags'), { recursive: true });
  writeFileSync(join(dir, 'writer'), writerFileText());
  writeFileSync(
    logPathOf(root, id),
    startLine('ended', new Map([['lr', 0.25]])) +
      samplesText(0, options.steps ?? 10) +
      summaryLine(new Map([['best', 0.5]])) +
      endLine('finished'),
  );
  for (const tag of options.tags ?? []) writeFileSync(tagPathOf(root, id, tag), tag);
  if (options.notes !== undefined) writeFileSync(join(dir, 'notes'), options.notes);
  if (options.stats !== undefined) writeFileSync(join(dir, 'stats.json'), options.stats);
}

/**
 * Starts a live run in the writer process: its directory, its writer file (replaced whole),
 * then its log, locked, and `text` (a start line by default). Returns the log's handle.
 */
export async function startLiveRun(
  writer: LiveWriter,
  root: string,
  id: string,
  text: string = startLine('live'),
): Promise<number> {
  await writer.mkdir(runDirOf(root, id));
  await writer.replaceFile(join(runDirOf(root, id), 'writer'), writerFileText());
  const handle = await writer.open(logPathOf(root, id));
  if (text.length > 0) await writer.append(handle, text);
  return handle;
}
