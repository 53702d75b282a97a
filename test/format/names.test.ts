// "Names": texts, tags, keys and segments, and run ids compared as opaque texts.

import { describe, expect, it } from 'vitest';
import { isKey, isSegment, isTag, isText } from '../../shared/format/names.js';
import { parseLogLine } from '../../shared/format/records.js';
import { exportStore, exportRun } from '../support/export.js';
import { addTag, tempStores, writeArtifactFile, writeLog } from '../support/store-fixture.js';
import { metricsLine, startLine } from '../support/lines.js';

const newStore = tempStores();

function parse(line: string): ReturnType<typeof parseLogLine> {
  const bytes = Buffer.from(`${line}\n`, 'utf8');
  return parseLogLine(bytes, 0, bytes.length - 1);
}

describe('a text', () => {
  it('is a non-empty string', () => {
    expect(isText('a')).toBe(true);
    expect(isText(' ')).toBe(true);
    expect(isText('')).toBe(false);
  });

  it('holds no control character U+0000 to U+001F or U+007F', () => {
    for (let c = 0; c <= 0x1f; c++) expect(isText(`a${String.fromCharCode(c)}b`)).toBe(false);
    expect(isText('a\u007fb')).toBe(false);
    expect(isText('a\u0080b')).toBe(true);
    expect(isText('a\u00a0b')).toBe(true);
    expect(isText('日本 \u{1F600}')).toBe(true);
  });

  it('is UTF-8: a lone surrogate has no UTF-8 form', () => {
    expect(isText('a\ud800')).toBe(false);
    expect(isText('\udc00a')).toBe(false);
  });

  it('is what experiments and run names must be: a start with another is damaged', () => {
    expect(parse('{"type":"start","time":1.0,"format":1,"experiment":""}')).toBeUndefined();
    expect(parse('{"type":"start","time":1.0,"format":1,"experiment":"a\\tb"}')).toBeUndefined();
    expect(
      parse('{"type":"start","time":1.0,"format":1,"experiment":"e","name":"x\\u007f"}'),
    ).toBeUndefined();
    expect(
      parse('{"type":"start","time":1.0,"format":1,"experiment":"e","name":""}'),
    ).toBeUndefined();
    expect(
      parse('{"type":"start","time":1.0,"format":1,"experiment":"e","name":"ok"}'),
    ).toMatchObject({
      type: 'start',
      name: 'ok',
    });
  });

  it('is what keys of params, summaries and metadata must be', () => {
    expect(
      parse('{"type":"start","time":1.0,"format":1,"experiment":"e","params":{"":1}}'),
    ).toBeUndefined();
    expect(
      parse('{"type":"start","time":1.0,"format":1,"experiment":"e","params":{"a\\nb":1}}'),
    ).toBeUndefined();
    expect(parse('{"type":"summary","time":1.0,"values":{"\\u0000":1}}')).toBeUndefined();
    expect(parse('{"type":"summary","time":1.0,"values":{"a/b .c":1}}')).toMatchObject({
      type: 'summary',
    });
  });
});

describe('a tag', () => {
  it('is a text that holds no comma', () => {
    expect(isTag('best run')).toBe(true);
    expect(isTag('a,b')).toBe(false);
    expect(isTag('')).toBe(false);
    expect(isTag('a\nb')).toBe(false);
  });

  it('with a comma is not read as a tag, even when its file is named by its digest', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine()]);
    addTag(root, 'r', 'a,b');
    addTag(root, 'r', 'ab');
    expect(exportRun(root)['tags']).toEqual(['ab']);
  });
});

describe('a key and its segments', () => {
  it('a segment is a text with no "/" that does not start with "."', () => {
    expect(isSegment('loss')).toBe(true);
    expect(isSegment('a.b')).toBe(true);
    expect(isSegment('.b')).toBe(false);
    expect(isSegment('a/b')).toBe(false);
    expect(isSegment('')).toBe(false);
    expect(isSegment('a\u0001')).toBe(false);
  });

  it('a key is one or more segments joined by "/"', () => {
    expect(isKey('train/loss')).toBe(true);
    expect(isKey('a')).toBe(true);
    expect(isKey('gpu/0/util')).toBe(true);
    expect(isKey('a/.b')).toBe(false);
    expect(isKey('.a/b')).toBe(false);
    expect(isKey('a//b')).toBe(false);
    expect(isKey('/a')).toBe(false);
    expect(isKey('a/')).toBe(false);
    expect(isKey('')).toBe(false);
  });

  it.each(['', '.a', 'a/.b', 'a//b', 'a/', '/a', 'a\\u0001b', 'a\\u007f'])(
    'a metrics record with the key %j is damaged',
    (key) => {
      expect(
        parse(`{"type":"metrics","time":1.0,"step":0,"values":{"${key}":1.0}}`),
      ).toBeUndefined();
      expect(
        parse(`{"type":"reading","time":1.0,"step":0,"values":{"${key}":1.0}}`),
      ).toBeUndefined();
      expect(parse(`{"type":"metric","time":1.0,"key":"${key}"}`)).toBeUndefined();
      expect(
        parse(`{"type":"file","time":1.0,"key":"${key}","step":0,"path":"p"}`),
      ).toBeUndefined();
    },
  );

  it('a key may hold any text in its segments, escapes included', () => {
    const record = parse(
      '{"type":"metrics","time":1.0,"step":0,"values":{"a b/\\u00e9\\"/日本":1.0}}',
    );
    expect(record).toMatchObject({ type: 'metrics' });
    expect([...(record as unknown as { values: Map<string, number> }).values.keys()]).toEqual([
      'a b/é"/日本',
    ]);
  });

  it('a step_metric must be a key', () => {
    expect(parse('{"type":"metric","time":1.0,"key":"a","step_metric":"b/c"}')).toMatchObject({
      stepMetric: 'b/c',
    });
    expect(parse('{"type":"metric","time":1.0,"key":"a","step_metric":".b"}')).toBeUndefined();
  });
});

describe('artifact names and aliases are one segment each', () => {
  it('use records name one segment', () => {
    expect(parse('{"type":"use","time":1.0,"name":"model","version":1}')).toMatchObject({
      name: 'model',
    });
    expect(parse('{"type":"use","time":1.0,"name":"a/b","version":1}')).toBeUndefined();
    expect(parse('{"type":"use","time":1.0,"name":".a","version":1}')).toBeUndefined();
  });

  it('an alias file whose name starts with "." names no alias', () => {
    const root = newStore();
    writeArtifactFile(
      root,
      'model',
      '1.json',
      '{"format":1,"time":1.0,"run":"r","digest":"d","size":1,"metadata":{}}',
    );
    writeArtifactFile(root, 'model', 'aliases/best', '1\n');
    writeArtifactFile(root, 'model', 'aliases/.best', '1\n');
    expect(exportStore(root).artifacts['model']).toMatchObject({ aliases: { best: 1n } });
    expect(
      Object.keys((exportStore(root).artifacts['model'] as { aliases: object }).aliases),
    ).toEqual(['best']);
  });
});

describe('run ids', () => {
  it('are the directory names, compared in byte order and never parsed', () => {
    const root = newStore();
    // U+FFFD sorts before U+1F600 in UTF-8 byte order, though not in UTF-16 code units.
    const ids = [
      '\u{1F600}',
      '\ufffd',
      'Z',
      'a',
      'a b',
      '20261101T140307Z-a1f3c9e2',
      'not-a-munin-id',
    ];
    for (const id of ids) writeLog(root, id, [startLine(), metricsLine(0, { x: 1 })]);
    const exported = exportStore(root).runs.map((run) => run['id']);
    const byteOrder = [...ids].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(exported).toEqual(byteOrder);
    expect(exported.indexOf('\ufffd')).toBeLessThan(exported.indexOf('\u{1F600}'));
  });
});
