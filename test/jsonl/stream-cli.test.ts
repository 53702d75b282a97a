// The command line on event streams: `export` of a .jsonl file, of a folder and beside a store,
// and what it says for a path that is neither; `serve` of several paths says what it serves.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseExact } from '../support/export.js';
import { runCli, startCli } from '../hostile/harness.js';
import { EXAMPLE_STORE } from '../serve/harness.js';

const EXAMPLES = resolve(EXAMPLE_STORE, '..', '..');
const STREAMS = join(EXAMPLES, 'jsonl', 'streams');
const options = { timeoutMs: 20_000, unprivileged: false };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('munin-view export of event streams', () => {
  it('prints the example stream as the example export, from the file and from its folder', async () => {
    const expected = parseExact(readFileSync(join(EXAMPLES, 'jsonl', 'export.json')));
    for (const path of [join(STREAMS, 'train.jsonl'), STREAMS]) {
      const outcome = await runCli(['export', path], options);
      expect(outcome.status, outcome.stderr).toBe(0);
      expect(parseExact(outcome.stdout)).toEqual(expected);
    }
  });

  it('prints a store and a stream beside it as one document', async () => {
    const outcome = await runCli(['export', EXAMPLE_STORE, join(STREAMS, 'train.jsonl')], options);
    expect(outcome.status, outcome.stderr).toBe(0);
    const doc = parseExact(outcome.stdout) as { runs: { id: string }[]; artifacts: object };
    const store = parseExact(readFileSync(join(EXAMPLES, 'basic', 'export.json'))) as typeof doc;
    expect(doc.runs.map((run) => run.id)).toEqual(
      [...store.runs.map((run) => run.id), 'train.jsonl'].sort(),
    );
    expect(doc.artifacts).toEqual(store.artifacts);
  });

  it('says why, with exit 2, for a file that is no stream and a folder that holds none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'munin-cli-streams-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'data.csv'), 'a,b\n');
    const file = await runCli(['export', join(dir, 'data.csv')], options);
    expect(file.status).toBe(2);
    expect(file.stderr).toMatch(/neither a munin store .* nor a JSONL event stream/);
    const folder = await runCli(['export', dir], options);
    expect(folder.status).toBe(2);
    expect(folder.stderr).toMatch(/no \.jsonl file in it or up to 3 folders down/);
    expect(folder.stdout).toBe('');
  });
});

describe('munin-view serve of several paths', () => {
  it('serves a store and a stream side by side, names both, and exports them as one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'munin-cli-serve-'));
    dirs.push(dir);
    const store = join(dir, 'store');
    const stream = join(dir, 'train.jsonl');
    cpSync(EXAMPLE_STORE, store, { recursive: true });
    cpSync(join(STREAMS, 'train.jsonl'), stream);
    const running = startCli(['serve', store, stream, '--port', '0', '--no-token'], options);
    try {
      let banner: RegExpExecArray | null = null;
      const deadline = Date.now() + 15_000;
      while ((banner = /serving (.*) at (http:\S+)/.exec(running.stdout())) === null) {
        if (Date.now() > deadline) throw new Error('serve printed no address');
        await new Promise((done) => setTimeout(done, 50));
      }
      expect(banner[1]).toBe(`${store}, ${stream}`);
      const response = await fetch(new URL('/api/export', banner[2]));
      const doc = parseExact(await response.text()) as { runs: { id: string; source?: string }[] };
      expect(doc.runs.filter((run) => run.source === 'jsonl-events').map((run) => run.id)).toEqual([
        'train.jsonl',
      ]);
      expect(doc.runs.length).toBeGreaterThan(1);
    } finally {
      running.child.kill('SIGTERM');
      await running.done;
    }
  });
});
