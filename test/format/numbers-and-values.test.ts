// "Numbers and values": floats, integers, non-finite floats, times, steps, values and UTF-8.

import { describe, expect, it } from 'vitest';
import { parseLogLine } from '../../shared/format/records.js';
import type { ParsedLine } from '../../shared/format/records.js';
import {
  decodeFloat,
  decodeInteger,
  decodeStep,
  decodeValue,
  encodeFloat,
  encodeValue,
} from '../../shared/format/values.js';
import type { JsonValue } from '../../shared/format/json.js';
import { parseJson } from '../../shared/format/json.js';
import { exportRun, exportText } from '../support/export.js';
import { endLine, startLine, summaryLine } from '../support/lines.js';
import { foldLines, samplesOf } from '../support/fold.js';
import { tempStores, writeLog } from '../support/store-fixture.js';

const newStore = tempStores();

function parse(line: string | Uint8Array): ParsedLine {
  const bytes = typeof line === 'string' ? Buffer.from(`${line}\n`) : line;
  return parseLogLine(bytes, 0, typeof line === 'string' ? bytes.length - 1 : bytes.length);
}

function json(text: string): JsonValue | undefined {
  return parseJson(Buffer.from(text));
}

/** The export of a run whose start holds `params` (raw JSON) and summary `summary`. */
function exportValues(params: string, summary = '{}'): Record<string, unknown> {
  const root = newStore();
  writeLog(root, 'r', [
    startLine().replace('"params":{}', `"params":${params}`),
    summaryLine(summary),
  ]);
  return exportRun(root);
}

describe('every number munin writes reads back exactly', () => {
  it('floats go through the export text and back to the same double', () => {
    const values = [0.1, 1, -0, 1e16, 5e-324, 1e-5, 0.45500000000000007, 1.7976931348623157e308];
    const root = newStore();
    const members = values.map((v, i) => `"v${i}":${encodeFloat(v)}`).join(',');
    writeLog(root, 'r', [startLine(), summaryLine(`{${members}}`)]);
    const summary = exportRun(root)['summary'] as Record<string, number>;
    values.forEach((v, i) => expect(Object.is(summary[`v${i}`], v)).toBe(true));
  });

  it('a float is written with a fraction or an exponent even when integral', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine(), summaryLine('{"one":1.0,"big":1e16,"nz":-0.0}')]);
    const text = exportText(root);
    expect(text).toContain('"one":1.0');
    expect(text).toContain('"big":1e+16');
    expect(text).toContain('"nz":-0.0');
  });
});

describe('NaN and the infinities', () => {
  it('are read as {"float":...} wherever a float may appear', () => {
    expect(decodeFloat(json('{"float":"NaN"}'))).toBeNaN();
    expect(decodeFloat(json('{"float":"Infinity"}'))).toBe(Infinity);
    expect(decodeFloat(json('{"float":"-Infinity"}'))).toBe(-Infinity);
    const log = foldLines([
      startLine(),
      '{"type":"metrics","time":{"float":"Infinity"},"step":0,"values":{"a":{"float":"NaN"},"b":{"float":"-Infinity"}}}',
    ]);
    expect(log.damaged).toBe(0);
    expect(samplesOf(log, 'a')).toEqual([[0, Infinity, NaN]]);
    expect(samplesOf(log, 'b')).toEqual([[0, Infinity, -Infinity]]);
  });

  it.each([
    '{"float":"nan"}',
    '{"float":"inf"}',
    '{"float":"+Infinity"}',
    '{"float":1.0}',
    '{"float":"NaN","x":1}',
    '{}',
    '"NaN"',
    'null',
  ])('a float slot holding %s is damaged', (text) => {
    expect(decodeFloat(json(text))).toBeUndefined();
    expect(parse(`{"type":"metrics","time":1.0,"step":0,"values":{"a":${text}}}`)).toBeUndefined();
  });

  it('are exported as {"float":...}, and a NaN keeps neither sign nor payload', () => {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(0, 0xfff80000 | 0x1234);
    view.setUint32(4, 0xdeadbeef);
    const negativeNaN = view.getFloat64(0);
    expect(Number.isNaN(negativeNaN)).toBe(true);
    expect(encodeFloat(negativeNaN)).toBe('{"float":"NaN"}');
    expect(encodeFloat(NaN)).toBe('{"float":"NaN"}');
    expect(encodeFloat(Infinity)).toBe('{"float":"Infinity"}');
    expect(encodeFloat(-Infinity)).toBe('{"float":"-Infinity"}');
    const run = exportValues(
      '{"n":{"float":"NaN"},"p":{"float":"Infinity"},"m":{"float":"-Infinity"}}',
    );
    expect(run['params']).toEqual({
      n: { float: 'NaN' },
      p: { float: 'Infinity' },
      m: { float: '-Infinity' },
    });
  });
});

describe('integers', () => {
  it('within ±2^53 are written as their decimal, beyond as {"int":"<decimal>"}', () => {
    expect(encodeValue(2n ** 53n)).toBe('9007199254740992');
    expect(encodeValue(-(2n ** 53n))).toBe('-9007199254740992');
    expect(encodeValue(2n ** 53n + 1n)).toBe('{"int":"9007199254740993"}');
    expect(encodeValue(-(2n ** 53n) - 1n)).toBe('{"int":"-9007199254740993"}');
    expect(encodeValue(0n)).toBe('0');
  });

  it('are read from either spelling, exactly', () => {
    expect(decodeInteger(json('{"int":"123456789012345678901234567890"}'))).toBe(
      123456789012345678901234567890n,
    );
    expect(decodeInteger(json('-42'))).toBe(-42n);
    const run = exportValues(
      '{"a":9007199254740992,"b":{"int":"9007199254740993"},"c":{"int":"-123456789012345678901234567890"},"d":9007199254740993}',
    );
    expect(run['params']).toEqual({
      a: 9007199254740992n,
      b: { int: '9007199254740993' },
      c: { int: '-123456789012345678901234567890' },
      // A plain literal beyond 2^53 is still an exact integer; the export spells it the format's way.
      d: { int: '9007199254740993' },
    });
  });

  it.each([
    '{"int":"01"}',
    '{"int":"1.5"}',
    '{"int":"1e3"}',
    '{"int":5}',
    '{"int":"+5"}',
    '{"int":""}',
    '{"int":"5","x":1}',
  ])('%s is no integer, and a record holding it is damaged', (text) => {
    expect(decodeInteger(json(text))).toBeUndefined();
    expect(parse(`{"type":"summary","time":1.0,"values":{"a":${text}}}`)).toBeUndefined();
  });
});

describe('a reader tells floats from integers by their text', () => {
  it('a literal with a fraction or an exponent is a float, one without is an integer', () => {
    expect(decodeValue(json('1'))).toBe(1n);
    expect(decodeValue(json('1.0'))).toBe(1);
    expect(decodeValue(json('1e0'))).toBe(1);
    expect(decodeValue(json('-0'))).toBe(0n);
    const run = exportValues('{"i":1,"f":1.0,"e":1e0,"E":2E1,"neg":-3,"negf":-3.0}');
    expect(run['params']).toEqual({ i: 1n, f: 1, e: 1, E: 20, neg: -3n, negf: -3 });
  });

  it('the export keeps 1 and 1.0 apart in its text', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine().replace('"params":{}', '"params":{"i":64,"f":64.0}')]);
    const text = exportText(root);
    expect(text).toContain('"params":{"i":64,"f":64.0}');
  });
});

describe('times are floats', () => {
  it('an integer literal in a float slot reads as that float', () => {
    const log = foldLines([
      startLine(),
      '{"type":"metrics","time":1793541788,"step":3,"values":{"a":2}}',
    ]);
    expect(log.damaged).toBe(0);
    expect(samplesOf(log, 'a')).toEqual([[3, 1793541788, 2]]);
    const root = newStore();
    writeLog(root, 'r', [
      startLine(),
      '{"type":"metrics","time":1793541788,"step":3,"values":{"a":2}}',
    ]);
    expect(exportText(root)).toContain('"samples":[[3,1793541788.0,2.0]]');
  });

  it('the integer literal -0 in a float slot is the float 0.0, on every path', () => {
    const log = foldLines([
      startLine(),
      '{"type":"metrics","time":-0,"step":0,"values":{"a":-0,"b":-0.0}}',
    ]);
    const [[, time, a]] = samplesOf(log, 'a') as [[number, number, number]];
    expect(Object.is(time, 0)).toBe(true);
    expect(Object.is(a, 0)).toBe(true);
    expect(Object.is(samplesOf(log, 'b')![0]![2], -0)).toBe(true);
  });

  it('a number beyond the float range makes the line damaged, however it is spelled', () => {
    const huge = `1${'0'.repeat(400)}`;
    for (const text of ['1e400', '-1e400', huge, `-${huge}`]) {
      const log = foldLines([
        startLine(),
        `{"type":"metrics","time":1.0,"step":0,"values":{"a":${text}}}`,
        `{"type":"metrics","time":${text},"step":0,"values":{"a":1.0}}`,
        `{"type":"summary","time":1.0,"values":{"x":1.0},"extra":${text.includes('e') ? text : '1e400'}}`,
      ]);
      expect(log.damaged, text).toBe(3);
      expect(log.series.size, text).toBe(0);
      expect(log.summary.size, text).toBe(0);
    }
    // In an integer slot the same digits are an exact integer.
    expect(exportValues(`{"n":${huge}}`)['params']).toEqual({ n: { int: huge } });
  });

  it('a time that is not a number is damaged, and a record without time too', () => {
    expect(parse('{"type":"metrics","time":"1.0","step":0,"values":{}}')).toBeUndefined();
    expect(parse('{"type":"metrics","step":0,"values":{}}')).toBeUndefined();
    expect(parse('{"type":"end","status":"finished"}')).toBeUndefined();
  });
});

describe('a step is an integer from 0 to 2^53', () => {
  it('takes 0 and 2^53', () => {
    expect(decodeStep(json('0'))).toBe(0);
    expect(decodeStep(json('9007199254740992'))).toBe(2 ** 53);
    const log = foldLines([
      startLine(),
      '{"type":"metrics","time":1.0,"step":9007199254740992,"values":{"a":1.0}}',
    ]);
    expect(samplesOf(log, 'a')).toEqual([[2 ** 53, 1, 1]]);
  });

  it.each(['-1', '9007199254740993', '1.0', '1e0', '0.5', '"1"', 'null', '{"float":"NaN"}'])(
    'a metrics, reading, file or resume record with step %s is damaged',
    (step) => {
      for (const line of [
        `{"type":"metrics","time":1.0,"step":${step},"values":{"a":1.0}}`,
        `{"type":"reading","time":1.0,"step":${step},"values":{"a":1.0}}`,
        `{"type":"file","time":1.0,"key":"a","step":${step},"path":"files/a/1"}`,
        `{"type":"resume","time":1.0,"step":${step},"provenance":{}}`,
      ]) {
        expect(parse(line), line).toBeUndefined();
      }
      expect(
        parse(`{"type":"start","time":1.0,"format":1,"experiment":"e","steps":${step}}`),
      ).toBeUndefined();
    },
  );
});

describe('values and objects of values', () => {
  it('a value is a boolean, an integer, a float or a string', () => {
    const run = exportValues('{"b":true,"f":false,"i":3,"x":0.5,"s":"text"}', '{"s":"é\\n"}');
    expect(run['params']).toEqual({ b: true, f: false, i: 3n, x: 0.5, s: 'text' });
    expect(run['summary']).toEqual({ s: 'é\n' });
  });

  it.each(['null', '[1]', '{"a":1}', '{"float":"NaN","int":"1"}'])(
    'a summary with the value %s is damaged',
    (text) => {
      const log = foldLines([startLine(), `{"type":"summary","time":1.0,"values":{"v":${text}}}`]);
      expect(log.damaged).toBe(1);
      expect(log.summary.size).toBe(0);
    },
  );

  it('an object of values names each text once: a duplicate makes the record damaged', () => {
    expect(parse('{"type":"summary","time":1.0,"values":{"a":1,"a":2}}')).toBeUndefined();
    const log = foldLines([startLine(), '{"type":"summary","time":1.0,"values":{"a":1,"a":2}}']);
    expect(log.damaged).toBe(1);
  });

  it('metrics values are floats: other values make the record damaged', () => {
    for (const value of ['true', '"1.0"', 'null', '[1.0]']) {
      expect(
        parse(`{"type":"metrics","time":1.0,"step":0,"values":{"a":${value}}}`),
      ).toBeUndefined();
    }
  });
});

describe('strings are UTF-8', () => {
  it('a line with bytes that are not UTF-8 in a string is damaged', () => {
    const head = Buffer.from('{"type":"summary","time":1.0,"values":{"s":"a');
    const tail = Buffer.from('"}}');
    for (const bad of [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe6, 0x97]]) {
      const line = Buffer.concat([head, Buffer.from(bad), tail]);
      expect(parse(line)).toBeUndefined();
      const log = foldLines([startLine(), line]);
      expect(log.damaged).toBe(1);
    }
    expect(parse(Buffer.concat([head, Buffer.from('日本'), tail]))).toMatchObject({
      type: 'summary',
    });
  });

  it('a provenance and an error read as written, U+FFFD replacements included', () => {
    const root = newStore();
    writeLog(root, 'r', [
      startLine(',"provenance":{"command":["./a\uFFFD"],"cwd":"/h\uFFFD"}'),
      endLine('failed', 'bad byte \uFFFD here'),
    ]);
    const run = exportRun(root);
    expect(run['provenance']).toEqual({ command: ['./a\uFFFD'], cwd: '/h\uFFFD' });
    expect(run['error']).toBe('bad byte \uFFFD here');
    expect(run['status']).toBe('failed');
  });
});
