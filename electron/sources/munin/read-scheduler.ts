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
import type { TagsFound } from '../../follow/directory-watch.js';
import type { ListedAhead } from './listing-ahead/list-ahead.js';
import { listAheadHelpers, ListingAhead } from './listing-ahead/list-ahead.js';

/** How long open takes, listing runs/ and reading runs, before it returns. */
export const INITIAL_READ_MS = 150;
/** How long open reads runs however long listing them took: a screenful's worth or more. */
export const FIRST_RUNS_MS = 25;
/** How long each turn of the background reading reads. */
const BACKGROUND_SLICE_MS = 25;
/** Runs left to read past which helper threads list them ahead (listing-ahead/). */
export const LIST_AHEAD_FROM = 2000;
/** Runs a helper is handed at once: a few milliseconds of its reading, one message each way. */
const LIST_AHEAD_BATCH = 256;
/** How long a turn reads runs here while helpers list others: short, so they never wait. */
const READ_BESIDE_HELPERS_MS = 5;

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
  /** Runs left to read past which helpers list ahead (default LIST_AHEAD_FROM). */
  readonly listAheadFrom?: number | undefined;
  /** Helper threads that list ahead (default: as the machine's cores allow). */
  readonly listAheadHelpers?: number | undefined;
  /** The helpers' script (tests: one that fails); default the listing-ahead worker. */
  readonly listAheadScript?: string;
}

export class ReadScheduler {
  /** Big logs being read in worker threads, by run id. */
  readonly reading = new Map<string, { bytes: number; size: number }>();
  /**
   * Entries of runs/ not read yet, oldest first: those from `front` on are left, the newest
   * taken from the end, the oldest (while helpers list the newest) from the front.
   */
  private readonly unread: string[];
  private front = 0;
  private readonly unreadSet: Set<string>;
  /**
   * Entries runs/ listed as directories, not links, until each is taken up (see takeUp): listed
   * once the first rows are read, for the runs read in the background.
   */
  private listedPlain = new Set<string>();
  /** Helpers listing runs ahead while many are left, else null. */
  private ahead: ListingAhead | null = null;
  /** What watching each run handed to the helpers found of its tags/. */
  private readonly aheadTags = new Map<string, TagsFound>();
  /** A background turn is queued. */
  private turnQueued = false;

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
    while (performance.now() < deadline) {
      const id = this.takeNewest();
      if (id === undefined) break;
      this.readHere(id);
    }
    return this.anyLeft;
  }

  private get anyLeft(): boolean {
    return this.unread.length > this.front;
  }

  /** The newest entry not read yet, off the stack; undefined when none is left. */
  private takeNewest(): string | undefined {
    while (this.unread.length > this.front) {
      const id = this.unread.pop()!;
      if (this.unreadSet.has(id)) return id;
    }
    return undefined;
  }

  /** The oldest entry not read yet, off the stack; undefined when none is left. */
  private takeOldest(): string | undefined {
    while (this.unread.length > this.front) {
      const id = this.unread[this.front++]!;
      if (this.unreadSet.has(id)) return id;
    }
    return undefined;
  }

  /** Takes up an entry of the stack on this thread, adding the run it is. */
  private readHere(id: string): void {
    this.unreadSet.delete(id);
    const entry = this.takeUp(id);
    if (entry !== undefined) this.options.added(entry);
  }

  readInBackground(): void {
    if (!this.anyLeft) return;
    setImmediate(() => {
      if (this.options.closed()) return;
      // Listed in the first turn, after open has answered: not what the first rows wait for.
      this.listedPlain = plainRunDirectories(this.options.root);
      this.startListingAhead();
      this.turn();
    });
  }

  private queueTurn(): void {
    if (this.turnQueued) return;
    this.turnQueued = true;
    setImmediate(() => {
      this.turnQueued = false;
      this.turn();
    });
  }

  /** One background turn: takes what the helpers listed, hands them more, or reads here. */
  private turn(): void {
    if (this.options.closed()) {
      this.stopListingAhead();
      return;
    }
    const ahead = this.ahead;
    if (ahead === null) {
      if (this.readSome(BACKGROUND_SLICE_MS)) this.queueTurn();
      return;
    }
    const deadline = performance.now() + BACKGROUND_SLICE_MS;
    for (let batch; performance.now() < deadline && (batch = ahead.take()) !== undefined;)
      for (const listed of batch) this.adoptListedAhead(listed);
    while (ahead.wantsMore && this.anyLeft && performance.now() < deadline)
      this.handOutBatch(ahead, deadline);
    // While the helpers list the newest runs, this thread reads the oldest itself, in short
    // slices: a batch that comes back is taken, and the helpers handed more, between them.
    const readUntil = Math.min(deadline, performance.now() + READ_BESIDE_HELPERS_MS);
    while (performance.now() < readUntil) {
      const id = this.takeOldest();
      if (id === undefined) break;
      this.readHere(id);
    }
    // Runs left, or a batch come back: another turn; else the next batch's arrival wakes one.
    if (this.anyLeft || ahead.hasArrived) this.queueTurn();
    else if (ahead.pending === 0) this.stopListingAhead();
  }

  private startListingAhead(): void {
    const helpers = this.options.listAheadHelpers ?? listAheadHelpers();
    if (
      helpers === 0 ||
      this.unread.length - this.front < (this.options.listAheadFrom ?? LIST_AHEAD_FROM)
    )
      return;
    const { realRoot, threadedReadBytes } = this.options;
    this.ahead = new ListingAhead(
      { realRoot, threadedReadBytes },
      helpers,
      {
        arrived: () => this.queueTurn(),
        failed: (ids, error) => {
          log.warn('listing runs on helper threads failed; the rest are read here', error);
          this.stopListingAhead();
          this.takeBack(ids);
          this.queueTurn();
        },
      },
      this.options.listAheadScript,
    );
  }

  private stopListingAhead(): void {
    this.ahead?.close();
    this.ahead = null;
    this.aheadTags.clear();
  }

  /** Puts runs handed out but not come back on the stack again, to be read here. */
  private takeBack(ids: readonly string[]): void {
    for (const id of ids) if (this.unreadSet.has(id)) this.unread.push(id);
  }

  /**
   * Watches the next runs, then hands them to a helper: a change from then on is told, and reads
   * the run here at once (changed), and the helper's listing of it is not taken. A run not listed
   * as a directory is read here, as its link needs checking.
   */
  private handOutBatch(ahead: ListingAhead, deadline: number): void {
    const ids: string[] = [];
    while (ids.length < LIST_AHEAD_BATCH) {
      const id = this.takeNewest();
      if (id === undefined) break;
      if (!this.listedPlain.has(id)) {
        if (performance.now() >= deadline) {
          this.unread.push(id);
          break;
        }
        this.readHere(id);
        continue;
      }
      this.aheadTags.set(id, this.options.watcher.follow(id));
      ids.push(id);
    }
    if (ids.length > 0) ahead.post(ids);
  }

  /** A run a helper listed, or left to be read here; not taken when read here meanwhile. */
  private adoptListedAhead({ id, listing }: ListedAhead): void {
    const tags = this.aheadTags.get(id);
    this.aheadTags.delete(id);
    if (!this.unreadSet.has(id)) return;
    if (listing === null) {
      this.readHere(id);
      return;
    }
    this.unreadSet.delete(id);
    this.listedPlain.delete(id);
    const { realRoot, host } = this.options;
    const entry = new RunEntry(realRoot, id, host, tags === 'absent', listing.notes);
    entry.adoptListing(listing.hinted);
    this.options.runs.set(id, entry);
    this.options.added(entry);
  }

  /** Reads every run not read yet: what the export needs. */
  readAll(): void {
    // What the helpers hold is read here; their listings of it, come later, are not taken.
    if (this.ahead !== null) this.takeBack(this.ahead.heldIds());
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
