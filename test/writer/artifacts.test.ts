// Publishing artifact versions: blobs named by the digest of their content, version numbers
// claimed in order, aliases and deletions, all under the store's shared lock.

import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArtifact } from '../../electron/store/artifacts.js';
import { BLOBS_DIR, digestDirectory, digestFile, verifyBlob } from '../../electron/store/blobs.js';
import { RunWriter } from '../../electron/demo/writer/run-writer.js';
import { deleteVersion, publishVersion, setAlias } from '../../electron/demo/writer/artifacts.js';
import { at, exportOf, holdLockInAnotherProcess, release, scratchDirs } from './scratch.js';

const newRoot = scratchDirs();
const holders: ChildProcess[] = [];
afterEach(async () => {
  for (const child of holders.splice(0)) await release(child);
});

function storeWithRun(): { root: string; run: string; source: string } {
  const root = newRoot();
  const writer = RunWriter.create(root, { experiment: 'e', params: {}, provenance: { cwd: root } });
  writer.log(500, { loss: 0.5 });
  writer.end('finished');
  const source = join(root, 'source');
  mkdirSync(source);
  return { root, run: writer.id, source };
}

describe('publishVersion', () => {
  it('stores the blob under its digest and claims versions 1, 2, 3', () => {
    const { root, run, source } = storeWithRun();
    const checkpoint = join(source, 'model.ckpt');
    writeFileSync(checkpoint, Buffer.from('weights v1'));
    const first = publishVersion(root, 'model', checkpoint, {
      run,
      step: 500,
      metadata: { framework: 'torch', params: 11_000_000n, acc: 0.9 },
      clock: () => 1793549000.5,
    });
    const hex = digestFile(checkpoint);
    expect(first).toEqual({ version: 1, digest: `blake2b-256:${hex}`, size: 10 });
    expect(readFileSync(join(root, BLOBS_DIR, hex), 'utf8')).toBe('weights v1');
    expect(verifyBlob(root, first.digest)).toBe('intact');
    expect(readFileSync(join(root, 'artifacts/model/1.json'), 'utf8')).toBe(
      `{"format":1,"time":1793549000.5,"run":"${run}","step":500,"digest":"blake2b-256:${hex}","size":10,"metadata":{"framework":"torch","params":11000000,"acc":0.9}}`,
    );

    const again = publishVersion(root, 'model', checkpoint, { run, metadata: {} });
    expect(again.version).toBe(2);
    expect(again.digest).toBe(first.digest);
    expect(readdirSync(join(root, BLOBS_DIR))).toEqual([hex]);
    expect(readFileSync(join(root, 'artifacts/model/2.json'), 'utf8')).not.toContain('"step"');

    writeFileSync(checkpoint, Buffer.from('weights v3'));
    expect(publishVersion(root, 'model', checkpoint, { run, metadata: {} }).version).toBe(3);
    expect(readdirSync(join(root, 'blobs')).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(readdirSync(join(root, 'artifacts/model')).sort()).toEqual([
      '1.json',
      '2.json',
      '3.json',
    ]);
    const artifact = readArtifact(root, 'model')!;
    expect([...artifact.versions.keys()]).toEqual([1, 2, 3]);
    expect(artifact.latest).toBe(3);
  });

  it('claims the number after the highest, deleted ones included', () => {
    const { root, run, source } = storeWithRun();
    const file = join(source, 'a');
    writeFileSync(file, 'a');
    publishVersion(root, 'm', file, { run, metadata: {} });
    writeFileSync(join(root, 'artifacts/m/7.json'), '{"format":1,"time":1.0,"deleted":true}');
    expect(publishVersion(root, 'm', file, { run, metadata: {} }).version).toBe(8);
  });

  it('stores a directory tree with its listing digest, a link to a file as the file', () => {
    const { root, run, source } = storeWithRun();
    const dataset = join(source, 'cifar10');
    mkdirSync(join(dataset, 'train'), { recursive: true });
    mkdirSync(join(dataset, 'empty'));
    writeFileSync(join(dataset, 'train', 'batch_1.bin'), Buffer.alloc(3000, 7));
    writeFileSync(join(dataset, 'meta.txt'), 'airplane\nautomobile\n');
    writeFileSync(join(source, 'outside.txt'), 'linked');
    symlinkSync(join(source, 'outside.txt'), join(dataset, 'link.txt'));
    const published = publishVersion(root, 'cifar10', dataset, { run, metadata: { classes: 10n } });
    const hex = digestDirectory(dataset);
    expect(published).toEqual({ version: 1, digest: `blake2b-256:${hex}`, size: 3000 + 20 + 6 });
    const blob = join(root, BLOBS_DIR, hex);
    expect(readdirSync(blob).sort()).toEqual(['empty', 'link.txt', 'meta.txt', 'train']);
    expect(readFileSync(join(blob, 'link.txt'), 'utf8')).toBe('linked');
    expect(verifyBlob(root, published.digest)).toBe('intact');
  });

  it('refuses a link to a directory and leaves nothing behind', () => {
    const { root, run, source } = storeWithRun();
    const tree = join(source, 'tree');
    mkdirSync(join(tree, 'real'), { recursive: true });
    writeFileSync(join(tree, 'real', 'x'), 'x');
    symlinkSync(join(tree, 'real'), join(tree, 'alias'));
    expect(() => publishVersion(root, 'm', tree, { run, metadata: {} })).toThrow(
      /symbolic link to a directory/,
    );
    expect(readdirSync(join(root, 'blobs'))).toEqual(['blake2b-256']);
    expect(readdirSync(join(root, BLOBS_DIR))).toEqual([]);
  });

  it('waits for a collector holding the store lock exclusively', async () => {
    const { root, run, source } = storeWithRun();
    const file = join(source, 'a');
    writeFileSync(file, 'a');
    writeFileSync(join(root, 'lock'), '');
    holders.push(await holdLockInAnotherProcess(join(root, 'lock'), 'ex', 300));
    const started = Date.now();
    publishVersion(root, 'm', file, { run, metadata: {} });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('refuses names that are not segments and metadata that is not values', () => {
    const { root, run, source } = storeWithRun();
    const file = join(source, 'a');
    writeFileSync(file, 'a');
    expect(() => publishVersion(root, 'a/b', file, { run, metadata: {} })).toThrow(/one segment/);
    expect(() => publishVersion(root, '.m', file, { run, metadata: {} })).toThrow(/one segment/);
    expect(() =>
      publishVersion(root, 'm', file, { run, metadata: { x: null as unknown as string } }),
    ).toThrow(/is not a value/);
  });
});

describe('aliases and deletions', () => {
  it('name versions, and a deleted version names nothing', () => {
    const { root, run, source } = storeWithRun();
    const file = join(source, 'a');
    for (const content of ['one', 'two', 'three']) {
      writeFileSync(file, content);
      publishVersion(root, 'model', file, { run, metadata: {} });
    }
    setAlias(root, 'model', 'best', 2);
    setAlias(root, 'model', 'latest', 3);
    setAlias(root, 'model', '1', 3);
    expect(readFileSync(join(root, 'artifacts/model/aliases/best'), 'utf8')).toBe('2\n');
    setAlias(root, 'model', 'best', 1);
    expect(readFileSync(join(root, 'artifacts/model/aliases/best'), 'utf8')).toBe('1\n');
    expect(readdirSync(join(root, 'artifacts/model/aliases')).sort()).toEqual([
      '1',
      'best',
      'latest',
    ]);

    deleteVersion(root, 'model', 3, { clock: () => 1793550000.25 });
    expect(readFileSync(join(root, 'artifacts/model/3.json'), 'utf8')).toBe(
      '{"format":1,"time":1793550000.25,"deleted":true}',
    );
    expect(readdirSync(join(root, 'artifacts/model')).filter((n) => n.startsWith('.'))).toEqual([]);
    const artifact = readArtifact(root, 'model')!;
    expect(artifact.latest).toBe(2);
    expect(artifact.versions.get(3)).toEqual({ deleted: true, time: 1793550000.25 });
    expect(artifact.aliases).toEqual(
      new Map([
        ['1', 3],
        ['best', 1],
        ['latest', 3],
      ]),
    );
    expect(() => setAlias(root, 'model', 'best', 3)).toThrow(/is deleted/);
    expect(() => setAlias(root, 'model', 'best', 9)).toThrow(/has no version 9/);
    expect(() => deleteVersion(root, 'model', 9)).toThrow(/has no version 9/);
    expect(() => setAlias(root, 'model', 'a/b', 1)).toThrow(/one segment/);

    const exported = exportOf(root);
    expect(at(exported, 'artifacts', 'model', 'latest')).toBe(2n);
    expect(at(exported, 'artifacts', 'model', 'aliases', 'best')).toBe(1n);
    expect(at(exported, 'artifacts', 'model', 'versions', '3')).toEqual(
      new Map([['deleted', true]]),
    );
  });
});
