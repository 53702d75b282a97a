// Logs with lines hundreds of MiB long for hostile tests, written a MiB at a time, and the CPU
// time a child has used, read from /proc.

import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { MiB } from './harness.js';

/** Valid records: a start and `steps` metrics lines of loss, from step `from`. */
export function recordsText(steps: number, from = 0, withStart = true): string {
  let text = withStart
    ? '{"type":"start","time":1793541787.25,"format":1,"experiment":"exp","params":{}}\n'
    : '';
  for (let step = from; step < from + steps; step++)
    text += `{"type":"metrics","time":${1793541788 + step}.5,"step":${step},"values":{"loss":${1 / (step + 1)}}}\n`;
  return text;
}

/** Writes runs/<id>/events.jsonl: `head`, then `fillBytes` bytes of x, then `tail`. */
export function writeLongLog(
  root: string,
  id: string,
  head: string,
  fillBytes: number,
  tail = '',
): string {
  const dir = join(root, 'runs', id);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'events.jsonl');
  writeFileSync(path, head);
  const block = Buffer.alloc(MiB, 'x');
  for (let left = fillBytes; left > 0; left -= MiB)
    appendFileSync(path, left >= MiB ? block : block.subarray(0, left));
  appendFileSync(path, tail);
  return path;
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout);

/** The CPU seconds, user and system, that the process pid has used so far. */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 of these.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}
