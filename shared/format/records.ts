// The log's records: their types, reading one whole line into a record (or "damaged"), and
// writing a record as the line a munin writer writes.

import type { JsonObject, JsonValue } from './json.js';
import { encodeJson, encodeJsonString, parseJson } from './json.js';
import type { ValueMap } from './values.js';
import {
  decodeFloat,
  decodeInteger,
  decodeStep,
  decodeValueMap,
  encodeFloat,
  encodeValueMap,
} from './values.js';
import { isKey, isSegment, isText } from './names.js';

/** The format version this reader reads and writes. */
export const FORMAT_VERSION = 1;
/** The version of the statistics rules computed and read in a stats.json hint. */
export const STATS_RULES = 2;

export type Goal = 'minimize' | 'maximize';
export type EndStatus = 'finished' | 'failed' | 'killed';
export type SeriesKind = 'metric' | 'reading';

export interface StartRecord {
  readonly type: 'start';
  readonly time: number;
  readonly experiment: string;
  readonly name: string | null;
  readonly parent: string | null;
  readonly steps: number | null;
  readonly params: ValueMap;
  readonly provenance: JsonObject | null;
}
export interface MetricRecord {
  readonly type: 'metric';
  readonly time: number;
  readonly key: string;
  readonly goal: Goal | null;
  readonly stepMetric: string | null;
}
export interface SamplesRecord {
  readonly type: 'metrics' | 'reading';
  readonly time: number;
  readonly step: number;
  readonly values: ReadonlyMap<string, number>;
}
export interface FileRecord {
  readonly type: 'file';
  readonly time: number;
  readonly key: string;
  readonly step: number;
  readonly path: string;
}
export interface SummaryRecord {
  readonly type: 'summary';
  readonly time: number;
  readonly values: ValueMap;
}
export interface UseRecord {
  readonly type: 'use';
  readonly time: number;
  readonly name: string;
  readonly version: number;
}
export interface ResumeRecord {
  readonly type: 'resume';
  readonly time: number;
  readonly step: number;
  readonly provenance: JsonObject | null;
}
export interface EndRecord {
  readonly type: 'end';
  readonly time: number;
  readonly status: EndStatus;
  readonly error: string | null;
}

export type LogRecord =
  | StartRecord
  | MetricRecord
  | SamplesRecord
  | FileRecord
  | SummaryRecord
  | UseRecord
  | ResumeRecord
  | EndRecord;

/** A start of another format version: the run is unreadable to this reader. */
export interface ForeignStart {
  readonly type: 'foreign-start';
  readonly format: string;
}

export type ParsedLine = LogRecord | ForeignStart | undefined;

/** Reads one whole line (without its line feed); undefined when the line is damaged. */
export function parseLogLine(bytes: Uint8Array, start: number, end: number): ParsedLine {
  const json = parseJson(bytes, start, end);
  return json instanceof Map ? recordFromJson(json) : undefined;
}

function optionalText(json: JsonValue | undefined): string | null | undefined {
  if (json === undefined) return null;
  return typeof json === 'string' && isText(json) ? json : undefined;
}

function optionalObject(json: JsonValue | undefined): JsonObject | null | undefined {
  if (json === undefined) return null;
  return json instanceof Map ? json : undefined;
}

function decodeSamples(json: JsonValue | undefined): Map<string, number> | undefined {
  if (!(json instanceof Map)) return undefined;
  const out = new Map<string, number>();
  for (const [key, member] of json as JsonObject) {
    const value = decodeFloat(member);
    if (value === undefined || !isKey(key)) return undefined;
    out.set(key, value);
  }
  return out;
}

/** Checks a parsed JSON object against the record kinds; members a kind does not define are ignored. */
export function recordFromJson(json: JsonObject): ParsedLine {
  const type = json.get('type');
  if (type === 'start') {
    const format = decodeInteger(json.get('format'));
    if (format === undefined) return undefined;
    if (format !== BigInt(FORMAT_VERSION))
      return { type: 'foreign-start', format: format.toString() };
  }
  const time = decodeFloat(json.get('time'));
  if (time === undefined) return undefined;
  switch (type) {
    case 'start': {
      const experiment = json.get('experiment');
      const name = optionalText(json.get('name'));
      const parent = optionalText(json.get('parent'));
      const stepsJson = json.get('steps');
      const steps = stepsJson === undefined ? null : decodeStep(stepsJson);
      const params = json.has('params') ? decodeValueMap(json.get('params')) : new Map();
      const provenance = optionalObject(json.get('provenance'));
      if (typeof experiment !== 'string' || !isText(experiment)) return undefined;
      if (name === undefined || parent === undefined || steps === undefined) return undefined;
      if (params === undefined || provenance === undefined) return undefined;
      return { type, time, experiment, name, parent, steps, params, provenance };
    }
    case 'metric': {
      const key = json.get('key');
      const goalJson = json.get('goal');
      const stepMetric = json.get('step_metric');
      if (typeof key !== 'string' || !isKey(key)) return undefined;
      if (goalJson !== undefined && goalJson !== 'minimize' && goalJson !== 'maximize')
        return undefined;
      if (stepMetric !== undefined && (typeof stepMetric !== 'string' || !isKey(stepMetric))) {
        return undefined;
      }
      return { type, time, key, goal: goalJson ?? null, stepMetric: stepMetric ?? null };
    }
    case 'metrics':
    case 'reading': {
      const step = decodeStep(json.get('step'));
      const values = decodeSamples(json.get('values'));
      if (step === undefined || values === undefined) return undefined;
      return { type, time, step, values };
    }
    case 'file': {
      const key = json.get('key');
      const step = decodeStep(json.get('step'));
      const path = json.get('path');
      if (typeof key !== 'string' || !isKey(key) || step === undefined) return undefined;
      if (typeof path !== 'string' || !isText(path)) return undefined;
      return { type, time, key, step, path };
    }
    case 'summary': {
      const values = decodeValueMap(json.get('values'));
      return values === undefined ? undefined : { type, time, values };
    }
    case 'use': {
      const name = json.get('name');
      const version = decodeInteger(json.get('version'));
      if (typeof name !== 'string' || !isSegment(name)) return undefined;
      if (version === undefined || version < 1n || version > BigInt(Number.MAX_SAFE_INTEGER)) {
        return undefined;
      }
      return { type, time, name, version: Number(version) };
    }
    case 'resume': {
      const step = decodeStep(json.get('step'));
      const provenance = optionalObject(json.get('provenance'));
      if (step === undefined || provenance === undefined) return undefined;
      return { type, time, step, provenance };
    }
    case 'end': {
      const status = json.get('status');
      const error = json.get('error');
      if (status !== 'finished' && status !== 'failed' && status !== 'killed') return undefined;
      if (error !== undefined && typeof error !== 'string') return undefined;
      return { type, time, status, error: status === 'failed' ? (error ?? null) : null };
    }
    default:
      return undefined;
  }
}

/** The line (without its line feed) a munin writer writes for a record. */
export function encodeRecord(record: LogRecord): string {
  const head = `{"type":"${record.type}","time":${encodeFloat(record.time)}`;
  switch (record.type) {
    case 'start': {
      let out = `${head},"format":${FORMAT_VERSION},"experiment":${encodeJsonString(record.experiment)}`;
      if (record.name !== null) out += `,"name":${encodeJsonString(record.name)}`;
      if (record.parent !== null) out += `,"parent":${encodeJsonString(record.parent)}`;
      if (record.steps !== null) out += `,"steps":${record.steps}`;
      out += `,"params":${encodeValueMap(record.params)}`;
      if (record.provenance !== null) out += `,"provenance":${encodeJson(record.provenance)}`;
      return `${out}}`;
    }
    case 'metric': {
      let out = `${head},"key":${encodeJsonString(record.key)}`;
      if (record.goal !== null) out += `,"goal":"${record.goal}"`;
      if (record.stepMetric !== null)
        out += `,"step_metric":${encodeJsonString(record.stepMetric)}`;
      return `${out}}`;
    }
    case 'metrics':
    case 'reading': {
      const parts: string[] = [];
      for (const [key, value] of record.values)
        parts.push(`${encodeJsonString(key)}:${encodeFloat(value)}`);
      return `${head},"step":${record.step},"values":{${parts.join(',')}}}`;
    }
    case 'file':
      return `${head},"key":${encodeJsonString(record.key)},"step":${record.step},"path":${encodeJsonString(record.path)}}`;
    case 'summary':
      return `${head},"values":${encodeValueMap(record.values)}}`;
    case 'use':
      return `${head},"name":${encodeJsonString(record.name)},"version":${record.version}}`;
    case 'resume':
      return `${head},"step":${record.step},"provenance":${encodeJson(record.provenance ?? new Map())}}`;
    case 'end': {
      const error = record.error !== null ? `,"error":${encodeJsonString(record.error)}` : '';
      return `${head},"status":"${record.status}"${error}}`;
    }
  }
}
