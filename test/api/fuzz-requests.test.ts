// Seeded fuzz of Api requests through parseApiRequest and a live WebSocket session: typed errors only.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeTextCodec } from '../../electron/host/serve.js';
import type { ApiOp, ApiRequest, ApiResponse, RunSummary } from '../../shared/api/contract.js';
import { isApiError, isRunId, parseApiRequest } from '../../shared/api/validate.js';
import { encodeWireMessage } from '../../shared/api/wire-codec.js';
import { isKey, isTag } from '../../shared/format/names.js';
import { isWellFormedUnicode } from '../../shared/format/utf8.js';
import { Prng } from '../support/prng.js';
import type { ApiSession, TestServer } from '../serve/harness.js';
import { browserSession, EXAMPLE_RUN, startServer, tempDirs } from '../serve/harness.js';

/** Each op of the contract with the members its requests hold. */
const MEMBERS: Record<ApiOp, readonly string[]> = {
  storeInfo: ['op'],
  listRuns: ['op'],
  healthEvents: ['op'],
  listArtifacts: ['op'],
  artifactDetail: ['op', 'name'],
  runArtifacts: ['op', 'runId'],
  runDetail: ['op', 'runId'],
  gitDiff: ['op', 'runId'],
  gitDiffPart: ['op', 'runId', 'offset'],
  listFiles: ['op', 'runId'],
  loggedFilePart: ['op', 'runId', 'path', 'offset', 'length'],
  verifyArtifact: ['op', 'name'],
  cancelVerify: ['op', 'name'],
  series: ['op', 'runId', 'keys'],
  addTag: ['op', 'runId', 'tag'],
  removeTag: ['op', 'runId', 'tag'],
  setNotes: ['op', 'runId', 'text'],
  subscribe: ['op', 'runIds'],
  envelope: ['op', 'runId', 'key', 'x', 'x0', 'x1', 'width'],
  envelopes: ['op', 'requests'],
  sampleAt: ['op', 'runId', 'key', 'x', 'at'],
  samplesAt: ['op', 'requests'],
  labelSegments: ['op', 'runId', 'key', 'label', 'x'],
  groupEnvelope: ['op', 'runIds', 'key', 'x', 'x0', 'x1', 'width', 'center', 'spread'],
  groupAt: ['op', 'runIds', 'key', 'x', 'at', 'center', 'spread'],
  keyStatistics: ['op', 'key'],
  checkFormula: ['op', 'formula', 'runIds'],
  makeReport: ['op', 'runIds', 'title', 'note', 'panels'],
};

/** Members an op's request may also hold, which a fuzzed request may gain. */
const OPTIONAL: Partial<Record<ApiOp, readonly string[]>> = {
  keyStatistics: ['formula', 'runIds'],
  makeReport: ['styles', 'grouping'],
};

const OPS = Object.keys(MEMBERS) as ApiOp[];

const NASTY_STRINGS = [
  '',
  '/',
  '.',
  '..',
  '.hidden',
  'a/b',
  '../etc/passwd',
  '/etc/passwd',
  'a\\b',
  '\u0000',
  'tab\t',
  'line\n',
  '\u007f',
  '\ud800',
  'x\udc00',
  ',',
  'a,b',
  EXAMPLE_RUN,
  `${EXAMPLE_RUN}/`,
  `${EXAMPLE_RUN}/../x`,
  'train/loss',
  'train//loss',
  'train/.loss',
  'constructor',
  'toString',
  'x'.repeat(256),
  'k'.repeat(1025),
  'Grüße ✓',
  '🎉',
  'no-such-run',
  ...OPS,
  'ListRuns',
];

const MEMBER_NAMES = [
  'op',
  'runId',
  'keys',
  'tag',
  'text',
  'runIds',
  'path',
  'type',
  'id',
  '__proto__',
];

/** Sets an own member, as JSON.parse does, even one named __proto__. */
function setMember(object: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(object, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

class Fuzzer {
  constructor(
    readonly prng: Prng,
    readonly maxString: number,
  ) {}

  string(): string {
    const { prng } = this;
    switch (prng.int(6)) {
      case 0:
      case 1:
        return prng.pick(NASTY_STRINGS);
      case 2: {
        const units = Array.from({ length: prng.int(12) }, () => prng.int(0x10000));
        return String.fromCharCode(...units);
      }
      case 3: {
        const units = Array.from({ length: 1 + prng.int(10) }, () =>
          prng.pick([0x2f, 0x2e, 0x2c, 0x61, 0x5c, 0x0a, 0x00, 0xd800, 0xdc00, 0x7f, 0xe9]),
        );
        return String.fromCharCode(...units);
      }
      case 4:
        return prng.chance(0.1) ? 'y'.repeat(prng.int(this.maxString)) : `id-${prng.u32()}`;
      default:
        return `${prng.pick(NASTY_STRINGS)}${prng.pick(NASTY_STRINGS)}`;
    }
  }

  number(): number {
    const { prng } = this;
    return prng.chance(0.5)
      ? prng.pick([0, -0, 1, -1, 0.5, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 64, -(2 ** 31)])
      : prng.anyDouble();
  }

  value(depth = 0): unknown {
    const { prng } = this;
    switch (prng.int(depth > 3 ? 7 : 11)) {
      case 0:
        return this.number();
      case 1:
        return BigInt(prng.u32()) * BigInt(prng.u32()) - 5n;
      case 2:
      case 3:
        return this.string();
      case 4:
        return prng.pick([null, undefined, true, false]);
      case 5:
        return Float64Array.from({ length: prng.int(4) }, () => prng.anyDouble());
      case 6:
        return prng.pick([[], {}, new Map()]);
      case 7:
        return Array.from({ length: prng.int(5) }, () => this.value(depth + 1));
      case 8: {
        const map = new Map<unknown, unknown>();
        for (let i = prng.int(4); i > 0; i--) map.set(this.value(depth + 1), this.value(depth + 1));
        return map;
      }
      default: {
        const object: Record<string, unknown> = {};
        for (let i = prng.int(5); i > 0; i--) {
          const name = prng.chance(0.7) ? prng.pick(MEMBER_NAMES) : this.string();
          if (!name.startsWith('$')) setMember(object, name, this.value(depth + 1));
        }
        return object;
      }
    }
  }

  /** A request that the contract allows, with random good arguments. */
  wellFormed(): Record<string, unknown> {
    return this.wellFormedOf(this.prng.pick(OPS));
  }

  wellFormedOf(op: ApiOp): Record<string, unknown> {
    const { prng } = this;
    const runId = prng.chance(0.5) ? EXAMPLE_RUN : `run-${prng.u32()}`;
    const tag = prng.pick(['baseline', 'Grüße ✓', 'with space', `t${prng.int(50)}`]);
    const request: Record<string, unknown> = { op };
    if (op === 'envelopes' || op === 'samplesAt') {
      // A panel's lines: envelope (or sampleAt) requests, but for their op.
      const one = op === 'envelopes' ? 'envelope' : 'sampleAt';
      request['requests'] = Array.from({ length: 1 + prng.int(3) }, () => {
        const { op: _op, ...query } = this.wellFormedOf(one);
        void _op;
        return query;
      });
      return request;
    }
    for (const member of MEMBERS[op].slice(1)) {
      request[member] = {
        runId,
        keys: prng.pick([[], ['train/loss'], ['train/acc', 'sys/cpu_load', 'no/such/key']]),
        tag,
        text: prng.pick(['', 'notes', 'line\nline\t🎉']),
        runIds: prng.pick([[], [runId], [EXAMPLE_RUN, `run-${prng.u32()}`]]),
        key: prng.pick(['train/loss', 'train/acc', 'sys/cpu_load', 'no/such/key']),
        x: prng.pick(['step', 'time']),
        x0: prng.pick([-Infinity, 0, 2, 1793541789]),
        x1: prng.pick([Infinity, 5, 1793541800]),
        width: prng.pick([1, 2, 640, 16384]),
        name: prng.pick(['model', 'no-such-artifact', 'Grüße ✓']),
        label: prng.pick(['stage', 'split', 'Grüße ✓']),
        center: prng.pick(['mean', 'median']),
        spread: prng.pick(['min-max', 'std']),
        formula: prng.pick(['train/loss', 'log(train/loss)', 'eval/loss - train/loss', '1 +']),
        title: prng.pick(['', 'LR sweep', 'Grüße ✓ <b>']),
        note: prng.pick([null, '# A note\n\n<script>x</script>']),
        panels: prng.pick([
          [{ key: 'train/loss', axis: 'declared', smoothing: 0, logY: false, zoom: null }],
          [
            { key: 'train/acc', axis: 'step', smoothing: 0.6, logY: true, zoom: [2, 5] },
            { key: 'no/such/key', axis: 'wall', smoothing: 0, logY: false, zoom: null },
            {
              key: 'gap',
              formula: 'eval/loss - train/loss',
              axis: 'step',
              smoothing: 0,
              logY: false,
              zoom: null,
            },
          ],
        ]),
        path: prng.pick(['files/img/1.png', 'events.jsonl', 'Grüße ✓/a b.txt']),
        offset: prng.pick([0, 7, 2 ** 40]),
        length: prng.pick([0, 1, 1 << 20]),
      }[member];
    }
    return request;
  }

  /** A random value, a well-formed request, or one changed a little. */
  request(): unknown {
    const { prng } = this;
    const roll = prng.next();
    if (roll < 0.3) return this.value();
    const request = this.wellFormed();
    if (roll < 0.5) return request;
    for (let changes = 1 + prng.int(3); changes > 0; changes--) {
      const member = prng.pick([...MEMBER_NAMES, ...Object.keys(request)]);
      switch (prng.int(3)) {
        case 0:
          delete request[member];
          break;
        case 1:
          setMember(request, member, this.value(1));
          break;
        default:
          setMember(request, member, this.string());
      }
    }
    return request;
  }
}

/** What an accepted request must be: only its op's members, each by the contract's rules. */
function expectContractHolds(request: ApiRequest): void {
  const optional = OPTIONAL[request.op] ?? [];
  expect(
    Object.keys(request)
      .filter((name) => !optional.includes(name))
      .sort(),
  ).toEqual([...MEMBERS[request.op]].sort());
  expect(parseApiRequest(request)).toEqual(request);
  if ('runId' in request) expect(isRunId(request.runId)).toBe(true);
  if ('runIds' in request) expect((request.runIds ?? []).every(isRunId)).toBe(true);
  if ('keys' in request) expect(request.keys.every((key) => isKey(key))).toBe(true);
  if ('tag' in request) expect(isTag(request.tag)).toBe(true);
  if ('text' in request) expect(isWellFormedUnicode(request.text)).toBe(true);
  if ('key' in request) expect(isKey(request.key)).toBe(true);
  if ('requests' in request)
    for (const query of request.requests) {
      expect(isRunId(query.runId)).toBe(true);
      expect(isKey(query.key)).toBe(true);
      expect(parseApiRequest({ ...query, op: 'envelope' })).toEqual({ ...query, op: 'envelope' });
    }
}

/** The answer a session must give to the value, as the Backend sees it. */
function expectAnswer(value: unknown, response: ApiResponse | undefined): void {
  expect(response).toBeDefined();
  const parsed = parseApiRequest(value);
  if (isApiError(parsed)) {
    expect(response).toEqual({ ok: false, error: parsed });
    return;
  }
  if (parsed.op === 'subscribe' && parsed.runIds.some((id) => id !== EXAMPLE_RUN)) {
    // Following a run that is not there may be refused, or leave it out.
    expect(response!.ok || response!.error.code === 'no-such-run').toBe(true);
    return;
  }
  if (parsed.op === 'artifactDetail' || parsed.op === 'verifyArtifact') {
    // The example store may hold no artifact of the name asked for.
    expect(response!.ok || response!.error.code === 'no-such-artifact').toBe(true);
    return;
  }
  if (parsed.op === 'envelopes' || parsed.op === 'samplesAt') {
    // Refused whole: by a run not there, or a key the run does not have.
    const missing = parsed.requests.some((query) => query.runId !== EXAMPLE_RUN);
    expect(
      response!.ok ? !missing : ['bad-request', 'no-such-run'].includes(response!.error.code),
      JSON.stringify(response).slice(0, 300),
    ).toBe(true);
    return;
  }
  if (parsed.op === 'makeReport') {
    // Made for the runs that are there; refused by one that is not.
    const missing = parsed.runIds.some((id) => id !== EXAMPLE_RUN);
    expect(
      response!.ok ? !missing : response!.error.code === 'no-such-run',
      JSON.stringify(response).slice(0, 300),
    ).toBe(true);
    return;
  }
  const named = 'runId' in parsed ? parsed.runId : EXAMPLE_RUN;
  if (parsed.op === 'groupEnvelope' || parsed.op === 'groupAt') {
    // A group may name runs that are not there, and a key or view the Backend refuses.
    expect(
      response!.ok || ['bad-request', 'no-such-run'].includes(response!.error.code),
      JSON.stringify(response).slice(0, 300),
    ).toBe(true);
    return;
  }
  if (parsed.op === 'gitDiffPart' && named === EXAMPLE_RUN) {
    // The example run has no git.diff: a part of it is asked for only once gitDiff told one.
    expect(!response!.ok && response!.error.code).toBe('unreadable');
    return;
  }
  if (parsed.op === 'loggedFilePart' && named === EXAMPLE_RUN) {
    // The example run logged no file: none of its files is there to read, its log neither.
    expect(!response!.ok && response!.error.code).toBe('no-such-file');
    return;
  }
  if ((parsed.op === 'envelope' || parsed.op === 'labelSegments') && named === EXAMPLE_RUN) {
    // A key the run does not have is the Backend's to refuse.
    expect(response!.ok || response!.error.code === 'bad-request').toBe(true);
    return;
  }
  if (named !== EXAMPLE_RUN) {
    expect(response!.ok).toBe(false);
    expect(!response!.ok && response!.error.code).toBe('no-such-run');
    expect(!response!.ok && typeof response!.error.message).toBe('string');
  } else {
    expect(response!.ok, JSON.stringify(response).slice(0, 300)).toBe(true);
  }
}

function expectBadRequest(response: ApiResponse): void {
  expect(response.ok).toBe(false);
  if (response.ok) return;
  expect(response.error.code).toBe('bad-request');
  expect(typeof response.error.message).toBe('string');
  expect(response.error.message.length).toBeGreaterThan(0);
}

describe('parseApiRequest under fuzz', () => {
  it('never throws, and what it accepts holds the contract', () => {
    const fuzzer = new Fuzzer(new Prng(0x5eed), (1 << 20) + 2);
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 20_000; i++) {
      const value = fuzzer.request();
      const parsed = parseApiRequest(value);
      if (isApiError(parsed)) {
        refused++;
        expect(parsed.code).toBe('bad-request');
        expect(parsed.message.length).toBeGreaterThan(0);
        expect(Object.keys(parsed).sort()).toEqual(['code', 'message']);
      } else {
        accepted++;
        expectContractHolds(parsed);
      }
    }
    expect(accepted).toBeGreaterThan(2000);
    expect(refused).toBeGreaterThan(2000);
  });

  it('takes members named with $ and __proto__ like any other', () => {
    const raw = JSON.parse('{"__proto__":{"op":"listRuns"},"$n":"NaN"}') as unknown;
    expect(isApiError(parseApiRequest(raw))).toBe(true);
    const withExtras = JSON.parse('{"op":"listRuns","__proto__":{"runId":"x"},"$f":[0,1]}');
    expect(parseApiRequest(withExtras)).toEqual({ op: 'listRuns' });
  });
});

describe('a live session under fuzz', () => {
  const newDir = tempDirs();
  let server: TestServer;
  let session: ApiSession;

  beforeAll(async () => {
    server = await startServer(newDir());
    session = await browserSession(server);
  });

  afterAll(async () => {
    await session.close();
    await server.close();
  });

  async function expectStillUsable(): Promise<void> {
    expect(session.open).toBe(true);
    const runs = await session.request({ op: 'listRuns' });
    expect(runs.ok).toBe(true);
    expect(runs.ok && (runs.result as readonly RunSummary[]).map((run) => run.id)).toEqual([
      EXAMPLE_RUN,
    ]);
  }

  it('answers thousands of fuzzed requests, each as the contract says', async () => {
    const fuzzer = new Fuzzer(new Prng(2026), 3000);
    for (let batch = 0; batch < 12; batch++) {
      const sent: { id: number; value: unknown }[] = [];
      for (let i = 0; i < 250; i++) {
        const value = fuzzer.request();
        sent.push({ id: session.send(value), value });
      }
      for (const { id, value } of sent) expectAnswer(value, await session.responseTo(id));
    }
    await expectStillUsable();
  });

  it('answers fuzzed envelopes: a bad type or id gets a bad-request numbered -1', async () => {
    const prng = new Prng(99);
    const fuzzer = new Fuzzer(prng, 100);
    const before = session.responses.filter((r) => r.id === -1).length;
    let badEnvelopes = 0;
    const goodIds: { id: number; value: unknown }[] = [];
    for (let i = 0; i < 1500; i++) {
      const request = fuzzer.request();
      const goodId = 1_000_000 + i;
      const envelope: Record<string, unknown> = {
        type: prng.chance(0.7) ? 'request' : fuzzer.value(1),
        id: prng.chance(0.7)
          ? goodId
          : prng.pick([1.5, NaN, Infinity, -Infinity, 2 ** 53, '7', null, undefined, 7n, [7]]),
        request,
      };
      if (prng.chance(0.1)) delete envelope[prng.pick(['type', 'id', 'request'])];
      const message = prng.chance(0.05) ? fuzzer.value() : envelope;
      const good =
        typeof message === 'object' &&
        message !== null &&
        !Array.isArray(message) &&
        !(message instanceof Map) &&
        !(message instanceof Float64Array) &&
        (message as Record<string, unknown>)['type'] === 'request' &&
        Number.isSafeInteger((message as Record<string, unknown>)['id']);
      session.ws.send(encodeWireMessage(message, nodeTextCodec));
      if (good) {
        goodIds.push({
          id: (message as { id: number }).id,
          value: (message as { request?: unknown }).request,
        });
      } else {
        badEnvelopes++;
      }
    }
    for (const { id, value } of goodIds) expectAnswer(value, await session.responseTo(id));
    const numbered = await session.waitFor(() => {
      const all = session.responses.filter((r) => r.id === -1);
      return all.length >= before + badEnvelopes ? all.slice(before) : undefined;
    }, 'the answers to bad envelopes');
    expect(numbered).toHaveLength(badEnvelopes);
    for (const { response } of numbered) expectBadRequest(response);
    expect(badEnvelopes).toBeGreaterThan(200);
    expect(goodIds.length).toBeGreaterThan(200);
    await expectStillUsable();
  });

  it('answers malformed frames with bad-request and stays usable', async () => {
    const prng = new Prng(31337);
    const good = encodeWireMessage(
      { type: 'request', id: 5, request: { op: 'runDetail', runId: EXAMPLE_RUN } },
      nodeTextCodec,
    );
    const headerLength = new DataView(good.buffer).getUint32(0, true);
    const frames: Uint8Array[] = [new Uint8Array(0), new Uint8Array([1]), new Uint8Array(3)];
    for (let i = 0; i < 300; i++) frames.push(prng.bytes(prng.int(80)));
    for (let i = 0; i < 100; i++) {
      // Random bytes behind a plausible header length.
      const frame = prng.bytes(8 + prng.int(64));
      new DataView(frame.buffer).setUint32(0, prng.int(frame.length), true);
      frames.push(frame);
    }
    for (let cut = 0; cut < 4 + headerLength; cut++) frames.push(good.slice(0, cut));
    const lying = good.slice();
    new DataView(lying.buffer).setUint32(0, 0xffffffff, true);
    frames.push(lying);
    for (const frame of frames) expectBadRequest(await session.sendRaw(frame));

    for (const text of ['', 'hello', '{"type":"request","id":1,"request":{"op":"listRuns"}}']) {
      expectBadRequest(await session.sendRaw(text, false));
    }
    await expectStillUsable();
  });

  it('answers frames whose header holds prototype names and reserved members', async () => {
    const header = (json: string): Uint8Array => {
      const bytes = Buffer.from(json, 'utf8');
      const frame = new Uint8Array(Math.ceil((4 + bytes.length) / 8) * 8);
      new DataView(frame.buffer).setUint32(0, bytes.length, true);
      frame.set(bytes, 4);
      return frame;
    };
    // Members come as the frame's own: __proto__ is one like any other, never the prototype.
    expectBadRequest(
      await session.sendRaw(header('{"__proto__":{"type":"request","id":3000003},"request":{}}')),
    );
    expect(session.responses.some((r) => r.id === 3000003)).toBe(false);
    expectBadRequest(await session.sendRaw(header('{"type":"request","id":{"$n":"NaN"}}')));
    expectBadRequest(await session.sendRaw(header('{"type":"request","id":{"$b":"12"}}')));
    session.ws.send(
      header('{"type":"request","id":4000041,"request":{"op":"runDetail","runId":{"$u":1}}}'),
    );
    expectBadRequest(await session.responseTo(4000041));
    session.ws.send(
      header(
        '{"type":"request","id":4000042,"request":{"__proto__":{"op":"gitDiff","runId":".."}}}',
      ),
    );
    expectBadRequest(await session.responseTo(4000042));
    await expectStillUsable();
  });

  it('refuses huge arguments with bad-request', async () => {
    const huge = 'h'.repeat((1 << 20) + 1);
    for (const request of [
      { op: 'setNotes', runId: EXAMPLE_RUN, text: huge },
      { op: 'addTag', runId: EXAMPLE_RUN, tag: huge },
      { op: 'runDetail', runId: huge },
      { op: huge },
      { op: 'series', runId: EXAMPLE_RUN, keys: [huge] },
      { op: 'subscribe', runIds: Array.from({ length: 5000 }, (_, i) => `r${i}`) },
    ]) {
      expectBadRequest(await session.request(request));
    }
    await expectStillUsable();
  });
});
