// When a run's summary is pushed: at once when something that matters changed, else at most once
// a period while only samples come. The summary rides on the change that finds the period over;
// a timer sends it only when the run falls quiet first, so a steady stream wakes nothing extra.

export class SummaryThrottle {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly lastSent = new Map<string, number>();

  constructor(
    /** Sends the run's summary, if it is still there. */
    private readonly send: (runId: string) => void,
    private readonly periodMs: number,
  ) {}

  push(runId: string, important: boolean): void {
    const now = Date.now();
    const last = this.lastSent.get(runId) ?? 0;
    const send = (): void => {
      this.timers.delete(runId);
      this.lastSent.set(runId, Date.now());
      this.send(runId);
    };
    if (important || now - last >= this.periodMs) {
      const timer = this.timers.get(runId);
      if (timer !== undefined) clearTimeout(timer);
      send();
    } else if (!this.timers.has(runId)) {
      // Due a period after the summary it follows is due, unless a change sends it before.
      const timer = setTimeout(send, 2 * this.periodMs - (now - last));
      timer.unref();
      this.timers.set(runId, timer);
    }
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
