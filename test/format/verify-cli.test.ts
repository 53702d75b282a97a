// munin-view verify: a line per version and indented lines saying why, exit 0 when all are ok
// (or deleted), 1 when any is not, 2 for a bad store or a name that names nothing.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { lutimesSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  blake2bHex,
  tempStores,
  writeAlias,
  writeArtifactFile,
  writeAt,
  writeBlob,
} from '../support/store-fixture.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(REPO, 'bin', 'munin-view.js');
const newStore = tempStores();

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Sets path's times to `seconds` ago: the blob before its version, as a writer leaves them. */
function backdate(path: string, seconds: number): void {
  const when = Date.now() / 1000 - seconds;
  lutimesSync(path, when, when);
}

function version(root: string, name: string, n: number, digest: string, size: number): void {
  writeArtifactFile(
    root,
    name,
    `${n}.json`,
    JSON.stringify({ format: 1, time: 1, run: 'r', digest, size, metadata: {} }),
  );
  backdate(join(root, 'artifacts', name, `${n}.json`), 1800);
}

/** model 1 (a file), 2 (deleted), 3 (a file) with best -> 1; data 1 (a directory a/, a/x). */
function exampleStore(): { root: string; model1: string; model3: string; data: string } {
  const root = newStore();
  const model1 = writeBlob(root, 'weights one');
  const model3 = writeBlob(root, 'weights three');
  const data = `blake2b-256:${blake2bHex(`dir:a\nfile:a/x:${blake2bHex('x')}\n`)}`;
  const dataDir = join(root, 'blobs', 'blake2b-256', data.slice('blake2b-256:'.length));
  mkdirSync(join(dataDir, 'a'), { recursive: true });
  writeAt(join(dataDir, 'a', 'x'), 'x');
  for (const path of [join(dataDir, 'a', 'x'), join(dataDir, 'a'), dataDir]) backdate(path, 3600);
  for (const digest of [model1, model3])
    backdate(join(root, 'blobs', 'blake2b-256', digest.slice('blake2b-256:'.length)), 3600);
  version(root, 'model', 1, model1, 11);
  writeArtifactFile(root, 'model', '2.json', '{"format":1,"time":2,"deleted":true}');
  version(root, 'model', 3, model3, 13);
  writeAlias(root, 'model', 'best', '1\n');
  writeAlias(root, 'model', 'gone', '2\n');
  version(root, 'data', 1, data, 1);
  return { root, model1, model3, data };
}

describe('munin-view verify', () => {
  it('every version not deleted, a line each; exit 0 when all are ok; no progress off a terminal', () => {
    const { root, model1, model3, data } = exampleStore();
    const result = run('verify', root);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`data:1 ok ${data}\nmodel:1 ok ${model1}\nmodel:3 ok ${model3}\n`);
    expect(result.status).toBe(0);
  });

  it('NAME, NAME:N and NAME@ALIAS name versions; a deleted one named says deleted, exit 0', () => {
    const { root, model1, model3 } = exampleStore();
    expect(run('verify', root, 'model').stdout).toBe(
      `model:1 ok ${model1}\nmodel:3 ok ${model3}\n`,
    );
    expect(run('verify', root, 'model:3').stdout).toBe(`model:3 ok ${model3}\n`);
    expect(run('verify', root, 'model@best').stdout).toBe(`model:1 ok ${model1}\n`);
    const deleted = run('verify', root, 'model:2', 'model@gone');
    expect(deleted.stdout).toBe('model:2 deleted -\nmodel:2 deleted -\n');
    expect(deleted.status).toBe(0);
  });

  it('a blob changed by hand: modified with its digest now and what differs, exit 1', () => {
    const { root, model1, data } = exampleStore();
    writeFileSync(join(root, 'blobs', 'blake2b-256', model1.slice(12)), 'weights 1');
    writeFileSync(join(root, 'blobs', 'blake2b-256', data.slice(12), 'a', 'x'), 'y');
    const result = run('verify', root, 'model:1', 'data');
    expect(result.stdout).toBe(
      `model:1 modified ${model1}\n` +
        `  now blake2b-256:${blake2bHex('weights 1')}\n` +
        '  size 9 bytes; the version says 11\n' +
        `data:1 modified ${data}\n` +
        `  now blake2b-256:${blake2bHex(`dir:a\nfile:a/x:${blake2bHex('y')}\n`)}\n` +
        '  changed a/x: written after the version was published\n',
    );
    expect(result.status).toBe(1);
  });

  it('a missing blob: missing, exit 1', () => {
    const root = newStore();
    const digest = `blake2b-256:${blake2bHex('nowhere')}`;
    version(root, 'm', 1, digest, 7);
    const result = run('verify', root);
    expect(result.stdout).toBe(`m:1 missing ${digest}\n`);
    expect(result.status).toBe(1);
  });

  it('a name, version or alias that names nothing: one stderr line naming it, exit 2', () => {
    const { root } = exampleStore();
    for (const [spec, says] of [
      ['nosuch', 'no artifact of that name'],
      ['model:9', 'model has no version 9'],
      ['model@worst', 'model has no alias worst'],
      ['nosuch:1', 'no artifact named nosuch'],
      ['model:x', '"x" is not a version number'],
    ] as const) {
      const result = run('verify', root, spec);
      expect(result.status, spec).toBe(2);
      expect(result.stdout, spec).toBe('');
      expect(result.stderr.trimEnd().split('\n'), spec).toHaveLength(1);
      expect(result.stderr, spec).toContain(`${spec}: ${says}`);
    }
  });

  it('a path that is not a store, or no STORE: exit 2', () => {
    const notStore = newStore();
    writeFileSync(join(notStore, 'data.csv'), 'a,b\n');
    const result = run('verify', notStore);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('is not a munin store');
    expect(run('verify').status).toBe(2);
    expect(run('verify', join(notStore, 'missing')).status).toBe(2);
  });
});
