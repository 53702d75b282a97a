// The last view each series' envelope was asked for, kept while a byte budget shared by all
// series allows: a page opened again at the same size (a Compare left and come back to, a second
// window on the same run) is answered without scanning every sample again.

/** What an envelope is asked for: x range, pixel columns, smoothing weight. */
export interface EnvelopeView {
  readonly x0: number;
  readonly x1: number;
  readonly width: number;
  readonly smoothing: number;
}

/**
 * The bytes every memo together may hold. A Compare of 20 runs × 12 keys at 650 px holds about
 * 6 MB of envelopes; a store's pages of that size fit several times over, and a view too large
 * for it (200 runs × 12 keys) only cycles through the budget, never past it.
 */
export const VIEW_MEMO_BYTES = 32 * 1024 * 1024;

/** The memos holding an answer, least recently used first, and the bytes they hold. */
export class ViewMemoBudget {
  private readonly holders = new Set<ViewMemo<unknown>>();
  private held = 0;

  constructor(readonly capacity: number = VIEW_MEMO_BYTES) {}

  get bytes(): number {
    return this.held;
  }

  /** Counts a memo's answer as just used; forgets the least recent others' while over budget. */
  used(memo: ViewMemo<unknown>, bytes: number): void {
    this.holders.delete(memo);
    this.holders.add(memo);
    this.held += bytes;
    for (const oldest of this.holders) {
      if (this.held <= this.capacity || oldest === memo) break;
      oldest.forget();
    }
  }

  /** A memo's answer was forgotten: its bytes are free. */
  released(memo: ViewMemo<unknown>, bytes: number): void {
    if (this.holders.delete(memo)) this.held -= bytes;
  }
}

/** The budget of the process: every series' envelopes in a host share it. */
export const PROCESS_VIEW_MEMO = new ViewMemoBudget();

/**
 * One series' last answer and the view and sample count it answered. Asked for the same view
 * with the same points, it gives that answer back; anything else is a miss.
 */
export class ViewMemo<Answer> {
  private kept: EnvelopeView | null = null;
  private points = -1;
  private answer: Answer | null = null;
  private bytes = 0;

  constructor(private readonly budget: ViewMemoBudget = PROCESS_VIEW_MEMO) {}

  /** The view whose answer is kept, or null. */
  get view(): EnvelopeView | null {
    return this.kept;
  }

  /** The answer kept for this view over `points` points, or undefined. */
  recall(view: EnvelopeView, points: number): Answer | undefined {
    const kept = this.kept;
    if (
      kept === null ||
      this.points !== points ||
      kept.x0 !== view.x0 ||
      kept.x1 !== view.x1 ||
      kept.width !== view.width ||
      kept.smoothing !== view.smoothing
    )
      return undefined;
    this.budget.used(this, 0);
    return this.answer!;
  }

  /** Keeps an answer of `bytes` in place of the one before. */
  keep(view: EnvelopeView, points: number, answer: Answer, bytes: number): void {
    this.forget();
    // One answer alone over the whole budget would only push every other out.
    if (bytes > this.budget.capacity) return;
    this.kept = view;
    this.points = points;
    this.answer = answer;
    this.bytes = bytes;
    this.budget.used(this, bytes);
  }

  /** Drops the answer: the budget needs its bytes, or the series changed under it. */
  forget(): void {
    if (this.kept === null) return;
    this.budget.released(this, this.bytes);
    this.kept = null;
    this.answer = null;
    this.points = -1;
    this.bytes = 0;
  }
}
