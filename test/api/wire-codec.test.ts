// The WebSocket frame codec: exact round trips of the Api's values; frames that lie are refused.

import { describe, expect, it } from 'vitest';
import { nodeTextCodec } from '../../electron/host/serve.js';
import {
  decodeWireMessage,
  encodeWireMessage,
  WIDENED_KEPT_LENGTH,
  WireFormatError,
} from '../../shared/api/wire-codec.js';
import type { JsonValue } from '../../shared/format/json.js';
import { parseJson } from '../../shared/format/json.js';
import { Prng } from '../support/prng.js';

const codec = nodeTextCodec;

function roundTrip(value: unknown): unknown {
  return decodeWireMessage(encodeWireMessage(value, codec), codec);
}

/** Bits of a double, with every NaN the same: NaN payloads need not survive. */
function bitsOf(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16);
}

/** Equality of decoded values: Object.is on numbers, order of Maps, doubles bit for bit. */
function expectSame(actual: unknown, expected: unknown, path = '$'): void {
  if (expected instanceof Float64Array) {
    expect(actual, path).toBeInstanceOf(Float64Array);
    const got = actual as Float64Array;
    expect(got.length, path).toBe(expected.length);
    expect([...got].map(bitsOf), path).toEqual([...expected].map(bitsOf));
    return;
  }
  if (expected instanceof Map) {
    expect(actual, path).toBeInstanceOf(Map);
    const got = [...(actual as Map<unknown, unknown>)];
    const want = [...expected];
    expect(got.length, path).toBe(want.length);
    want.forEach(([key, value], i) => {
      expectSame(got[i]![0], key, `${path}.key${i}`);
      expectSame(got[i]![1], value, `${path}.value${i}`);
    });
    return;
  }
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    const got = actual as unknown[];
    expect(got.length, path).toBe(expected.length);
    expected.forEach((item, i) => expectSame(got[i], item, `${path}[${i}]`));
    return;
  }
  if (typeof expected === 'object' && expected !== null) {
    expect(typeof actual, path).toBe('object');
    expect(actual, path).not.toBeNull();
    const got = actual as Record<string, unknown>;
    expect(Object.keys(got), path).toEqual(Object.keys(expected));
    for (const [key, value] of Object.entries(expected))
      expectSame(got[key], value, `${path}.${key}`);
    return;
  }
  expect(Object.is(actual, expected), `${path}: ${String(actual)} is ${String(expected)}`).toBe(
    true,
  );
}

function frameWithHeader(header: string, data: readonly number[] = []): Uint8Array {
  const bytes = Buffer.from(header, 'utf8');
  const dataStart = Math.ceil((4 + bytes.length) / 8) * 8;
  const frame = new Uint8Array(dataStart + data.length * 8);
  new DataView(frame.buffer).setUint32(0, bytes.length, true);
  frame.set(bytes, 4);
  frame.set(new Uint8Array(new Float64Array(data).buffer), dataStart);
  return frame;
}

/** The bytes after a frame's header: its arrays'. */
function dataBytesOf(frame: Uint8Array): number {
  const header = new DataView(frame.buffer, frame.byteOffset).getUint32(0, true);
  return frame.length - Math.ceil((4 + header) / 8) * 8;
}

function expectRefused(frame: Uint8Array, message?: RegExp): void {
  expect(() => decodeWireMessage(frame, codec)).toThrow(WireFormatError);
  if (message !== undefined) expect(() => decodeWireMessage(frame, codec)).toThrow(message);
}

describe('round trips', () => {
  it('keep numbers exact: -0, NaN, ±Infinity, extremes', () => {
    for (const x of [
      0,
      -0,
      NaN,
      Infinity,
      -Infinity,
      1,
      -1.5,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      -Number.MIN_VALUE,
      Number.MAX_SAFE_INTEGER,
      2 ** 53 + 2,
      0.1 + 0.2,
      1e-310,
    ]) {
      expectSame(roundTrip(x), x);
      expectSame(roundTrip([x, { x }]), [x, { x }]);
    }
  });

  it('keep bigints, undefined, strings and booleans', () => {
    const values = [
      0n,
      -1n,
      2n ** 64n,
      -(2n ** 200n) + 7n,
      9007199254740993n,
      undefined,
      null,
      true,
      false,
      '',
      'text with "quotes", \\ and \u0000',
      'Grüße ✓ 🎉',
      'lone \ud800 and \udc00 surrogates',
      '$n',
      '{"$n":"NaN"}',
    ];
    for (const value of values) expectSame(roundTrip(value), value);
    expectSame(roundTrip(values), values);
    expectSame(roundTrip({ a: undefined, b: [undefined, 1] }), { a: undefined, b: [undefined, 1] });
  });

  it('keep Maps in their order, with keys of any kind', () => {
    const map = new Map<unknown, unknown>([
      ['z', 1],
      ['a', -0],
      ['m', NaN],
      [3, 'number key'],
      [10n, 'bigint key'],
      [undefined, 'undefined key'],
      [
        'nested',
        new Map<string, unknown>([
          ['b', [1, 2n]],
          ['a', new Map()],
        ]),
      ],
    ]);
    const back = roundTrip(map);
    expectSame(back, map);
    expect([...(back as Map<unknown, unknown>).keys()].slice(0, 3)).toEqual(['z', 'a', 'm']);
  });

  it('keep nested arrays', () => {
    const nested = [[], [[]], [[[1, [2, [3, [NaN, [-0]]]]]]], [{ a: [[{ b: [] }]] }]];
    expectSame(roundTrip(nested), nested);
  });

  it('keep Float64Arrays bit for bit, wherever they sit in their buffer', () => {
    const prng = new Prng(20261101);
    const random = Float64Array.from({ length: 257 }, () => prng.anyDouble());
    const special = new Float64Array([
      0,
      -0,
      NaN,
      Infinity,
      -Infinity,
      Number.MIN_VALUE,
      -Number.MAX_VALUE,
      2.2250738585072014e-308,
    ]);
    const payloadNaN = new Float64Array(
      new BigUint64Array([0x7ff8000000000bcdn, 0xfff0000000000001n]).buffer,
    );
    expect(Number.isNaN(payloadNaN[0]!) && Number.isNaN(payloadNaN[1]!)).toBe(true);
    const big = new Float64Array(64);
    const view = big.subarray(3, 11);
    view.set(special);
    const value = {
      empty: new Float64Array(0),
      random,
      special,
      payloadNaN,
      view,
      inMap: new Map([['s', new Float64Array([1, 2, 3])]]),
      list: [new Float64Array([4]), new Float64Array([5, 6])],
    };
    const back = roundTrip(value) as typeof value;
    expectSame(back, value);
    expect(back.view.length).toBe(8);
  });

  it('carry arrays a 4-byte type holds exactly in 4 bytes a value, the same doubles back', () => {
    const n = 1000;
    // Integers that go down once, so that they are not sent as steps from the first.
    const integers = Float64Array.from({ length: n }, (_, i) =>
      i === n - 1 ? 2 ** 32 - 1 : i === 1 ? 100 : i * 7,
    );
    // Values a float32 tensor logs, with what float32 holds besides: -0, NaN, the infinities,
    // its least subnormal and its greatest value.
    const special = [-0, NaN, Infinity, -Infinity, 2 ** -149, 3.4028234663852886e38, 0.1];
    const singles = Float64Array.from({ length: n }, (_, i) =>
      Math.fround(i < special.length ? special[i]! : Math.sin(i) * 1e3),
    );
    // One value past the type, at the end, keeps an array in doubles.
    const notIntegral = Float64Array.from(integers, (x, i) => (i === n - 1 ? 2 ** 32 + 1 : x));
    const notSingle = Float64Array.from(singles, (x, i) => (i === n - 1 ? 0.1 : x));
    const negativeZero = Float64Array.from(integers, (x, i) => (i === 0 ? -0 : x));
    const value = {
      integers,
      singles,
      notIntegral,
      notSingle,
      negativeZero,
      after: [1.5, integers],
    };
    const frame = encodeWireMessage(value, codec);
    expectSame(decodeWireMessage(frame, codec), value);
    const owned = decodeWireMessage(frame, codec, { owned: true }) as typeof value;
    expectSame(owned, value);
    expect(Object.is(owned.negativeZero[0], -0)).toBe(true);
    // The integers (twice) and the singles take 4 bytes a value; the arrays with one value past
    // their type take 8, as does the one with -0 (no integer, and 2^32 - 1 is no float32).
    expect(dataBytesOf(frame)).toBe(n * (4 * 3 + 8 * 3));
    // Where it sits in its buffer does not matter to a narrowed array either.
    const shifted = new Uint8Array(frame.length + 5);
    shifted.set(frame, 5);
    expectSame(decodeWireMessage(shifted.subarray(5), codec, { owned: true }), value);
  });

  it('carry ascending integers as 1- or 2-byte steps from the first, the same doubles back', () => {
    const n = 1000;
    // An envelope's steps: ascending, a few apart, repeats among them; from far up the range.
    const near = Float64Array.from(
      { length: n },
      (_, i) => 4_000_000_000 + i * 3 + (i % 7 === 0 ? 255 : 0) * Math.sign(i % 2),
    );
    near.sort();
    const far = Float64Array.from({ length: n }, (_, i) => i * 65_535);
    const farther = Float64Array.from({ length: n }, (_, i) => i * 65_536);
    const flat = new Float64Array(n).fill(7);
    const value = { near, far, farther, flat, again: [near, far] };
    const frame = encodeWireMessage(value, codec);
    expectSame(decodeWireMessage(frame, codec), value);
    const owned = decodeWireMessage(frame, codec, { owned: true });
    expectSame(owned, value);
    // near and flat (and near again) in a byte a step, far twice in two, farther in 4 a value.
    expect(dataBytesOf(frame)).toBe(3 * (n - 1) + 2 * 2 * (n - 1) + 4 * n);
    // Gaps of every width in one frame, whatever its header's length: the regions stay aligned.
    for (let pad = 0; pad < 9; pad++) {
      const padded = { pad: 'x'.repeat(pad), near, far, farther, odd: near.subarray(1) };
      expectSame(
        decodeWireMessage(encodeWireMessage(padded, codec), codec, { owned: true }),
        padded,
      );
    }
  });

  it('widen equal steps of frames decoded one after another into one array, and only those', () => {
    const steps = (n: number, from = 0): Float64Array =>
      Float64Array.from({ length: n }, (_, i) => from + i * 3 + (i % 2));
    const decodeSteps = (array: Float64Array): Float64Array =>
      (
        decodeWireMessage(encodeWireMessage({ steps: array }, codec), codec) as {
          steps: Float64Array;
        }
      ).steps;
    // A Compare's runs logged at the same steps: one array for all their envelopes.
    const shared = steps(2400);
    const first = decodeSteps(shared);
    expectSame(first, shared);
    expect(decodeSteps(Float64Array.from(shared))).toBe(first);
    // One step apart, or starting elsewhere, or shorter: arrays of their own, each exact.
    const moved = Float64Array.from(shared);
    moved[1200]! += 1;
    for (const other of [moved, steps(2400, 1), shared.subarray(0, 2399)]) {
      const decoded = decodeSteps(other);
      expect(decoded).not.toBe(first);
      expectSame(decoded, other);
    }
    expect(decodeSteps(Float64Array.from(shared))).toBe(first);
    // Kept for a while, not forever: 16 others later it is widened anew.
    for (let k = 0; k < 16; k++) decodeSteps(steps(100, 1000 + k));
    const again = decodeSteps(Float64Array.from(shared));
    expect(again).not.toBe(first);
    expectSame(again, shared);
    // A whole series' steps are never kept.
    const long = steps(WIDENED_KEPT_LENGTH + 1);
    expect(decodeSteps(long)).not.toBe(decodeSteps(long));
  });

  it('keep random values of every kind', () => {
    const prng = new Prng(7);
    const anyValue = (depth: number): unknown => {
      switch (prng.int(depth > 4 ? 6 : 10)) {
        case 0:
          return prng.anyDouble();
        case 1:
          return prng.pick([0, -0, NaN, Infinity, -Infinity, 1, -1]);
        case 2:
          return BigInt.asIntN(96, BigInt(prng.u32()) * BigInt(prng.u32()) * 97n) - 3n;
        case 3:
          return String.fromCharCode(
            ...Array.from({ length: prng.int(12) }, () => prng.int(0x10000)),
          );
        case 4:
          return prng.pick([null, undefined, true, false]);
        case 5: {
          // Long enough to be narrowed at times: integers, ascending ones (steps of a byte, two
          // bytes or more), float32's values, or any double.
          const kind = prng.int(4);
          const widest = prng.pick([3, 300, 70_000]);
          let step = Math.floor(prng.u32() / 2);
          return Float64Array.from({ length: prng.int(40) }, () =>
            kind === 0
              ? prng.u32()
              : kind === 1
                ? (step += prng.int(widest))
                : kind === 2
                  ? Math.fround(prng.anyDouble())
                  : prng.anyDouble(),
          );
        }
        case 6:
          return Array.from({ length: prng.int(5) }, () => anyValue(depth + 1));
        case 7: {
          const map = new Map<unknown, unknown>();
          for (let i = prng.int(5); i > 0; i--) map.set(anyValue(depth + 1), anyValue(depth + 1));
          return map;
        }
        default: {
          const object: Record<string, unknown> = {};
          for (let i = prng.int(5); i > 0; i--) object[`k${prng.int(100)}`] = anyValue(depth + 1);
          return object;
        }
      }
    };
    for (let i = 0; i < 2000; i++) {
      const value = anyValue(0);
      expectSame(roundTrip(value), value);
    }
  });

  it('keep a member named __proto__ as an own member, never as the prototype', () => {
    const value = JSON.parse('{"__proto__":{"op":"listRuns"},"a":[{"__proto__":null}]}') as object;
    const back = roundTrip(value) as Record<string, unknown>;
    expectSame(back, value);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(back['op']).toBeUndefined();
    const decoded = decodeWireMessage(frameWithHeader('{"__proto__":{"type":"request"}}'), codec);
    expect((decoded as { type?: unknown }).type).toBeUndefined();
  });

  it('decode frames that sit at any offset of a buffer, and never alias them', () => {
    const frame = encodeWireMessage({ values: new Float64Array([1.5, -2.5]) }, codec);
    const shifted = new Uint8Array(frame.length + 3);
    shifted.set(frame, 3);
    const slice = shifted.subarray(3);
    const back = decodeWireMessage(slice, codec) as { values: Float64Array };
    expectSame(back.values, new Float64Array([1.5, -2.5]));
    slice.fill(0xff);
    expectSame(back.values, new Float64Array([1.5, -2.5]));
  });

  it('decode an owned frame as views of its buffer where aligned, else as a copy', () => {
    const values = new Float64Array([1.5, -2.5, NaN]);
    const frame = encodeWireMessage({ values, steps: new Float64Array([7]) }, codec);
    const owned = decodeWireMessage(frame, codec, { owned: true }) as {
      values: Float64Array;
      steps: Float64Array;
    };
    expectSame(owned.values, values);
    expect(owned.values.buffer).toBe(frame.buffer);
    expect(owned.steps.buffer).toBe(frame.buffer);
    // A frame at an offset that leaves its arrays unaligned is copied, owned or not.
    const shifted = new Uint8Array(frame.length + 3);
    shifted.set(frame, 3);
    const unaligned = decodeWireMessage(shifted.subarray(3), codec, { owned: true }) as {
      values: Float64Array;
    };
    expectSame(unaligned.values, values);
    expect(unaligned.values.buffer).not.toBe(shifted.buffer);
    const copied = decodeWireMessage(frame, codec) as { values: Float64Array };
    expect(copied.values.buffer).not.toBe(frame.buffer);
  });

  it('carry a run detail whose provenance nests as deep as the format allows', () => {
    // The format reads 64 levels of JSON; the start record is one, its provenance the rest.
    const depth = 63;
    const nested = '{"a":'.repeat(depth - 1) + '[]' + '}'.repeat(depth - 1);
    const line = `{"type":"start","provenance":${nested}}`;
    expect(parseJson(Buffer.from(`[${line}]`))).toBeUndefined();
    const record = parseJson(Buffer.from(line)) as ReadonlyMap<string, JsonValue>;
    expect(record).toBeInstanceOf(Map);
    const provenance = record.get('provenance');
    const message = {
      type: 'response',
      id: 1,
      response: { ok: true, result: { provenance, notes: null } },
    };
    expectSame(roundTrip(message), message);
  });

  it('refuse to encode what the wire cannot carry', () => {
    expect(() => encodeWireMessage(() => 1, codec)).toThrow(WireFormatError);
    expect(() => encodeWireMessage({ f: Symbol('s') }, codec)).toThrow(WireFormatError);
    expect(() => encodeWireMessage({ $n: 'NaN' }, codec)).toThrow(/reserved/);
    expect(() => encodeWireMessage([{ ok: { $f: [0, 1] } }], codec)).toThrow(/reserved/);
  });
});

describe('refused frames', () => {
  it('too short for a header length', () => {
    for (const length of [0, 1, 2, 3]) expectRefused(new Uint8Array(length), /too short/);
  });

  it('whose header length runs past the frame', () => {
    const good = encodeWireMessage({ type: 'request', id: 1, request: { op: 'listRuns' } }, codec);
    const headerLength = new DataView(good.buffer).getUint32(0, true);
    for (const lie of [
      headerLength + 1,
      headerLength + 1000,
      good.length,
      0x7fffffff,
      0xffffffff,
    ]) {
      if (4 + lie <= good.length) continue;
      const frame = good.slice();
      new DataView(frame.buffer).setUint32(0, lie, true);
      expectRefused(frame, /header past the frame/);
    }
    for (let cut = 4; cut < 4 + headerLength; cut++) expectRefused(good.slice(0, cut));
  });

  it('whose header is short of its JSON, or no JSON, or no UTF-8', () => {
    const good = encodeWireMessage({ type: 'request', id: 1, request: { op: 'listRuns' } }, codec);
    const frame = good.slice();
    const headerLength = new DataView(frame.buffer).getUint32(0, true);
    new DataView(frame.buffer).setUint32(0, headerLength - 1, true);
    expectRefused(frame, /not JSON/);
    expectRefused(frameWithHeader(''), /not JSON/);
    expectRefused(frameWithHeader('{"a":'), /not JSON/);
    expectRefused(frameWithHeader('undefined'), /not JSON/);
    const invalidUtf8 = frameWithHeader('"xx"');
    invalidUtf8[5] = 0xc3;
    invalidUtf8[6] = 0x28;
    expectRefused(invalidUtf8, /not JSON/);
  });

  it('whose typed arrays lie about where their data is', () => {
    const frame = encodeWireMessage({ v: new Float64Array([1, 2, 3]) }, codec);
    for (let cut = 1; cut <= 24; cut++)
      expectRefused(frame.slice(0, frame.length - cut), /past the frame/);
    for (const range of [
      '[0,4]',
      '[1,3]',
      '[3,1]',
      '[0,9007199254740991]',
      '[9007199254740991,1]',
    ]) {
      expectRefused(frameWithHeader(`{"$f":${range}}`, [1, 2, 3]), /past the frame/);
    }
    for (const range of [
      '[-1,1]',
      '[0,-1]',
      '[0.5,1]',
      '[0]',
      '[0,1,2]',
      '"0,1"',
      'null',
      '{}',
      '[0,"1"]',
    ]) {
      expectRefused(frameWithHeader(`{"$f":${range}}`, [1, 2, 3]), /bad array/);
    }
    expectSame(
      decodeWireMessage(frameWithHeader('{"$f":[1,2]}', [1, 2, 3]), codec),
      new Float64Array([2, 3]),
    );
    // Narrowed arrays count their places in 4-byte units: three doubles hold six of them.
    for (const marker of ['$i', '$g']) {
      expectRefused(frameWithHeader(`{"${marker}":[5,2]}`, [1, 2, 3]), /past the frame/);
      expectRefused(frameWithHeader(`{"${marker}":[-1,2]}`, [1, 2, 3]), /bad array/);
      const back = decodeWireMessage(frameWithHeader(`{"${marker}":[4,2]}`, [1, 2, 3]), codec);
      expect(back).toBeInstanceOf(Float64Array);
      expect((back as Float64Array).length).toBe(2);
    }
    // Gap arrays count theirs in units of their width, and carry their length and first value:
    // three doubles hold 24 steps of a byte after the first (25 values), or 12 of two (13).
    for (const [marker, fits] of [
      ['$d1', 25],
      ['$d2', 13],
    ] as const) {
      const decoded = decodeWireMessage(
        frameWithHeader(`{"${marker}":[0,${fits},5]}`, [1, 2, 3]),
        codec,
      );
      expect((decoded as Float64Array).length).toBe(fits);
      expect((decoded as Float64Array)[0]).toBe(5);
      expectRefused(
        frameWithHeader(`{"${marker}":[0,${fits + 1},5]}`, [1, 2, 3]),
        /past the frame/,
      );
      expectRefused(frameWithHeader(`{"${marker}":[1,${fits},5]}`, [1, 2, 3]), /past the frame/);
      for (const bad of [
        '[0,0,5]',
        '[0,2.5,5]',
        '[0,"2",5]',
        '[0,2]',
        '[0,2,-1]',
        '[0,2,0.5]',
        '[0,2,4294967296]',
        '[0,2,null]',
        '[-1,2,5]',
        '{}',
      ])
        expectRefused(frameWithHeader(`{"${marker}":${bad}}`, [1, 2, 3]), /bad array/);
    }
    for (const narrow of [
      new Float64Array(20).fill(3),
      Float64Array.from({ length: 20 }, (_, i) => i * 3),
      Float64Array.from({ length: 20 }, (_, i) => i * 300),
    ]) {
      const narrowed = encodeWireMessage({ v: narrow }, codec);
      for (let cut = 1; cut <= 8; cut++)
        expectRefused(narrowed.slice(0, narrowed.length - cut), /past the frame/);
    }
  });

  it('whose special members are not what they claim', () => {
    for (const header of [
      '{"$n":"nan"}',
      '{"$n":1}',
      '{"$n":null}',
      '{"$n":"-NaN"}',
      '{"$n":"0"}',
    ]) {
      expectRefused(frameWithHeader(header), /bad number/);
    }
    for (const header of [
      '{"$b":"1.5"}',
      '{"$b":""}',
      '{"$b":"abc"}',
      '{"$b":12}',
      '{"$b":"+1"}',
      '{"$b":" 1"}',
    ]) {
      expectRefused(frameWithHeader(header), /bad bigint/);
    }
    for (const header of ['{"$m":{}}', '{"$m":"x"}', '{"$m":null}']) {
      expectRefused(frameWithHeader(header), /bad map/);
    }
    for (const header of ['{"$m":[[1]]}', '{"$m":[[1,2,3]]}', '{"$m":[1]}', '{"$m":[null]}']) {
      expectRefused(frameWithHeader(header), /bad map entry/);
    }
  });

  it('nested past the limit', () => {
    expectRefused(frameWithHeader('['.repeat(200) + ']'.repeat(200)), /nested too deeply/);
    expectRefused(
      frameWithHeader('{"a":'.repeat(200) + '1' + '}'.repeat(200)),
      /nested too deeply/,
    );
    expectRefused(frameWithHeader('['.repeat(200_000) + ']'.repeat(200_000)));
  });
});
