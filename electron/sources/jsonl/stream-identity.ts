// What a stream's newest open says of its run: params from its knobs (flattened to keys joined
// by '/'), the declared steps from run.steps, and the rest of the metadata as provenance.

import type { JsonObject, JsonValue } from '../../../shared/format/json.js';
import { encodeJson } from '../../../shared/format/json.js';
import type { Value } from '../../../shared/format/values.js';

export interface StreamIdentity {
  readonly params: ReadonlyMap<string, Value>;
  readonly steps: number | null;
  readonly provenance: JsonObject;
}

const EMPTY: StreamIdentity = { params: new Map(), steps: null, provenance: new Map() };

/**
 * Knobs as params: a nested object's members under its name and '/', a value of the format
 * (boolean, integer, float, string) as it is, anything else (an array, null, an empty object)
 * as its JSON text, which shows it without inventing a value of another kind.
 */
function flattenKnobs(knobs: JsonObject, prefix: string, out: Map<string, Value>): void {
  for (const [name, value] of knobs) {
    const key = prefix === '' ? name : `${prefix}/${name}`;
    if (value instanceof Map && value.size > 0) flattenKnobs(value, key, out);
    else if (isValue(value)) out.set(key, value);
    else out.set(key, encodeJson(value));
  }
}

function isValue(json: JsonValue): json is Value {
  const type = typeof json;
  return type === 'boolean' || type === 'bigint' || type === 'number' || type === 'string';
}

/** The identity an open's metadata gives its run; cached per metadata, which never changes. */
const cache = new WeakMap<JsonObject, StreamIdentity>();

export function identityOf(metadata: JsonObject | null): StreamIdentity {
  if (metadata === null) return EMPTY;
  const cached = cache.get(metadata);
  if (cached !== undefined) return cached;
  const params = new Map<string, Value>();
  const knobs = metadata.get('knobs');
  if (knobs instanceof Map) flattenKnobs(knobs, '', params);
  const run = metadata.get('run');
  const stepsJson = run instanceof Map ? run.get('steps') : undefined;
  const steps =
    typeof stepsJson === 'bigint' && stepsJson >= 0n && stepsJson <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(stepsJson)
      : null;
  const provenance = new Map([...metadata].filter(([name]) => name !== 'knobs'));
  const identity = { params, steps, provenance };
  cache.set(metadata, identity);
  return identity;
}
