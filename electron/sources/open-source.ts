// What a path opens as: a munin store (a folder with runs/ or artifacts/). Every way in (the
// app, a drop, File > Open, serve, export) opens a path through here, so each takes the same
// kinds of source.

import type { MuninStoreOptions } from './munin/munin-store-source.js';
import { MuninStoreSource } from './munin/munin-store-source.js';
import type { RunsSource } from './run-source.js';
import { StoreError } from '../store/store.js';

export type SourceOptions = MuninStoreOptions;

/** The source of runs at a path (or several); throws a StoreError saying why when it is none. */
export function openRunsSource(
  paths: string | readonly string[],
  options: SourceOptions = {},
): RunsSource {
  const all = typeof paths === 'string' ? [paths] : paths;
  if (all.length !== 1) throw new StoreError('one path is opened at a time');
  return new MuninStoreSource(all[0]!, options);
}
