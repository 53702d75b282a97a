// Starting the desktop app from the command line (`munin-view [STORE]`): runs Electron's binary
// on this package, downloading it on first use, or says clearly why it cannot.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteChoices } from './sources/open-source.js';
import { remoteFlags } from './sources/remote/remote-flags.js';
import { isSshAddress } from './sources/remote/ssh-address.js';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The folder of the installed electron npm package, or null where it is not installed. */
function electronPackage(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    // A probe: an install without dev dependencies has no electron, which the caller says.
    return null;
  }
}

/**
 * The path of Electron's binary, or null where it was not downloaded. Read from the package's
 * path.txt as its index.js does, not by requiring `electron`: since Electron 42 that require
 * downloads the binary when it is missing, and a probe must not fetch 100 MB.
 */
export function electronBinary(): string | null {
  const folder = electronPackage();
  if (folder === null) return null;
  try {
    const name = readFileSync(join(folder, 'path.txt'), 'utf8');
    const path = join(process.env['ELECTRON_OVERRIDE_DIST_PATH'] ?? join(folder, 'dist'), name);
    return existsSync(path) ? path : null;
  } catch {
    // A probe: no path.txt means the binary was never downloaded, which the caller says.
    return null;
  }
}

/**
 * Electron's binary, downloaded by the package's own installer where it is missing: npm install
 * no longer fetches it (Electron 42 dropped the postinstall). ELECTRON_SKIP_BINARY_DOWNLOAD, which
 * Electron no longer reads, still means "never download" here, so CI and tests stay offline.
 */
function electronBinaryOrDownload(): string | null {
  const found = electronBinary();
  const folder = electronPackage();
  if (found !== null || folder === null || process.env['ELECTRON_SKIP_BINARY_DOWNLOAD']) {
    return found;
  }
  process.stderr.write("munin-view: downloading Electron's binary (once)…\n");
  spawnSync(process.execPath, [join(folder, 'install.js')], { stdio: 'inherit' });
  return electronBinary();
}

/**
 * Runs the app on the paths (or on its welcome screen when none), or at the page a munin-view://
 * link names; `verbose` passes --verbose on to it.
 */
export function launchDesktopApp(
  paths: readonly string[],
  verbose = false,
  link: string | null = null,
  remote: RemoteChoices = {},
): Promise<number> {
  const binary = electronBinaryOrDownload();
  if (binary === null) {
    process.stderr.write(
      "munin-view: Electron's binary is not installed here: its download was skipped\n" +
        '(ELECTRON_SKIP_BINARY_DOWNLOAD=1) or failed (it needs the internet and Node 22.12+).\n' +
        (paths.length > 0
          ? `Meanwhile \`munin-view serve ${paths.join(' ')}\` shows the runs in a browser.\n`
          : ''),
    );
    return Promise.resolve(1);
  }
  if (!existsSync(join(packageRoot, 'out', 'electron', 'preload.cjs'))) {
    process.stderr.write('munin-view: the app is not built; run `npm run build` first.\n');
    return Promise.resolve(1);
  }
  // fs-ext must be built for Electron's ABI once; the script says so and goes on where it cannot.
  spawnSync(process.execPath, [join(packageRoot, 'build', 'electron-native.mjs')], {
    stdio: 'inherit',
  });
  const child = spawn(
    binary,
    [
      packageRoot,
      ...(verbose ? ['--verbose'] : []),
      ...(link !== null ? ['--open', link] : []),
      ...remoteFlags(remote),
      // An ssh:// address is the far machine's: it goes as it is.
      ...paths.map((path) => (isSshAddress(path) ? path : resolve(path))),
    ],
    { stdio: 'inherit' },
  );
  return new Promise((done) => child.on('exit', (code) => done(code ?? 0)));
}
