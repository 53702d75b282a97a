// stats.json, the statistics hint of an ended run: writing it, and reading it only when it
// parses and its format, rules and length match.

import type { JsonObject, JsonValue } from './json.js';
import { encodeJsonString, parseJson } from './json.js';
import { FORMAT_VERSION, STATS_RULES } from './records.js';
import type { Goal, SeriesKind } from './records.js';
import { decodeFloat, decodeInteger, decodeStep, encodeFloat } from './values.js';
import type { KeyStatistics, Sample } from '../series/statistics.js';
import { isKey } from './names.js';

function encodeSample(sample: Sample): string {
  return `{"step":${sample.step},"time":${encodeFloat(sample.time)},"value":${encodeFloat(sample.value)}}`;
}

/** One key's statistics as stats.json and the export lay them out. */
export function encodeKeyStatistics(stats: KeyStatistics): string {
  let out = `{"kind":"${stats.kind}"`;
  if (stats.goal !== null) out += `,"goal":"${stats.goal}"`;
  out += `,"count":${stats.count},"last":${encodeSample(stats.last)}`;
  if (stats.finite !== null) {
    const { least, greatest, mean } = stats.finite;
    out += `,"finite":{"least":${encodeFloat(least)},"greatest":${encodeFloat(greatest)},"mean":${encodeFloat(mean)}}`;
  }
  if (stats.nonFinite !== null) {
    out += `,"non_finite":{"count":${stats.nonFinite.count},"first":${encodeSample(stats.nonFinite.first)}}`;
  }
  return `${out}}`;
}

export function encodeKeyStatisticsMap(keys: ReadonlyMap<string, KeyStatistics>): string {
  const parts: string[] = [];
  for (const [key, stats] of keys)
    parts.push(`${encodeJsonString(key)}:${encodeKeyStatistics(stats)}`);
  return `{${parts.join(',')}}`;
}

/** The text of stats.json for a log of `length` bytes. */
export function encodeStatsHint(length: number, keys: ReadonlyMap<string, KeyStatistics>): string {
  return `{"format":${FORMAT_VERSION},"rules":${STATS_RULES},"length":${length},"keys":${encodeKeyStatisticsMap(keys)}}`;
}

function decodeSample(json: JsonValue | undefined): Sample | undefined {
  if (!(json instanceof Map)) return undefined;
  const step = decodeStep(json.get('step'));
  const time = decodeFloat(json.get('time'));
  const value = decodeFloat(json.get('value'));
  if (step === undefined || time === undefined || value === undefined) return undefined;
  return { step, time, value };
}

function decodeCount(json: JsonValue | undefined): number | undefined {
  const n = decodeInteger(json);
  return n !== undefined && n >= 0n && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : undefined;
}

function decodeKeyStatistics(json: JsonValue | undefined): KeyStatistics | undefined {
  if (!(json instanceof Map)) return undefined;
  const kind = json.get('kind');
  const goal = json.get('goal') ?? null;
  const count = decodeCount(json.get('count'));
  const last = decodeSample(json.get('last'));
  if (kind !== 'metric' && kind !== 'reading') return undefined;
  if (goal !== null && goal !== 'minimize' && goal !== 'maximize') return undefined;
  if (count === undefined || last === undefined) return undefined;
  let finite: KeyStatistics['finite'] = null;
  const finiteJson = json.get('finite');
  if (finiteJson !== undefined) {
    if (!(finiteJson instanceof Map)) return undefined;
    const least = decodeFloat(finiteJson.get('least'));
    const greatest = decodeFloat(finiteJson.get('greatest'));
    const mean = decodeFloat(finiteJson.get('mean'));
    if (least === undefined || greatest === undefined || mean === undefined) return undefined;
    finite = { least, greatest, mean };
  }
  let nonFinite: KeyStatistics['nonFinite'] = null;
  const nonFiniteJson = json.get('non_finite');
  if (nonFiniteJson !== undefined) {
    if (!(nonFiniteJson instanceof Map)) return undefined;
    const nonFiniteCount = decodeCount(nonFiniteJson.get('count'));
    const first = decodeSample(nonFiniteJson.get('first'));
    if (nonFiniteCount === undefined || first === undefined) return undefined;
    nonFinite = { count: nonFiniteCount, first };
  }
  return { kind: kind as SeriesKind, goal: goal as Goal | null, count, last, finite, nonFinite };
}

/**
 * The statistics of a stats.json hint, or undefined when the hint may not be used: it does not
 * parse, or its format, rules or length differ from this reader's and the log's.
 */
export function decodeStatsHint(
  bytes: Uint8Array,
  logLength: number,
): Map<string, KeyStatistics> | undefined {
  const json = parseJson(bytes);
  if (!(json instanceof Map)) return undefined;
  if (decodeInteger(json.get('format')) !== BigInt(FORMAT_VERSION)) return undefined;
  if (decodeInteger(json.get('rules')) !== BigInt(STATS_RULES)) return undefined;
  if (decodeInteger(json.get('length')) !== BigInt(logLength)) return undefined;
  const keysJson = json.get('keys');
  if (!(keysJson instanceof Map)) return undefined;
  const out = new Map<string, KeyStatistics>();
  for (const [key, member] of keysJson as JsonObject) {
    const stats = decodeKeyStatistics(member);
    if (stats === undefined || !isKey(key)) return undefined;
    out.set(key, stats);
  }
  return out;
}
