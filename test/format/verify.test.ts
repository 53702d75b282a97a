// Verifying versions against their blobs: digests computed here from the hash library and
// listings written by hand; each failure kind; progress and cancellation of the worker.

import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import type { Stats } from 'node:fs';
import {
  lstatSync,
  lutimesSync,
  mkdirSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { VerifyProgress, VerifyResult } from '../../electron/store/verify.js';
import { verifyVersions } from '../../electron/store/verify.js';
import { allTargets, resolveTarget } from '../../electron/store/verify-targets.js';
import {
  blake2bHex,
  tempStores,
  writeArtifactFile,
  writeAt,
  writeBlob,
} from '../support/store-fixture.js';

const newStore = tempStores();
const EMPTY_LISTING = blake2bHex('');

/** Sets the times of path and everything below it, links themselves, to `seconds` ago. */
function backdate(path: string, seconds: number): void {
  const when = Date.now() / 1000 - seconds;
  const stat: Stats = lstatSync(path);
  if (stat.isDirectory()) for (const name of readdirSync(path)) backdate(join(path, name), seconds);
  lutimesSync(path, when, when);
}

function blobPath(root: string, digest: string): string {
  return join(root, 'blobs', 'blake2b-256', digest.replace('blake2b-256:', ''));
}

/**
 * Publishes version n of name for a blob as a writer would: the blob complete (an hour ago by its
 * times), then the version file (half an hour ago), so later changes read as made by hand.
 */
function publish(root: string, name: string, n: number, digest: string, size: number): void {
  writeArtifactFile(
    root,
    name,
    `${n}.json`,
    JSON.stringify({ format: 1, time: 1, run: 'r', digest, size, metadata: {} }),
  );
  const blob = blobPath(root, digest);
  if (lstatSync(blob, { throwIfNoEntry: false }) !== undefined) backdate(blob, 3600);
  backdate(join(root, 'artifacts', name, `${n}.json`), 1800);
}

/** A directory blob written by hand under the digest of the listing given for it. */
function writeDirectoryBlob(root: string, listing: string, build: (dir: string) => void): string {
  const digest = `blake2b-256:${blake2bHex(listing)}`;
  const dir = blobPath(root, digest);
  mkdirSync(dir, { recursive: true });
  build(dir);
  return digest;
}

/** The tree a/x.bin, a/deep/y (nested), e/ (empty), z (empty file), and its listing by hand. */
function nestedTree(root: string): { digest: string; size: number } {
  const listing =
    'dir:a\n' +
    'dir:a/deep\n' +
    `file:a/deep/y:${blake2bHex('why')}\n` +
    `file:a/x.bin:${blake2bHex('x')}\n` +
    'dir:e\n' +
    `file:z:${blake2bHex('')}\n`;
  const digest = writeDirectoryBlob(root, listing, (dir) => {
    writeAt(join(dir, 'a', 'x.bin'), 'x');
    writeAt(join(dir, 'a', 'deep', 'y'), 'why');
    mkdirSync(join(dir, 'e'));
    writeAt(join(dir, 'z'), '');
  });
  return { digest, size: 4 };
}

async function verifyAll(root: string, options = {}): Promise<VerifyResult[]> {
  return verifyVersions(root, allTargets(root), options);
}

async function verifyOne(root: string, spec: string): Promise<VerifyResult> {
  const [result] = await verifyVersions(root, resolveTarget(root, spec));
  return result!;
}

describe('verify: intact blobs', () => {
  it('a file, an empty file, a directory, nested and empty directories are ok', async () => {
    const root = newStore();
    publish(root, 'file', 1, writeBlob(root, 'hello\n'), 6);
    publish(root, 'empty-file', 1, writeBlob(root, ''), 0);
    const tree = nestedTree(root);
    publish(root, 'tree', 1, tree.digest, tree.size);
    const results = await verifyAll(root);
    expect(results.map((r) => [`${r.name}:${r.version}`, r.status])).toEqual([
      ['empty-file:1', 'ok'],
      ['file:1', 'ok'],
      ['tree:1', 'ok'],
    ]);
  });

  it("an empty directory is ok; its digest is the empty file's, so it needs a store of its own", async () => {
    const root = newStore();
    const emptyDir = writeDirectoryBlob(root, '', () => {});
    expect(emptyDir).toBe(`blake2b-256:${EMPTY_LISTING}`);
    expect(emptyDir).toBe(`blake2b-256:${blake2bHex(Buffer.alloc(0))}`);
    publish(root, 'empty-dir', 1, emptyDir, 0);
    expect((await verifyOne(root, 'empty-dir')).status).toBe('ok');
  });

  it('a symbolic link to a file inside the store is that file', async () => {
    const root = newStore();
    writeAt(join(root, 'elsewhere', 'b.txt'), 'bee\n');
    const digest = writeDirectoryBlob(root, `file:b.txt:${blake2bHex('bee\n')}\n`, (dir) =>
      symlinkSync(join(root, 'elsewhere', 'b.txt'), join(dir, 'b.txt')),
    );
    publish(root, 'linked', 1, digest, 4);
    expect((await verifyOne(root, 'linked:1')).status).toBe('ok');
  });

  it('a version deleted and named by number says deleted, with nothing hashed', async () => {
    const root = newStore();
    writeArtifactFile(root, 'gone', '1.json', '{"format":1,"time":5,"deleted":true}');
    expect(allTargets(root)).toEqual([]);
    expect(await verifyOne(root, 'gone:1')).toEqual({
      name: 'gone',
      version: 1,
      digest: null,
      status: 'deleted',
    });
  });
});

describe('verify: failures', () => {
  it('no blob of the name: missing', async () => {
    const root = newStore();
    publish(root, 'm', 1, `blake2b-256:${blake2bHex('never stored')}`, 12);
    expect((await verifyOne(root, 'm')).status).toBe('missing');
  });

  it('a file whose bytes changed: modified, with its digest and size now', async () => {
    const root = newStore();
    const digest = writeBlob(root, 'hello\n');
    publish(root, 'f', 1, digest, 6);
    writeFileSync(blobPath(root, digest), 'hello, world\n');
    const result = await verifyOne(root, 'f:1');
    expect(result).toMatchObject({
      status: 'modified',
      digest,
      actual: `blake2b-256:${blake2bHex('hello, world\n')}`,
      size: { actual: 13, expected: 6 },
      changed: null,
    });
  });

  it('bytes intact but a size member that differs: modified', async () => {
    const root = newStore();
    const digest = writeBlob(root, 'hello\n');
    publish(root, 'f', 1, digest, 7);
    expect(await verifyOne(root, 'f:1')).toMatchObject({
      status: 'modified',
      actual: digest,
      size: { actual: 6, expected: 7 },
    });
  });

  it('a directory entry changed: modified, naming that entry', async () => {
    const root = newStore();
    const tree = nestedTree(root);
    publish(root, 't', 1, tree.digest, tree.size);
    writeFileSync(join(blobPath(root, tree.digest), 'a', 'deep', 'y'), 'whY');
    expect(await verifyOne(root, 't:1')).toMatchObject({
      status: 'modified',
      changed: [{ path: 'a/deep/y', change: 'content' }],
      allChanged: false,
    });
  });

  it('an entry added: modified, naming it and the directory it was added to', async () => {
    const root = newStore();
    const tree = nestedTree(root);
    publish(root, 't', 1, tree.digest, tree.size);
    writeAt(join(blobPath(root, tree.digest), 'e', 'new'), 'n');
    expect(await verifyOne(root, 't:1')).toMatchObject({
      status: 'modified',
      size: { actual: 5, expected: 4 },
      changed: [
        { path: 'e', change: 'entries' },
        { path: 'e/new', change: 'content' },
      ],
    });
  });

  it('an entry removed: modified, naming the directory it was removed from', async () => {
    const root = newStore();
    const tree = nestedTree(root);
    publish(root, 't', 1, tree.digest, tree.size);
    rmSync(join(blobPath(root, tree.digest), 'a', 'x.bin'));
    expect(await verifyOne(root, 't:1')).toMatchObject({
      status: 'modified',
      size: { actual: 3, expected: 4 },
      changed: [{ path: 'a', change: 'entries' }],
    });
  });

  it('a link to a directory in a blob: unreadable, refused', async () => {
    const root = newStore();
    mkdirSync(join(root, 'elsewhere'));
    const digest = writeDirectoryBlob(root, 'dir:d\n', (dir) =>
      symlinkSync(join(root, 'elsewhere'), join(dir, 'd')),
    );
    publish(root, 'l', 1, digest, 0);
    const result = await verifyOne(root, 'l');
    expect(result.status).toBe('unreadable');
    expect(result).toMatchObject({ reason: expect.stringContaining('link to a directory') });
  });

  it('a FIFO in a blob directory: unreadable, without waiting for a writer', async () => {
    const root = newStore();
    const digest = writeDirectoryBlob(root, `file:p:${blake2bHex('')}\n`, (dir) =>
      execFileSync('mkfifo', [join(dir, 'p')]),
    );
    publish(root, 'fifo', 1, digest, 0);
    const result = await verifyOne(root, 'fifo');
    expect(result).toMatchObject({ status: 'unreadable', reason: expect.stringContaining('FIFO') });
  });

  it('a link out of the store: unreadable, not followed', async () => {
    const outside = newStore();
    writeAt(join(outside, 'secret'), 'bee\n');
    const root = newStore();
    const digest = writeDirectoryBlob(root, `file:b.txt:${blake2bHex('bee\n')}\n`, (dir) =>
      symlinkSync(join(outside, 'secret'), join(dir, 'b.txt')),
    );
    publish(root, 'out', 1, digest, 4);
    const result = await verifyOne(root, 'out');
    expect(result).toMatchObject({
      status: 'unreadable',
      reason: expect.stringContaining('out of the store'),
    });
  });

  it('a version file without a digest: unreadable, saying so', async () => {
    const root = newStore();
    writeArtifactFile(root, 'nodigest', '1.json', '{"format":1,"time":1,"run":"r","size":1}');
    expect(await verifyOne(root, 'nodigest')).toMatchObject({
      status: 'unreadable',
      reason: expect.stringContaining('names no digest'),
    });
  });
});

describe('verify: progress and cancellation', () => {
  const BIG = (24 << 20) + 5;

  it('tells bytes hashed of the total, each blob hashed once, ending at the total', async () => {
    const root = newStore();
    const bytes = Buffer.alloc(BIG, 3);
    const digest = writeBlob(root, bytes);
    publish(root, 'big', 1, digest, BIG);
    publish(root, 'big', 2, digest, BIG);
    const told: VerifyProgress[] = [];
    const results = await verifyAll(root, { onProgress: (p: VerifyProgress) => told.push(p) });
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(told[0]).toEqual({ bytes: 0, total: BIG });
    expect(told.at(-1)).toEqual({ bytes: BIG, total: BIG });
    expect(told.length).toBeGreaterThan(2);
    for (let i = 1; i < told.length; i++)
      expect(told[i]!.bytes).toBeGreaterThanOrEqual(told[i - 1]!.bytes);
  });

  it('stops when its signal aborts, rejecting with the reason; an aborted one starts nothing', async () => {
    const root = newStore();
    publish(root, 'big', 1, writeBlob(root, Buffer.alloc(BIG, 1)), BIG);
    const controller = new AbortController();
    const verifying = verifyAll(root, {
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('stopped by the test')),
    });
    await expect(verifying).rejects.toThrow('stopped by the test');
    await expect(verifyAll(root, { signal: controller.signal })).rejects.toThrow(
      'stopped by the test',
    );
  });
});
