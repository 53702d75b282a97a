// One line of a JSONL event stream read as a typed event (open, metric, annotation, done), or as
// damaged when it is not one: the seed's table of kinds and required members, strictly applied.

import type { AnnotationKind } from '../../../shared/api/contract.js';
import type { JsonObject, JsonValue } from '../../../shared/format/json.js';
import { parseJson } from '../../../shared/format/json.js';
import { isKey } from '../../../shared/format/names.js';
import { decodeFloat } from '../../../shared/format/values.js';

export interface OpenEvent {
  readonly kind: 'open';
  /** ts_ms / 1000: seconds since the epoch, as every time of the app is. */
  readonly time: number;
  readonly slug: string;
  readonly description: string;
  readonly metadata: JsonObject;
}

export interface MetricEvent {
  readonly kind: 'metric';
  readonly time: number;
  readonly step: number;
  readonly name: string;
  /** Non-finite values (bare NaN/Infinity tokens, {"float":"NaN"}) are kept as such. */
  readonly value: number;
  /** The sample's labels: split, stage, pass, ... */
  readonly metadata: JsonObject;
}

export interface AnnotationEvent {
  readonly kind: 'annotation';
  readonly time: number;
  readonly step: number;
  readonly text: string;
  readonly metadata: JsonObject;
}

export interface DoneEvent {
  readonly kind: 'done';
  readonly time: number;
  readonly slug: string;
}

export type StreamEvent = OpenEvent | MetricEvent | AnnotationEvent | DoneEvent;

const isObject = (json: JsonValue | undefined): json is JsonObject => json instanceof Map;

/** A step: an integer literal from 0 to 2^53 - 1, the steps a float holds exactly. */
function stepOf(json: JsonValue | undefined): number | undefined {
  return typeof json === 'bigint' && json >= 0n && json <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(json)
    : undefined;
}

/** ts_ms as seconds: any finite number, integer or not. */
function timeOf(json: JsonValue | undefined): number | undefined {
  const ms = typeof json === 'bigint' ? Number(json) : json;
  return typeof ms === 'number' && Number.isFinite(ms) ? ms / 1000 : undefined;
}

/**
 * The event bytes[start, end) holds, without its line feed; undefined when the line is damaged:
 * no JSON object, no number ts_ms, an unknown kind, or a member its kind requires missing or of
 * the wrong type. Members a kind does not define are ignored.
 */
export function parseEventLine(
  bytes: Uint8Array,
  start: number,
  end: number,
): StreamEvent | undefined {
  // The runtime writes a non-finite value as Python's json does, bare NaN or Infinity.
  const json = parseJson(bytes, start, end, { nonFiniteTokens: true });
  if (!isObject(json)) return undefined;
  const time = timeOf(json.get('ts_ms'));
  if (time === undefined) return undefined;
  switch (json.get('kind')) {
    case 'open': {
      const slug = json.get('slug');
      const description = json.get('description');
      const metadata = json.get('metadata');
      if (typeof slug !== 'string' || typeof description !== 'string' || !isObject(metadata))
        return undefined;
      return { kind: 'open', time, slug, description, metadata };
    }
    case 'metric': {
      const step = stepOf(json.get('step'));
      const name = json.get('name');
      const value = decodeFloat(json.get('value'));
      const metadata = json.get('metadata');
      if (step === undefined || value === undefined || !isObject(metadata)) return undefined;
      // A name that is no key of the munin format could not be exported or named in a request.
      if (typeof name !== 'string' || !isKey(name)) return undefined;
      return { kind: 'metric', time, step, name, value, metadata };
    }
    case 'annotation': {
      const step = stepOf(json.get('step'));
      const text = json.get('annotation');
      const metadata = json.get('metadata');
      if (step === undefined || typeof text !== 'string' || !isObject(metadata)) return undefined;
      return { kind: 'annotation', time, step, text, metadata };
    }
    case 'done': {
      const slug = json.get('slug');
      return typeof slug === 'string' ? { kind: 'done', time, slug } : undefined;
    }
    default:
      return undefined;
  }
}

/** What an annotation tells, read from its text by the seed's table of annotations. */
export function annotationKind(text: string): AnnotationKind {
  if (text.startsWith('lowering:')) return 'lowering';
  if (text.startsWith('memory:')) return 'memory';
  if (/^stage .+ -> /s.test(text)) return 'stage';
  if (text.startsWith('checkpoint ')) return 'checkpoint';
  if (text.startsWith('resumed from ')) return 'resumed';
  if (/^interrupted by \S+ at step \d+/.test(text)) return 'interrupted';
  if (text.startsWith('failed: ')) return 'failed';
  return 'other';
}

/** A failed annotation's error: the text after `failed: `. */
export function failureOf(text: string): string {
  return text.slice('failed: '.length);
}
