// Watching a store for what the app shows: runs appearing and disappearing, their logs, tags,
// notes and writer files changing, artifacts changing. File-system events (directory-watch.ts);
// or polling by stat, for network file systems where events do not arrive, or when watching fails.

import { readdirSync, statSync, statfsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { log } from '../log.js';
import { isAbsent } from '../store/file-errors.js';
import type { TagsFound } from './directory-watch.js';
import { StoreDirectoryWatch } from './directory-watch.js';

export type RunFileKind = 'log' | 'tags' | 'notes' | 'writer' | 'stats' | 'directory';

export interface StoreEvents {
  /** Something of run `id` changed; 'directory' when the run directory itself came or went. */
  runChanged(id: string, what: RunFileKind): void;
  artifactsChanged(): void;
  /** The watcher fell back to polling, and why. */
  switchedToPolling?(reason: string): void;
}

export interface WatchOptions {
  /** 'auto' polls where the file system is known not to deliver events. */
  readonly mode?: 'auto' | 'events' | 'polling';
  /** The polling interval in milliseconds. */
  readonly intervalMs?: number;
  /**
   * Watch the runs already in the store only as follow() takes each up (a reader of a large
   * store does, before it reads each run); else all of them from the start.
   */
  readonly lazyRuns?: boolean;
}

/** statfs f_type magic numbers of file systems whose changes made elsewhere raise no events. */
const NETWORK_FILE_SYSTEMS = new Map<number, string>([
  [0x6969, 'NFS'],
  [0x517b, 'SMB'],
  [0xff534d42, 'CIFS'],
  [0xfe534d42, 'SMB2'],
  [0x65735546, 'FUSE'],
  [0x01021997, '9p'],
  [0x00c36400, 'Ceph'],
  [0x0bd00bd0, 'Lustre'],
  [0x5346414f, 'AFS'],
  [0x47504653, 'GPFS'],
  [0x013111a8, 'IBRIX'],
]);

/** The name of the network file system root lives on, when it is one this can tell. */
export function networkFileSystemOf(root: string): string | null {
  try {
    return NETWORK_FILE_SYSTEMS.get(Number(statfsSync(root).type)) ?? null;
  } catch {
    // A probe: a file system that cannot say what it is is watched by events, and polled if
    // those fail.
    return null;
  }
}

/** Which run file a path below runs/<id>/ is, by the layout; null for what the app ignores. */
function classifyRunPath(parts: readonly string[]): RunFileKind | null {
  if (parts.length === 2) return 'directory';
  const name = parts[2];
  if (parts.length === 3) {
    switch (name) {
      case 'events.jsonl':
      case '.deleted':
        return 'log';
      case 'notes':
        return 'notes';
      case 'writer':
        return 'writer';
      case 'stats.json':
        return 'stats';
      case 'tags':
        return 'tags';
      default:
        return null;
    }
  }
  return name === 'tags' && parts.length === 4 && !parts[3]!.startsWith('.') ? 'tags' : null;
}

export class StoreWatcher {
  private watcher: StoreDirectoryWatch | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly intervalMs: number;
  private readonly lazyRuns: boolean;
  polling = false;
  pollingReason: string | null = null;

  constructor(
    private readonly root: string,
    private readonly events: StoreEvents,
    options: WatchOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 1000;
    this.lazyRuns = options.lazyRuns ?? false;
    const mode = options.mode ?? 'auto';
    const networkFs = mode === 'auto' ? networkFileSystemOf(root) : null;
    if (mode === 'polling') this.startPolling('polling was asked for');
    else if (networkFs !== null)
      this.startPolling(`the store is on ${networkFs}, where changes raise no events`);
    else this.startWatching();
  }

  /** Resolves once the watcher has set up (events) or taken its first inventory (polling). */
  ready: Promise<void> = Promise.resolve();

  private dispatch(
    path: string,
    parts: readonly string[] = relative(this.root, path).split(sep),
  ): void {
    if (parts[0] === 'runs' && parts.length >= 2 && !parts[1]!.startsWith('.')) {
      const kind = classifyRunPath(parts);
      if (kind !== null) this.events.runChanged(parts[1]!, kind);
    } else if (parts[0] === 'artifacts' && parts.length >= 2) {
      this.events.artifactsChanged();
    } else if (parts.length === 1 && (parts[0] === 'runs' || parts[0] === 'artifacts')) {
      if (parts[0] === 'artifacts') this.events.artifactsChanged();
    }
  }

  private startWatching(): void {
    this.watcher = new StoreDirectoryWatch(this.root, !this.lazyRuns, {
      changed: (path, parts) => this.dispatch(path, parts),
      failed: (error) => {
        if (this.closed || this.polling) return;
        this.watcher?.close();
        this.watcher = null;
        log.warn(
          `watching ${this.root} failed; polling it every ${this.intervalMs} ms instead`,
          error,
        );
        this.startPolling(`watching failed (${error.message})`);
      },
    });
  }

  private snapshot = new Map<string, string>();

  /** Stats of every file the app shows, keyed by path, as one comparable string each. */
  private inventory(): Map<string, string> {
    const out = new Map<string, string>();
    const note = (path: string): void => {
      try {
        const stat = statSync(path);
        out.set(path, `${stat.ino}:${stat.size}:${stat.mtimeMs}`);
      } catch (error) {
        // Absent files are absent from the inventory: their removal shows as a difference. Told
        // only with --verbose otherwise: a poll a second would repeat it every second.
        if (!isAbsent(error)) log.debug(`${path} cannot be stat'ed; it is not polled`, error);
      }
    };
    const list = (path: string): string[] => {
      try {
        return readdirSync(path).filter((name) => !name.startsWith('.') || name === '.deleted');
      } catch (error) {
        // No artifacts/ or aliases/: nothing to poll. Other failures as for note().
        if (!isAbsent(error)) log.debug(`${path} cannot be listed; it is not polled`, error);
        return [];
      }
    };
    const runsDir = join(this.root, 'runs');
    for (const id of list(runsDir)) {
      const dir = join(runsDir, id);
      note(dir);
      for (const file of ['events.jsonl', '.deleted', 'notes', 'writer', 'stats.json', 'tags']) {
        note(join(dir, file));
      }
    }
    const artifactsDir = join(this.root, 'artifacts');
    note(artifactsDir);
    for (const name of list(artifactsDir)) {
      note(join(artifactsDir, name));
      note(join(artifactsDir, name, 'aliases'));
      for (const entry of list(join(artifactsDir, name, 'aliases')))
        note(join(artifactsDir, name, 'aliases', entry));
    }
    return out;
  }

  private pollOnce(): void {
    const next = this.inventory();
    for (const [path, signature] of next) {
      if (this.snapshot.get(path) !== signature) this.dispatch(path);
    }
    for (const path of this.snapshot.keys()) if (!next.has(path)) this.dispatch(path);
    this.snapshot = next;
  }

  private startPolling(reason: string): void {
    this.polling = true;
    this.pollingReason = reason;
    this.snapshot = this.inventory();
    this.events.switchedToPolling?.(reason);
    const tick = (): void => {
      if (this.closed) return;
      this.pollOnce();
      this.pollTimer = setTimeout(tick, this.intervalMs);
      this.pollTimer.unref?.();
    };
    this.pollTimer = setTimeout(tick, this.intervalMs);
    this.pollTimer.unref?.();
    this.ready = Promise.resolve();
  }

  /**
   * Starts watching run `id` (events mode; polling takes in every run by itself), saying
   * whether its tags/ was found absent.
   */
  follow(id: string): TagsFound {
    return this.watcher?.watchRunDirectory(id) ?? 'unknown';
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.pollTimer !== null) clearTimeout(this.pollTimer);
    this.watcher?.close();
    this.watcher = null;
    await Promise.resolve();
  }
}
