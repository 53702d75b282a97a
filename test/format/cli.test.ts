// The munin-view export command: its output, and exit status 2 with one stderr line on a bad path;
// --verbose taken by export and serve.

import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseExact } from '../support/export.js';
import { startLine } from '../support/lines.js';
import { tempStores, writeAt, writeLog } from '../support/store-fixture.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(REPO, 'bin', 'munin-view.js');
const newStore = tempStores();

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('munin-view export', () => {
  it('is built (npx tsc -b makes out/)', () => {
    expect(existsSync(join(REPO, 'out', 'electron', 'cli.js'))).toBe(true);
  });

  it('prints the export of a store and exits 0', () => {
    const example = join(REPO, '..', 'shared', 'examples', 'basic');
    const result = run('export', join(example, 'store'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(parseExact(result.stdout)).toEqual(
      parseExact(readFileSync(join(example, 'export.json'))),
    );
  });

  it('exports an empty folder as a store with no runs and no artifacts, creating nothing', () => {
    const empty = newStore();
    const result = run('export', empty);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ runs: [], artifacts: {} });
    expect(readdirSync(empty)).toEqual([]);
    // What a store holds at its root besides runs/ and artifacts/, and .-named work in progress.
    mkdirSync(join(empty, 'blobs'));
    writeFileSync(join(empty, 'lock'), '');
    mkdirSync(join(empty, '.tmp-writer'));
    expect(JSON.parse(run('export', empty).stdout)).toEqual({ runs: [], artifacts: {} });
  });

  it('refuses a folder holding other things and no stream, saying so', () => {
    const other = newStore();
    writeFileSync(join(other, 'data.csv'), 'a,b\n');
    const result = run('export', other);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `munin-view: ${other} is not a munin store: it holds other things and neither runs/ nor artifacts/, nor any JSONL event stream (no .jsonl file in it or up to 3 folders down).\n`,
    );
  });

  it('a missing path: one line on stderr, nothing on stdout, exit status 2', () => {
    const missing = join(newStore(), 'no', 'such', 'store');
    const result = run('export', missing);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.endsWith('\n')).toBe(true);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(missing);
  });

  it('a file path: one line on stderr, nothing on stdout, exit status 2', () => {
    const root = newStore();
    writeLog(root, 'r', [startLine()]);
    const file = join(root, 'runs', 'r', 'events.jsonl');
    const result = run('export', file);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(file);
  });

  it.runIf(process.getuid?.() !== 0)(
    'an unreadable directory: one line on stderr, exit status 2',
    () => {
      const root = newStore();
      writeAt(join(root, 'locked', 'x'), 'x');
      chmodSync(join(root, 'locked'), 0o000);
      try {
        const result = run('export', join(root, 'locked'));
        expect(result.status).toBe(2);
        expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      } finally {
        chmodSync(join(root, 'locked'), 0o755);
      }
    },
  );
});

describe('--verbose', () => {
  it('is taken by export, before or after the store, which prints the same export', () => {
    const example = join(REPO, '..', 'shared', 'examples', 'basic', 'store');
    const plain = run('export', example);
    for (const args of [
      ['export', '--verbose', example],
      ['export', example, '--verbose'],
    ]) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(0);
      expect(result.stdout).toBe(plain.stdout);
    }
  });

  it('is taken by serve, which then serves', async () => {
    const root = newStore();
    writeLog(root, 'r', [startLine()]);
    const child = spawn(process.execPath, [BIN, 'serve', root, '--port', '0', '--verbose'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const said = await new Promise<string>((resolve) => {
        let out = '';
        const take = (chunk: Buffer): void => {
          out += chunk.toString('utf8');
          if (out.includes('serving') || out.includes('usage')) resolve(out);
        };
        child.stdout.on('data', take);
        child.stderr.on('data', take);
        child.on('exit', () => resolve(out));
      });
      expect(said).toMatch(/^munin-view serving .* at http:\/\/127\.0\.0\.1:\d+\//);
    } finally {
      child.kill();
    }
  });
});
