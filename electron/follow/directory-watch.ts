// File-system events for a store, one fs.watch (inotify, FSEvents, ReadDirectoryChangesW) per
// directory the app shows: the store's root, runs/, each run directory and its tags/, artifacts/
// and each artifact's folder and aliases/. Each event names the entry that changed, so it is
// dispatched without a stat; chokidar, measured here, cost five times the CPU (a stat per event
// and a re-read of the directory) and held back events that came within 50 ms of another.

import { readdirSync, watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { log } from '../log.js';
import { isAbsent } from '../store/file-errors.js';
import { errorCode } from '../error-code.js';
import { directoryState, isDirectory } from '../store/store.js';

export interface DirectoryWatchEvents {
  /**
   * An entry changed: its full path (the directory's own path when the system named none), and
   * that path's segments below the root, so that no event needs the path taken apart again.
   */
  changed(path: string, parts: readonly string[]): void;
  /** Watching failed (no more watches, say): the caller turns to polling. */
  failed(error: Error): void;
}

/** An entry a directory's events name: its full path and its segments below the root. */
interface NamedEntry {
  readonly path: string;
  readonly parts: readonly string[];
}

/**
 * What watching a run found of its tags/: absent (the run directory's watch tells when it comes),
 * or unknown (there, or not looked at), which the reader looks at itself.
 */
export type TagsFound = 'absent' | 'unknown';

/** How many entries of one directory are remembered. */
const MAX_NAMED = 16;

/** A directory watched: its path, segments below the root, and the entries its events named. */
interface WatchedDirectory {
  readonly dir: string;
  readonly parts: readonly string[];
  /**
   * Made at its first event: a live log raises ten a second, each of which would otherwise
   * build its path and segments again; most of 100,000 ended runs raise none.
   */
  named: Map<string, NamedEntry> | null;
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => !name.startsWith('.'));
  } catch (error) {
    // Gone since its event: nothing in it to watch.
    if (!isAbsent(error)) log.warn(`${dir} cannot be listed; what is in it is not watched`, error);
    return [];
  }
}

export class StoreDirectoryWatch {
  private readonly watchers = new Map<string, FSWatcher>();
  private closed = false;

  constructor(
    private readonly root: string,
    /** Watch every run already there now; else each as watchRunDirectory() takes it up. */
    watchExistingRuns: boolean,
    private readonly events: DirectoryWatchEvents,
  ) {
    this.watchDirectory(root);
    if (watchExistingRuns) this.watchRuns();
    else this.watchDirectory(join(root, 'runs'));
    this.watchArtifacts();
  }

  /**
   * Watches run `id`'s directory and its tags/. Runs already there are watched as the reader
   * takes them up, before it reads them, so a large store starts at once and no change of a
   * run read is missed; runs that appear later are watched as they appear.
   */
  watchRunDirectory(id: string): TagsFound {
    return this.watchRun(join(this.root, 'runs', id), ['runs', id]);
  }

  private partsBelowRoot(path: string): readonly string[] {
    return path === this.root ? [] : relative(this.root, path).split(sep);
  }

  /** The directories below the root the app watches, by their depth and names. */
  private wanted(parts: readonly string[]): boolean {
    if (parts.length === 0) return true;
    if (parts.some((part) => part.startsWith('.'))) return false;
    if (parts[0] === 'runs')
      return parts.length <= 2 || (parts.length === 3 && parts[2] === 'tags');
    if (parts[0] === 'artifacts')
      return parts.length <= 2 || (parts.length === 3 && parts[2] === 'aliases');
    return false;
  }

  private watchRuns(): void {
    const runs = join(this.root, 'runs');
    if (!this.watchDirectory(runs)) return;
    for (const id of entries(runs)) this.watchRun(join(runs, id), ['runs', id]);
  }

  /**
   * Watches a run's directory, whose segments below the root are `parts`, and its tags/; says
   * whether tags/ was found absent, which the reader then need not look for again.
   */
  private watchRun(dir: string, parts: readonly string[]): TagsFound {
    if (!this.watchDirectory(dir, true, parts)) return 'unknown';
    const tags = join(dir, 'tags');
    if (this.watchers.has(tags)) return 'unknown';
    const state = directoryState(tags);
    if (state === 'directory') this.watchDirectory(tags, true, [...parts, 'tags']);
    return state === 'absent' ? 'absent' : 'unknown';
  }

  private watchArtifacts(): void {
    const artifacts = join(this.root, 'artifacts');
    if (!this.watchDirectory(artifacts)) return;
    for (const name of entries(artifacts)) {
      if (this.watchDirectory(join(artifacts, name)))
        this.watchDirectory(join(artifacts, name, 'aliases'));
    }
  }

  /**
   * Watches dir when the app shows it and it exists; true when it is watched. `parts` are its
   * segments below the root, when the caller knows them.
   */
  private watchDirectory(
    dir: string,
    listed = false,
    parts: readonly string[] = this.partsBelowRoot(dir),
  ): boolean {
    if (this.closed || !this.wanted(parts)) return false;
    if (this.watchers.has(dir)) return true;
    // A run's directory, listed in runs/, is watched without a stat first: that would cost a
    // system call per run, ten thousand opening a big store. Were it a file, its changes would
    // name no file the app reads. Elsewhere a stat is cheaper than the exception of a failed
    // watch, since most runs have no tags/.
    if (!listed && !isDirectory(dir)) return false;
    let watcher: FSWatcher;
    const watched: WatchedDirectory = { dir, parts, named: null };
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => this.onEvent(watched, name));
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return false;
      this.events.failed(error instanceof Error ? error : new Error(String(error)));
      return false;
    }
    watcher.on('error', (error: Error) => {
      this.forget(dir);
      // A directory that went away ends its watch; anything else ends watching altogether.
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'EPERM')
        log.debug(`${dir} went away; its watch ended`, error);
      else if (!this.closed) this.events.failed(error);
    });
    this.watchers.set(dir, watcher);
    return true;
  }

  private forget(dir: string): void {
    const prefix = dir + sep;
    for (const [path, watcher] of this.watchers) {
      if (path === dir || path.startsWith(prefix)) {
        watcher.close();
        this.watchers.delete(path);
      }
    }
  }

  private onEvent(watched: WatchedDirectory, name: string | Buffer | null): void {
    if (this.closed) return;
    const { dir, parts: dirParts } = watched;
    if (name === null) {
      this.events.changed(dir, dirParts);
      return;
    }
    const text = name.toString();
    const named = (watched.named ??= new Map());
    let entry = named.get(text);
    if (entry === undefined) {
      entry = { path: join(dir, text), parts: [...dirParts, text] };
      // A run's few files are remembered; runs/ names thousands of runs, each once or twice.
      if (named.size < MAX_NAMED) named.set(text, entry);
    }
    const { path, parts } = entry;
    // A directory that came is watched from now on; one that went stops being watched.
    if (this.wanted(parts)) {
      if (isDirectory(path) && !this.watchers.has(path)) {
        if (parts.length === 1 && parts[0] === 'runs') this.watchRuns();
        // A run that appeared is watched at once (it is no run until its first line is whole).
        else if (parts.length === 1 && parts[0] === 'artifacts') this.watchArtifacts();
        else if (parts[0] === 'runs' && parts.length === 2) this.watchRun(path, parts);
        else if (parts[0] === 'artifacts' && parts.length === 2) {
          if (this.watchDirectory(path)) this.watchDirectory(join(path, 'aliases'));
        } else this.watchDirectory(path);
        this.events.changed(path, parts);
        // What was written in it before its watch began raised no event: tell of it now.
        this.announceContents(path, parts);
        return;
      } else if (!isDirectory(path) && this.watchers.has(path)) {
        this.forget(path);
      }
    }
    this.events.changed(path, parts);
  }

  private announceContents(dir: string, dirParts: readonly string[]): void {
    for (const name of entries(dir)) {
      const path = join(dir, name);
      const parts = [...dirParts, name];
      this.events.changed(path, parts);
      if (this.watchers.has(path)) this.announceContents(path, parts);
    }
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}
