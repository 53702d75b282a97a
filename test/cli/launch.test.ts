// `munin-view [STORE]` opens the desktop app; where Electron's binary was not downloaded (and
// ELECTRON_SKIP_BINARY_DOWNLOAD forbids fetching it) it says so, with what to do instead, and
// exits 1. Unknown options are refused with the usage.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { electronBinary } from '../../electron/launch-app.js';

const REPO = resolve(import.meta.dirname, '../..');
const CLI = join(REPO, 'bin', 'munin-view.js');
const LAUNCH = pathToFileURL(join(REPO, 'out', 'electron', 'launch-app.js')).href;
// Never a 100 MB download from a test, whatever the environment says.
const run = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });

describe('munin-view [STORE]', () => {
  it.skipIf(electronBinary() !== null)(
    'says Electron is missing and how to see the store meanwhile',
    () => {
      const result = run('/some/store');
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/Electron's binary is not installed/);
      expect(result.stderr).toContain('munin-view serve /some/store');
      expect(result.stderr).not.toMatch(/downloading/i);
    },
  );

  it.skipIf(electronBinary() !== null)('takes --verbose before or after the store', () => {
    for (const args of [
      ['--verbose', '/some/store'],
      ['/some/store', '--verbose'],
      ['--verbose'],
    ]) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stderr).toMatch(/Electron's binary is not installed/);
    }
  });

  it.skipIf(electronBinary() !== null)('probes for the binary without downloading it', () => {
    // Requiring `electron` would start Electron's own download (and print that it does).
    const probe = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { electronBinary } = await import(${JSON.stringify(LAUNCH)});
         process.stdout.write(String(electronBinary()));`,
      ],
      { encoding: 'utf8' },
    );
    expect(probe.status).toBe(0);
    expect(probe.stdout).toBe('null');
  });

  it('refuses an unknown option with the usage', () => {
    for (const args of [['--bogus'], ['a', '--bogus']]) {
      const result = run(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/unknown command "--bogus"/);
      expect(result.stderr).toMatch(/munin-view export PATH/);
    }
  });

  it.skipIf(electronBinary() !== null)(
    'takes several paths to open side by side, and names them all meanwhile',
    () => {
      const result = run('/some/store', '/some/streams');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('munin-view serve /some/store /some/streams');
    },
  );

  it('refuses a link that is no munin-view:// link, saying why', () => {
    for (const link of ['https://example.com/', 'munin-view://open?store=relative/path']) {
      const result = run('--open', link);
      expect(result.status, link).toBe(2);
      expect(result.stderr).toMatch(/^munin-view: /);
    }
    expect(run('--open', 'munin-view://open?store=relative').stderr).toContain(
      'the link names no store by its full path',
    );
  });

  it.skipIf(electronBinary() !== null)('takes a link to open the app at, --open or bare', () => {
    const link = 'munin-view://open?store=%2Fsome%2Fstore&page=%23%2Fcompare%2Fa%2Cb';
    for (const args of [['--open', link], [link]]) {
      const result = run(...args);
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stderr).toMatch(/Electron's binary is not installed/);
      expect(result.stderr).not.toMatch(/unknown command/);
    }
  });
});
