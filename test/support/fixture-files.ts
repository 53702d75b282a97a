// The committed fixtures under test/fixtures (videos no code here can encode), read from the
// source tree whether a test runs from test/ or from its build in out/test/.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PLACES = [
  resolve(import.meta.dirname, '..', 'fixtures'),
  resolve(import.meta.dirname, '..', '..', '..', 'test', 'fixtures'),
];

/** The bytes of test/fixtures/<name>. */
export function fixture(name: string): Buffer {
  for (const dir of PLACES) {
    try {
      return readFileSync(join(dir, name));
    } catch {
      // Not in this place: the next.
    }
  }
  throw new Error(`no fixture ${name} in ${PLACES.join(' or ')}`);
}
