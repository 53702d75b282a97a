// The kit's example stream exports exactly as examples/jsonl/export.json's runs[0] says.

import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { StreamRun } from '../../electron/sources/jsonl/stream-run.js';
import { exportText, tempFolders } from './stream-fixture.js';

const EXAMPLE = '/work/shared/examples/jsonl';
const folder = tempFolders();

/** Every object's member names, in order, throughout a parsed JSON value. */
function memberOrder(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => memberOrder(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object')
    return [
      `${path}: ${Object.keys(value).join(',')}`,
      ...Object.entries(value).flatMap(([k, v]) => memberOrder(v, `${path}.${k}`)),
    ];
  return [];
}

describe('the example stream', () => {
  const dir = folder();
  copyFileSync(join(EXAMPLE, 'streams', 'train.jsonl'), join(dir, 'train.jsonl'));
  const run = new StreamRun(dir, 'train.jsonl', join(dir, 'train.jsonl'));
  run.refresh();
  const expected = (
    JSON.parse(readFileSync(join(EXAMPLE, 'export.json'), 'utf8')) as {
      runs: unknown[];
    }
  ).runs[0];

  it('exports as the example export says, member for member', () => {
    const text = exportText(run);
    const exported: unknown = JSON.parse(text);
    expect(exported).toEqual(expected);
    expect(memberOrder(exported)).toEqual(memberOrder(expected));
  });

  it('reads the resume at the resumed-from step, its orphans kept aside', () => {
    expect(run.status).toBe('finished');
    const detail = run.detail();
    expect(detail.resumes).toEqual([{ step: 7, time: 1790189597.074, provenance: null }]);
    expect(detail.orphans).toEqual([
      { key: 'train/loss', count: 1 },
      { key: 'eval/loss', count: 1 },
    ]);
    expect(detail.annotations.map((a) => a.kind)).toEqual([
      'checkpoint',
      'stage',
      'checkpoint',
      'resumed',
    ]);
  });
});
