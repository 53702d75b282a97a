// The app's name and version as the package states them, for what it writes ("munin-view 0.1.0").

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let known: string | null = null;

/** "munin-view 0.1.0"; the name alone when the package file cannot be read. */
export function appNameAndVersion(): string {
  if (known !== null) return known;
  try {
    // out/electron/ → the package's root, in a checkout and in the packaged app alike.
    const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json');
    const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    known =
      typeof name === 'string' && typeof version === 'string' ? `${name} ${version}` : 'munin-view';
  } catch {
    known = 'munin-view';
  }
  return known;
}
