// How often a run writes: the median of its recent gaps between writes, from the times its
// records carry when it is read cold, then from its log's modification times as the follower
// sees each append. A median, not a mean: a checkpoint's long pause or a burst of records at
// one step moves it little.

/** How many recent gaps the figure is the median of. */
export const GAPS_KEPT = 32;

/** Writes closer together than this are one write: a writer writes a step's records together. */
const SAME_WRITE = 0.001;

export class WriteCadence {
  private readonly gaps: number[] = [];
  private next = 0;
  /** The last write seen, on the clock its times came from. */
  private last: number | null = null;

  /** A cadence seeded from times read cold (ascending); `lastWrite` goes on from there. */
  static seeded(times: readonly number[], lastWrite: number): WriteCadence {
    const cadence = new WriteCadence();
    for (const time of times) cadence.wrote(time);
    // The log's modification time comes from the file system's clock, the records' times from
    // the writer's: a gap across the two would measure the clocks, so the appends start anew.
    cadence.last = lastWrite > 0 ? lastWrite : null;
    return cadence;
  }

  /** A write at `time`: a gap since the last one, unless it is that one or before it. */
  wrote(time: number): void {
    if (!Number.isFinite(time)) return;
    if (this.last !== null) {
      const gap = time - this.last;
      if (gap < SAME_WRITE) {
        // A clock set back: the next gap is measured from here, none from the jump.
        if (gap < 0) this.last = time;
        return;
      }
      this.keep(gap);
    }
    this.last = time;
  }

  private keep(gap: number): void {
    if (this.gaps.length < GAPS_KEPT) this.gaps.push(gap);
    else this.gaps[this.next] = gap;
    this.next = (this.next + 1) % GAPS_KEPT;
  }

  /** The typical seconds between writes; null until two gaps were seen. */
  get interval(): number | null {
    const { gaps } = this;
    if (gaps.length < 2) return null;
    const sorted = [...gaps].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  }
}
