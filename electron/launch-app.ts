// Starting the desktop app from the command line (`munin-view [STORE]`): runs Electron's binary
// on this package, or says clearly that it is not installed.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The path of Electron's binary, or null where it was not downloaded. */
export function electronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

export function launchDesktopApp(store: string | null): Promise<number> {
  const binary = electronBinary();
  if (binary === null) {
    process.stderr.write(
      "munin-view: Electron's binary is not installed here (it was skipped, as with\n" +
        'ELECTRON_SKIP_BINARY_DOWNLOAD=1); run `npm install` with internet access to get it.\n' +
        (store !== null
          ? `Meanwhile \`munin-view serve ${store}\` shows the store in a browser.\n`
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
  const child = spawn(binary, [packageRoot, ...(store !== null ? [resolve(store)] : [])], {
    stdio: 'inherit',
  });
  return new Promise((done) => child.on('exit', (code) => done(code ?? 0)));
}
