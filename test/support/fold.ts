// Folding log lines held in memory through RunLog, and reading its series back as arrays.

import { RunLog } from '../../electron/store/log/run-fold.js';

/** A line's bytes followed by its line feed, as a reader's buffer holds it. */
export function lineBytes(line: string | Uint8Array): Uint8Array {
  const body = typeof line === 'string' ? Buffer.from(line, 'utf8') : line;
  const out = new Uint8Array(body.length + 1);
  out.set(body);
  out[body.length] = 0x0a;
  return out;
}

/** Applies one line (without its line feed) to log. */
export function applyLine(log: RunLog, line: string | Uint8Array): void {
  const bytes = lineBytes(line);
  log.applyLine(bytes, 0, bytes.length - 1);
}

export function foldLines(lines: readonly (string | Uint8Array)[], log = new RunLog()): RunLog {
  for (const line of lines) applyLine(log, line);
  return log;
}

export type SampleTriple = [step: number, time: number, value: number];

export function samplesOf(log: RunLog, key: string): SampleTriple[] | undefined {
  const series = log.series.get(key);
  if (series === undefined) return undefined;
  const out: SampleTriple[] = [];
  const { samples } = series;
  for (let i = 0; i < samples.length; i++)
    out.push([samples.step(i), samples.time(i), samples.value(i)]);
  return out;
}

/** Every series as key -> kind and samples, for comparing whole folds. */
export function allSeries(log: RunLog): Record<string, { kind: string; samples: SampleTriple[] }> {
  const out: Record<string, { kind: string; samples: SampleTriple[] }> = {};
  for (const [key, series] of log.series)
    out[key] = { kind: series.kind, samples: samplesOf(log, key)! };
  return out;
}
