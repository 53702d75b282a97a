// Tags and notes written over the WebSocket: exact bytes on disk, deltas to sessions, refusals change nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Delta, RunDetail, RunSummary, SeriesColumns } from '../../shared/api/contract.js';
import { metricsLine, startLine } from '../support/lines.js';
import { blake2bHex, writeLog } from '../support/store-fixture.js';
import { snapshotTree } from '../support/tree-snapshot.js';
import type { ApiSession, TestServer } from '../serve/harness.js';
import { browserSession, EXAMPLE_RUN, startServer, tempDirs } from '../serve/harness.js';

const DEEP_RUN = '20261102T000000Z-deadbeef';
/** A provenance of 63 levels: with its start record, the 64 the format reads. */
const DEEP_PROVENANCE = '{"a":'.repeat(62) + '[]' + '}'.repeat(62);

const newDir = tempDirs();
let server: TestServer;
let session: ApiSession;
let other: ApiSession;

beforeAll(async () => {
  server = await startServer(newDir(), undefined, (root) => {
    writeLog(root, DEEP_RUN, [
      startLine(`,"provenance":${DEEP_PROVENANCE}`),
      metricsLine(0, { loss: 1.5 }),
    ]);
  });
  session = await browserSession(server);
  other = await browserSession(server);
});

afterAll(async () => {
  await session.close();
  await other.close();
  await server.close();
});

function runDir(id = EXAMPLE_RUN): string {
  return join(server.root, 'runs', id);
}

function tagFiles(): string[] {
  const dir = join(runDir(), 'tags');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** Waits for a delta after the first `from` of the session that passes test. */
function deltaAfter<T extends Delta['type']>(
  on: ApiSession,
  from: number,
  type: T,
  test: (delta: Extract<Delta, { type: T }>) => boolean,
): Promise<Extract<Delta, { type: T }>> {
  return on.waitFor(
    () =>
      on.deltas
        .slice(from)
        .find(
          (delta): delta is Extract<Delta, { type: T }> =>
            delta.type === type && test(delta as Extract<Delta, { type: T }>),
        ),
    `a ${type} delta`,
  );
}

function expectSeqIncreasing(on: ApiSession): void {
  const seqs = on.deltas.map((delta) => delta.seq);
  seqs.forEach((seq, i) => expect(seq).toBe(i === 0 ? seq : seqs[i - 1]! + 1));
  expect(seqs.length === 0 || seqs[0]! >= 1).toBe(true);
}

describe('tags over the WebSocket', () => {
  it('addTag writes tags/<BLAKE2b-256 of the bytes> holding the bytes, and pushes run-changed', async () => {
    const tag = 'Grüße ✓ baseline 🎉';
    const from = session.deltas.length;
    const fromOther = other.deltas.length;
    const answer = await session.request({ op: 'addTag', runId: EXAMPLE_RUN, tag });
    expect(answer).toEqual({ ok: true, result: [tag] });

    const name = blake2bHex(tag);
    expect(name).toMatch(/^[0-9a-f]{64}$/);
    expect(tagFiles()).toEqual([name]);
    expect(readFileSync(join(runDir(), 'tags', name))).toEqual(Buffer.from(tag, 'utf8'));

    const changed = await deltaAfter(session, from, 'run-changed', (d) => d.run.tags.includes(tag));
    expect(changed.run.id).toBe(EXAMPLE_RUN);
    await deltaAfter(other, fromOther, 'run-changed', (d) => d.run.tags.includes(tag));
    expectSeqIncreasing(session);
  });

  it('a second tag adds a second file; removeTag removes exactly its file', async () => {
    const first = 'Grüße ✓ baseline 🎉';
    const second = 'sweep-3';
    expect(await session.request({ op: 'addTag', runId: EXAMPLE_RUN, tag: second })).toEqual({
      ok: true,
      result: [first, second].sort(),
    });
    expect(tagFiles()).toEqual([blake2bHex(first), blake2bHex(second)].sort());
    expect(readFileSync(join(runDir(), 'tags', blake2bHex(second)), 'utf8')).toBe(second);

    const again = await session.request({ op: 'addTag', runId: EXAMPLE_RUN, tag: second });
    expect(again).toEqual({ ok: true, result: [first, second].sort() });
    expect(tagFiles()).toHaveLength(2);

    const from = session.deltas.length;
    const removed = await session.request({ op: 'removeTag', runId: EXAMPLE_RUN, tag: first });
    expect(removed).toEqual({ ok: true, result: [second] });
    expect(tagFiles()).toEqual([blake2bHex(second)]);
    const changed = await deltaAfter(
      session,
      from,
      'run-changed',
      (d) => d.run.tags.length === 1 && d.run.tags[0] === second,
    );
    expect(changed.run.id).toBe(EXAMPLE_RUN);

    const list = await session.request({ op: 'listRuns' });
    const run = (list.ok ? (list.result as readonly RunSummary[]) : []).find(
      (r) => r.id === EXAMPLE_RUN,
    );
    expect(run?.tags).toEqual([second]);
    expect(
      await session.request({ op: 'removeTag', runId: EXAMPLE_RUN, tag: 'never added' }),
    ).toEqual({ ok: true, result: [second] });
  });
});

describe('notes over the WebSocket', () => {
  it('setNotes replaces the notes file whole, byte for byte, and pushes notes-changed', async () => {
    const text = 'First line\nGrüße ✓ 🎉\ttabbed\r\n\u0000 kept as written\n';
    const from = session.deltas.length;
    const fromOther = other.deltas.length;
    expect(await session.request({ op: 'setNotes', runId: EXAMPLE_RUN, text })).toEqual({
      ok: true,
      result: null,
    });
    expect(readFileSync(join(runDir(), 'notes'))).toEqual(Buffer.from(text, 'utf8'));
    expect(readdirSync(runDir()).filter((name) => name.startsWith('.'))).toEqual([]);

    await deltaAfter(session, from, 'notes-changed', (d) => d.runId === EXAMPLE_RUN);
    await deltaAfter(other, fromOther, 'notes-changed', (d) => d.runId === EXAMPLE_RUN);
    await deltaAfter(session, from, 'run-changed', (d) => d.run.hasNotes);

    const detail = await session.request({ op: 'runDetail', runId: EXAMPLE_RUN });
    expect(detail.ok && (detail.result as RunDetail).notes).toBe(text);

    const shorter = 'short';
    expect(await session.request({ op: 'setNotes', runId: EXAMPLE_RUN, text: shorter })).toEqual({
      ok: true,
      result: null,
    });
    expect(readFileSync(join(runDir(), 'notes'))).toEqual(Buffer.from(shorter, 'utf8'));
    expect(await session.request({ op: 'setNotes', runId: EXAMPLE_RUN, text: '' })).toEqual({
      ok: true,
      result: null,
    });
    expect(readFileSync(join(runDir(), 'notes'))).toHaveLength(0);
    expectSeqIncreasing(session);
    expectSeqIncreasing(other);
  });
});

describe('refused writes', () => {
  it('change nothing on disk and get typed errors', async () => {
    // Let the watcher settle on the writes above before taking the snapshot.
    await session.request({ op: 'setNotes', runId: EXAMPLE_RUN, text: 'kept' });
    const before = snapshotTree(server.root);
    const refused: [unknown, string][] = [
      [{ op: 'addTag', runId: EXAMPLE_RUN, tag: 'a,b' }, 'bad-request'],
      [{ op: 'addTag', runId: EXAMPLE_RUN, tag: 'line\nfeed' }, 'bad-request'],
      [{ op: 'addTag', runId: EXAMPLE_RUN, tag: '' }, 'bad-request'],
      [{ op: 'addTag', runId: EXAMPLE_RUN, tag: '\ud800' }, 'bad-request'],
      [{ op: 'removeTag', runId: EXAMPLE_RUN, tag: 'x,y' }, 'bad-request'],
      [{ op: 'setNotes', runId: EXAMPLE_RUN, text: 'lone \udc00 surrogate' }, 'bad-request'],
      [{ op: 'setNotes', runId: EXAMPLE_RUN, text: 7 }, 'bad-request'],
      [{ op: 'setNotes', runId: '../..', text: 'escape' }, 'bad-request'],
      // A path of names is a stream's id: here it names no run, and nothing is joined into a path.
      [{ op: 'setNotes', runId: `${EXAMPLE_RUN}/tags`, text: 'escape' }, 'no-such-run'],
      [{ op: 'addTag', runId: '.', tag: 'escape' }, 'bad-request'],
      [{ op: 'addTag', runId: 'no-such-run', tag: 'ghost' }, 'no-such-run'],
      [{ op: 'setNotes', runId: 'no-such-run', text: 'ghost' }, 'no-such-run'],
      [{ op: 'removeTag', runId: 'no-such-run', tag: 'ghost' }, 'no-such-run'],
    ];
    for (const [request, code] of refused) {
      const answer = await session.request(request);
      expect(answer.ok).toBe(false);
      expect(!answer.ok && answer.error.code).toBe(code);
      expect(!answer.ok && answer.error.message.length).toBeGreaterThan(0);
    }
    expect(snapshotTree(server.root)).toEqual(before);
    expect(existsSync(join(server.root, 'runs', 'no-such-run'))).toBe(false);
    expect(readFileSync(join(runDir(), 'notes'), 'utf8')).toBe('kept');
  });
});

describe('reads over the WebSocket', () => {
  it('carry a provenance nested as deep as the format allows', async () => {
    const detail = await session.request({ op: 'runDetail', runId: DEEP_RUN });
    expect(detail.ok).toBe(true);
    let level: unknown = (detail.ok ? (detail.result as RunDetail) : undefined)?.provenance;
    let depth = 0;
    while (level instanceof Map) {
      depth++;
      level = level.get('a');
    }
    expect(depth).toBe(62);
    expect(level).toEqual([]);
  });

  it('carry series as Float64Arrays', async () => {
    const answer = await session.request({ op: 'series', runId: DEEP_RUN, keys: ['loss'] });
    expect(answer.ok).toBe(true);
    const [series] = answer.ok ? (answer.result as readonly SeriesColumns[]) : [];
    expect(series?.values).toBeInstanceOf(Float64Array);
    expect([...series!.values]).toEqual([1.5]);
  });
});
