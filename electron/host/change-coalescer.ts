// When live changes are read: a change after a quiet spell waits a moment for the changes that
// come with it, reads are a window apart at least, and a burst that brings every run the last
// read brought is read as soon as the window is over, in the wake-up its last event caused.

import type { RunChange } from '../sources/run-source.js';

/**
 * Live changes are read at most once per this many milliseconds: 25 a second, smoother than a
 * chart needs, and a sample still reaches the screen in well under a tenth of a second.
 */
export const COALESCE_MS = 40;
/**
 * How long a change waits for others before it is read. Runs started together write a few
 * milliseconds apart, not at once: five live runs' appends measured here came in three groups
 * over 15 ms, and a 16 ms wait split them into two reads and two messages about one time in
 * two. Each message wakes the client as well, which costs about as much as a wake-up here.
 */
export const GATHER_MS = 25;

export type PendingChanges = readonly (readonly [string, ReadonlySet<RunChange>])[];

export class ChangeCoalescer {
  private readonly pending = new Map<string, Set<RunChange>>();
  /** The timer of the next read of pending changes, or true when it is due at once. */
  private scheduled: NodeJS.Timeout | true | null = null;
  private lastRead = -Infinity;
  /** The runs the last read read. */
  private lastRuns: readonly string[] = [];

  constructor(
    /** Reads the changes gathered, by run. */
    private readonly read: (changes: PendingChanges) => void,
    private readonly coalesceMs = COALESCE_MS,
    private readonly gatherMs = GATHER_MS,
  ) {}

  /** Takes a change of one of a run's files; it is read with those that come with it. */
  schedule(id: string, what: RunChange): void {
    let kinds = this.pending.get(id);
    if (kinds === undefined) this.pending.set(id, (kinds = new Set()));
    kinds.add(what);
    if (this.scheduled === true) return;
    // Runs that write in step, as a sweep's do, bring the same runs burst after burst: once
    // every run the last read brought has changed again, waiting longer only delays them. They
    // are read as soon as the window since that read is over: at the end of this turn when it
    // is, in the wake-up their last event caused rather than one more for a timer.
    const windowLeft = this.lastRead + this.coalesceMs - performance.now();
    if (this.burstComplete()) {
      if (this.scheduled !== null) clearTimeout(this.scheduled);
      if (windowLeft > 0) {
        this.scheduled = setTimeout(this.flush, windowLeft);
      } else {
        this.scheduled = true;
        setImmediate(this.flush);
      }
      return;
    }
    if (this.scheduled !== null) return;
    // A change is read a short wait after it comes, with the changes that come meanwhile (a
    // sweep's runs write at once), and reads are a window apart at least: many live runs cost a
    // read per run and one message per window, not per append. Each wake-up, read and message
    // costs system calls, which cost the most in a VM.
    this.scheduled = setTimeout(this.flush, Math.max(this.gatherMs, windowLeft));
  }

  close(): void {
    if (this.scheduled !== true && this.scheduled !== null) clearTimeout(this.scheduled);
    this.scheduled = null;
    this.pending.clear();
  }

  /** True when every run the last read brought has changed since. */
  private burstComplete(): boolean {
    const last = this.lastRuns;
    if (last.length === 0 || this.pending.size < last.length) return false;
    return last.every((id) => this.pending.has(id));
  }

  /** Reads the pending changes: run by the timer or the immediate that `scheduled` holds. */
  private readonly flush = (): void => {
    this.scheduled = null;
    this.lastRead = performance.now();
    const changes = [...this.pending];
    this.pending.clear();
    this.lastRuns = changes.map(([runId]) => runId);
    this.read(changes);
  };
}
