// The exact JSON parser (RFC 8259) over bytes: numbers, strings, UTF-8, nesting, duplicates.

import { describe, expect, it } from 'vitest';
import { parseJson, encodeJson } from '../../shared/format/json.js';
import type { JsonValue } from '../../shared/format/json.js';

function parse(text: string | Uint8Array): JsonValue | undefined {
  return parseJson(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
}

describe('numbers', () => {
  it('reads an integer literal as an exact integer, however large', () => {
    expect(parse('0')).toBe(0n);
    expect(parse('-0')).toBe(0n);
    expect(parse('42')).toBe(42n);
    expect(parse('123456789012345678901234567890')).toBe(123456789012345678901234567890n);
    expect(parse('-9007199254740993')).toBe(-9007199254740993n);
  });

  it('reads a literal with a fraction or an exponent as a float', () => {
    expect(parse('1.0')).toBe(1);
    expect(typeof parse('1.0')).toBe('number');
    expect(parse('1e2')).toBe(100);
    expect(parse('1E+2')).toBe(100);
    expect(parse('2.5e-3')).toBe(0.0025);
    expect(Object.is(parse('-0.0'), -0)).toBe(true);
    expect(parse('5e-324')).toBe(5e-324);
    expect(parse('1e-400')).toBe(0);
  });

  it('refuses a literal beyond the float range', () => {
    expect(parse('1e400')).toBeUndefined();
    expect(parse('-1e400')).toBeUndefined();
    expect(parse('[1.8e308]')).toBeUndefined();
  });

  it.each([
    '01',
    '-01',
    '00',
    '1.',
    '.5',
    '+1',
    '-',
    '1e',
    '1e+',
    '0x10',
    '1.e5',
    'NaN',
    'Infinity',
    '- 1',
    '1_000',
  ])('refuses %s', (text) => {
    expect(parse(text)).toBeUndefined();
  });

  it('reads only the given range of the bytes', () => {
    const bytes = Buffer.from('1.5');
    expect(parseJson(bytes, 0, 1)).toBe(1n);
    expect(parseJson(Buffer.from('12e5'), 0, 2)).toBe(12n);
    expect(parseJson(Buffer.from('x{"a":1}y'), 1, 8)).toEqual(new Map([['a', 1n]]));
    expect(parseJson(Buffer.from('{"a":1}'), 0, 6)).toBeUndefined();
  });
});

describe('strings', () => {
  it('reads escapes, including surrogate pairs', () => {
    expect(parse('"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t"')).toBe('a"b\\c/d\b\f\n\r\t');
    expect(parse('"\\u0041\\u00e9\\u65e5"')).toBe('Aé日');
    expect(parse('"\\ud83d\\ude00"')).toBe('\u{1F600}');
    expect(parse('"\\uD83D\\uDE00"')).toBe('\u{1F600}');
  });

  it.each([
    ['a lone high surrogate', '"\\ud800"'],
    ['a lone low surrogate', '"\\udc00"'],
    ['a high surrogate before a non-surrogate', '"\\ud800\\u0041"'],
    ['a high surrogate before a plain character', '"\\ud800x"'],
    ['two high surrogates', '"\\ud800\\ud800"'],
    ['a short \\u escape', '"\\u12"'],
    ['an unknown escape', '"\\x41"'],
    ['an unterminated string', '"abc'],
    ['a raw line feed', '"a\nb"'],
    ['a raw tab', '"a\tb"'],
    ['a raw NUL', '"a\u0000b"'],
    ['a raw U+001F', '"a\u001fb"'],
  ])('refuses %s', (_what, text) => {
    expect(parse(text)).toBeUndefined();
  });

  it('takes U+007F and non-ASCII characters as they are', () => {
    expect(parse('"a\u007fb"')).toBe('a\u007fb');
    expect(parse('"日本 \u{1F600}"')).toBe('日本 \u{1F600}');
  });

  it.each([
    ['a lone continuation byte', [0x80]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a byte F5', [0xf5, 0x80, 0x80, 0x80]],
    ['a truncated sequence', [0xe6, 0x97]],
    ['a byte FF', [0xff]],
  ])('refuses invalid UTF-8 in a string: %s', (_what, bytes) => {
    const text = Buffer.concat([Buffer.from('"a'), Buffer.from(bytes), Buffer.from('"')]);
    expect(parseJson(text)).toBeUndefined();
    const escaped = Buffer.concat([Buffer.from('"\\n'), Buffer.from(bytes), Buffer.from('"')]);
    expect(parseJson(escaped)).toBeUndefined();
  });

  it('refuses non-ASCII bytes outside strings', () => {
    expect(parseJson(Buffer.from([0xef, 0xbb, 0xbf, 0x31]))).toBeUndefined(); // a BOM
    expect(parse('[1,\u00a02]')).toBeUndefined();
  });
});

describe('structure', () => {
  it('keeps objects in member order and arrays in order', () => {
    const value = parse('{"b":1,"a":[true,false,null,"x"],"c":{}}');
    expect(value).toBeInstanceOf(Map);
    expect([...(value as Map<string, JsonValue>).keys()]).toEqual(['b', 'a', 'c']);
    expect((value as Map<string, JsonValue>).get('a')).toEqual([true, false, null, 'x']);
  });

  it('refuses a member named twice, at any depth and however it is spelled', () => {
    expect(parse('{"a":1,"a":1}')).toBeUndefined();
    expect(parse('{"x":[{"a":1,"b":2,"a":3}]}')).toBeUndefined();
    expect(parse('{"a":1,"\\u0061":2}')).toBeUndefined();
    expect(parse('{"a":{"a":1}}')).toEqual(new Map([['a', new Map([['a', 1n]])]]));
  });

  it('takes 64 levels of nesting and refuses 65', () => {
    expect(parse(`${'['.repeat(64)}${']'.repeat(64)}`)).toBeDefined();
    expect(parse(`${'['.repeat(65)}${']'.repeat(65)}`)).toBeUndefined();
    expect(parse(`${'{"a":'.repeat(64)}1${'}'.repeat(64)}`)).toBeDefined();
    expect(parse(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`)).toBeUndefined();
  });

  it('takes the four whitespace characters of JSON and no other', () => {
    expect(parse(' \t\r\n{ "a" : [ 1 , 2 ] }\r\n ')).toEqual(new Map([['a', [1n, 2n]]]));
    expect(parse('\f{}')).toBeUndefined();
    expect(parse('{}\u000b')).toBeUndefined();
  });

  it.each([
    '',
    ' ',
    '{',
    '{"a"}',
    '{"a":}',
    '{"a":1,}',
    '[1,]',
    '[,1]',
    '{a:1}',
    "{'a':1}",
    '{"a":1}{}',
    '{"a":1} x',
    'tru',
    'nul',
    'True',
    '[1 2]',
  ])('refuses %j', (text) => {
    expect(parse(text)).toBeUndefined();
  });

  it('accepts any JSON value at the top, not only objects', () => {
    expect(parse('"s"')).toBe('s');
    expect(parse('null')).toBeNull();
    expect(parse('true')).toBe(true);
  });
});

describe('encodeJson', () => {
  it('writes floats, integers and non-finite floats by the format rules and reads back', () => {
    const text = encodeJson(
      new Map<string, JsonValue>([
        ['f', 1],
        ['i', 1n],
        ['big', 2n ** 53n + 1n],
        ['edge', -(2n ** 53n)],
        ['nan', NaN],
        ['ninf', -Infinity],
        ['s', 'a"\n\u0001'],
      ]),
    );
    expect(text).toBe(
      '{"f":1.0,"i":1,"big":{"int":"9007199254740993"},"edge":-9007199254740992,"nan":{"float":"NaN"},"ninf":{"float":"-Infinity"},"s":"a\\"\\n\\u0001"}',
    );
    expect(parse(text)).toBeInstanceOf(Map);
  });
});

describe('bare non-finite tokens, opted into', () => {
  const loose = (text: string) =>
    parseJson(Buffer.from(text, 'utf8'), 0, Buffer.byteLength(text), { nonFiniteTokens: true });

  it('refuses NaN, Infinity and -Infinity by default: munin files are strict JSON', () => {
    for (const text of [
      'NaN',
      'Infinity',
      '-Infinity',
      '[NaN]',
      '{"v":Infinity}',
      '{"v":-Infinity}',
    ])
      expect(parse(text)).toBeUndefined();
  });

  it('reads them as the floats they name when asked', () => {
    expect(loose('NaN')).toBeNaN();
    expect(loose('Infinity')).toBe(Infinity);
    expect(loose('-Infinity')).toBe(-Infinity);
    expect(loose(' [NaN, -Infinity ,Infinity] ')).toEqual([NaN, -Infinity, Infinity]);
    const object = loose('{"value":-Infinity,"x":1}') as ReadonlyMap<string, JsonValue>;
    expect(object.get('value')).toBe(-Infinity);
    expect(object.get('x')).toBe(1n);
  });

  it('still reads numbers and refuses near misses', () => {
    expect(loose('-1.5')).toBe(-1.5);
    expect(loose('-0')).toBe(0n);
    for (const text of [
      'nan',
      'NAN',
      'inf',
      '-inf',
      'Infinit',
      'NaNa',
      '+Infinity',
      '--Infinity',
      '-',
      'Infinity1',
    ])
      expect(loose(text)).toBeUndefined();
  });

  it('writes them back as the format does', () => {
    expect(encodeJson(loose('[NaN,Infinity,-Infinity]')!)).toBe(
      '[{"float":"NaN"},{"float":"Infinity"},{"float":"-Infinity"}]',
    );
  });
});
