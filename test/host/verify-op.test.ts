// Verifying an artifact's blobs through the Api: the verdicts, the progress deltas sessions hear,
// a cancel that stops the hashing and answers `cancelled`, and names that name nothing.

import { afterEach, describe, expect, it } from 'vitest';
import { closeSync, openSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { Backend } from '../../electron/host/backend.js';
import type { ApiResponse, Delta, VersionCheckInfo } from '../../shared/api/contract.js';
import { tempStores, writeArtifactFile, writeBlob } from '../support/store-fixture.js';

const newStore = tempStores();
const backends: Backend[] = [];
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
});

function version(digest: string, size: number): string {
  return `{"format":1,"time":1.5,"run":"r","digest":"${digest}","size":${size},"metadata":{}}`;
}

async function open(root: string) {
  const backend = await Backend.open(root);
  backends.push(backend);
  const deltas: Delta[] = [];
  const session = backend.connect((batch) => deltas.push(...batch));
  return { session, deltas };
}

describe('verifyArtifact', () => {
  it('checks each version, telling sessions the bytes hashed', async () => {
    const root = newStore();
    writeArtifactFile(root, 'model', '1.json', version(writeBlob(root, 'weights one'), 11));
    const second = writeBlob(root, 'weights two');
    writeArtifactFile(root, 'model', '2.json', version(second, 11));
    writeArtifactFile(root, 'model', '3.json', version(`blake2b-256:${'0'.repeat(64)}`, 3));
    const { session, deltas } = await open(root);
    const response = (await session.request({
      op: 'verifyArtifact',
      name: 'model',
    })) as ApiResponse;
    expect(response.ok).toBe(true);
    const checks = (response as { ok: true; result: VersionCheckInfo[] }).result;
    expect(checks.map((c) => [c.version, c.status])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'missing'],
    ]);
    const progress = deltas.filter((d) => d.type === 'verify-progress');
    expect(progress.at(-1)).toMatchObject({ name: 'model', bytes: 22, total: 22 });
    const one = (await session.request({ op: 'verifyArtifact', name: 'model', version: 2 })) as {
      ok: true;
      result: VersionCheckInfo[];
    };
    expect(one.result.map((c) => [c.version, c.status, c.digest])).toEqual([[2, 'ok', second]]);
  });

  it('stops when cancelled, answering cancelled', async () => {
    const root = newStore();
    // A large blob, sparse so the test writes nothing: hashing it takes long enough to cancel.
    const hex = 'a'.repeat(64);
    const blob = join(root, 'blobs', 'blake2b-256', hex);
    writeBlob(root, 'x');
    closeSync(openSync(blob, 'w'));
    truncateSync(blob, 2 ** 30);
    writeArtifactFile(root, 'big', '1.json', version(`blake2b-256:${hex}`, 2 ** 30));
    const { session, deltas } = await open(root);
    const answer = session.request({ op: 'verifyArtifact', name: 'big' });
    await expect
      .poll(() => deltas.some((d) => d.type === 'verify-progress' && d.bytes > 0), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await session.request({ op: 'cancelVerify', name: 'big' })).toEqual({
      ok: true,
      result: true,
    });
    expect(await answer).toEqual({
      ok: false,
      error: { code: 'cancelled', message: 'the verification of big was cancelled' },
    });
    expect(await session.request({ op: 'cancelVerify', name: 'big' })).toEqual({
      ok: true,
      result: false,
    });
  });

  it('refuses a name or version that names nothing', async () => {
    const root = newStore();
    writeArtifactFile(root, 'model', '1.json', version(writeBlob(root, 'w'), 1));
    const { session } = await open(root);
    expect(await session.request({ op: 'verifyArtifact', name: 'nosuch' })).toMatchObject({
      ok: false,
      error: { code: 'no-such-artifact' },
    });
    expect(
      await session.request({ op: 'verifyArtifact', name: 'model', version: 9 }),
    ).toMatchObject({ ok: false, error: { code: 'no-such-artifact' } });
  });
});
