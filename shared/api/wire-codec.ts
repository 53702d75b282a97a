// The WebSocket transport's message codec: the Api's values (Maps, bigints, typed arrays, NaN,
// -0, infinities) in one binary frame: a JSON header, then the typed arrays' bytes. An array
// whose every value a narrower type holds exactly goes narrower and comes back the same doubles:
// ascending integers a small step apart (an envelope's steps) as 1- or 2-byte steps from the
// first, other integers in [0, 2^32) in 4 bytes, a float32 tensor's values in 4.

export interface TextCodec {
  encode(text: string): Uint8Array;
  decode(bytes: Uint8Array): string;
}

export class WireFormatError extends Error {}

/** How deep a decoded value may nest: the format's 64 levels of JSON inside the Api's envelope. */
const MAX_DEPTH = 128;

/** Sets an own member, even one named __proto__, which plain assignment makes the prototype. */
function define(object: Record<string, unknown>, name: string, value: unknown): void {
  // The one name whose assignment is not a plain member; the rest take the cheaper path.
  if (name === '__proto__') {
    Object.defineProperty(object, name, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    object[name] = value;
  }
}

/** Arrays shorter than this go as doubles: the scan for a narrower type would gain little. */
const NARROW_FROM = 16;

/** The narrower forms, by their marker; a gap's width is its bytes. */
type Narrow = '$i' | '$g' | '$d1' | '$d2';
const BYTES: Record<Narrow, number> = { $i: 4, $g: 4, $d2: 2, $d1: 1 };
/** The regions after the doubles, in this order, so that each starts aligned to its width. */
const REGIONS: readonly Narrow[] = ['$i', '$g', '$d2', '$d1'];

/**
 * The narrowest form that holds every value of the array exactly, or null: integers in
 * [0, 2^32) (not -0) that never go down by steps of at most 255 or 65,535 as those steps, other
 * such integers as uint32, else values float32 holds (NaN and the infinities among them).
 */
function narrowestExact(array: Float64Array): Narrow | null {
  if (array.length < NARROW_FROM) return null;
  let integral = true;
  let single = true;
  let widest = 0;
  for (let i = 0; i < array.length; i++) {
    const x = array[i]!;
    if (integral) {
      if (!(x >>> 0 === x && (x !== 0 || 1 / x > 0))) integral = false;
      // A step down (or none, at -1) counts as past every gap's width.
      else if (i > 0) widest = Math.max(widest, x >= array[i - 1]! ? x - array[i - 1]! : 2 ** 32);
    }
    if (single && Math.fround(x) !== x && x === x) single = false;
    if (!integral && !single) return null;
  }
  if (!integral) return '$g';
  return widest <= 0xff ? '$d1' : widest <= 0xffff ? '$d2' : '$i';
}

/** Encodes any value made of JSON types, Maps, bigints, Float64Arrays and undefined. */
export function encodeWireMessage(value: unknown, text: TextCodec): Uint8Array {
  const arrays: Float64Array[] = [];
  let offset = 0;
  // Narrowed arrays follow the doubles, region by region; their places, in units of their
  // width from the data's start, are known once every region is counted, and are set then.
  const narrowed: { array: Float64Array; as: Narrow; place: number[] }[] = [];
  const regionBytes: Record<Narrow, number> = { $i: 0, $g: 0, $d2: 0, $d1: 0 };
  const tree = (v: unknown): unknown => {
    switch (typeof v) {
      case 'number':
        if (Number.isNaN(v)) return { $n: 'NaN' };
        if (v === Infinity) return { $n: 'Infinity' };
        if (v === -Infinity) return { $n: '-Infinity' };
        if (Object.is(v, -0)) return { $n: '-0' };
        return v;
      case 'bigint':
        return { $b: v.toString() };
      case 'undefined':
        return { $u: 1 };
      case 'string':
      case 'boolean':
        return v;
      case 'object':
        break;
      default:
        throw new WireFormatError(`cannot send a ${typeof v}`);
    }
    if (v === null) return null;
    if (v instanceof Float64Array) {
      const as = narrowestExact(v);
      if (as !== null) {
        // A gap array holds the steps after its first value, which its marker carries.
        const gaps = as === '$d1' || as === '$d2';
        const count = gaps ? v.length - 1 : v.length;
        const place = gaps ? [regionBytes[as], v.length, v[0]!] : [regionBytes[as], v.length];
        regionBytes[as] += count * BYTES[as];
        narrowed.push({ array: v, as, place });
        return { [as]: place };
      }
      arrays.push(v);
      const at = offset;
      offset += v.length;
      return { $f: [at, v.length] };
    }
    if (v instanceof Map) return { $m: [...v].map(([k, x]) => [tree(k), tree(x)]) };
    if (Array.isArray(v)) return v.map(tree);
    const out: Record<string, unknown> = {};
    const members = v as Record<string, unknown>;
    for (const k of Object.keys(members)) {
      if (k.startsWith('$'))
        throw new WireFormatError(`member names starting with $ are reserved: ${k}`);
      define(out, k, tree(members[k]));
    }
    return out;
  };
  const root = tree(value);
  const regionStart = {} as Record<Narrow, number>;
  let end = offset * 8;
  for (const region of REGIONS) {
    regionStart[region] = end;
    end += regionBytes[region];
  }
  for (const { as, place } of narrowed) place[0] = (place[0]! + regionStart[as]) / BYTES[as];
  const header = text.encode(JSON.stringify(root));
  // The arrays' bytes start 8-aligned so the receiver can view them without copying.
  const dataStart = Math.ceil((4 + header.length) / 8) * 8;
  const frame = new Uint8Array(dataStart + end);
  new DataView(frame.buffer).setUint32(0, header.length, true);
  frame.set(header, 4);
  let at = dataStart;
  for (const array of arrays) {
    frame.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    at += array.byteLength;
  }
  // Converted as they are written: exact, for the values were checked to fit.
  for (const { array, as, place } of narrowed) {
    const into = dataStart + place[0]! * BYTES[as];
    if (as === '$i') new Uint32Array(frame.buffer, into, array.length).set(array);
    else if (as === '$g') new Float32Array(frame.buffer, into, array.length).set(array);
    else {
      const gaps =
        as === '$d1'
          ? new Uint8Array(frame.buffer, into, array.length - 1)
          : new Uint16Array(frame.buffer, into, array.length - 1);
      for (let i = 1; i < array.length; i++) gaps[i - 1] = array[i]! - array[i - 1]!;
    }
  }
  return frame;
}

/** An array marker's [at, length], checked to lie within `count` items of the data. */
function rangeOf(range: unknown, count: number): [number, number] {
  if (!Array.isArray(range) || range.length !== 2) throw new WireFormatError('bad array');
  const [at, length] = range as [unknown, unknown];
  if (
    !Number.isInteger(at) ||
    !Number.isInteger(length) ||
    (at as number) < 0 ||
    (length as number) < 0
  ) {
    throw new WireFormatError('bad array');
  }
  if ((at as number) + (length as number) > count)
    throw new WireFormatError('array past the frame');
  return [at as number, length as number];
}

/**
 * Gap arrays widened lately, newest first. A burst of envelopes over the same steps (a Compare's
 * runs, logged at the same steps; a run page's keys, logged together) widens them once: checking
 * a frame's steps against an array widened before costs 2-3 µs, a fresh Float64Array of 2,400 in
 * Chromium 35-150 µs, and a Compare's open widened 240 of them.
 */
const widened: Float64Array[] = [];
const WIDENED_KEPT = 16;
/** Longer arrays (a whole series' steps) are not kept: 16 of them could pin hundreds of MB. */
export const WIDENED_KEPT_LENGTH = 1 << 16;

/** Whether before holds first and then the steps of steps[at, at + count). */
function holdsSteps(
  before: Float64Array,
  first: number,
  steps: ArrayLike<number>,
  at: number,
  count: number,
): boolean {
  if (before.length !== count + 1 || before[0] !== first) return false;
  // Integers under 2^32 apart: their difference is exact.
  for (let i = 0; i < count; i++) if (before[i + 1]! - before[i]! !== steps[at + i]) return false;
  return true;
}

/** The doubles first + the running sum of steps[at, at + count), widened once for equal ones. */
function widenGaps(first: number, steps: Uint8Array | Uint16Array, at: number, count: number) {
  const kept = count < WIDENED_KEPT_LENGTH;
  const k = kept ? widened.findIndex((before) => holdsSteps(before, first, steps, at, count)) : -1;
  if (k >= 0) {
    const before = widened[k]!;
    widened.splice(k, 1);
    widened.unshift(before);
    return before;
  }
  const out = new Float64Array(count + 1);
  let x = first;
  out[0] = x;
  for (let i = 0; i < count; i++) out[i + 1] = x += steps[at + i]!;
  if (kept) {
    widened.unshift(out);
    if (widened.length > WIDENED_KEPT) widened.length = WIDENED_KEPT;
  }
  return out;
}

/**
 * Decodes a frame made by encodeWireMessage; throws WireFormatError on anything else. With
 * `owned`, the frame's buffer is the caller's alone (a WebSocket message's, a structured clone's):
 * its arrays are views of it, where they lie 8-aligned, not of a copy. Arrays are for reading:
 * equal step arrays of frames decoded one after another are one and the same array.
 */
export function decodeWireMessage(
  frame: Uint8Array,
  text: TextCodec,
  options: { readonly owned?: boolean } = {},
): unknown {
  if (frame.length < 4) throw new WireFormatError('frame too short');
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const headerLength = view.getUint32(0, true);
  if (4 + headerLength > frame.length) throw new WireFormatError('header past the frame');
  let header: unknown;
  try {
    header = JSON.parse(text.decode(frame.subarray(4, 4 + headerLength)));
  } catch {
    throw new WireFormatError('header is not JSON');
  }
  const dataStart = Math.ceil((4 + headerLength) / 8) * 8;
  const dataBytes = Math.max(0, frame.length - dataStart);
  // A buffer the transport may reuse (node's pooled Buffers) is copied once, aligned, so that
  // arrays never alias it; one the caller owns is viewed as it is (a Compare's open copied and
  // allocated its 10 MB of envelopes again).
  let buffer: ArrayBufferLike;
  let start = frame.byteOffset + dataStart;
  if (!(options.owned === true && start % 8 === 0)) {
    const copy = new Uint8Array(Math.ceil(dataBytes / 8) * 8);
    copy.set(frame.subarray(dataStart, dataStart + dataBytes));
    buffer = copy.buffer;
    start = 0;
  } else buffer = frame.buffer;
  const data = new Float64Array(buffer, start, Math.floor(dataBytes / 8));
  // The narrowed arrays' views, made when a marker first asks for them.
  let uint32: Uint32Array | null = null;
  let float32: Float32Array | null = null;
  let uint16: Uint16Array | null = null;
  let uint8: Uint8Array | null = null;
  const quarters = Math.floor(dataBytes / 4);
  const halves = Math.floor(dataBytes / 2);
  /** A gap array's doubles: its first value, then each step after the one before. */
  const fromGaps = (marker: unknown, gaps: () => Uint8Array | Uint16Array, units: number) => {
    if (!Array.isArray(marker) || marker.length !== 3) throw new WireFormatError('bad array');
    const [place, length, first] = marker as [unknown, unknown, unknown];
    if (!Number.isInteger(length) || (length as number) < 1) throw new WireFormatError('bad array');
    if (typeof first !== 'number' || first >>> 0 !== first) throw new WireFormatError('bad array');
    const [at, count] = rangeOf([place, (length as number) - 1], units);
    return widenGaps(first, gaps(), at, count);
  };
  const value = (v: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH) throw new WireFormatError('nested too deeply');
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => value(x, depth + 1));
    const o = v as Record<string, unknown>;
    if ('$n' in o) {
      const n = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0': -0 }[String(o['$n'])];
      if (n === undefined) throw new WireFormatError('bad number');
      return n;
    }
    if ('$b' in o) {
      if (typeof o['$b'] !== 'string' || !/^-?\d+$/.test(o['$b']))
        throw new WireFormatError('bad bigint');
      return BigInt(o['$b']);
    }
    if ('$u' in o) return undefined;
    if ('$f' in o) {
      const [at, length] = rangeOf(o['$f'], data.length);
      // A view of the one copy: copying each array again cost a Compare's open as much as
      // decoding did. The arrays of a frame share its copy, each in a range of its own.
      return data.subarray(at, at + length);
    }
    if ('$i' in o) {
      const [at, length] = rangeOf(o['$i'], quarters);
      uint32 ??= new Uint32Array(buffer, start, quarters);
      return new Float64Array(uint32.subarray(at, at + length));
    }
    if ('$g' in o) {
      const [at, length] = rangeOf(o['$g'], quarters);
      float32 ??= new Float32Array(buffer, start, quarters);
      return new Float64Array(float32.subarray(at, at + length));
    }
    if ('$d2' in o)
      return fromGaps(o['$d2'], () => (uint16 ??= new Uint16Array(buffer, start, halves)), halves);
    if ('$d1' in o)
      return fromGaps(
        o['$d1'],
        () => (uint8 ??= new Uint8Array(buffer, start, dataBytes)),
        dataBytes,
      );
    if ('$m' in o) {
      if (!Array.isArray(o['$m'])) throw new WireFormatError('bad map');
      const map = new Map<unknown, unknown>();
      for (const pair of o['$m'] as unknown[]) {
        if (!Array.isArray(pair) || pair.length !== 2) throw new WireFormatError('bad map entry');
        map.set(value(pair[0], depth + 1), value(pair[1], depth + 1));
      }
      return map;
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) define(out, k, value(x, depth + 1));
    return out;
  };
  return value(header, 0);
}

/** Client to server over the WebSocket. */
export interface WireRequest {
  readonly type: 'request';
  readonly id: number;
  readonly request: unknown;
}

/** The header of one part; its bytes follow it, 8-aligned, as a wire frame's arrays do. */
export interface AnswerPartHeader {
  readonly type: 'response-part';
  readonly id: number;
  /** Where the part's bytes go in the answer's frame, and that frame's length. */
  readonly offset: number;
  readonly total: number;
  readonly bytes: number;
}

/** Server to client over the WebSocket. */
export type WireServerMessage =
  | { readonly type: 'response'; readonly id: number; readonly response: unknown }
  /** A part of a response too big for one frame (see answer-parts.ts); its bytes follow. */
  | AnswerPartHeader
  /** The deltas of one turn of the host's event loop, in order. */
  | { readonly type: 'deltas'; readonly deltas: readonly unknown[] }
  /**
   * Deltas for this client were dropped (it fell behind, or one was too big to send): what it
   * holds is stale, and it subscribes again, as after a reconnection.
   */
  | { readonly type: 'resync' };
