// `munin-view [STORE]` opens the desktop app; where Electron's binary was not downloaded it says
// so, with what to do instead, and exits 1. Unknown options are refused with the usage.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { electronBinary } from '../../electron/launch-app.js';

const CLI = join(resolve(import.meta.dirname, '../..'), 'bin', 'munin-view.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

describe('munin-view [STORE]', () => {
  it.skipIf(electronBinary() !== null)(
    'says Electron is missing and how to see the store meanwhile',
    () => {
      const result = run('/some/store');
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/Electron's binary is not installed/);
      expect(result.stderr).toContain('munin-view serve /some/store');
    },
  );

  it('refuses an unknown option, and a store given with more arguments, with the usage', () => {
    for (const args of [['--bogus'], ['a', 'b']]) {
      const result = run(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/unknown command/);
      expect(result.stderr).toMatch(/munin-view export STORE/);
    }
  });
});
