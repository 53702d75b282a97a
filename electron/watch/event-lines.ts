// What `munin-view watch` prints of a health event: a line of words for a person, or with --json
// one JSON object for a script, numbers as the store writes them ({"float":"NaN"}).

import type { RunSummary } from '../../shared/api/contract.js';
import type { HealthEvent } from '../../shared/api/health.js';
import type { JsonObject, JsonValue } from '../../shared/format/json.js';
import { encodeJson } from '../../shared/format/json.js';
import { eventText, spanText } from '../../shared/health/health-text.js';

/**
 * {"time", "run", "event", ...detail}: step where known; key and value for nonfinite, error for
 * failed, last_write and interval for stalled.
 */
export function eventJson(event: HealthEvent): string {
  const line: [string, JsonValue][] = [
    ['time', event.time],
    ['run', event.runId],
    ['event', event.kind],
  ];
  if (event.step !== null) line.push(['step', BigInt(event.step)]);
  if (event.kind === 'nonfinite') {
    line.push(['key', event.key], ['value', event.value]);
  } else if (event.kind === 'failed') {
    line.push(['error', event.error]);
  } else if (event.kind === 'stalled') {
    line.push(['last_write', event.lastWrite], ['interval', event.interval]);
  }
  return encodeJson(new Map(line) as JsonObject);
}

/** "2026-12-04 05:30:12Z  resnet18 (20261203T202259Z-7e444c94)  stalled: last wrote ...". */
export function eventLine(event: HealthEvent, run: RunSummary | undefined): string {
  return runLine(event.time, event.runId, run, eventText(event));
}

/**
 * What --once says of a run's state now: "writing: last wrote 2 s ago, usually every 0.1 s",
 * stalled, or crashed (an event's words are for a change: "writing again").
 */
export function stateLine(event: HealthEvent, run: RunSummary): string {
  if (event.kind !== 'writing') return eventLine(event, run);
  const usually = run.health?.interval ?? null;
  const words =
    `writing: last wrote ${spanText(Math.max(0, event.time - run.lastWrite))} ago` +
    (usually === null ? '' : `, usually every ${spanText(usually)}`);
  return runLine(event.time, event.runId, run, words);
}

function runLine(time: number, runId: string, run: RunSummary | undefined, words: string): string {
  const when = new Date(time * 1000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z');
  const name = run?.name ?? run?.experiment ?? null;
  const who = name === null ? runId : `${name} (${runId})`;
  return printable(`${when}  ${who}  ${words}`);
}

/**
 * The text with control characters written as escapes: a run's name or error is the store's to
 * say, and a line feed or a terminal's escape in it must not reach the terminal as one.
 */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    const code = c.charCodeAt(0).toString(16).padStart(2, '0');
    return `\\x${code}`;
  });
}
