// Watching event streams: one fs.watch per folder down to the depth streams are listed at (or
// the one folder of a file opened alone), each event naming the entry that changed; or polling
// by stat where events do not arrive (network file systems) or watching failed.

import type { FSWatcher } from 'node:fs';
import { readdirSync, statSync, watch } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { errorCode } from '../../error-code.js';
import { log } from '../../log.js';
import type { WatchOptions } from '../../follow/store-watcher.js';
import { networkFileSystemOf } from '../../follow/store-watcher.js';
import { isDirectory } from '../../store/store.js';
import type { StreamLocation } from './stream-files.js';
import { listStreams, MAX_STREAM_DEPTH, streamPath } from './stream-files.js';

export interface StreamWatchEvents {
  /** An entry below the folder changed (a stream, or a folder that came or went): its names. */
  changed(parts: readonly string[]): void;
}

export class StreamWatch {
  private readonly watchers = new Map<string, FSWatcher>();
  private pollTimer: NodeJS.Timeout | null = null;
  /** Per stream id, what polling last found of its file. */
  private polled = new Map<string, string>();
  private closed = false;
  polling = false;

  constructor(
    private readonly location: StreamLocation,
    private readonly events: StreamWatchEvents,
    private readonly options: WatchOptions = {},
  ) {
    const mode = options.mode ?? 'auto';
    const networkFs = mode === 'auto' ? networkFileSystemOf(location.dir) : null;
    if (mode === 'polling') this.startPolling('polling was asked for');
    else if (networkFs !== null)
      this.startPolling(`the streams are on ${networkFs}, where changes raise no events`);
    else this.watchTree(location.dir, 0);
  }

  /** The folder depth below the opened one a directory is at. */
  private depthOf(dir: string): number {
    return dir === this.location.dir ? 0 : relative(this.location.dir, dir).split(sep).length;
  }

  private watchTree(dir: string, depth: number): void {
    if (!this.watchDirectory(dir) || this.location.kind === 'file' || depth >= MAX_STREAM_DEPTH)
      return;
    for (const name of this.subfolders(dir)) this.watchTree(join(dir, name), depth + 1);
  }

  private subfolders(dir: string): string[] {
    try {
      return readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
        .map((entry) => entry.name);
    } catch {
      // Gone since its event, or not to be listed: nothing in it is watched.
      return [];
    }
  }

  private watchDirectory(dir: string): boolean {
    if (this.closed || this.polling) return false;
    if (this.watchers.has(dir)) return true;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => this.onEvent(dir, name));
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return false;
      this.startPolling(`watching ${dir} failed (${code ?? String(error)})`);
      return false;
    }
    watcher.on('error', (error: Error) => {
      this.forget(dir);
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'EPERM') log.debug(`${dir} went away; its watch ended`);
      else if (!this.closed) this.startPolling(`watching ${dir} failed (${code ?? error.message})`);
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

  private partsOf(path: string): string[] {
    return relative(this.location.dir, path).split(sep);
  }

  private onEvent(dir: string, name: string | Buffer | null): void {
    if (this.closed) return;
    if (name === null) {
      // The system named no entry: anything in the folder may have changed.
      this.announce(dir);
      return;
    }
    const path = join(dir, name.toString());
    const parts = this.partsOf(path);
    if (this.location.kind === 'folder' && !name.toString().startsWith('.')) {
      const depth = this.depthOf(path);
      if (isDirectory(path)) {
        if (depth <= MAX_STREAM_DEPTH && !this.watchers.has(path)) {
          this.watchTree(path, depth);
          // What was written in it before its watch began raised no event: tell of it now.
          this.announce(path);
        }
      } else if (this.watchers.has(path)) this.forget(path);
    }
    this.events.changed(parts);
  }

  /** Tells of every entry of a folder and the folders below it, as far as streams are listed. */
  private announce(dir: string): void {
    this.events.changed(dir === this.location.dir ? [] : this.partsOf(dir));
    let names: string[];
    try {
      names = readdirSync(dir).filter((name) => !name.startsWith('.'));
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (this.watchers.has(path)) this.announce(path);
      else this.events.changed(this.partsOf(path));
    }
  }

  private startPolling(reason: string): void {
    if (this.polling || this.closed) return;
    log.warn(
      `${this.location.path}: polling for changes every ${this.options.intervalMs ?? 1000} ms: ${reason}`,
    );
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.polling = true;
    this.polled = this.inventory();
    this.pollTimer = setInterval(() => this.poll(), this.options.intervalMs ?? 1000);
    this.pollTimer.unref();
  }

  /** Each stream's file as a stat finds it: its size, time and identity, or that it is gone. */
  private inventory(): Map<string, string> {
    const found = new Map<string, string>();
    for (const id of listStreams(this.location)) {
      try {
        const stat = statSync(streamPath(this.location, id));
        found.set(id, `${stat.size}:${stat.mtimeMs}:${stat.dev}:${stat.ino}`);
      } catch {
        // Gone between the listing and the stat: as if not listed.
      }
    }
    return found;
  }

  private poll(): void {
    if (this.closed) return;
    const now = this.inventory();
    for (const [id, version] of now)
      if (this.polled.get(id) !== version) this.events.changed(id.split('/'));
    for (const id of this.polled.keys()) if (!now.has(id)) this.events.changed(id.split('/'));
    this.polled = now;
  }

  close(): void {
    this.closed = true;
    if (this.pollTimer !== null) clearInterval(this.pollTimer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}
