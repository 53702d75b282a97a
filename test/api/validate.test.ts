// parseApiRequest against the contract: well-formed requests pass as themselves, others get bad-request.

import { describe, expect, it } from 'vitest';
import type { ApiError, ApiRequest } from '../../shared/api/contract.js';
import {
  isApiError,
  isRunId,
  MAX_NOTES_LENGTH,
  parseApiRequest,
  runIdProblem,
} from '../../shared/api/validate.js';

const RUN = '20261101T140307Z-a1f3c9e2';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

const WELL_FORMED: ApiRequest[] = [
  { op: 'storeInfo' },
  { op: 'listRuns' },
  { op: 'listArtifacts' },
  { op: 'runDetail', runId: RUN },
  { op: 'runDetail', runId: 'any name a run may have, even Grüße ✓ and 🎉' },
  { op: 'runDetail', runId: 'x'.repeat(255) },
  { op: 'runDetail', runId: 'a..b' },
  { op: 'gitDiff', runId: RUN },
  { op: 'series', runId: RUN, keys: [] },
  { op: 'series', runId: RUN, keys: ['train/loss', 'train/acc', 'sys/cpu_load', 'a/b/c/d'] },
  { op: 'series', runId: RUN, keys: ['ü/🎉', 'k'.repeat(1024), 'a b/c..d'] },
  { op: 'series', runId: RUN, keys: Array.from({ length: 4096 }, (_, i) => `k${i}`) },
  { op: 'addTag', runId: RUN, tag: 'baseline' },
  { op: 'addTag', runId: RUN, tag: 'Grüße ✓ 🎉' },
  { op: 'addTag', runId: RUN, tag: ' spaced / slashed . ' },
  { op: 'addTag', runId: RUN, tag: 't'.repeat(1024) },
  { op: 'removeTag', runId: RUN, tag: 'baseline' },
  { op: 'setNotes', runId: RUN, text: '' },
  { op: 'setNotes', runId: RUN, text: 'line one\nline two\ttabbed\r\n\u0000 and 🎉' },
  { op: 'setNotes', runId: RUN, text: 'n'.repeat(MAX_NOTES_LENGTH) },
  { op: 'subscribe', runIds: [] },
  { op: 'subscribe', runIds: [RUN, 'other'] },
  { op: 'subscribe', runIds: [RUN], withRuns: false },
  { op: 'subscribe', runIds: [], withRuns: true },
  { op: 'envelope', runId: RUN, key: 'train/loss', x: 'step', x0: 0, x1: 9, width: 640 },
  { op: 'envelope', runId: RUN, key: 'a/b', x: 'time', x0: -Infinity, x1: Infinity, width: 1 },
  {
    op: 'envelope',
    runId: RUN,
    key: 'a',
    x: 'step_metric',
    x0: 0,
    x1: 1,
    width: 9,
    smoothing: 0.6,
  },
  {
    op: 'envelope',
    runId: RUN,
    key: 'train/loss',
    x: 'step_metric',
    stepMetric: 'train/epoch',
    x0: 0,
    x1: 3.5,
    width: 1200,
    smoothing: 0.99,
  },
  { op: 'envelope', runId: RUN, key: 'a', x: 'time', x0: 0, x1: 1, width: 9, smoothing: 0.001 },
  { op: 'envelopes', requests: [{ runId: RUN, key: 'a', x: 'step', x0: 0, x1: 1, width: 9 }] },
  {
    op: 'envelopes',
    requests: [
      { runId: RUN, key: 'train/loss', x: 'step', x0: 0, x1: 9, width: 640, copy: 'orphans' },
      { runId: 'other', key: 'train/loss', x: 'time', x0: 0, x1: 9, width: 640, smoothing: 0.5 },
      { runId: RUN, key: 'v', x: 'step', x0: 0, x1: 9, width: 3, formula: 'a / b' },
    ],
  },
];

function label(raw: unknown): string {
  const text = JSON.stringify(raw, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value,
  );
  return (text ?? String(raw)).slice(0, 200);
}

function expectBad(raw: unknown): ApiError {
  const parsed = parseApiRequest(raw);
  expect(isApiError(parsed), label(raw)).toBe(true);
  const error = parsed as ApiError;
  expect(error.code).toBe('bad-request');
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.message.length).toBeLessThanOrEqual(300);
  return error;
}

describe('well-formed requests', () => {
  it('pass as themselves', () => {
    for (const request of WELL_FORMED) {
      const parsed = parseApiRequest(request);
      expect(isApiError(parsed)).toBe(false);
      expect(parsed).toEqual(request);
    }
  });

  it('lose members the contract does not name, such as a path', () => {
    expect(
      parseApiRequest({ op: 'runDetail', runId: RUN, path: '/etc/passwd', dir: '..' }),
    ).toEqual({ op: 'runDetail', runId: RUN });
    expect(parseApiRequest({ op: 'listRuns', root: '/' })).toEqual({ op: 'listRuns' });
    expect(parseApiRequest({ op: 'setNotes', runId: RUN, text: 'x', file: '/tmp/notes' })).toEqual({
      op: 'setNotes',
      runId: RUN,
      text: 'x',
    });
  });

  it('come back as fresh objects, not the caller’s', () => {
    const keys = ['train/loss'];
    const parsed = parseApiRequest({ op: 'series', runId: RUN, keys }) as ApiRequest;
    expect(parsed).toEqual({ op: 'series', runId: RUN, keys });
    const raw = { op: 'addTag', runId: RUN, tag: 't', extra: 1 };
    expect(parseApiRequest(raw)).not.toBe(raw);
  });
});

/**
 * Names a directory in runs/ can have that ids must be accepted as: a reader compares ids and
 * never parses them, so each opens its run however it is spelled.
 */
const ODD_RUN_IDS = [
  'a\\b',
  'x\\..\\..\\secret',
  'tab\there',
  'line\nfeed',
  '\r',
  'bell\u0007',
  'del\u007f',
  '\u001f',
  'c1\u0085control',
  'with spaces  and trailing ',
  ' leading space',
  '100%',
  '%25%2F%00',
  'x#y?z',
  'a+b&c=d',
  'a,b',
  'dots..in.the.middle.',
  'Grüße-日本語-🎉',
  '\u202eright-to-left',
  '\ufeffbom',
  '-',
  '~',
  'x'.repeat(255),
  'é'.repeat(127) + 'x',
  '🎉'.repeat(63) + 'xyz',
];

describe('run ids', () => {
  it('are accepted however they are spelled, when a name in runs/ can be spelled so', () => {
    for (const runId of ODD_RUN_IDS) {
      expect(runIdProblem(runId), label(runId)).toBeUndefined();
      expect(isRunId(runId), label(runId)).toBe(true);
      for (const request of [
        { op: 'runDetail', runId },
        { op: 'gitDiff', runId },
        { op: 'series', runId, keys: ['train/loss'] },
        { op: 'addTag', runId, tag: 'ok' },
        { op: 'removeTag', runId, tag: 'ok' },
        { op: 'setNotes', runId, text: 'ok' },
        { op: 'subscribe', runIds: [RUN, runId] },
      ] as ApiRequest[]) {
        expect(parseApiRequest(request), label(runId)).toEqual(request);
      }
    }
  });
});

describe('malformed requests', () => {
  it('that subscribe with runs neither true nor false', () => {
    for (const withRuns of [0, 1, 'false', null, []])
      expectBad({ op: 'subscribe', runIds: [RUN], withRuns });
  });

  it('that are not objects', () => {
    for (const raw of [
      null,
      undefined,
      0,
      1,
      -0,
      NaN,
      Infinity,
      12n,
      true,
      false,
      '',
      'listRuns',
      '{"op":"listRuns"}',
      [],
      [{ op: 'listRuns' }],
      ['listRuns'],
    ]) {
      expectBad(raw);
    }
  });

  it('with an unknown or missing op', () => {
    for (const op of [
      undefined,
      null,
      1,
      true,
      ['listRuns'],
      { op: 'listRuns' },
      '',
      'ListRuns',
      'listruns',
      ' listRuns',
      'listRuns ',
      'deleteRun',
      'readFile',
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
      'op',
    ]) {
      expectBad({ op, runId: RUN });
    }
    expectBad({});
    expectBad(new Map([['op', 'listRuns']]));
    expectBad(new Float64Array([1, 2]));
  });

  it('with an op of a kind JSON cannot print, such as a bigint', () => {
    for (const op of [12n, [1n], { a: 1n }, new Map([[1n, 1n]])]) expectBad({ op });
  });

  it('with a huge op, answered with a short message', () => {
    const error = expectBad({ op: 'x'.repeat(1 << 20) });
    expect(error.message.length).toBeLessThanOrEqual(200);
  });

  /** Ids that cannot be a name in runs/, each with what its refusal must say. */
  const BAD_RUN_IDS: [unknown, RegExp][] = [
    [undefined, /a run id is a string/],
    [null, /a run id is a string/],
    [0, /a run id is a string/],
    [42, /a run id is a string/],
    [true, /a run id is a string/],
    [[RUN], /a run id is a string/],
    [{ id: RUN }, /a run id is a string/],
    ['', /not empty/],
    ['/', /no empty name/],
    ['a//b', /no empty name/],
    ['a/', /no empty name/],
    ['/etc/passwd', /no empty name/],
    [`${RUN}/..`, /starting with "\."/],
    [`../${RUN}`, /starting with "\."/],
    ['a/./b', /starting with "\."/],
    ['a/b/c/d/e/f/g/h/i', /at most 8 names/],
    ['..', /starting with "\."/],
    ['.', /starting with "\."/],
    ['.hidden', /starting with "\."/],
    ['.deleted', /starting with "\."/],
    ['..\\..\\windows', /starting with "\."/],
    ['a\u0000b', /NUL/],
    ['\u0000', /NUL/],
    [`${RUN}${LONE_HIGH}`, /lone surrogate/],
    [`${LONE_LOW}x`, /lone surrogate/],
    ['x'.repeat(256), /at most 255 bytes/],
    [`runs/${'x'.repeat(256)}.jsonl`, /at most 255 bytes/],
    // 128 characters of two bytes each: 256 bytes, though 128 UTF-16 units.
    ['é'.repeat(128), /at most 255 bytes/],
    ['🎉'.repeat(64), /at most 255 bytes/],
    ['x'.repeat(1 << 20), /at most 255 bytes/],
  ];

  it("takes a stream's path under its folder as a run id", () => {
    for (const runId of ['train.jsonl', 'sweep/lr-0.1/seed 1.jsonl', 'a/b/c/d.jsonl'])
      expect(runIdProblem(runId), runId).toBeUndefined();
  });

  it('with a run id that is no name or path of names: NUL, a leading ., empty, too long', () => {
    for (const [runId, why] of BAD_RUN_IDS) {
      for (const base of [
        { op: 'runDetail' },
        { op: 'gitDiff' },
        { op: 'series', keys: ['train/loss'] },
        { op: 'addTag', tag: 'ok' },
        { op: 'removeTag', tag: 'ok' },
        { op: 'setNotes', text: 'ok' },
        { op: 'envelope', key: 'a', x: 'step', x0: 0, x1: 1, width: 9 },
        { op: 'sampleAt', key: 'a', x: 'step', at: 0 },
      ]) {
        expect(expectBad({ ...base, runId }).message, label(runId)).toMatch(why);
      }
      expect(expectBad({ op: 'subscribe', runIds: [RUN, runId] }).message).toMatch(why);
      expect(expectBad({ op: 'subscribe', runIds: [RUN, runId] }).message).toMatch(/runIds\[1\]/);
      if (typeof runId === 'string') expect(isRunId(runId), label(runId)).toBe(false);
      expect(runIdProblem(runId)).toMatch(why);
    }
    expect(isRunId(5)).toBe(false);
    expectBad({ op: 'runDetail' });
  });

  it('says which member held the id it refused', () => {
    expect(expectBad({ op: 'runDetail', runId: 'a//b' }).message).toMatch(/^runId: /);
  });

  it('with keys that are not keys', () => {
    const badKeys: unknown[] = [
      undefined,
      null,
      'train/loss',
      { 0: 'train/loss', length: 1 },
      new Map([[0, 'train/loss']]),
      [1],
      [null],
      [['train/loss']],
      [''],
      ['/'],
      ['a//b'],
      ['/a'],
      ['a/'],
      ['.a'],
      ['a/.b'],
      ['a/..'],
      ['a\u0000'],
      ['a\nb'],
      ['a\u007f'],
      [`a${LONE_HIGH}`],
      ['k'.repeat(1025)],
      Array.from({ length: 4097 }, (_, i) => `k${i}`),
      ['train/loss', 7],
    ];
    for (const keys of badKeys) expectBad({ op: 'series', runId: RUN, keys });
  });

  it('with tags the format forbids: a comma, control characters, lone surrogates', () => {
    const badTags: unknown[] = [
      undefined,
      null,
      3,
      ['a'],
      '',
      ',',
      'a,b',
      'trailing,',
      'tab\there',
      'line\nfeed',
      '\u0000',
      'bell\u0007',
      'del\u007f',
      LONE_HIGH,
      `a${LONE_LOW}b`,
      `${LONE_LOW}${LONE_HIGH}`,
      't'.repeat(1025),
      't'.repeat(1 << 20),
    ];
    for (const tag of badTags) {
      expectBad({ op: 'addTag', runId: RUN, tag });
      expectBad({ op: 'removeTag', runId: RUN, tag });
    }
  });

  it('with notes that are not text: lone surrogates, other types, more than 1 MiB', () => {
    for (const text of [
      undefined,
      null,
      0,
      [],
      ['notes'],
      { text: 'notes' },
      new Uint8Array([104, 105]),
      LONE_HIGH,
      LONE_LOW,
      `before${LONE_HIGH}after`,
      `before${LONE_LOW}after`,
      `${LONE_LOW}${LONE_HIGH}`,
      `ends with ${LONE_HIGH}`,
      'n'.repeat(MAX_NOTES_LENGTH + 1),
    ]) {
      expectBad({ op: 'setNotes', runId: RUN, text });
    }
  });

  it('with an envelope view that is not one', () => {
    const good = {
      op: 'envelope',
      runId: RUN,
      key: 'train/loss',
      x: 'step',
      x0: 0,
      x1: 9,
      width: 640,
    };
    for (const change of [
      { runId: '../x' },
      { key: 'a//b' },
      { key: '.a' },
      { key: 7 },
      { x: 'steps' },
      { x: undefined },
      { x0: NaN },
      { x1: '9' },
      { x0: 10, x1: 9 },
      { width: 0 },
      { width: 1.5 },
      { width: -640 },
      { width: '640' },
      { x: 'step-metric' },
      { x: 'epoch' },
      { x: 'step_metric', stepMetric: 'a//b' },
      { x: 'step_metric', stepMetric: '.epoch' },
      { x: 'step_metric', stepMetric: 7 },
      { x: 'step_metric', stepMetric: null },
      { x: 'step_metric', stepMetric: 'k'.repeat(1025) },
      { stepMetric: 'train/epoch' },
      { x: 'time', stepMetric: 'train/epoch' },
      { smoothing: 1 },
      { smoothing: 1.5 },
      { smoothing: -0.1 },
      { smoothing: NaN },
      { smoothing: Infinity },
      { smoothing: '0.6' },
      { smoothing: null },
    ]) {
      expectBad({ ...good, ...change });
    }
  });

  it('with envelope options, saying which and why', () => {
    const good = { op: 'envelope', runId: RUN, key: 'train/loss', x0: 0, x1: 9, width: 640 };
    expect(expectBad({ ...good, x: 'epoch' }).message).toMatch(/step_metric/);
    expect(expectBad({ ...good, x: 'step', stepMetric: 'epoch' }).message).toMatch(
      /stepMetric goes only with x "step_metric"/,
    );
    expect(expectBad({ ...good, x: 'step_metric', stepMetric: 'a//b' }).message).toMatch(
      /stepMetric must be the key of a metric/,
    );
    expect(expectBad({ ...good, x: 'step', smoothing: 1 }).message).toMatch(
      /smoothing must be a number from 0 to below 1/,
    );
  });

  it('with envelopes asked at once that are not a list of envelope requests, saying which', () => {
    const good = { runId: RUN, key: 'train/loss', x: 'step', x0: 0, x1: 9, width: 640 };
    for (const requests of [undefined, null, good, [], { 0: good }, Array(4097).fill(good)])
      expect(expectBad({ op: 'envelopes', requests }).message).toMatch(/requests must be a list/);
    expect(expectBad({ op: 'envelopes', requests: [good, null] }).message).toBe(
      'requests[1]: it is not an object',
    );
    expect(
      expectBad({ op: 'envelopes', requests: [good, good, { ...good, x: 'epoch' }] }).message,
    ).toMatch(/^requests\[2\]: x must be/);
    expect(expectBad({ op: 'envelopes', requests: [{ ...good, runId: '..' }] }).message).toMatch(
      /^requests\[0\]: /,
    );
    // Each is an envelope's query, its op left out: one named in it is no member of it.
    expect(parseApiRequest({ op: 'envelopes', requests: [{ ...good, op: 'x' }] })).toEqual({
      op: 'envelopes',
      requests: [good],
    });
  });

  it('with points asked at once that are not a list of sampleAt requests, saying which', () => {
    const good = { runId: RUN, key: 'train/loss', x: 'step', at: 12 };
    for (const requests of [undefined, null, good, [], Array(4097).fill(good)])
      expect(expectBad({ op: 'samplesAt', requests }).message).toMatch(
        /^requests must be a list of 1 to 4096 point requests/,
      );
    expect(expectBad({ op: 'samplesAt', requests: [good, 7] }).message).toBe(
      'requests[1]: it is not an object',
    );
    expect(expectBad({ op: 'samplesAt', requests: [good, { ...good, at: NaN }] }).message).toBe(
      'requests[1]: at must be a number',
    );
    expect(
      expectBad({ op: 'samplesAt', requests: [{ ...good, stepMetric: 'train/epoch' }] }).message,
    ).toBe('requests[0]: stepMetric goes only with x "step_metric"');
    // Each is a sampleAt's query, as that op checks it, its op left out.
    const smoothed = { ...good, x: 'step_metric', smoothing: 0.5, copy: 'orphans' };
    expect(parseApiRequest({ op: 'samplesAt', requests: [{ ...smoothed, op: 'x' }] })).toEqual({
      op: 'samplesAt',
      requests: [smoothed],
    });
    expect(parseApiRequest({ op: 'sampleAt', ...smoothed })).toEqual({
      op: 'sampleAt',
      ...smoothed,
    });
  });

  it('drop a smoothing of 0, which is none', () => {
    const request = { op: 'envelope', runId: RUN, key: 'a', x: 'step', x0: 0, x1: 1, width: 9 };
    expect(parseApiRequest({ ...request, smoothing: 0 })).toStrictEqual(request);
  });

  it('with runIds that are not a list of run ids', () => {
    for (const runIds of [
      undefined,
      null,
      RUN,
      { 0: RUN },
      [RUN, null],
      [RUN, ['x']],
      Array.from({ length: 4097 }, (_, i) => `r${i}`),
    ]) {
      expectBad({ op: 'subscribe', runIds });
    }
  });

  it('isApiError tells errors from requests', () => {
    expect(isApiError({ code: 'bad-request', message: 'm' })).toBe(true);
    expect(isApiError({ op: 'listRuns' })).toBe(false);
    expect(isApiError({ code: 'x', message: 'm', op: 'listRuns' })).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError([{ code: 'x', message: 'm' }])).toBe(false);
  });
});
