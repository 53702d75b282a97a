// renderer/src/charts/derived-names: the key a derived view goes by, and why a typed name is not one.

import { describe, expect, it } from 'vitest';
import {
  derivedKey,
  isDerivedKey,
  viewNameProblem,
} from '../../renderer/src/charts/derived-names.js';

describe('derived view names', () => {
  it('keys a view under derived/, spaces made _, the prefix kept once', () => {
    expect(derivedKey('loss_gap')).toBe('derived/loss_gap');
    expect(derivedKey('  loss gap  ')).toBe('derived/loss_gap');
    expect(derivedKey('derived/loss_gap')).toBe('derived/loss_gap');
    expect(derivedKey('eval/gap')).toBe('derived/eval/gap');
    expect(isDerivedKey('derived/loss_gap')).toBe(true);
    expect(isDerivedKey('eval/loss')).toBe(false);
  });

  it('refuses empty names, names that make no key, and another view’s name', () => {
    expect(viewNameProblem('', [], null)).toBe('Give the view a name.');
    expect(viewNameProblem('derived/', [], null)).toBe('Give the view a name.');
    expect(viewNameProblem('.hidden', [], null)).toMatch(/is not a key/);
    expect(viewNameProblem('a//b', [], null)).toMatch(/is not a key/);
    expect(viewNameProblem('a\u0001', [], null)).toMatch(/is not a key/);
    expect(viewNameProblem('gap', ['derived/gap'], null)).toBe(
      'A view named derived/gap exists already.',
    );
    // Editing a view keeps its own name.
    expect(viewNameProblem('gap', ['derived/gap'], 'derived/gap')).toBeNull();
    expect(viewNameProblem('tokens per second', ['derived/gap'], null)).toBeNull();
  });
});
