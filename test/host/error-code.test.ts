// electron/error-code: the code of what was thrown, whatever was thrown; and the host reads codes through it alone, never through a cast of its own.

import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCode } from '../../electron/error-code.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('errorCode', () => {
  it('reads the code of a Node error', () => {
    let thrown: unknown;
    try {
      statSync(join(REPO, 'no-such-file-here'));
    } catch (error) {
      thrown = error;
    }
    expect(errorCode(thrown)).toBe('ENOENT');
    expect(errorCode(Object.assign(new Error('busy'), { code: 'EAGAIN' }))).toBe('EAGAIN');
  });

  it('gives undefined for what has no string code, a thrown null or string included', () => {
    expect(errorCode(new Error('plain'))).toBeUndefined();
    expect(errorCode({ code: 5 })).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
    expect(errorCode('ENOENT')).toBeUndefined();
    expect(errorCode(42)).toBeUndefined();
  });

  it('is the one place the host and shared code read an error code', () => {
    const cast = /as\s*\{\s*(readonly\s+)?code\?/;
    const offenders = [
      ...sourcesUnder(join(REPO, 'electron')),
      ...sourcesUnder(join(REPO, 'shared')),
    ]
      .filter((path) => relative(REPO, path) !== join('electron', 'error-code.ts'))
      .filter((path) => cast.test(readFileSync(path, 'utf8')))
      .map((path) => relative(REPO, path));
    expect(offenders).toEqual([]);
  });
});
