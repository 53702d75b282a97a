// What the UI keeps for as long as a store is open, beyond the page that made it: the runs
// selected for comparing, so that opening a run and coming back keeps them.

type Listener = () => void;

export class StoreSession {
  private readonly listeners = new Set<Listener>();
  private selection: ReadonlySet<string> = new Set();

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
}
