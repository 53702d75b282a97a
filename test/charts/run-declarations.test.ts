// renderer/src/pages/run-declarations: a Compare's runs' details read again give the board the
// declarations it holds when they say the same (a plain sweep's say nothing), new ones otherwise.

import { describe, expect, it } from 'vitest';
import type { RunDetail } from '../../shared/api/contract.js';
import { nextDeclarations, runDeclarations } from '../../renderer/src/pages/run-declarations.js';

type Said = Pick<RunDetail, 'metrics' | 'annotations' | 'resumes' | 'labels' | 'orphans'>;

const plain: Said = { metrics: [], annotations: [], resumes: [], labels: [], orphans: [] };

describe('nextDeclarations', () => {
  it('keeps what is held while the runs say nothing, or the same again', () => {
    const none = new Map();
    const read = [['a', runDeclarations(plain)] as const, ['b', runDeclarations(plain)] as const];
    expect(nextDeclarations(none, read)).toBe(none);
    const held = nextDeclarations(none, [
      ['a', runDeclarations({ ...plain, orphans: [{ key: 'loss', count: 3 }] })],
    ]);
    expect(held).not.toBe(none);
    expect(held.get('a')!.extras.orphans.get('loss')).toBe(3);
    // The same read again is no change; the orphans gone, or a run that says nothing, is.
    expect(
      nextDeclarations(held, [
        ['a', runDeclarations({ ...plain, orphans: [{ key: 'loss', count: 3 }] })],
      ]),
    ).toBe(held);
    expect(nextDeclarations(held, [['a', runDeclarations(plain)]])).not.toBe(held);
  });

  it('takes a run that declares a goal or a step metric', () => {
    const none = new Map();
    const declared = runDeclarations({
      ...plain,
      metrics: [{ key: 'loss', goal: 'minimize', stepMetric: 'epoch' }] as Said['metrics'],
    });
    const next = nextDeclarations(none, [['a', declared]]);
    expect(next).not.toBe(none);
    expect(next.get('a')!.metrics.get('loss')).toMatchObject({ goal: 'minimize' });
  });
});
