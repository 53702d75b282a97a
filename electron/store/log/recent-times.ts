// The times of a run's most recent records, kept a fixed few: what a run's cadence is read from
// when it was read cold, before any append was seen.

/** How many recent times are kept. */
export const RECENT_TIMES = 32;

/** A ring of the latest times pushed, oldest first when read. */
export class RecentTimes {
  private readonly ring: number[] = [];
  private next = 0;

  push(time: number): void {
    if (this.ring.length < RECENT_TIMES) this.ring.push(time);
    else this.ring[this.next] = time;
    this.next = (this.next + 1) % RECENT_TIMES;
  }

  /** The times kept, in the order they were pushed. */
  values(): number[] {
    if (this.ring.length < RECENT_TIMES) return [...this.ring];
    return [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }

  static from(times: readonly number[]): RecentTimes {
    const recent = new RecentTimes();
    for (const time of times.slice(-RECENT_TIMES)) recent.push(time);
    return recent;
  }
}
