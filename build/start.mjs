// `npm start`: opens the desktop app on the store given (or on the demo store, written on first
// use), after building; says clearly what is missing where Electron's binary is not installed.
import { existsSync, mkdirSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = resolve(import.meta.dirname, '..');
const storeArg = process.argv[2];

function demoStorePath() {
  const cache = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  return join(cache, 'munin-view', 'demo-store');
}

let store = storeArg ? resolve(storeArg) : demoStorePath();
if (!storeArg && !existsSync(join(store, 'runs'))) {
  mkdirSync(store, { recursive: true });
  const made = spawnSync(process.execPath, [join(root, 'bin', 'munin-view.js'), 'demo', store], {
    stdio: 'inherit',
  });
  if (made.status !== 0) process.exit(made.status ?? 1);
}

let electronBinary;
try {
  electronBinary = require('electron');
} catch {
  electronBinary = undefined;
}
if (typeof electronBinary !== 'string' || !existsSync(electronBinary)) {
  process.stderr.write(
    "munin-view: Electron's binary is not installed here (it was skipped, as with\n" +
      'ELECTRON_SKIP_BINARY_DOWNLOAD=1). Run `npm install` with internet access to get it.\n' +
      `The store is at ${store}; \`node bin/munin-view.js export ${store}\` prints it.\n`,
  );
  process.exit(1);
}
if (!existsSync(join(root, 'out', 'electron', 'main.js'))) {
  process.stderr.write('munin-view: the desktop shell is not built (out/electron/main.js).\n');
  process.exit(1);
}
const child = spawn(electronBinary, [root, store], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
