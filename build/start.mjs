// `npm start`: opens the desktop app on the store given, or on the demo store (written on first
// use into the user's cache folder).
import { existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'bin', 'munin-view.js');
const given = process.argv[2];

function demoStorePath() {
  const cache = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  return join(cache, 'munin-view', 'demo-store');
}

const store = given !== undefined ? resolve(given) : demoStorePath();
if (given === undefined && !existsSync(join(store, 'runs'))) {
  mkdirSync(store, { recursive: true });
  const made = spawnSync(process.execPath, [cli, 'demo', store], { stdio: 'inherit' });
  if (made.status !== 0) process.exit(made.status ?? 1);
}
const app = spawnSync(process.execPath, [cli, store], { stdio: 'inherit' });
process.exit(app.status ?? 1);
