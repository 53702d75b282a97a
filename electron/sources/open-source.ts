// What a path opens as: a munin store (a folder with runs/ or artifacts/). Every way in (the
// app, a drop, File > Open, serve, export) opens a path through here, so each takes the same
// kinds of source.

import type { MuninStoreOptions } from './munin/munin-store-source.js';
import { MuninStoreSource } from './munin/munin-store-source.js';
import type { RunsSource } from './run-source.js';

export type SourceOptions = MuninStoreOptions;

/** The source of runs at path; throws a StoreError saying why when it is none. */
export function openRunsSource(path: string, options: SourceOptions = {}): RunsSource {
  return new MuninStoreSource(path, options);
}
