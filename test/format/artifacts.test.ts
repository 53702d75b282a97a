// "Artifacts": version files, deleted versions, aliases and the latest version.

import { describe, expect, it } from 'vitest';
import { readArtifact } from '../../electron/store/artifacts.js';
import { exportStore, exportText } from '../support/export.js';
import { tempStores, writeAlias, writeArtifactFile, writeBlob } from '../support/store-fixture.js';

const newStore = tempStores();

function version(n: number, extra = ''): string {
  return `{"format":1,"time":1793549000.5,"run":"20261101T140307Z-a1f3c9e2","step":${n * 100},"digest":"blake2b-256:${'0'.repeat(63)}${n}","size":4521984,"metadata":{"framework":"kaun"${extra}}}`;
}

const DELETED = '{"format":1,"time":1793549999.5,"deleted":true}';

describe('versions', () => {
  it("each version file's members are exported as written, numbers by the format's rules", () => {
    const root = newStore();
    writeArtifactFile(
      root,
      'model',
      '1.json',
      version(
        1,
        ',"lr":1.0,"epochs":3,"seed":{"int":"9007199254740993"},"loss":{"float":"NaN"},"tags":["a","b"]',
      ),
    );
    const { artifacts } = exportStore(root);
    expect(artifacts).toEqual({
      model: {
        versions: {
          '1': {
            format: 1n,
            time: 1793549000.5,
            run: '20261101T140307Z-a1f3c9e2',
            step: 100n,
            digest: `blake2b-256:${'0'.repeat(63)}1`,
            size: 4521984n,
            metadata: {
              framework: 'kaun',
              lr: 1,
              epochs: 3n,
              seed: { int: '9007199254740993' },
              loss: { float: 'NaN' },
              tags: ['a', 'b'],
            },
          },
        },
        aliases: {},
        latest: 1n,
      },
    });
    expect(exportText(root)).toContain('"lr":1.0,"epochs":3');
  });

  it('a version number is a decimal from 1 without leading zeros', () => {
    const root = newStore();
    for (const file of [
      '1.json',
      '2.json',
      '10.json',
      '01.json',
      '0.json',
      '-1.json',
      '1.JSON',
      '3.json.tmp',
      '.4.json',
      'x.json',
    ]) {
      writeArtifactFile(root, 'm', file, version(1));
    }
    const versions = (exportStore(root).artifacts['m'] as { versions: object }).versions;
    expect(Object.keys(versions).sort()).toEqual(['1', '10', '2']);
    expect((exportStore(root).artifacts['m'] as { latest: bigint }).latest).toBe(10n);
  });

  it('a deleted version reads as deleted, and its number names nothing', () => {
    const root = newStore();
    writeArtifactFile(root, 'm', '1.json', version(1));
    writeArtifactFile(root, 'm', '2.json', DELETED);
    writeArtifactFile(root, 'm', '3.json', version(3));
    writeArtifactFile(root, 'm', '4.json', DELETED);
    const artifact = exportStore(root).artifacts['m'] as Record<string, Record<string, unknown>>;
    expect(artifact['versions']!['2']).toEqual({ deleted: true });
    expect(artifact['versions']!['4']).toEqual({ deleted: true });
    expect(artifact['versions']!['3']).toMatchObject({ step: 300n });
    // The latest version of a name is its highest version not deleted.
    expect(artifact['latest']).toBe(3n);
  });

  it('a name whose versions are all deleted has no latest version', () => {
    const root = newStore();
    writeArtifactFile(root, 'm', '1.json', DELETED);
    writeArtifactFile(root, 'm', '2.json', DELETED);
    expect(exportStore(root).artifacts['m']).toEqual({
      versions: { '1': { deleted: true }, '2': { deleted: true } },
      aliases: {},
      latest: null,
    });
    expect(readArtifact(root, 'm')?.versions.get(1)).toEqual({ deleted: true, time: 1793549999.5 });
  });

  it('versions are kept whatever blobs exist: the export lists versions, not blobs', () => {
    const root = newStore();
    const digest = writeBlob(root, 'weights');
    writeArtifactFile(root, 'm', '1.json', version(1).replace(/blake2b-256:[0-9a-f]{64}/, digest));
    writeBlob(root, 'an unnamed blob');
    const artifact = exportStore(root).artifacts['m'] as {
      versions: Record<string, { digest: string }>;
    };
    expect(artifact.versions['1']!.digest).toBe(digest);
  });
});

describe('aliases', () => {
  it('an alias file holds a version number and a line feed', () => {
    const root = newStore();
    writeArtifactFile(root, 'm', '1.json', version(1));
    writeArtifactFile(root, 'm', '2.json', version(2));
    writeAlias(root, 'm', 'best', '1\n');
    writeAlias(root, 'm', 'prod', '2\n');
    expect(exportStore(root).artifacts['m']).toMatchObject({
      aliases: { best: 1n, prod: 2n },
      latest: 2n,
    });
  });

  it('an alias file without its line feed still names its version; other text names none', () => {
    const root = newStore();
    writeArtifactFile(root, 'm', '1.json', version(1));
    writeAlias(root, 'm', 'bare', '1');
    writeAlias(root, 'm', 'zero', '0\n');
    writeAlias(root, 'm', 'word', 'one\n');
    writeAlias(root, 'm', 'twice', '1\n\n');
    expect((exportStore(root).artifacts['m'] as { aliases: object }).aliases).toEqual({ bare: 1n });
  });

  it('an alias spelled as a number names an alias, not a version', () => {
    const root = newStore();
    writeArtifactFile(root, 'm', '1.json', version(1));
    writeArtifactFile(root, 'm', '2.json', version(2));
    writeAlias(root, 'm', '2', '1\n');
    const artifact = exportStore(root).artifacts['m'] as { aliases: object; versions: object };
    expect(artifact.aliases).toEqual({ '2': 1n });
    expect(Object.keys(artifact.versions).sort()).toEqual(['1', '2']);
  });

  it('a later alias file replaces the earlier: it names one version, which may change', () => {
    const root = newStore();
    writeArtifactFile(root, 'm', '1.json', version(1));
    writeArtifactFile(root, 'm', '2.json', version(2));
    writeAlias(root, 'm', 'best', '1\n');
    expect(exportStore(root).artifacts['m']).toMatchObject({ aliases: { best: 1n } });
    writeAlias(root, 'm', 'best', '2\n');
    expect(exportStore(root).artifacts['m']).toMatchObject({ aliases: { best: 2n } });
  });

  it(".-named alias files, a writer's work in progress, are ignored", () => {
    const root = newStore();
    writeArtifactFile(root, 'm', '1.json', version(1));
    writeAlias(root, 'm', '.best.tmp', '1\n');
    expect(exportStore(root).artifacts['m']).toMatchObject({ aliases: {} });
  });
});

describe('artifact names', () => {
  it('an artifact is a directory of artifacts/ named by one segment; .-named ones are ignored', () => {
    const root = newStore();
    writeArtifactFile(root, 'dataset', '1.json', version(1));
    writeArtifactFile(root, 'model v2', '1.json', version(1));
    writeArtifactFile(root, '.model.tmp', '1.json', version(1));
    writeArtifactFile(root, '.tmp-blob', 'x', 'x');
    expect(Object.keys(exportStore(root).artifacts).sort()).toEqual(['dataset', 'model v2']);
  });

  it('a store without artifacts/ exports none', () => {
    expect(exportStore(newStore()).artifacts).toEqual({});
  });
});
