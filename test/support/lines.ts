// Builders of log lines as a munin writer writes them, for fixtures; edge cases write raw text.

import { encodeFloat } from '../../shared/format/values.js';
import { encodeJsonString } from '../../shared/format/json.js';

export const START_TIME = 1793541787.25;

/** A start record of format 1; `extra` is raw JSON members appended, such as `,"steps":9`. */
export function startLine(extra = '', experiment = 'exp'): string {
  return `{"type":"start","time":${encodeFloat(START_TIME)},"format":1,"experiment":${encodeJsonString(experiment)},"params":{}${extra}}`;
}

function samples(values: Readonly<Record<string, number>>): string {
  return Object.entries(values)
    .map(([key, value]) => `${encodeJsonString(key)}:${encodeFloat(value)}`)
    .join(',');
}

export function metricsLine(
  step: number,
  values: Readonly<Record<string, number>>,
  time = START_TIME + 1 + step,
): string {
  return `{"type":"metrics","time":${encodeFloat(time)},"step":${step},"values":{${samples(values)}}}`;
}

export function readingLine(
  step: number,
  values: Readonly<Record<string, number>>,
  time = START_TIME + 1.5 + step,
): string {
  return `{"type":"reading","time":${encodeFloat(time)},"step":${step},"values":{${samples(values)}}}`;
}

export function metricLine(
  key: string,
  goal?: 'minimize' | 'maximize',
  stepMetric?: string,
): string {
  return (
    `{"type":"metric","time":${encodeFloat(START_TIME + 0.5)},"key":${encodeJsonString(key)}` +
    (goal !== undefined ? `,"goal":"${goal}"` : '') +
    (stepMetric !== undefined ? `,"step_metric":${encodeJsonString(stepMetric)}` : '') +
    '}'
  );
}

export function resumeLine(step: number, time = START_TIME + 5000): string {
  return `{"type":"resume","time":${encodeFloat(time)},"step":${step},"provenance":{"pid":7}}`;
}

export function fileLine(key: string, step: number, path: string): string {
  return `{"type":"file","time":${encodeFloat(START_TIME + 2)},"key":${encodeJsonString(key)},"step":${step},"path":${encodeJsonString(path)}}`;
}

/** A summary record; `values` is the raw JSON text of the values object. */
export function summaryLine(values: string): string {
  return `{"type":"summary","time":${encodeFloat(START_TIME + 3)},"values":${values}}`;
}

export function useLine(name: string, version: number): string {
  return `{"type":"use","time":${encodeFloat(START_TIME + 4)},"name":${encodeJsonString(name)},"version":${version}}`;
}

export function endLine(status: 'finished' | 'failed' | 'killed', error?: string): string {
  return (
    `{"type":"end","time":${encodeFloat(START_TIME + 9000)},"status":"${status}"` +
    (error !== undefined ? `,"error":${encodeJsonString(error)}` : '') +
    '}'
  );
}

/** Lines joined as a log: each followed by a line feed. */
export function logText(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}
