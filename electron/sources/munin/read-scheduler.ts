// Reading a store's runs: the newest first before open returns, the rest in short slices of the
// event loop after it, and a big log in worker threads with its progress told; each run read is
// handed to the Backend as it is added.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { log } from '../../log.js';
import { isAbsent } from '../../store/file-errors.js';
import type { HostIdentities } from '../../store/identities.js';
import { firstLineOf } from '../../store/log/log-bytes.js';
import { LOG_FILE } from '../../store/log/read-run.js';
import { readLogInWorker } from '../../store/log/threaded-read.js';
import { listRunCandidates, plainRunDirectories } from '../../store/store.js';
import { checkStoreDirectory, whyUnreadable, UnreadableFile } from '../../store/store-files.js';
import type { StoreWatcher } from '../../follow/store-watcher.js';
import { RunEntry } from './run-entry.js';

/** How long open takes, listing runs/ and reading runs, before it returns. */
export const INITIAL_READ_MS = 150;
/** How long open reads runs however long listing them took: a screenful's worth or more. */
export const FIRST_RUNS_MS = 25;
/** How long each turn of the background reading reads. */
const BACKGROUND_SLICE_MS = 25;

export interface ReadSchedulerOptions {
  readonly root: string;
  /** The store's real root (realStoreRoot): where links in its files may lead. */
  readonly realRoot: string;
  readonly host: HostIdentities;
  readonly watcher: StoreWatcher;
  /** The runs read, by id: the scheduler adds to it. */
  readonly runs: Map<string, RunEntry>;
  readonly threadedReadBytes: number;
  /** A run read and added after open began: sessions hear of it. */
  readonly added: (entry: RunEntry) => void;
  /** A big log's read began in a thread: sessions follow its progress. */
  readonly readingStarted: (runId: string) => void;
  readonly closed: () => boolean;
}

export class ReadScheduler {
  /** Big logs being read in worker threads, by run id. */
  readonly reading = new Map<string, { bytes: number; size: number }>();
  /** Entries of runs/ not read yet, oldest first, so that pop() takes the newest. */
  private readonly unread: string[];
  private readonly unreadSet: Set<string>;
  /**
   * Entries runs/ listed as directories, not links, until each is taken up (see takeUp): listed
   * once the first rows are read, for the runs read in the background.
   */
  private listedPlain = new Set<string>();

  constructor(private readonly options: ReadSchedulerOptions) {
    this.unread = listRunCandidates(options.root);
    this.unreadSet = new Set(this.unread);
  }

  /** Entries not read yet, and big logs still being read. */
  get toRead(): number {
    return this.unreadSet.size + this.reading.size;
  }

  /** Reads unread runs until `budgetMs` has passed; true when some are left. */
  readSome(budgetMs: number): boolean {
    const deadline = performance.now() + budgetMs;
    while (this.unread.length > 0 && performance.now() < deadline) {
      const id = this.unread.pop()!;
      if (!this.unreadSet.delete(id)) continue;
      const entry = this.takeUp(id);
      if (entry !== undefined) this.options.added(entry);
    }
    return this.unread.length > 0;
  }

  readInBackground(): void {
    const turn = (): void => {
      if (this.options.closed()) return;
      if (this.readSome(BACKGROUND_SLICE_MS)) setImmediate(turn);
    };
    if (this.unread.length === 0) return;
    setImmediate(() => {
      // Listed in the first turn, after open has answered: not what the first rows wait for.
      if (!this.options.closed()) this.listedPlain = plainRunDirectories(this.options.root);
      turn();
    });
  }

  /** Reads every run not read yet: what the export needs. */
  readAll(): void {
    while (this.readSome(1000));
  }

  /** A run not read yet that changed: read now, out of its turn. */
  changed(id: string): void {
    // A big log being read in a thread: its reader catches up with every change once done.
    if (this.reading.has(id)) return;
    this.unreadSet.delete(id);
    const entry = this.takeUp(id);
    if (entry !== undefined) this.options.added(entry);
  }

  /**
   * Watches the run, then reads it when it is a run (its first line is whole): at once, or, for
   * a big log, in a worker thread, the run added once it is read.
   */
  private takeUp(id: string): RunEntry | undefined {
    const { realRoot, host, runs } = this.options;
    const tags = this.options.watcher.follow(id);
    // What the listing said is taken once: a run taken up again (it changed) is looked at anew.
    const listedPlain = this.listedPlain.delete(id);
    if (this.reading.has(id)) return undefined;
    const dir = join(realRoot, 'runs', id);
    const logPath = join(dir, LOG_FILE);
    let size = 0;
    try {
      // A link out of the store is not followed; one inside it is, as the run it leads to. A
      // directory as runs/ listed it is no link: its files are checked as they are opened.
      if (!listedPlain && !checkStoreDirectory(dir, realRoot)) return undefined;
      size = statSync(logPath).size;
    } catch (error) {
      if (error instanceof UnreadableFile && error.code === 'ENOTADIR') {
        // A file in runs/: a name the layout does not list, which readers ignore.
        log.debug(`${dir} ${error.reason}: not a run`);
        return undefined;
      }
      // No log (yet): a run directory being made, or a .deleted run; its watch tells of a log.
      if (isAbsent(error)) {
        log.debug(`${logPath} is not there (yet): run ${id} is not read`);
        return undefined;
      }
      // There, but not to be read: listed as unreadable, saying why, never left out in silence.
      const problem =
        error instanceof UnreadableFile
          ? { file: 'its directory', reason: error.reason }
          : { file: LOG_FILE, reason: whyUnreadable(logPath, error) };
      log.warn(`run ${id}: ${problem.file} ${problem.reason}; it is listed as unreadable`);
      const entry = RunEntry.unreadable(realRoot, id, host, problem);
      runs.set(id, entry);
      return entry;
    }
    // A small log's read tells whether its first line is whole; a big one is asked first.
    if (size < this.options.threadedReadBytes) return this.addRun(id, true, tags === 'absent');
    const firstLine = firstLineOf(logPath, realRoot);
    if (firstLine.state === 'unreadable') {
      log.warn(`${logPath} ${firstLine.reason}; run ${id} is listed as unreadable`);
      const entry = RunEntry.unreadable(realRoot, id, host, {
        file: LOG_FILE,
        reason: firstLine.reason,
      });
      runs.set(id, entry);
      return entry;
    }
    if (firstLine.state !== 'whole') return undefined;
    this.reading.set(id, { bytes: 0, size });
    this.options.readingStarted(id);
    readLogInWorker(logPath, realRoot, (bytes) => this.reading.set(id, { bytes, size })).then(
      ({ log, read }) => {
        this.reading.delete(id);
        if (this.options.closed() || runs.has(id)) return;
        const entry = new RunEntry(realRoot, id, host);
        entry.follower.adopt(log, read);
        // Probes and catches up with what was written while the thread read.
        if (entry.refresh().state === 'vanished') return;
        runs.set(id, entry);
        this.options.added(entry);
      },
      (error: unknown) => {
        // The thread could not read it (the log vanished, say): read it here, as any run.
        log.warn(
          `run ${id}: its log could not be read on a thread of its own; reading it here`,
          error,
        );
        this.reading.delete(id);
        if (this.options.closed() || runs.has(id)) return;
        const entry = this.addRun(id);
        if (entry !== undefined) this.options.added(entry);
      },
    );
    return undefined;
  }

  /**
   * Reads a run and adds it: listed from its stats hint when `fromHint` and the hint holds, its
   * samples read when it is opened; else read whole. `tagsAbsent` when the watch just found no
   * tags/ (one that appears is told by the run directory's watch).
   */
  private addRun(id: string, fromHint = false, tagsAbsent = false): RunEntry | undefined {
    const { realRoot, host } = this.options;
    const entry = new RunEntry(realRoot, id, host, tagsAbsent);
    if (fromHint && entry.listFromHint()) {
      this.options.runs.set(id, entry);
      return entry;
    }
    const result = entry.refresh();
    // No whole first line read: a run directory being made, no run yet. One whose log cannot
    // be read is listed all the same, as unreadable.
    if (result.state === 'vanished') return undefined;
    if (result.state !== 'unreadable' && entry.follower.offset === 0) return undefined;
    this.options.runs.set(id, entry);
    return entry;
  }
}
