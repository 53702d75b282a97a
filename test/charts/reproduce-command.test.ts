// renderer/src/pages/reproduce-command: the Reproduce block's shell lines from a provenance:
// POSIX single quoting, env prefixes, the checkout and the apply of the diff of a dirty tree.

import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../shared/format/json.js';
import { reproduceText, shellQuote } from '../../renderer/src/pages/reproduce-command.js';

const object = (entries: Record<string, unknown>): JsonObject =>
  new Map(
    Object.entries(entries).map(([k, v]) => [
      k,
      typeof v === 'object' && v !== null && !Array.isArray(v)
        ? object(v as Record<string, unknown>)
        : v,
    ]),
  ) as JsonObject;

describe('shellQuote', () => {
  it('leaves safe words bare and single-quotes the rest, quotes escaped', () => {
    expect(shellQuote('./train.exe')).toBe('./train.exe');
    expect(shellQuote('--lr=0.1')).toBe('--lr=0.1');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('')).toBe("''");
    expect(shellQuote('$HOME')).toBe("'$HOME'");
    expect(shellQuote('a\nb')).toBe("'a\nb'");
    expect(shellQuote('*')).toBe("'*'");
  });
});

describe('reproduceText', () => {
  it('cds, checks out, applies the diff of a dirty tree, then env and command', () => {
    const text = reproduceText(
      object({
        command: ['./train.exe', '--name', 'my run', "--note=it's"],
        cwd: '/home/u/my project',
        git: { commit: 'abc123', dirty: true },
        env: { CUDA_VISIBLE_DEVICES: '0,1', OMP: 'a b' },
      }),
      'run-1',
      null,
    );
    expect(text?.lines).toEqual([
      "cd '/home/u/my project'",
      'git checkout abc123',
      'git apply run-1.git.diff',
      "CUDA_VISIBLE_DEVICES=0,1 OMP='a b' ./train.exe --name 'my run' '--note=it'\\''s'",
    ]);
    expect(text?.diffFile).toBe('run-1.git.diff');
    expect(text?.diffProblem).toBeNull();
    expect(text?.notes).toEqual([]);
  });

  it('applies no diff for a clean tree, and says what is missing', () => {
    const clean = reproduceText(
      object({ command: ['python', 'x.py'], cwd: '/p', git: { commit: 'c', dirty: false } }),
      'r',
      null,
    );
    expect(clean?.lines).toEqual(['cd /p', 'git checkout c', 'python x.py']);
    expect(clean?.diffFile).toBeNull();
    const bare = reproduceText(object({ command: ['x'] }), 'r', null);
    expect(bare?.lines).toEqual(['x']);
    expect(bare?.notes).toHaveLength(2);
    expect(reproduceText(null, 'r', null)).toBeNull();
  });

  it('leaves out the apply of a diff it cannot have, saying why in its place', () => {
    const provenance = object({
      command: ['./train.exe'],
      cwd: '/p',
      git: { commit: 'abc', dirty: true },
    });
    const missing = reproduceText(provenance, 'run-1', 'its git.diff is missing');
    expect(missing?.lines).toEqual([
      'cd /p',
      'git checkout abc',
      '# the tree was dirty, but its git.diff is missing: its changes cannot be applied',
      './train.exe',
    ]);
    expect(missing?.lines.some((line) => line.startsWith('git apply'))).toBe(false);
    expect(missing?.diffFile).toBeNull();
    expect(missing?.diffProblem).toBe('its git.diff is missing');
    // A clean tree needs no diff, whatever is said of it.
    const clean = object({ command: ['x'], cwd: '/p', git: { commit: 'c', dirty: false } });
    const text = reproduceText(clean, 'r', 'its git.diff is missing');
    expect(text?.lines).toEqual(['cd /p', 'git checkout c', 'x']);
    expect(text?.diffProblem).toBeNull();
  });

  it('uses env(1) when a recorded variable’s name is no sh name', () => {
    const text = reproduceText(
      object({ command: ['x'], cwd: '/', env: { 'A-B': '1', C: '2' } }),
      'r',
      null,
    );
    expect(text?.lines[1]).toBe('env A-B=1 C=2 x');
  });
});
