// A snapshot of a directory tree (paths, kinds, sizes, mtimes, bytes) to show reading changes nothing.

import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

export interface EntrySnapshot {
  kind: 'dir' | 'file' | 'link';
  size: number;
  mtimeMs: number;
  content: string;
}

export function snapshotTree(root: string): Map<string, EntrySnapshot> {
  const out = new Map<string, EntrySnapshot>();
  const walk = (absolute: string, relative: string): void => {
    const stat = lstatSync(absolute);
    if (stat.isSymbolicLink()) {
      out.set(relative, {
        kind: 'link',
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        content: readlinkSync(absolute),
      });
    } else if (stat.isDirectory()) {
      const names = readdirSync(absolute).sort();
      out.set(relative, { kind: 'dir', size: 0, mtimeMs: stat.mtimeMs, content: names.join('/') });
      for (const name of names)
        walk(join(absolute, name), relative === '' ? name : `${relative}/${name}`);
    } else {
      out.set(relative, {
        kind: 'file',
        size: stat.size,
        mtimeMs: stat.mtimeMs,
        content: readFileSync(absolute).toString('base64'),
      });
    }
  };
  walk(root, '');
  return out;
}
