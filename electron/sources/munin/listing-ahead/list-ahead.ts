// Listing a large store's ended runs on helper threads ahead of the host's thread: the host
// watches each run, then hands it out in a batch; a helper reads its stats hint and the log's
// records (the files' system calls are most of a listing's cost) and posts the listing back,
// which the host adopts. A run the helper could not list, the host reads itself, as any run.

import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { KeyStatistics } from '../../../../shared/series/statistics.js';
import type { HintedListing } from '../../../store/hinted-listing.js';
import { RecordsOnlyLog } from '../../../store/hinted-listing.js';
import type { LogReadResult } from '../../../store/log/read-types.js';
import type { NotesRead } from '../../../store/run-files.js';
import type { TransferredRunLog } from '../../../store/log/run-fold.js';
import { RunLog } from '../../../store/log/run-fold.js';
import { workerScript } from '../../../store/log/threaded-read.js';

/** What a helper is started with. */
export interface ListAheadData {
  readonly realRoot: string;
  /** Logs at least this big are left to the host, which reads them whole on threads. */
  readonly threadedReadBytes: number;
}

/** A run's listing as a helper posts it. */
export interface PostedListing {
  readonly log: TransferredRunLog;
  readonly skippedSampleLines: number;
  readonly statistics: ReadonlyMap<string, KeyStatistics>;
  readonly read: LogReadResult;
  /** The run's notes, absent or read (notes that cannot be read leave the run to the host). */
  readonly notes: NotesRead;
}

/** A batch as a helper posts it back: per id, its listing, or null for the host to read. */
export interface ListedAheadMessage {
  readonly ids: readonly string[];
  readonly listed: readonly (PostedListing | null)[];
}

/** A run of a batch come back: its listing, or null when the host reads it itself. */
export interface ListedAhead {
  readonly id: string;
  readonly listing: { readonly hinted: HintedListing; readonly notes: NotesRead } | null;
}

/** Most helpers a listing starts: past a few, the host's own share of each run is the bound. */
const MAX_HELPERS = 3;
/**
 * Batches each helper holds at once: one it reads, more waiting, so that it does not idle while
 * the host's thread is busy with a slice of its own.
 */
const BATCHES_PER_HELPER = 4;

/** The helpers a listing starts on this machine: none on one core. */
export function listAheadHelpers(): number {
  return Math.max(0, Math.min(MAX_HELPERS, availableParallelism() - 1));
}

export interface ListAheadEvents {
  /** A batch came back: take() gives it. */
  arrived(): void;
  /**
   * A helper failed: every id the helpers held or posted and was not taken, for the host to read
   * itself. Nothing more is handed out or taken.
   */
  failed(ids: readonly string[], error: unknown): void;
}

export class ListingAhead {
  private readonly helpers: { worker: Worker; held: string[][] }[] = [];
  private readonly arrivedBatches: ListedAhead[][] = [];
  private stopped = false;

  constructor(
    data: ListAheadData,
    helpers: number,
    private readonly events: ListAheadEvents,
    /** The helpers' script: this room's worker, or in tests one that fails. */
    script = workerScript('sources/munin/listing-ahead', 'list-ahead-worker'),
  ) {
    for (let k = 0; k < helpers; k++) {
      const worker = new Worker(script, { workerData: data });
      // A listing left unfinished never keeps the process alive.
      worker.unref();
      const helper = { worker, held: [] as string[][] };
      worker.on('message', (message: ListedAheadMessage) => {
        helper.held.shift();
        if (this.stopped) return;
        this.arrivedBatches.push(adopt(message));
        this.events.arrived();
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`a listing thread stopped (${code})`));
      });
      this.helpers.push(helper);
    }
  }

  /** Room for another batch: a helper holds fewer than it can. */
  get wantsMore(): boolean {
    return !this.stopped && this.helpers.some((h) => h.held.length < BATCHES_PER_HELPER);
  }

  /** A batch came back and waits to be taken. */
  get hasArrived(): boolean {
    return this.arrivedBatches.length > 0;
  }

  /** Batches handed out and not yet come back. */
  get pending(): number {
    return this.helpers.reduce((n, h) => n + h.held.length, 0);
  }

  /** Hands a batch of watched runs to the helper holding least. */
  post(ids: string[]): void {
    const helper = this.helpers.reduce((a, b) => (b.held.length < a.held.length ? b : a));
    helper.held.push(ids);
    helper.worker.postMessage(ids);
  }

  /** The next batch come back, in the order the helpers posted them. */
  take(): ListedAhead[] | undefined {
    return this.arrivedBatches.shift();
  }

  /** The ids handed out and not yet come back. */
  heldIds(): string[] {
    return this.helpers.flatMap((h) => h.held.flat());
  }

  /** Stops the helpers; what they still hold is not taken. */
  close(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const { worker } of this.helpers) void worker.terminate();
  }

  /** One helper failed: all stop, and the host reads what any of them held or posted. */
  private fail(error: unknown): void {
    if (this.stopped) return;
    const ids = [...this.heldIds(), ...this.arrivedBatches.flat().map((listed) => listed.id)];
    for (const helper of this.helpers) helper.held = [];
    this.arrivedBatches.length = 0;
    this.close();
    this.events.failed(ids, error);
  }
}

function adopt(message: ListedAheadMessage): ListedAhead[] {
  return message.ids.map((id, k) => {
    const posted = message.listed[k];
    if (posted === null || posted === undefined) return { id, listing: null };
    const log = RunLog.restore(posted.log, new RecordsOnlyLog());
    log.skippedSampleLines = posted.skippedSampleLines;
    const hinted = { log, statistics: posted.statistics, read: posted.read };
    return { id, listing: { hinted, notes: posted.notes } };
  });
}
