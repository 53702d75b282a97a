// Files of a store that are there but cannot be read are told from absent ones: notes say why,
// an artifact version is left out, and each is logged; a run directory without a whole first line is told
// as a debug line with --verbose. Directories stand where files should: root reads them all.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configureLog } from '../../electron/log.js';
import { readArtifact } from '../../electron/store/artifacts.js';
import { readNotes, readWriterFile } from '../../electron/store/run-files.js';
import { listRunIds } from '../../electron/store/store.js';
import { startLine } from '../support/lines.js';
import { runDir, tempStores, writeArtifactFile, writeLog } from '../support/store-fixture.js';
import { captureLog } from '../support/captured-log.js';

const BIN = fileURLToPath(new URL('../../bin/munin-view.js', import.meta.url));
const newStore = tempStores();

const captured = captureLog(false);

describe('a run file that cannot be read', () => {
  it('reads as unreadable, saying why, and is warned of once, naming it', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine()]);
    mkdirSync(join(runDir(root, 'r'), 'notes'));
    const unreadable = { state: 'unreadable', reason: 'is a directory, not a file' };
    expect(readNotes(runDir(root, 'r'), root)).toEqual(unreadable);
    expect(readNotes(runDir(root, 'r'), root)).toEqual(unreadable);
    expect(captured.lines).toHaveLength(1);
    expect(captured.lines[0]![0]).toBe('warn');
    expect(captured.lines[0]![1]).toMatch(
      /^munin-view: warning: .* is a directory, not a file; the notes are shown as unreadable/,
    );
    expect(captured.lines[0]![1]).toContain(join(runDir(root, 'r'), 'notes'));
  });

  it('is not told when it is only absent', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine()]);
    configureLog({ verbose: true });
    expect(readNotes(runDir(root, 'r'), root)).toEqual({ state: 'absent' });
    expect(readWriterFile(runDir(root, 'r'), root)).toBeNull();
    expect(captured.lines).toEqual([]);
  });
});

describe('an artifact version that cannot be read', () => {
  it('is left out, and warned of', () => {
    const root = newStore();
    writeArtifactFile(root, 'model', '1.json', '{"digest":"x"}');
    mkdirSync(join(root, 'artifacts', 'model', '2.json'));
    expect([...readArtifact(root, 'model')!.versions.keys()]).toEqual([1]);
    expect(captured.lines).toEqual([
      [
        'warn',
        expect.stringContaining(
          `${join(root, 'artifacts', 'model', '2.json')} is a directory, not a file`,
        ),
      ],
    ]);
  });
});

describe('a run directory without a whole first line', () => {
  it('is left out, and told as a debug line only with --verbose', () => {
    const root = newStore();
    writeLog(root, 'a', [startLine()]);
    mkdirSync(runDir(root, 'b'));
    writeLog(root, 'c', startLine());
    expect(listRunIds(root)).toEqual(['a']);
    expect(captured.lines).toEqual([]);
    configureLog({ verbose: true });
    expect(listRunIds(root)).toEqual(['a']);
    expect(captured.lines.map(([level, line]) => [level, line.replace(root, 'ROOT')])).toEqual([
      ['debug', expect.stringContaining(join('ROOT', 'runs', 'b', 'events.jsonl'))],
      ['debug', expect.stringContaining(join('ROOT', 'runs', 'c', 'events.jsonl'))],
    ]);
  });

  it('is told on stderr by `munin-view export --verbose`, and not without it', () => {
    const root = newStore();
    writeLog(root, 'a', [startLine()]);
    mkdirSync(runDir(root, 'b'));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [BIN, 'export', ...args], { encoding: 'utf8' });
    const plain = run(root);
    expect(plain.status).toBe(0);
    expect(plain.stderr).toBe('');
    const verbose = run(root, '--verbose');
    expect(verbose.status).toBe(0);
    expect(verbose.stdout).toBe(plain.stdout);
    expect(verbose.stderr).toBe(
      `munin-view: debug: ${join(runDir(root, 'b'), 'events.jsonl')} has no whole first line: ` +
        'not a run (yet), left out\n',
    );
  });
});
