// The artifactDetail and runArtifacts ops on a fixture store: versions newest first, lineage,
// deleted versions, an alias spelled as a number, and aliases that moved on since a use.

import { afterEach, describe, expect, it } from 'vitest';
import { Backend } from '../../electron/host/backend.js';
import type { ApiResponse, ArtifactDetail, RunArtifacts } from '../../shared/api/contract.js';
import { encodeFloat } from '../../shared/format/values.js';
import { endLine, START_TIME, startLine, useLine } from '../support/lines.js';
import { tempStores, writeAlias, writeArtifactFile, writeLog } from '../support/store-fixture.js';

const newStore = tempStores();
const PRODUCER = '20261101T090000Z-0000aaaa';
const USER = '20261101T100000Z-0000bbbb';
const OLD_USER = '20261101T110000Z-0000cccc';
const DIGEST = `blake2b-256:${'ab'.repeat(32)}`;

function versionText(time: number, run: string, step: number, extra = ''): string {
  return (
    `{"format":1,"time":${encodeFloat(time)},"run":"${run}","step":${step},` +
    `"digest":"${DIGEST}","size":4096,"metadata":{"framework":"torch","acc":0.91${extra}}}`
  );
}

/**
 * model: 1 and 3 published before the uses, 2 deleted, 5 published after them by a run the
 * store no longer holds (4 was never claimed); `prod` names 5, `best` 3, and `3` names 1.
 */
function writeFixture(): string {
  const root = newStore();
  writeLog(root, PRODUCER, [startLine(',"name":"train"'), endLine('finished')]);
  writeLog(root, USER, [startLine(',"name":"eval"'), useLine('model', 3), endLine('finished')]);
  writeLog(root, OLD_USER, [startLine(), useLine('model', 1), useLine('model', 1)]);
  writeArtifactFile(root, 'model', '1.json', versionText(START_TIME - 200, PRODUCER, 100));
  writeArtifactFile(
    root,
    'model',
    '2.json',
    `{"format":1,"time":${START_TIME - 90},"deleted":true}`,
  );
  writeArtifactFile(root, 'model', '3.json', versionText(START_TIME - 50, PRODUCER, 300));
  writeArtifactFile(root, 'model', '5.json', versionText(START_TIME + 1000, 'gone-run', 500));
  writeAlias(root, 'model', 'prod', '5\n');
  writeAlias(root, 'model', 'best', '3\n');
  writeAlias(root, 'model', '3', '1\n');
  return root;
}

const backends: Backend[] = [];
afterEach(async () => {
  for (const backend of backends.splice(0)) await backend.close();
});

async function ask<T>(root: string, request: object): Promise<ApiResponse & { result?: T }> {
  const backend = await Backend.open(root);
  backends.push(backend);
  const session = backend.connect(() => {});
  return (await session.request(request)) as ApiResponse & { result?: T };
}

async function detail(root: string): Promise<ArtifactDetail> {
  const response = await ask<ArtifactDetail>(root, { op: 'artifactDetail', name: 'model' });
  if (!response.ok) throw new Error(response.error.message);
  return response.result as ArtifactDetail;
}

describe('artifactDetail', () => {
  it('lists versions newest first, the deleted one with its time alone', async () => {
    const model = await detail(writeFixture());
    expect(model.versions.map((v) => v.version)).toEqual([5, 3, 2, 1]);
    expect(model.latest).toBe(5);
    const deleted = model.versions.find((v) => v.version === 2)!;
    expect(deleted).toMatchObject({
      deleted: true,
      time: START_TIME - 90,
      run: null,
      digest: null,
    });
    expect(deleted.usedBy).toEqual([]);
    const three = model.versions.find((v) => v.version === 3)!;
    expect(three).toMatchObject({ step: 300, size: 4096, digest: DIGEST, deleted: false });
    expect([...three.metadata!]).toEqual([
      ['framework', 'torch'],
      ['acc', 0.91],
    ]);
  });

  it('gives each version its producing run and the runs that used it', async () => {
    const model = await detail(writeFixture());
    const three = model.versions.find((v) => v.version === 3)!;
    expect(three).toMatchObject({ run: PRODUCER, runName: 'train', runInStore: true });
    expect(three.usedBy.map((use) => [use.runId, use.runName])).toEqual([[USER, 'eval']]);
    // A run that used a version twice is one use.
    const one = model.versions.find((v) => v.version === 1)!;
    expect(one.usedBy.map((use) => use.runId)).toEqual([OLD_USER]);
    const five = model.versions.find((v) => v.version === 5)!;
    expect(five).toMatchObject({ run: 'gone-run', runName: null, runInStore: false });
  });

  it('takes an alias spelled as a number as an alias, never a version', async () => {
    const model = await detail(writeFixture());
    expect(model.versions.find((v) => v.version === 1)!.aliases).toEqual(['3']);
    expect(model.versions.find((v) => v.version === 3)!.aliases).toEqual(['best']);
    expect(model.aliases).toEqual([
      { alias: '3', version: 1 },
      { alias: 'best', version: 3 },
      { alias: 'prod', version: 5 },
    ]);
  });

  it('says which aliases moved to a later version since a run used its version', async () => {
    const model = await detail(writeFixture());
    const use = model.versions.find((v) => v.version === 3)!.usedBy[0]!;
    // prod names 5, published after the use; best still names 3; `3` names 1, published before.
    expect(use.movedAliases).toEqual([{ alias: 'prod', version: 5 }]);
  });

  it('refuses an artifact the store does not hold, and a name that is no segment', async () => {
    const root = writeFixture();
    const missing = await ask(root, { op: 'artifactDetail', name: 'dataset' });
    expect(!missing.ok && missing.error.code).toBe('no-such-artifact');
    const bad = await ask(root, { op: 'artifactDetail', name: 'a/b' });
    expect(!bad.ok && bad.error.code).toBe('bad-request');
  });
});

describe('runArtifacts', () => {
  it('gives the versions a run used, with moved aliases, and those it produced', async () => {
    const root = writeFixture();
    const used = await ask<RunArtifacts>(root, { op: 'runArtifacts', runId: USER });
    expect(used.ok && used.result!.used).toEqual([
      {
        name: 'model',
        version: 3,
        time: START_TIME + 4,
        state: 'present',
        aliases: ['best'],
        movedAliases: [{ alias: 'prod', version: 5 }],
      },
    ]);
    const produced = await ask<RunArtifacts>(root, { op: 'runArtifacts', runId: PRODUCER });
    expect(produced.ok && produced.result!.produced.map((p) => [p.name, p.version])).toEqual([
      ['model', 1],
      ['model', 3],
    ]);
  });
});
