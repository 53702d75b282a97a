// What the UI keeps for as long as a store is open, beyond the page that made it: the runs
// selected for comparing, the notes drafts not yet saved, so that leaving a page loses neither,
// the runs table's last filter, for a view saved elsewhere, and the order the table last showed,
// which `[` and `]` step through on a run's page.

type Listener = () => void;

/** Notes being edited: the text typed and the notes it was typed over. */
export interface NotesDraft {
  readonly text: string;
  readonly base: string;
}

/** A row of the runs table, as much of it as the order of its runs needs. */
export type TableOrderRow =
  { readonly type: 'group' } | { readonly type: 'run'; readonly run: { readonly id: string } };

export class StoreSession {
  private readonly listeners = new Set<Listener>();
  private selection: ReadonlySet<string> = new Set();
  private drafts: ReadonlyMap<string, NotesDraft> = new Map();
  /** The runs table's filter as last typed: what a view saved from another page holds of it. */
  runsFilter = '';
  // The order as the table's rows, the ids taken from them only when [ or ] asks: a keystroke in
  // the filter of 100,000 runs need not build 100,000 ids nobody reads.
  private tableRows: readonly TableOrderRow[] | null = null;
  private tableOrder: readonly string[] | null = null;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  getSelection = (): ReadonlySet<string> => this.selection;

  setSelection(selection: ReadonlySet<string>): void {
    if (selection === this.selection) return;
    this.selection = selection;
    this.changed();
  }

  /** The run ids in the order the runs table last showed them; null until it has. */
  getTableOrder = (): readonly string[] | null => {
    if (this.tableOrder === null && this.tableRows !== null)
      this.tableOrder = this.tableRows.flatMap((row) => (row.type === 'run' ? [row.run.id] : []));
    return this.tableOrder;
  };

  /** Listeners are not told: nothing shows the order, `[` and `]` read it when pressed. */
  setTableOrder(rows: readonly TableOrderRow[]): void {
    if (rows === this.tableRows) return;
    this.tableRows = rows;
    this.tableOrder = null;
  }

  notesDraft(runId: string): NotesDraft | undefined {
    return this.drafts.get(runId);
  }

  /** Keeps the draft of a run's notes; null, or a draft that changes nothing, drops it. */
  setNotesDraft(runId: string, draft: NotesDraft | null): void {
    const keep = draft !== null && draft.text !== draft.base;
    const held = this.drafts.get(runId);
    if (keep ? held?.text === draft.text && held.base === draft.base : held === undefined) return;
    const drafts = new Map(this.drafts);
    if (keep) drafts.set(runId, draft);
    else drafts.delete(runId);
    this.drafts = drafts;
    this.changed();
  }
}
