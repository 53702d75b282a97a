// Builds fs-ext (the lock probe's flock) for Electron's ABI into out/electron-native/, beside
// the Node build the CLI uses. Needs Electron's headers from the internet: where they cannot be
// had it says so and the app runs without lock probes (runs then read silent, not running).
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const target = join(root, 'out', 'electron-native');
const require = createRequire(import.meta.url);

/**
 * The version and ABI of the Electron whose binary was downloaded, or null. Read from the electron
 * package, never by requiring it: since Electron 42 that require downloads a missing binary. The
 * ABI is the package's own abi_version, so a node-abi that @electron/rebuild resolves without
 * this major in its table cannot refuse the build.
 */
function installedElectron() {
  try {
    const folder = dirname(require.resolve('electron/package.json'));
    const name = readFileSync(join(folder, 'path.txt'), 'utf8');
    if (!existsSync(join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(folder, 'dist'), name)))
      return null;
    const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const abi = readFileSync(join(folder, 'abi_version'), 'utf8').trim();
    return /^\d+$/.test(abi) ? { version, abi } : null;
  } catch {
    return null;
  }
}

const electron = installedElectron();
if (electron === null) {
  process.stderr.write(
    'electron-native: Electron is not installed here; skipping the Electron build of fs-ext.\n',
  );
  process.exit(0);
}

const stamp = join(target, 'built-for');
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === electron.version) process.exit(0);

mkdirSync(join(target, 'node_modules'), { recursive: true });
for (const name of ['fs-ext', 'nan']) {
  cpSync(join(root, 'node_modules', name), join(target, 'node_modules', name), { recursive: true });
}
writeFileSync(
  join(target, 'package.json'),
  JSON.stringify({
    name: 'munin-view-electron-native',
    private: true,
    dependencies: { 'fs-ext': '*' },
  }),
);
// An npm `nodedir` (set in some users' .npmrc to build offline) would make node-gyp compile
// against that Node's headers instead of Electron's, and the stamp would then keep a module
// Electron refuses to load; an empty one on npx's command line overrides it.
const result = spawnSync(
  'npx',
  [
    '--yes',
    '--nodedir=',
    '@electron/rebuild@4.2.1',
    '--module-dir',
    target,
    '--version',
    electron.version,
    '--force-abi',
    electron.abi,
    '--only',
    'fs-ext',
    '--force',
  ],
  { stdio: 'inherit', cwd: root },
);
if (result.status !== 0) {
  process.stderr.write(
    'electron-native: could not build fs-ext for Electron (its headers need the internet).\n' +
      'The app runs, but cannot probe run locks: live runs read silent instead of running.\n',
  );
  process.exit(0);
}
writeFileSync(stamp, electron.version);
