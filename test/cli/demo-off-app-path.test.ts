// The demo (its simulator, PNG encoder and run writer) is loaded only when a demo is asked for:
// no static import reaches it from the app's entries, and `export` runs without loading it.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Metafile } from 'esbuild';
import { tempStores } from '../support/store-fixture.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(REPO, 'bin', 'munin-view.js');
const newDir = tempStores();

/** Every source module an entry's static imports reach, and the targets of its dynamic ones. */
async function importGraph(entry: string) {
  const { metafile } = await build({
    entryPoints: [join(REPO, entry)],
    absWorkingDir: REPO,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    external: ['electron'],
    logLevel: 'silent',
  });
  const inputs: Metafile['inputs'] = metafile.inputs;
  const reached = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (path: string): void => {
    if (reached.has(path)) return;
    reached.add(path);
    for (const edge of inputs[path]?.imports ?? []) {
      if (edge.external) continue;
      if (edge.kind === 'dynamic-import') dynamic.add(edge.path);
      else visit(edge.path);
    }
  };
  visit(relative(REPO, join(REPO, entry)));
  return { reached: [...reached], dynamic: [...dynamic] };
}

const isDemo = (path: string) => path.startsWith('electron/demo/');

describe('the demo stays off the app path', () => {
  it('is reached from main.ts only through the dynamic import that writes the demo store', async () => {
    const main = await importGraph('electron/main.ts');
    expect(main.reached).toContain('electron/host/backend.ts');
    expect(main.reached.filter(isDemo)).toEqual([]);
    expect(main.dynamic).toContain('electron/demo/demo-store.ts');
  });

  it('is reached from the CLI only through the demo command', async () => {
    const cli = await importGraph('electron/cli.ts');
    expect(cli.reached).toContain('electron/store/export.ts');
    expect(cli.reached.filter(isDemo)).toEqual([]);
    expect(cli.dynamic).toContain('electron/demo/demo-command.ts');
    for (const entry of ['electron/host/serve-command.ts', 'electron/launch-app.ts']) {
      const graph = await importGraph(entry);
      expect([...graph.reached, ...graph.dynamic].filter(isDemo)).toEqual([]);
    }
  });

  it('is not loaded by `munin-view export`, and is by `munin-view demo`', () => {
    // A loader hook logs every module URL the command loads, workers' included.
    const dir = newDir();
    const log = join(dir, 'loaded.txt');
    const hooks = join(dir, 'hooks.mjs');
    writeFileSync(
      hooks,
      `import { appendFileSync } from 'node:fs';
       export async function load(url, context, next) {
         appendFileSync(process.env.MUNIN_LOAD_LOG, url + '\\n');
         return next(url, context);
       }`,
    );
    const register = join(dir, 'register.mjs');
    writeFileSync(
      register,
      `import { register } from 'node:module';
       register(${JSON.stringify(pathToFileURL(hooks).href)});`,
    );
    const loaded = (...args: string[]): string[] => {
      writeFileSync(log, '');
      const result = spawnSync(process.execPath, ['--import', register, BIN, ...args], {
        encoding: 'utf8',
        // The export of the demo store is megabytes of JSON: what matters here is what it loads.
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, MUNIN_LOAD_LOG: log },
        timeout: 60_000,
      });
      expect(result.status, result.stderr).toBe(0);
      return readFileSync(log, 'utf8').split('\n').filter(Boolean);
    };
    const demoFolder = pathToFileURL(join(REPO, 'out', 'electron', 'demo')).href + '/';
    const store = join(dir, 'store');
    const byDemo = loaded('demo', store);
    expect(byDemo).toContain(`${demoFolder}png.js`);
    const byExport = loaded('export', store);
    expect(byExport).toContain(
      pathToFileURL(join(REPO, 'out', 'electron', 'store', 'export.js')).href,
    );
    expect(byExport.filter((url) => url.startsWith(demoFolder))).toEqual([]);
  });
});
