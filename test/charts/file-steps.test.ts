// The Files tab's pure logic: grouping by key, a key's steps, the nearest logged step, snapping at-or-before a shared cursor, the tab's route at a step, and the difference of two images.

import { describe, expect, it } from 'vitest';
import type { LoggedFileInfo, LoggedFileKind } from '../../shared/api/contract.js';
import {
  atOrBeforeIndex,
  distinctSteps,
  groupFiles,
  shownAt,
  nearestStepIndex,
  unionSteps,
} from '../../renderer/src/files/file-steps.js';
import { absoluteDifference } from '../../renderer/src/files/image-diff.js';
import type { Route } from '../../renderer/src/state/route.js';
import { parseRoute, routeHash } from '../../renderer/src/state/route.js';

function file(
  key: string,
  step: number,
  kind: LoggedFileKind = 'image',
  suffix = '',
): LoggedFileInfo {
  return {
    key,
    step,
    time: 1000 + step,
    path: `files/${key}/${step}${suffix}.png`,
    size: 10,
    contentType: kind === 'image' ? 'image/png' : 'text/plain',
    kind,
    problem: null,
  };
}

describe('groupFiles', () => {
  it('groups by key in first-logged order, each key in step order', () => {
    const groups = groupFiles([
      file('b', 20),
      file('a', 5),
      file('b', 10),
      file('log', 0, 'text'),
      file('a', 1),
    ]);
    expect(groups.map((g) => g.key)).toEqual(['b', 'a', 'log']);
    expect(groups[0]!.steps).toEqual([10, 20]);
    expect(groups[1]!.steps).toEqual([1, 5]);
    expect(groups.map((g) => g.kind)).toEqual(['image', 'image', 'text']);
  });

  it('calls a key of mixed kinds other, and keeps two files of one step in log order', () => {
    const [mixed] = groupFiles([file('m', 1), file('m', 2, 'text')]);
    expect(mixed!.kind).toBe('other');
    const [twice] = groupFiles([file('k', 3), file('k', 1), file('k', 3, 'image', '-1')]);
    expect(twice!.files.map((f) => f.path)).toEqual([
      'files/k/1.png',
      'files/k/3.png',
      'files/k/3-1.png',
    ]);
    expect(distinctSteps(twice!)).toEqual([1, 3]);
  });
});

describe('nearestStepIndex', () => {
  const steps = [0, 100, 200, 500];
  it('jumps to the nearest logged step, the lower on a tie', () => {
    expect(nearestStepIndex(steps, 130)).toBe(1);
    expect(nearestStepIndex(steps, 170)).toBe(2);
    expect(nearestStepIndex(steps, 150)).toBe(1);
    expect(nearestStepIndex(steps, 200)).toBe(2);
  });
  it('clamps outside the logged steps and answers -1 for none', () => {
    expect(nearestStepIndex(steps, -50)).toBe(0);
    expect(nearestStepIndex(steps, 9999)).toBe(3);
    expect(nearestStepIndex(steps, Infinity)).toBe(3);
    expect(nearestStepIndex([], 3)).toBe(-1);
  });
  it('lands on the first of files logged at one step', () => {
    expect(nearestStepIndex([1, 3, 3, 7], 4)).toBe(1);
  });
});

describe('atOrBeforeIndex', () => {
  const steps = [10, 20, 20, 40];
  it('snaps to the last logged step at or before the cursor, its first file', () => {
    expect(atOrBeforeIndex(steps, 40)).toBe(3);
    expect(atOrBeforeIndex(steps, 39)).toBe(1);
    expect(atOrBeforeIndex(steps, 20)).toBe(1);
    expect(atOrBeforeIndex(steps, 1e9)).toBe(3);
  });
  it('has nothing before the first logged step', () => {
    expect(atOrBeforeIndex(steps, 9)).toBe(-1);
    expect(atOrBeforeIndex([], 9)).toBe(-1);
  });
});

describe('step lists', () => {
  it('joins runs’ steps into one ascending list of distinct steps', () => {
    expect(unionSteps([[0, 100, 300], [0, 140, 280], []])).toEqual([0, 100, 140, 280, 300]);
  });
  it('shows each run its file at or before a shared cursor, or none that early', () => {
    const [group] = groupFiles([file('a', 5), file('a', 10), file('a', 10, 'image', '-1')]);
    expect(shownAt(group, 4)).toBeNull();
    expect(shownAt(group, 7)?.step).toBe(5);
    expect(shownAt(group, 99)?.path).toBe('files/a/10.png');
    expect(shownAt(undefined, 99)).toBeNull();
  });
});

describe('the Files tab route', () => {
  it('carries a key and a step, and reads back', () => {
    const routes: Route[] = [
      { page: 'run', runId: 'r?1', tab: 'files', files: { key: 'samples/predictions', step: 300 } },
      { page: 'run', runId: 'r', tab: 'files', files: { key: 'a&b=c', step: null } },
      { page: 'run', runId: 'r', tab: 'files', files: { key: null, step: 20 } },
      { page: 'run', runId: 'r', tab: 'files' },
    ];
    for (const route of routes) expect(parseRoute(routeHash(route))).toEqual(route);
  });
  it('reads a hand-typed key holding a raw slash, and ignores a step that is no number', () => {
    expect(parseRoute('#/run/r/files?key=samples/predictions&step=x')).toEqual({
      page: 'run',
      runId: 'r',
      tab: 'files',
      files: { key: 'samples/predictions', step: null },
    });
  });
});

describe('absoluteDifference', () => {
  it('is the per-channel absolute difference, opaque, with the largest and the pixels changed', () => {
    const a = new Uint8ClampedArray([10, 20, 30, 255, 0, 0, 0, 255]);
    const b = new Uint8ClampedArray([30, 20, 0, 255, 0, 0, 0, 128]);
    const difference = absoluteDifference(a, b);
    expect([...difference.pixels]).toEqual([20, 0, 30, 255, 0, 0, 0, 255]);
    expect(difference.largest).toBe(30);
    expect(difference.changed).toBe(2);
  });
  it('refuses images of different sizes', () => {
    expect(() => absoluteDifference(new Uint8ClampedArray(4), new Uint8ClampedArray(8))).toThrow();
  });
});
