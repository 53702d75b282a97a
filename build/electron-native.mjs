// Builds fs-ext (the lock probe's flock) for Electron's ABI into out/electron-native/, beside
// the Node build the CLI uses. Needs Electron's headers from the internet: where they cannot be
// had it says so and the app runs without lock probes (runs then read silent, not running).
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const target = join(root, 'out', 'electron-native');
const require = createRequire(import.meta.url);

let electronVersion;
try {
  electronVersion = JSON.parse(
    readFileSync(require.resolve('electron/package.json'), 'utf8'),
  ).version;
} catch {
  electronVersion = undefined;
}
const binary = (() => {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
})();
if (binary === null || electronVersion === undefined) {
  process.stderr.write(
    'electron-native: Electron is not installed here; skipping the Electron build of fs-ext.\n',
  );
  process.exit(0);
}

const stamp = join(target, 'built-for');
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === electronVersion) process.exit(0);

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
const result = spawnSync(
  'npx',
  [
    '--yes',
    '@electron/rebuild@3.7.2',
    '--module-dir',
    target,
    '--version',
    electronVersion,
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
writeFileSync(stamp, electronVersion);
